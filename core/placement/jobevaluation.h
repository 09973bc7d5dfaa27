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
#include "core/placement/clusterstate.h"
#include "core/jobs/placement.h"
#include "core/placement/placer.h"
#include "core/placement/steptime.h"
#include "core/traffic/collectivemodel.h"
#include "core/traffic/routing.h"
#include "core/traffic/steptraffic.h"
#include "core/traffic/tierbytes.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace Railyard {

/// The phases in the order they run within a step.
inline constexpr ParallelKind jobPhaseOrder[]
    = {ParallelKind::Tp, ParallelKind::Cp, ParallelKind::Pp, ParallelKind::Ep, ParallelKind::Dp};

struct JobPhaseTime
{
    ParallelKind kind = ParallelKind::Tp;
    double seconds = 0;               ///< drain time of the phase's busiest link
    std::int32_t bottleneckLink = -1; ///< that link's index, -1 when nothing crosses the network
};

struct JobEvaluation
{
    JobSpec job; ///< what was placed
    Placement placement;
    double placementMs = 0; ///< wall time of the placement itself
    std::vector<GroupCollective> collectives;
    TierBytes tierBytes;                                             ///< whole step
    std::vector<std::pair<ParallelKind, TierBytes>> tierBytesByKind; ///< in jobPhaseOrder
    /// Every switch reduces in the network (fabricHasSharp): all-reduce ring
    /// edges carry S/M instead of 2(h-1)/h S/M (docs/traffic-model.md, "Per-step traffic").
    bool sharp = false;

