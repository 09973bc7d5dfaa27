#pragma once

// What an analysis report and the what-if say that a reader should look at:
// the Problems dock lists these findings, `railyard-cli analyze` prints them.
// Each finding carries its facts (kind, element, counts), not a sentence: the
// dock words it in the user's language, the CLI in English
// (analysisFindingText).

#include "core/analysis/capacity.h"
#include "core/analysis/report.h"
#include "core/model/fabric.h"

#include <string>
#include <vector>

namespace Railyard {

struct AnalysisFinding
{
    enum class Severity { Error, Warning, Information };
    enum class Kind {
        BisectionUpperBound, ///< the bisection found is an upper bound (method says how it was found)
        NoUplink,            ///< a switch below the top tier has no uplink capacity left (elementId)
        MoreNoUplink,        ///< count more switches of `tier` without uplink capacity
        Failed,              ///< an element failed in the what-if (elementId)
        MoreFailed,          ///< count more failed elements
    };
    Kind kind = Kind::BisectionUpperBound;
    Severity severity = Severity::Information;
    std::string elementId;                           ///< the element named, when the finding names one
    int count = 0;                                   ///< for the "more" kinds
    Tier tier = Tier::Unlayered;                     ///< for NoUplink and MoreNoUplink
    bool whatIf = false;                             ///< true when the finding holds under the what-if only
    BisectionMethod method = BisectionMethod::Exact; ///< for BisectionUpperBound
};

/// The findings of `report` (may be null: only the what-if's failed elements
/// are listed then, so they show before the analysis of a new what-if ends)
/// on `fabric` under `failures`. At most `elementLimit` elements of one kind
/// are named; the rest are counted in one "more" finding.
std::vector<AnalysisFinding> analysisFindings(const AnalysisReport *report, const Fabric &fabric,
                                              const Failures &failures, int elementLimit = 100);

/// The finding as an English sentence (the CLI's wording; the Problems dock
/// has its own, translated).
std::string analysisFindingText(const AnalysisFinding &finding);
/// "error", "warning", "information".
const char *analysisFindingSeverityName(AnalysisFinding::Severity severity);

} // namespace Railyard
