#include "core/analysis/analysisfindings.h"

#include <cmath>

namespace Railyard {

std::vector<AnalysisFinding> analysisFindings(const AnalysisReport *report, const Fabric &fabric,
                                              const Failures &failures, int elementLimit)
{
    using Kind = AnalysisFinding::Kind;
    using Severity = AnalysisFinding::Severity;
    std::vector<AnalysisFinding> out;
    const bool whatIf = !failures.empty();
    if (report) {
        const BisectionResult &bisection = report->bisection;
        if (!bisection.cancelled && !bisection.exact && fabric.hostCount() > 1) {
            AnalysisFinding f;
            f.kind = Kind::BisectionUpperBound;
            f.severity = Severity::Information;
            f.method = bisection.method;
            f.whatIf = whatIf;
            out.push_back(f);
        }
        const auto &perSwitch = report->oversubscription.perSwitch;
        if (static_cast<std::int32_t>(perSwitch.size()) == fabric.switchCount()) {
            for (const TierOversubscription &tier : report->oversubscription.tiers) {
                if (tier.isTop || !std::isinf(tier.worstRatio))
                    continue;
                int listed = 0, more = 0;
                for (const SwitchOversubscription &o : perSwitch) {
                    if (!std::isinf(o.ratio) || fabric.switchAt(o.switchIndex).tier != tier.tier)
                        continue;
                    if (listed == elementLimit) {
                        ++more;
                        continue;
                    }
                    ++listed;
                    AnalysisFinding f;
                    f.kind = Kind::NoUplink;
                    f.severity = Severity::Warning;
                    f.elementId = fabric.switchAt(o.switchIndex).id;
                    f.tier = tier.tier;
                    f.whatIf = whatIf;
                    out.push_back(std::move(f));
                }
                if (more > 0) {
                    AnalysisFinding f;
                    f.kind = Kind::MoreNoUplink;
                    f.severity = Severity::Warning;
                    f.count = more;
                    f.tier = tier.tier;
                    f.whatIf = whatIf;
                    out.push_back(f);
                }
            }
        }
    }
    // Failed elements come from the what-if itself, not the report.
    int listed = 0;
    const auto failed = [&](const std::string &id) {
        if (listed++ >= elementLimit)
            return;
        AnalysisFinding f;
        f.kind = Kind::Failed;
        f.severity = Severity::Information;
        f.elementId = id;
        f.whatIf = true;
        out.push_back(std::move(f));
    };
    for (const std::int32_t s : failures.switches)
        failed(fabric.switchAt(s).id);
    for (const std::int32_t l : failures.links)
        failed(fabric.link(l).id);
    if (listed > elementLimit) {
        AnalysisFinding f;
        f.kind = Kind::MoreFailed;
        f.severity = Severity::Information;
        f.count = listed - elementLimit;
        f.whatIf = true;
        out.push_back(f);
    }
    return out;
}

namespace {

std::string tierSwitches(Tier tier)
{
    switch (tier) {
    case Tier::Leaf: return "leaf switches";
    case Tier::Spine: return "spine switches";
    case Tier::Core: return "core switches";
    case Tier::Unlayered: break;
    }
    return "switches";
}

} // namespace

std::string analysisFindingText(const AnalysisFinding &f)
{
    using Kind = AnalysisFinding::Kind;
    switch (f.kind) {
    case Kind::BisectionUpperBound:
        return std::string("Bisection is an upper bound (") + bisectionMethodName(f.method)
            + "); the true minimum cut may be lower";
    case Kind::NoUplink:
        return f.elementId + (f.whatIf ? " has no uplink capacity left (what-if): oversubscription ∞"
                                       : " has no uplink capacity: oversubscription ∞");
    case Kind::MoreNoUplink:
        return "… and " + std::to_string(f.count) + " more " + tierSwitches(f.tier) + " without uplink capacity";
    case Kind::Failed: return f.elementId + " failed (what-if)";
    case Kind::MoreFailed: return "… and " + std::to_string(f.count) + " more failed elements (what-if)";
    }
    return {};
}

const char *analysisFindingSeverityName(AnalysisFinding::Severity severity)
{
    switch (severity) {
    case AnalysisFinding::Severity::Error: return "error";
    case AnalysisFinding::Severity::Warning: return "warning";
    case AnalysisFinding::Severity::Information: break;
    }
    return "information";
}

} // namespace Railyard
