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

/// Index of the job named `name` in `jobs`, -1 when none.
int findRunningJob(const std::vector<RunningJob> &jobs, const std::string &name);

} // namespace Railyard
