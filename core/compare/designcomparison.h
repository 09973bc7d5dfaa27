#pragma once

// Designs compared side by side (docs/cli.md, "compare-designs"): an
// architect's design A against B (and C…), not a design against what was
// discovered. For each design: GPUs, hosts, switches per tier and model,
// NICs, cables and optics, cost and power (the bill of materials), bisection
// and oversubscription per tier (analyzeFabric), and, with a job, its step
// communication time after placement, both on ideal (fluid) routing and as
// the fabric forwards (its transport's routing). Every row states its change
// against the first design, and each later design gets one sentence:
// "B: 12 % cheaper, 9 % slower on llama-70b".

#include "core/bom/bom.h"
#include "core/jobs/jobspec.h"
#include "core/model/fabric.h"

#include <cstdint>
#include <string>
#include <vector>

namespace Railyard {

struct DesignFigures
{
    std::string label;     ///< as the caller names it: a file name, "A"
    std::string fabric;    ///< the fabric's own name
    std::string transport; ///< "infiniband", "ethernet", "" when not recorded
    std::string routing;   ///< the routing in force (Fabric::effectiveRouting)
    std::int64_t gpus = 0, hosts = 0, switches = 0, links = 0;
    struct SwitchGroup
    {
        std::string tier, model;
        std::int64_t count = 0;
    };
    std::vector<SwitchGroup> switchGroups; ///< per tier (leaf first) and model
    std::int64_t nics = 0, cables = 0, transceivers = 0;
    double price = 0, watts = 0;
    std::string currency;
    // What the price stands on (BillOfMaterials): the floor its cabling was
    // laid on, and what was priced on a default.
    std::string floorBasis;
    bool automaticFloor = false;
    std::int64_t defaultNics = 0, defaultSwitches = 0, unreachedCables = 0;
    std::vector<std::string> defaults;
    struct TierFigure
    {
        std::string tier;
        std::int64_t switches = 0;
        double oversubscription = 0; ///< down:up; NaN for the top tier
    };
    std::vector<TierFigure> tiers;
    double bisectionGbps = 0, bisectionRatio = 0;
    bool bisectionExact = false;
    // With a job, after topology-aware placement (jobStepFigures).
    double stepMs = 0;      ///< its whole step as the fabric routes; NaN when not computed
    double commMs = 0;      ///< its step communication time as routed; NaN when not computed
    double commMsFluid = 0; ///< the same with ideal (fluid) routing
    std::string jobError;   ///< why the job has no step time here (does not fit, …)
};

/// One compared figure across the designs.
struct ComparisonRow
{
    std::string key;   ///< stable: "price", "watts", "bisection_gbps", "step_ms", "switches_leaf", …
    std::string label; ///< "Cost (USD)"
    enum class Better { Lower, Higher, Neither };
    Better better = Better::Lower; ///< which way is an improvement
    std::vector<double> values; ///< per design; NaN when it does not apply
    std::vector<double> change; ///< per design: (value - first) / first; NaN for the first and when undefined
    /// Per design: why its value is not like for like with the first's
    /// (priced on another floor or on defaults, optics inside the cables);
    /// empty when it is. Tables mark such cells with '*' and give the reason.
    std::vector<std::string> flags;
    /// Whether design i differs from the first by half a percent or more (what tables and sentences state).
    bool changed(size_t i) const;
};

struct DesignComparison
{
    std::vector<DesignFigures> designs;
    std::string job; ///< the job's name; empty without one
    std::vector<ComparisonRow> rows;
    std::vector<std::string> summaries; ///< one per design after the first
};

struct DesignInput
{
    std::string label;
    const Fabric *fabric = nullptr;
};

/// Compares the designs (at least one; the first is the reference). With a
/// job, places it on each design alone (topology strategy) and routes one step.
DesignComparison compareDesigns(const std::vector<DesignInput> &designs, const BomCatalog &catalog,
                                const JobSpec *job = nullptr);

/// Stable JSON (docs/cli.md): job, designs[{label, fabric, transport, routing,
/// gpus, hosts, switches, links, switch_groups[{tier, model, count}], nics,
/// cables, transceivers, price, watts, currency, tiers[{tier, switches,
/// oversubscription}], bisection{gbps, ratio, exact}, step_ms,
/// step_ms_as_routed, job_error}], rows[{key, label, better ("lower", "higher",
/// "neither"), values,
/// change}], summaries. NaN is null.
std::string designComparisonToJson(const DesignComparison &comparison, int indent = 2);
/// The rows as a table, one column per design, then the summaries.
std::string designComparisonToText(const DesignComparison &comparison);

} // namespace Railyard
