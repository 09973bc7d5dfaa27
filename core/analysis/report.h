#pragma once

// The full analysis an architect reads at once: counts, oversubscription per
// tier and bisection, optionally under a what-if, as a text report or the
// stable JSON documented in docs/cli.md.

#include "core/analysis/bisection.h"
#include "core/analysis/counts.h"
#include "core/analysis/oversubscription.h"

#include <memory>
#include <string>
#include <vector>

namespace Railyard {

class SwitchFlowNetwork;

struct AnalysisReport
{
    FabricCounts counts;
    OversubscriptionResult oversubscription;
    BisectionResult bisection;
    std::vector<std::string> failed; ///< ids failed for this what-if
};

/// Links a what-if added to and removed from the baseline's bisection cut
/// (both cuts are sorted). O(cut size).
struct CutChange
{
    std::vector<std::int32_t> added;
    std::vector<std::int32_t> removed;
};
CutChange cutChange(const BisectionResult &baseline, const BisectionResult &whatIf);

/// The entry of `tier` in an oversubscription result, nullptr when absent.
const TierOversubscription *findTier(const OversubscriptionResult &result, Tier tier);

AnalysisReport analyzeFabric(const Fabric &fabric, const Failures &failures = {}, const BisectionOptions &options = {});

/// A fabric's baseline analysis kept for what-ifs: the flow network of the
/// nominal capacities stays built, and each what-if's max flows run on it with
/// only the failed links' capacities changed, so no what-if builds a graph.
/// Read-only once built (what-ifs may run on any thread); the fabric must not
/// change while it is kept.
class WhatIfBase
{
public:
    explicit WhatIfBase(const Fabric &fabric);
    ~WhatIfBase();
    WhatIfBase(const WhatIfBase &) = delete;
    WhatIfBase &operator=(const WhatIfBase &) = delete;

    const Fabric &fabric() const { return m_fabric; }
    /// The analysis with nothing failed.
    AnalysisReport baseline(const BisectionOptions &options = {}) const;
    /// The analysis with `failures` failed; as analyzeFabric(fabric, failures).
    AnalysisReport whatIf(const Failures &failures, const BisectionOptions &options = {}) const;

private:
    const Fabric &m_fabric;
    CapacityView m_nominal;
    std::unique_ptr<SwitchFlowNetwork> m_network;
};

/// Stable JSON (docs/cli.md): gpus, hosts, switches, switches_by_tier, links,
/// link_groups, tiers[{name, oversubscription, worst_oversubscription,
/// worst_switch, down_gbps, up_gbps, switches}], bisection{gbps, full_gbps,
/// ratio, method, exact, cut_links, candidate}, failed. Non-finite ratios are null.
std::string reportToJson(const Fabric &fabric, const AnalysisReport &report, int indent = 2);
/// Human-readable report.
std::string reportToText(const Fabric &fabric, const AnalysisReport &report);

} // namespace Railyard
