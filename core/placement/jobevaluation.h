#pragma once

// One training job evaluated on a fabric, end to end: place it, expand one
// optimizer step into collectives and network flows, route them phase by
// phase, and report the step's communication time, the busiest link and how
// busy every link is. Shared by `railyard-cli place` and the Jobs dock.
//
// Timing model (docs/traffic-model.md): the phases TP, CP, PP, EP, DP run one
// after another; each phase lasts as long as its busiest link needs to drain
// that phase's bytes. The step's communication time is the sum of the phase
// times.
//
// Link utilization (JobEvaluation::linkUtilization): the step-average
// utilization of each link, i.e. the bytes it carries over the whole step
// (all phases, larger direction) × 8 / (usable capacity × step communication
// time), usable capacity = Gbit/s after failures × the adaptive efficiency
// (adaptive routing only). 0 for links without capacity or traffic. Its
// maximum equals JobEvaluation::maxUtilization; values stay in [0, 1] since a
// link cannot carry more than its drain time allows in every phase.

#include "core/analysis/capacity.h"
#include "core/jobs/jobspec.h"
#include "core/model/fabric.h"
#include "core/placement/placement.h"
#include "core/placement/placer.h"
#include "core/traffic/routing.h"
#include "core/traffic/steptraffic.h"
#include "core/traffic/tierbytes.h"

#include <cstdint>
#include <string>
#include <utility>
#include <functional>
#include <vector>

namespace Railyard {

/// The phases in the order they run within a step.
inline constexpr ParallelKind jobPhaseOrder[] = {ParallelKind::Tp, ParallelKind::Cp, ParallelKind::Pp,
                                                  ParallelKind::Ep, ParallelKind::Dp};

struct JobPhaseTime
{
    ParallelKind kind = ParallelKind::Tp;
    double seconds = 0;              ///< drain time of the phase's busiest link
    std::int32_t bottleneckLink = -1; ///< that link's index, -1 when nothing crosses the network
};

struct JobEvaluation
{
    Placement placement;
    double placementMs = 0; ///< wall time of the placement itself
    std::vector<GroupCollective> collectives;
    TierBytes tierBytes;                                        ///< whole step
    std::vector<std::pair<ParallelKind, TierBytes>> tierBytesByKind; ///< in jobPhaseOrder
    /// Every switch reduces in the network (fabricHasSharp): all-reduce ring
    /// edges carry S/M instead of 2(h-1)/h S/M (docs/traffic-model.md, "Per-step traffic").
    bool sharp = false;

    // Network (empty / zero when routingError is set).
    RoutingOptions routing;
    std::string routingError;             ///< routing threw: the network figures are not computed
    double stepSeconds = 0;               ///< Σ phase times
    std::vector<JobPhaseTime> phases;     ///< phases with network flows, in jobPhaseOrder
    double maxUtilization = 0;            ///< max of linkUtilization
    std::int32_t bottleneckLink = -1;     ///< link of maxUtilization, -1 when none
    std::string bottleneckLinkId;
    std::vector<float> linkUtilization;   ///< per link index (see the header comment)
    std::int64_t unroutedFlows = 0;

    double stepCommTimeMs() const { return stepSeconds * 1e3; }
    bool routed() const { return routingError.empty(); }
};

/// Places `job` (placeJob on an otherwise empty fabric; throws PlacementError)
/// and evaluates one step under `routing` with the capacities of `view`
/// (indexed like fabric.links(); pass CapacityView::of(fabric) for none).
/// Routing errors do not throw: they land in routingError.
JobEvaluation evaluateJob(const Fabric &fabric, const CapacityView &view, const JobSpec &job,
                          const PlacementOptions &placement, const RoutingOptions &routing);

/// Convenience: `seed` seeds both the random strategy and ECMP; ECMP runs
/// `ecmpSeeds` Monte-Carlo seeds.
JobEvaluation evaluateJob(const Fabric &fabric, const CapacityView &view, const JobSpec &job,
                          PlacementStrategy strategy, RoutingMode mode, std::uint64_t seed = 1,
                          const std::vector<std::string> &excludedHosts = {}, int ecmpSeeds = 10);

/// Routes an existing placement (no re-placement): fills the network fields
/// of `evaluation` from its placement and collectives.
void routeJobStep(const Fabric &fabric, const CapacityView &view, const RoutingOptions &routing,
                  JobEvaluation &evaluation);

/// Step communication time (ms) of every placement strategy under every
/// routing mode, strategy-major: each strategy is placed once and routed in
/// each mode. NaN where placement or routing failed; failures are described
/// in *errors. `progress` is called after each (strategy, mode) with the count
/// done; returning false cancels (the result is then incomplete).
std::vector<double> compareStrategies(const Fabric &fabric, const CapacityView &view, const JobSpec &job,
                                      const std::vector<PlacementStrategy> &strategies,
                                      const std::vector<RoutingMode> &modes, std::uint64_t seed,
                                      const std::vector<std::string> &excludedHosts, int ecmpSeeds,
                                      std::vector<std::string> *errors,
                                      const std::function<bool(int done)> &progress = {});

} // namespace Railyard
