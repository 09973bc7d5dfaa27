#pragma once

// The report of one job placed on a fabric and evaluated: what
// `railyard-cli place` prints as text or as JSON (docs/cli.md, "place").
// Built here from a JobEvaluation, so every front end reports one result.

#include "core/jobs/jobspec.h"
#include "core/placement/clusterstate.h"
#include "core/placement/jobevaluation.h"
#include "core/placement/placementsummary.h"
#include "core/traffic/collectivemodel.h"
#include "core/traffic/routing.h"
#include "core/traffic/steptraffic.h"

#include <string>
#include <vector>

namespace Railyard {

/// Collectives of the same shape, merged: one row per (kind, op, label,
/// group size, bytes per rank, calls per step), timed as one call of all
/// its groups at once.
struct PlacementCollectiveRow
{
    ParallelKind kind = ParallelKind::Tp;
    CommOp op = CommOp::AllReduce;
    std::string label;
    size_t groupSize = 0;
    double bytesPerRank = 0;
    long long countPerStep = 0;
    int groups = 0;
    CollectiveCallTime time; ///< empty when the step could not be routed
    /// The collective model (core/traffic/collectivemodel.h) on the first group
    /// alone, with NCCL's algorithm and its latency terms: a validated figure
    /// with its prediction interval (docs/model-validation.md). -1 when not
    /// estimated; modelNote says why (point-to-point sends have no model).
    double modelSeconds = -1;
    std::string modelAlgorithm;
    PredictionInterval interval;
    std::string modelNote;
};

/// The step's collectives merged by shape (as `place` lists them), each timed
/// as one call of all its groups on `view` (unless `timeCalls` is false: the
/// Jobs dock shows only the model's figures) and estimated by the collective
/// model for its first group alone. Shared by `place` and the Jobs dock.
std::vector<PlacementCollectiveRow> placementCollectiveRows(const Fabric &fabric, const CapacityView &view,
                                                            const JobEvaluation &evaluation, bool timeCalls = true);

/// "36.100 ms (33.000-39.200)", or "36.100 ms (outside every validated regime)".
std::string modelTimeText(const PlacementCollectiveRow &row);

struct PlacementReport
{
    const Fabric *fabric = nullptr;
    JobSpec job;
    JobEvaluation evaluation;
    PlacementSummary summary;
    std::vector<PlacementCollectiveRow> collectives;
    std::vector<std::string> runningJobs; ///< jobs placed before this one
    long long freeGpusBefore = 0;
    Fragmentation before, after;
    RoutingMode routing = RoutingMode::Fluid;
    bool impaired = false; ///< the view has failed or degraded links and the step was routed
    DegradationImpact impact;
    /// The whole step under the view (steptime.h): compute, bubble, exposed
    /// communication; not computed when the GPU's peak or efficiency is unknown.
    StepTime step;
    /// With a measured step (--measured-step): the compute efficiency it
    /// implies; NaN when none does, 0 when not asked.
    double measuredStepSeconds = 0;
    double impliedMfu = 0;
};

/// Everything `place` reports about `evaluation`, the job placed on `state`
/// (the cluster before it) and routed on `view`: the placement summary, the
/// merged collectives with their call times, fragmentation before and after,
/// and what the view's impaired links cost. `fabric` must outlive the report.
PlacementReport buildPlacementReport(const Fabric &fabric, const CapacityView &view, const ClusterState &state,
                                     const JobSpec &job, JobEvaluation evaluation, RoutingMode routing,
                                     std::vector<std::string> runningJobs, double measuredStepSeconds = 0);

/// The JSON object of `place --json` (schema in docs/cli.md).
std::string placementReportToJson(const PlacementReport &report);

/// The human-readable report of `place`.
std::string placementReportToText(const PlacementReport &report);

} // namespace Railyard
