#pragma once
// Designs compared by how they fail (docs/resilience.md, "Comparing designs"):
// the same failure study run on each design, and the figures an architect
// weighs side by side: bisection under failures at p50, p95 and p99 (and the
// worst case), with a job its step slowdown at p95 and p99, and how many
// classes and scenarios stand behind them. `diff --resilience`,
// `compare-designs --resilience` and the Compare Designs dialog show it.
#include "core/compare/designcomparison.h"
#include "core/resilience/resilience.h"

#include <string>
#include <utility>
#include <vector>

namespace Railyard {

struct ResilienceFigures
{
    std::string label;  ///< as the caller names the design ("A", a file name)
    std::string fabric; ///< the fabric's own name
    std::int64_t gpus = 0;
    std::int64_t scopeElements = 0;
    std::int64_t classes = 0;   ///< N-1/N-2
    double scenarios = 0.0;     ///< the scenarios the study stands for
    std::int64_t evaluated = 0; ///< what-ifs computed
    double healthyBisectionGbps = 0.0;
    double healthyStepMs = 0.0; ///< NaN without a job
    StudySummary summary;
    std::string error; ///< why the study could not run on this design ("" when it ran)
};

struct ResilienceComparison
{
    StudyKind kind = StudyKind::NMinus1;
    std::string scope;
    int samples = 0;
    int forcedFailures = 0;
    std::uint64_t seed = 1;
    std::string job;     ///< "" without one
    std::string routing; ///< the job's routing
    std::vector<ResilienceFigures> designs;
};

/// Runs `options`' study on each design (label, fabric), in order. A design
/// the study cannot run on (an empty scope, a job that does not fit) gets its
/// error instead of figures; the others still compare. Honours
/// options.cancel and reports progress per design.
ResilienceComparison compareResilience(const std::vector<std::pair<std::string, const Fabric *>> &designs,
                                       const StudyOptions &options);

/// The comparison as rows of a design comparison (keys
/// "resilience_bisection_p50" … "resilience_slowdown_p99"), values in % of
/// each design's own healthy bisection and × its healthy step time.
std::vector<ComparisonRow> resilienceRows(const ResilienceComparison &comparison);
/// Appends resilienceRows() to a design comparison of the same designs.
void appendResilience(DesignComparison &designs, const ResilienceComparison &comparison);

/// Stable JSON (docs/resilience.md): study {kind, scope, samples,
/// failures_per_scenario, seed, job, routing}, designs [{label, fabric, gpus,
/// scope_elements, classes, scenarios, evaluated, healthy_bisection_gbps,
/// healthy_step_ms, bisection_pct {mean, p50, p95, p99 {value, low, high},
/// worst}, slowdown (same, or null), error}].
std::string resilienceComparisonToJson(const ResilienceComparison &comparison, int indent = 2);
/// A JSON report (an object: diffToJson's, designComparisonToJson's) with
/// the comparison added under "resilience".
std::string withResilienceJson(const std::string &reportJson, const ResilienceComparison &comparison,
                               int indent = 2);
/// A side-by-side table, one column per design.
std::string resilienceComparisonToText(const ResilienceComparison &comparison);

} // namespace Railyard