    // Network (empty / zero when routingError is set).
    RoutingOptions routing;
    std::string routingError;         ///< routing threw: the network figures are not computed
    double stepSeconds = 0;           ///< Σ phase times
    std::vector<JobPhaseTime> phases; ///< phases with network flows, in jobPhaseOrder
    double maxUtilization = 0;        ///< max of linkUtilization
    std::int32_t bottleneckLink = -1; ///< link of maxUtilization, -1 when none
    std::string bottleneckLinkId;
    std::vector<float> linkUtilization; ///< per link index (see the header comment)
    std::vector<double> linkBytes;      ///< per link index: bytes per step, larger direction
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

/// Same, placing the job on the GPUs still free in `state` (resident jobs,
/// busy and excluded hosts honoured) without changing the state. The step
/// traffic is the job's own: resident jobs' traffic is not added.
JobEvaluation evaluateJob(const ClusterState &state, const CapacityView &view, const JobSpec &job,
                          const PlacementOptions &placement, const RoutingOptions &routing);

/// Convenience: `seed` seeds both the random strategy and ECMP; ECMP runs
/// `ecmpSeeds` Monte-Carlo seeds.
JobEvaluation evaluateJob(const Fabric &fabric, const CapacityView &view, const JobSpec &job,
                          PlacementStrategy strategy, RoutingMode mode, std::uint64_t seed = 1,
                          const std::vector<std::string> &excludedHosts = {}, int ecmpSeeds = 10);

/// The same placement and collectives routed on `view` with `routing` (no
/// re-placement): what a job's step becomes under an impairment or another
/// routing model.
JobEvaluation rerouted(const Fabric &fabric, const CapacityView &view, const JobEvaluation &evaluation,
                       const RoutingOptions &routing);
/// rerouted()'s step time; +inf when the step cannot be routed.
double reroutedStepSeconds(const Fabric &fabric, const CapacityView &view, const JobEvaluation &evaluation,
                           const RoutingOptions &routing);

/// Routes an existing placement (no re-placement): fills the network fields
/// of `evaluation` from its placement and collectives.
void routeJobStep(const Fabric &fabric, const CapacityView &view, const RoutingOptions &routing,
                  JobEvaluation &evaluation);

/// The busiest GPU's host-local time in one call of `groups` (ring factor ×
/// S for all-reduce / AG / RS over the local members, (local − 1) × S / n
/// for all-to-all, S per same-host pipeline neighbour), over NVLink, or PCIe
/// on hosts without it. The hosts of a multi-host NVLink domain are one unit.
double hostLocalCallSeconds(const Fabric &fabric, const Placement &placement,
                            const std::vector<const GroupCollective *> &groups);

/// The hosts of `ranks` under the placement, each with how many of the ranks
/// it holds, in the ranks' order of first appearance (a CollectiveRequest's
/// hosts for one group). Ranks outside the placement are skipped.
std::vector<HostRanks> hostsOfRanks(const Placement &placement, const std::vector<std::int32_t> &ranks);

/// One call of a collective run by all its groups at once (every DP group
/// reduces its gradients at the same moment, every EP group exchanges tokens
/// together): the network part routed, the NVLink part per GPU.
struct CollectiveCallTime
{
    double seconds = 0;               ///< max(networkSeconds, nvlinkSeconds)
    double networkSeconds = 0;        ///< drain time of the busiest link
    double nvlinkSeconds = 0;         ///< the busiest GPU's NVLink bytes / its host's NVLink GB/s
    std::int32_t bottleneckLink = -1; ///< the busiest link when the network is slower, else -1 (NVLink)
    std::string error;                ///< routing failed: no times
};

/// Times one call of `groups` (the groups of one collective of the step, as
/// listed by stepCollectives) under the placement. No latency terms: the
/// bandwidth part, as in the step model. `sharp`: in-network all-reduce, as
/// JobEvaluation::sharp.
CollectiveCallTime timeCollectiveCall(const Fabric &fabric, const CapacityView &view, const Placement &placement,
                                      const std::vector<const GroupCollective *> &groups, const RoutingOptions &routing,
                                      bool sharp = false);

/// timeCollectiveCall for each entry of `collectives` (the groups of one
/// collective each), on the evaluation's placement and routing. Avoids
/// routing what it knows: with fluid routing loads scale with bytes, so a
/// collective that is the only one of its kind on the network takes its
/// phase time / calls per step; reduce-scatter and all-gather of the same
/// groups and size move the same flows and are routed once.
std::vector<CollectiveCallTime>
timeCollectiveCalls(const Fabric &fabric, const CapacityView &view, const JobEvaluation &evaluation,
                    const std::vector<std::vector<const GroupCollective *>> &collectives);

/// One impaired link (down, or degraded below its nominal rate) that the
/// job's traffic uses on the healthy fabric.
struct ImpairedLinkCost
{
    std::int32_t link = -1;
    double nominalGbps = 0;
    double effectiveGbps = 0;    ///< in the evaluated view (0 when down)
    double commSecondsAlone = 0; ///< step communication time when only this link is impaired
    double stepSecondsAlone = 0; ///< the whole step then (0 when it cannot be computed)
    double slowdownAlone = 1;    ///< of the whole step (of the communication when the step is not known)
};

/// The placed job's step under one routing mode, on the healthy fabric and
/// with the view's impairments: the step communication time (the routed
/// phases) and the whole step (steptime.h), each against its own healthy
/// figure under the same routing.
struct RoutedSlowdown
{
    RoutingMode mode = RoutingMode::Fluid;
    double healthyCommSeconds = 0;
    double commSeconds = 0;        ///< +inf when routing fails under the view
    double healthyStepSeconds = 0; ///< whole step; 0 when it cannot be computed
    double stepSeconds = 0;        ///< whole step; +inf when routing fails
    bool computed() const { return healthyCommSeconds > 0; }
    bool wholeStep() const { return healthyStepSeconds > 0; }
    double commSlowdown() const { return healthyCommSeconds > 0 ? commSeconds / healthyCommSeconds : 1.0; }
    /// Of the whole step when it is known, else of the communication.
    double slowdown() const { return wholeStep() ? stepSeconds / healthyStepSeconds : commSlowdown(); }
};

/// What the impaired links of a view cost one placed job: the same placement
/// routed on the healthy fabric (every link at its nominal rate, no switch
/// failed) against the evaluated view, and for the impaired links the job
/// uses, each one's cost on its own (the others healthy). Slowdowns are
/// ratios of whole steps (compute, bubble and exposed communication,
/// steptime.h) with the communication's beside them; each ratio keeps one
/// routing for both its terms.
struct DegradationImpact
{
    /// Under the evaluation's own routing.
    RoutedSlowdown own;
    std::string stepProblem;             ///< why the whole step is not known (no peak for the GPU…)
    int impairedLinks = 0;               ///< impaired links of the view the job's healthy routing uses
    std::vector<ImpairedLinkCost> links; ///< the costliest first; at most maxLinks were evaluated
    double slowdown() const { return own.slowdown(); }
    /// As the fabric forwards (asRoutedOptions: ECMP hashing or static tables,
    /// each connection pinned to one path), and with adaptive routing: the
    /// straggler cost and what adaptive routing would save. Computed when the
    /// view has impaired links the job uses.
    RoutedSlowdown asRouted;
    RoutedSlowdown adaptive;
};

/// asRoutedOptions for a placed job, with as many ECMP hash seeds (up to
/// 16, at least 1) as keep seeds × connections within 4 million: what every
/// as-routed figure of a job uses (place --degrade, the health alarms,
/// resilience), so they agree.
RoutingOptions asRoutedOptionsFor(const Fabric &fabric, const JobEvaluation &evaluation);

/// One routing of a placed job's step: its communication time (the routed
/// phases) and the whole step from `collectives` (stepCollectives of the
/// healthy fabric; 0 when the step cannot be computed). +inf both when the
/// routing fails.
struct StepFigures
{
    double commSeconds = 0;
    double stepSeconds = 0;
};
StepFigures routedStepFigures(const Fabric &fabric, const CapacityView &view, const JobEvaluation &evaluation,
                              const RoutingOptions &routing, const std::vector<StepCollective> &collectives);

/// A job on a design, as compare-designs and the explorer price it: placed by
/// the topology strategy on the healthy fabric, its whole step as the fabric
/// routes (asRoutedOptionsFor), its step communication time as routed and
/// with ideal (fluid) routing. NaN for what could not be computed; `error`
/// says why (the job does not fit, routing failed; the whole step's problem
/// when only it is missing).
struct JobStepFigures
{
    double stepMs = 0;      ///< whole step, as routed
    double commMs = 0;      ///< step communication time, as routed
    double commMsFluid = 0; ///< step communication time, ideal routing
    std::string error;
};
JobStepFigures jobStepFigures(const Fabric &fabric, const JobSpec &job);

/// The placed job's step routed with `routing` on `healthy` and on `view`,
/// whole steps from `collectives` (stepCollectives of the healthy fabric:
/// their model figures stay, their routed ones are redone); not computed
/// when the healthy routing fails.
RoutedSlowdown routedSlowdown(const Fabric &fabric, const CapacityView &healthy, const CapacityView &view,
                              const JobEvaluation &evaluation, const RoutingOptions &routing,
                              const std::vector<StepCollective> &collectives);

/// Links whose capacity in `view` is below their nominal rate (down links and
/// links of failed switches included).
std::vector<std::int32_t> impairedLinks(const Fabric &fabric, const CapacityView &view);

/// The degradation impact of `view` on a routed evaluation (routeJobStep ran
/// with `view`): one healthy routing plus one routing per impaired link the
/// job uses, for the `maxLinks` the job loads most on the healthy fabric;
/// then the whole view as routed (asRoutedOptions(fabric)) and adaptively,
/// each against its own healthy step.
/// Empty (healthy = impaired, no links) when the view has no impaired link
/// or the evaluation is not routed; a link whose loss makes routing fail
/// gets stepSecondsAlone = +inf.
DegradationImpact degradationImpact(const Fabric &fabric, const CapacityView &view, const JobEvaluation &evaluation,
                                    int maxLinks = 8);

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
