#pragma once

// The Jobs dock's paragraph on impaired links: what the failed and degraded
// links of the what-if cost the placed job against the healthy fabric, and
// which link costs most on its own.

#include "core/model/fabric.h"
#include "core/placement/jobevaluation.h"

#include <QCoreApplication>
#include <QString>

namespace Railyard {

class JobImpactText
{
    Q_DECLARE_TR_FUNCTIONS(JobImpactText)

public:
    /// Rich text starting with "<br>", or empty when no impaired link carries
    /// the job's traffic.
    static QString html(const DegradationImpact &impact, const Fabric &fabric);
};

} // namespace Railyard
