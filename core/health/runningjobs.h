#pragma once

// The jobs running on the fabric that health monitoring attributes faults
// to: each job's spec and its evaluation (placement, per-step link bytes,
// healthy step time) from the traffic model.

#include "core/jobs/jobspec.h"
#include "core/model/fabric.h"
#include "core/placement/jobevaluation.h"
#include "core/placement/steptime.h"

#include <string>
#include <vector>

namespace Railyard {

struct RunningJob
{
    JobSpec spec;
    PlacementOptions placementOptions; ///< how it was placed (re-placement reuses the strategy)
    JobEvaluation evaluation;          ///< routed on the healthy fabric
    /// Its collectives on the healthy fabric (the model's figures): every
    /// re-routing prices the whole step from them.
    std::vector<StepCollective> collectives;
    StepTime healthyStep; ///< the whole step on the healthy fabric
    /// The whole step when it is known, else the step communication time.
    double healthyStepSeconds() const { return healthyStep.computed ? healthyStep.stepSeconds : evaluation.stepSeconds; }
};

/// Places `jobs` one after another on the fabric (each on the GPUs the
/// previous ones left free, topology strategy unless `strategy` says
/// otherwise) and routes each step on the healthy fabric (fabric link states
/// ignored). Throws PlacementError when a job does not fit, std::runtime_error
/// when its step cannot be routed. Cost: one evaluateJob per job (~1 s for
/// 16K GPUs on meta-24k).
std::vector<RunningJob> placeRunningJobs(const Fabric &fabric, const std::vector<JobSpec> &jobs,
                                         PlacementStrategy strategy = PlacementStrategy::Topology,
                                         RoutingMode routing = RoutingMode::Fluid);

/// Same, with jobs pinned to the hosts a scheduler gave them: `pinned[i]`
/// (host ids, in the scheduler's order; empty: placed on free GPUs as
/// above) is where job i runs, ranks filling the hosts in that order
/// (Slurm's block distribution). Pinned jobs are placed first. Throws
/// PlacementError naming the job when its hosts cannot hold it.
std::vector<RunningJob> placeRunningJobs(const Fabric &fabric, const std::vector<JobSpec> &jobs,
                                         const std::vector<std::vector<std::string>> &pinned,
                                         PlacementStrategy strategy = PlacementStrategy::Topology,
                                         RoutingMode routing = RoutingMode::Fluid);

/// A job the scheduler says is running whose traffic Railyard does not know
/// (no job file): its hosts, so an alarm on them is "unknown", never "none".
struct UnpricedJob
{
    std::string label;                 ///< "Slurm job 1234 'pretrain'"
    std::vector<std::int32_t> hosts;   ///< host indices (Fabric::host)
};

/// Whether a fault on `link` may touch `job`: a host link of its own, or —
/// for a job on two or more hosts — any link between switches its traffic
/// may cross.
bool unpricedJobTouched(const Fabric &fabric, const UnpricedJob &job, std::int32_t link);

/// Index of the job named `name` in `jobs`, -1 when none.
int findRunningJob(const std::vector<RunningJob> &jobs, const std::string &name);

} // namespace Railyard
