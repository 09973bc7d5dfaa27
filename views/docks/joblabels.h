#pragma once

// Translated names of placement strategies, routing modes, traffic tiers and
// parallel kinds, as the Jobs dock and its dialogs show them (translation
// context "JobsDock").

#include "core/placement/placer.h"
#include "core/traffic/routing.h"
#include "core/traffic/steptraffic.h"
#include "core/traffic/tierbytes.h"

#include <QCoreApplication>
#include <QString>

namespace Railyard {

class JobLabels
{
    Q_DECLARE_TR_FUNCTIONS(Railyard::JobsDock)

public:
    static QString strategy(PlacementStrategy s);
    /// ECMP names its Monte-Carlo seed count.
    static QString mode(RoutingMode m, int ecmpSeeds);
    static QString tier(FlowTier t);
    static QString kind(ParallelKind k);
};

} // namespace Railyard
