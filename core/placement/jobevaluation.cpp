#include "core/placement/jobevaluation.h"

#include "core/traffic/collectivemodel.h"

#include <QElapsedTimer>

#include <algorithm>
#include <exception>
#include <limits>
#include <map>
#include <optional>
#include <unordered_map>

namespace Railyard {

void routeJobStep(const Fabric &fabric, const CapacityView &view, const RoutingOptions &routing, JobEvaluation &e)
{
    e.routing = routing;
    e.routingError.clear();
    e.stepSeconds = 0;
    e.phases.clear();
    e.maxUtilization = 0;
    e.bottleneckLink = -1;
    e.bottleneckLinkId.clear();
    e.linkUtilization.assign(size_t(fabric.linkCount()), 0.0f);
    e.linkBytes.assign(size_t(fabric.linkCount()), 0.0);
    e.unroutedFlows = 0;
    try {
        LinkLoads total;
        total.bytesAB.assign(size_t(fabric.linkCount()), 0.0);
        total.bytesBA.assign(size_t(fabric.linkCount()), 0.0);
        // The phases routed together: one routing graph and DAG per
        // destination group for all of them (routeFlowSets).
        std::vector<std::vector<Flow>> phaseFlows;
        std::vector<ParallelKind> kinds;
        for (ParallelKind kind : jobPhaseOrder) {
            std::vector<Flow> flows = stepFlows(fabric, e.placement, e.collectives, {kind}, e.sharp);
            if (flows.empty())
                continue;
            phaseFlows.push_back(std::move(flows));
            kinds.push_back(kind);
        }
        std::vector<std::span<const Flow>> sets(phaseFlows.begin(), phaseFlows.end());
        const std::vector<RoutingResult> routed = routeFlowSets(fabric, view, sets, routing);
        for (size_t i = 0; i < routed.size(); ++i) {
            const ParallelKind kind = kinds[i];
            const RoutingResult &r = routed[i];
            e.unroutedFlows += r.unroutedFlows;
            e.phases.push_back({kind, r.bottleneck.seconds, r.bottleneck.link});
            e.stepSeconds += r.bottleneck.seconds;
            for (size_t l = 0; l < total.bytesAB.size() && l < r.loads.bytesAB.size(); ++l) {
                total.bytesAB[l] += r.loads.bytesAB[l];
                total.bytesBA[l] += r.loads.bytesBA[l];
            }
        }
        if (e.stepSeconds > 0) {
            // Adaptive routing: what spraying leaves usable of switch links.
            const CapacityView usable = routing.mode == RoutingMode::Adaptive
                ? adaptiveCapacity(fabric, view, routing.adaptiveEfficiency)
                : view;
            const Bottleneck b = findBottleneck(total, usable);
            if (b.link >= 0) {
                e.bottleneckLink = b.link;
                e.bottleneckLinkId = fabric.link(b.link).id;
                e.maxUtilization = b.seconds / e.stepSeconds;
            }
            const std::vector<double> u = linkUtilization(total, usable, e.stepSeconds);
            for (size_t l = 0; l < u.size() && l < e.linkUtilization.size(); ++l)
                e.linkUtilization[l] = float(u[l]);
            for (size_t l = 0; l < e.linkBytes.size(); ++l)
                e.linkBytes[l] = std::max(total.bytesAB[l], total.bytesBA[l]);
        }
    } catch (const std::exception &ex) {
        e.routingError = ex.what();
        e.stepSeconds = 0;
        e.phases.clear();
        e.maxUtilization = 0;
        e.bottleneckLink = -1;
        e.bottleneckLinkId.clear();
        std::fill(e.linkUtilization.begin(), e.linkUtilization.end(), 0.0f);
        std::fill(e.linkBytes.begin(), e.linkBytes.end(), 0.0);
    }
}

std::vector<HostRanks> hostsOfRanks(const Placement &placement, const std::vector<std::int32_t> &ranks)
{
    std::vector<HostRanks> hosts;
    for (std::int32_t rank : ranks) {
        if (rank < 0 || size_t(rank) >= placement.ranks.size())
            continue;
        const std::int32_t host = placement.ranks[size_t(rank)].host;
        auto h = std::find_if(hosts.begin(), hosts.end(), [&](const HostRanks &x) { return x.host == host; });
        if (h == hosts.end())
            hosts.push_back({host, 1});
        else
            ++h->gpus;
    }
    return hosts;
}

JobEvaluation evaluateJob(const Fabric &fabric, const CapacityView &view, const JobSpec &job,
                          const PlacementOptions &placement, const RoutingOptions &routing)
{
    return evaluateJob(ClusterState(fabric), view, job, placement, routing);
}

JobEvaluation evaluateJob(const ClusterState &state, const CapacityView &view, const JobSpec &job,
                          const PlacementOptions &placement, const RoutingOptions &routing)
{
    const Fabric &fabric = state.fabric();
    JobEvaluation e;
    e.job = job;
    QElapsedTimer timer;
    timer.start();
    e.placement = placeJob(state, job, placement);
    e.placementMs = double(timer.nsecsElapsed()) / 1e6;

    e.collectives = stepCollectives(job);
    e.sharp = fabricHasSharp(fabric);
    const TierClassifier classifier(fabric);
    e.tierBytes = stepTierBytes(fabric, e.placement, e.collectives, classifier, {}, e.sharp);
    for (ParallelKind kind : jobPhaseOrder)
        e.tierBytesByKind.emplace_back(kind,
                                       stepTierBytes(fabric, e.placement, e.collectives, classifier, {kind}, e.sharp));
    routeJobStep(fabric, view, routing, e);
    return e;
}

JobEvaluation evaluateJob(const Fabric &fabric, const CapacityView &view, const JobSpec &job,
                          PlacementStrategy strategy, RoutingMode mode, std::uint64_t seed,
                          const std::vector<std::string> &excludedHosts, int ecmpSeeds)
{
    PlacementOptions placement;
    placement.strategy = strategy;
    placement.seed = seed;
    placement.excludedHosts = excludedHosts;
    RoutingOptions routing;
    routing.mode = mode;
    routing.seed = seed;
    routing.seeds = std::max(1, ecmpSeeds);
    return evaluateJob(fabric, view, job, placement, routing);
}

namespace {

void finish(CollectiveCallTime &t)
{
    t.seconds = std::max(t.networkSeconds, t.nvlinkSeconds);
    if (t.nvlinkSeconds > t.networkSeconds)
        t.bottleneckLink = -1;
}

} // namespace

double hostLocalCallSeconds(const Fabric &fabric, const Placement &placement,
                            const std::vector<const GroupCollective *> &groups)
{
    const double pcieGBps = CollectiveConstants{}.pcieGBps;
    auto rate = [&](std::int32_t host) {
        const double nvlink = fabric.host(host).nvlinkGBps;
        return (nvlink > 0 ? nvlink : pcieGBps) * 1e9;
    };
    double worst = 0;
    // Hosts of one multi-host NVLink domain count as one.
    const NvlinkUnits units = nvlinkUnits(fabric);
    auto unit = [&](std::int32_t host) { return units.empty() ? host : units[size_t(host)]; };
    std::unordered_map<std::int32_t, int> members;
    for (const GroupCollective *c : groups) {
        const double n = double(c->ranks.size()), s = c->bytesPerRank;
        if (c->op == CommOp::P2p) {
            // Each stage sends S to each neighbour on its own host (forward and back).
            for (size_t i = 0; i < c->ranks.size(); ++i) {
                const RankSlot &me = placement.ranks[size_t(c->ranks[i])];
                int sameHost = 0;
                if (i > 0 && unit(placement.ranks[size_t(c->ranks[i - 1])].host) == unit(me.host))
                    ++sameHost;
                if (i + 1 < c->ranks.size() && unit(placement.ranks[size_t(c->ranks[i + 1])].host) == unit(me.host))
                    ++sameHost;
                if (sameHost > 0)
                    worst = std::max(worst, sameHost * s / rate(me.host));
            }
            continue;
        }
        members.clear();
        for (std::int32_t r : c->ranks)
            ++members[unit(placement.ranks[size_t(r)].host)];
        for (const auto &[host, local] : members) {
            if (local < 2)
                continue;
            double perGpu = 0;
            switch (c->op) {
            case CommOp::AllReduce: perGpu = 2.0 * (local - 1) / local * s; break;
            case CommOp::AllGather:
            case CommOp::ReduceScatter: perGpu = double(local - 1) / local * s; break;
            case CommOp::AllToAll: {
                // Its NVLink peers' share, and (PXN) the remote data it forwards
                // for the GPUs of its unit on other rails.
                const double g = std::max(1, fabric.host(host).gpus);
                perGpu = (local - 1) * s / n + (n - local) / n * s * (g - 1) / g;
                break;
            }
            case CommOp::P2p: break;
            }
            worst = std::max(worst, perGpu / rate(host));
        }
    }
    return worst;
}

CollectiveCallTime timeCollectiveCall(const Fabric &fabric, const CapacityView &view, const Placement &placement,
                                      const std::vector<const GroupCollective *> &groups, const RoutingOptions &routing,
                                      bool sharp)
{
    CollectiveCallTime t;
    t.nvlinkSeconds = hostLocalCallSeconds(fabric, placement, groups);
    std::vector<Flow> flows;
    for (const GroupCollective *c : groups) {
        const std::vector<Flow> f = collectiveFlows(fabric, placement, *c, sharp);
        flows.insert(flows.end(), f.begin(), f.end());
    }
    if (!flows.empty()) {
        try {
            const RoutingResult r = routeFlows(fabric, view, flows, routing);
            t.networkSeconds = r.bottleneck.seconds;
            t.bottleneckLink = r.bottleneck.link;
        } catch (const std::exception &e) {
            t.error = e.what();
            return t;
        }
    }
    finish(t);
    return t;
}

std::vector<CollectiveCallTime>
timeCollectiveCalls(const Fabric &fabric, const CapacityView &view, const JobEvaluation &evaluation,
                    const std::vector<std::vector<const GroupCollective *>> &collectives)
{
    std::vector<CollectiveCallTime> out(collectives.size());
    std::vector<char> onNetwork(collectives.size(), 0);
    std::map<ParallelKind, int> networkEntries; // entries per kind that use the network
    std::map<ParallelKind, size_t> groupsGiven, groupsOfKind;
    for (const GroupCollective &c : evaluation.collectives)
        ++groupsOfKind[c.kind];
    for (size_t i = 0; i < collectives.size(); ++i) {
        for (const GroupCollective *c : collectives[i])
            ++groupsGiven[c->kind];
        for (const GroupCollective *c : collectives[i])
            if (!collectiveFlows(fabric, evaluation.placement, *c, evaluation.sharp).empty()) {
                onNetwork[i] = 1;
                ++networkEntries[c->kind];
                break;
            }
    }
    auto ringLike = [](CommOp op) { return op == CommOp::AllGather || op == CommOp::ReduceScatter; };
    for (size_t i = 0; i < collectives.size(); ++i) {
        const std::vector<const GroupCollective *> &groups = collectives[i];
        if (groups.empty())
            continue;
        const GroupCollective &first = *groups.front();
        // Reduce-scatter and all-gather of the same groups and size: the same flows.
        std::optional<size_t> twin;
        for (size_t j = 0; j < i && !twin && ringLike(first.op); ++j) {
            const auto &other = collectives[j];
            if (other.size() != groups.size() || other.empty() || !out[j].error.empty())
                continue;
            const GroupCollective &o = *other.front();
            if (ringLike(o.op) && o.kind == first.kind && o.bytesPerRank == first.bytesPerRank
                && o.ranks == first.ranks)
                twin = j;
        }
        if (twin) {
            out[i] = out[*twin];
            continue;
        }
        // The shortcut needs the entry to be the whole network traffic of its phase:
        // every group of the kind given, one entry on the network, one call count.
        const bool sameCount = std::all_of(groups.begin(), groups.end(), [&](const GroupCollective *c) {
            return c->countPerStep == first.countPerStep;
        });
        const bool alone = onNetwork[i] && networkEntries[first.kind] == 1
            && groupsGiven[first.kind] == groupsOfKind[first.kind] && sameCount
            && evaluation.routing.mode == RoutingMode::Fluid && first.countPerStep > 0 && evaluation.routed();
        if (!alone) {
            out[i]
                = timeCollectiveCall(fabric, view, evaluation.placement, groups, evaluation.routing, evaluation.sharp);
            continue;
        }
        // Fluid loads are linear in bytes: the phase's drain time shared by its calls.
        CollectiveCallTime &t = out[i];
        t.nvlinkSeconds = hostLocalCallSeconds(fabric, evaluation.placement, groups);
        for (const JobPhaseTime &ph : evaluation.phases)
            if (ph.kind == first.kind) {
                t.networkSeconds = ph.seconds / double(first.countPerStep);
                t.bottleneckLink = ph.bottleneckLink;
            }
        finish(t);
    }
    return out;
}

std::vector<std::int32_t> impairedLinks(const Fabric &fabric, const CapacityView &view)
{
    std::vector<std::int32_t> out;
    for (std::int32_t l = 0; l < fabric.linkCount() && size_t(l) < view.gbps.size(); ++l)
        if (view.gbps[size_t(l)] < fabric.link(l).capacityGbps * (1.0 - 1e-9))
            out.push_back(l);
    return out;
}

JobEvaluation rerouted(const Fabric &fabric, const CapacityView &view, const JobEvaluation &evaluation,
                       const RoutingOptions &routing)
{
    JobEvaluation e;
    e.job = evaluation.job;
    e.placement = evaluation.placement;
    e.collectives = evaluation.collectives;
    e.sharp = evaluation.sharp;
    routeJobStep(fabric, view, routing, e);
    return e;
}

double reroutedStepSeconds(const Fabric &fabric, const CapacityView &view, const JobEvaluation &evaluation,
                           const RoutingOptions &routing)
{
    const JobEvaluation e = rerouted(fabric, view, evaluation, routing);
    return e.routed() ? e.stepSeconds : std::numeric_limits<double>::infinity();
}

namespace {

StepFigures stepFigures(const Fabric &fabric, const JobEvaluation &routed, const std::vector<StepCollective> &collectives)
{
    StepFigures f;
    f.commSeconds = f.stepSeconds = std::numeric_limits<double>::infinity();
    if (!routed.routed())
        return f;
    f.commSeconds = routed.stepSeconds;
    const StepTime t = stepTimeOf(fabric, routed.job, routed, reroutedCollectives(collectives, routed));
    f.stepSeconds = t.computed ? t.stepSeconds : 0.0;
    return f;
}

} // namespace

RoutingOptions asRoutedOptionsFor(const Fabric &fabric, const JobEvaluation &evaluation)
{
    constexpr int kMaxHashSeeds = 16;
    constexpr double kConnectionBudget = 4e6;
    RoutingOptions options = asRoutedOptions(fabric, evaluation.routing.seed, kMaxHashSeeds);
    if (options.mode == RoutingMode::Hashed) {
        double connections = 0;
        for (ParallelKind kind : jobPhaseOrder)
            for (const Flow &flow : stepFlows(fabric, evaluation.placement, evaluation.collectives, {kind}, evaluation.sharp))
                connections += connectionsOf(resolvedOptions(fabric, options), flow);
        options.seeds = int(std::clamp(std::floor(kConnectionBudget / std::max(1.0, connections)), 1.0, double(kMaxHashSeeds)));
    }
    return options;
}

JobStepFigures jobStepFigures(const Fabric &fabric, const JobSpec &job)
{
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    JobStepFigures out{nan, nan, nan, {}};
    try {
        const CapacityView view = CapacityView::of(fabric);
        const JobEvaluation e = evaluateJob(fabric, view, job, PlacementOptions{}, RoutingOptions{});
        if (!e.routed()) {
            out.error = e.routingError;
            return out;
        }
        out.commMsFluid = e.stepCommTimeMs();
        const std::vector<StepCollective> collectives = stepCollectives(fabric, view, e, true);
        const StepFigures f = routedStepFigures(fabric, view, e, asRoutedOptionsFor(fabric, e), collectives);
        out.commMs = std::isfinite(f.commSeconds) ? f.commSeconds * 1e3 : nan;
        if (f.stepSeconds > 0 && std::isfinite(f.stepSeconds))
            out.stepMs = f.stepSeconds * 1e3;
        else
            out.error = stepTimeOf(fabric, job, e, collectives).problem;
    } catch (const PlacementError &ex) {
        out.error = ex.what();
    }
    return out;
}

StepFigures routedStepFigures(const Fabric &fabric, const CapacityView &view, const JobEvaluation &evaluation,
                              const RoutingOptions &routing, const std::vector<StepCollective> &collectives)
{
    return stepFigures(fabric, rerouted(fabric, view, evaluation, routing), collectives);
}

RoutedSlowdown routedSlowdown(const Fabric &fabric, const CapacityView &healthy, const CapacityView &view,
                              const JobEvaluation &evaluation, const RoutingOptions &routing,
                              const std::vector<StepCollective> &collectives)
{
    RoutedSlowdown out;
    out.mode = routing.mode;
    const StepFigures base = stepFigures(fabric, rerouted(fabric, healthy, evaluation, routing), collectives);
    if (!std::isfinite(base.commSeconds) || base.commSeconds <= 0)
        return out;
    const StepFigures impaired = stepFigures(fabric, rerouted(fabric, view, evaluation, routing), collectives);
    out.healthyCommSeconds = base.commSeconds;
    out.commSeconds = impaired.commSeconds;
    if (base.stepSeconds > 0 && std::isfinite(base.stepSeconds)) {
        out.healthyStepSeconds = base.stepSeconds;
        out.stepSeconds = impaired.stepSeconds;
    }
    return out;
}

DegradationImpact degradationImpact(const Fabric &fabric, const CapacityView &view, const JobEvaluation &evaluation,
                                    int maxLinks)
{
    DegradationImpact impact;
    impact.own.mode = evaluation.routing.mode;
    impact.own.commSeconds = impact.own.healthyCommSeconds = evaluation.stepSeconds;
    if (!evaluation.routed())
        return impact;
    const std::vector<std::int32_t> impaired = impairedLinks(fabric, view);
    const CapacityView healthy = CapacityView::nominal(fabric);
    const JobEvaluation base = impaired.empty() ? evaluation : rerouted(fabric, healthy, evaluation, evaluation.routing);
    if (!base.routed())
        return impact;
    // The collectives' model figures on the healthy fabric; each routing below
    // redoes their routed times.
    const std::vector<StepCollective> collectives = stepCollectives(fabric, healthy, base, true);
    const StepTime healthyStep = stepTimeOf(fabric, evaluation.job, base, collectives);
    if (!healthyStep.computed)
        impact.stepProblem = healthyStep.problem;
    impact.own.healthyCommSeconds = base.stepSeconds;
    impact.own.healthyStepSeconds = healthyStep.computed ? healthyStep.stepSeconds : 0.0;
    impact.own.stepSeconds = impact.own.healthyStepSeconds;
    if (impaired.empty())
        return impact;
    const StepFigures now = stepFigures(fabric, evaluation, collectives);
    impact.own.commSeconds = now.commSeconds;
    if (impact.own.wholeStep())
        impact.own.stepSeconds = now.stepSeconds;

    // The impaired links the job loads on the healthy fabric, most loaded first.
    std::vector<std::int32_t> used;
    for (std::int32_t l : impaired)
        if (size_t(l) < base.linkUtilization.size() && base.linkUtilization[size_t(l)] > 0.0f)
            used.push_back(l);
    impact.impairedLinks = int(used.size());
    std::stable_sort(used.begin(), used.end(), [&](std::int32_t a, std::int32_t b) {
        return base.linkUtilization[size_t(a)] > base.linkUtilization[size_t(b)];
    });
    if (used.size() > size_t(std::max(0, maxLinks)))
        used.resize(size_t(std::max(0, maxLinks)));
    for (std::int32_t l : used) {
        CapacityView one = healthy;
        one.gbps[size_t(l)] = view.gbps[size_t(l)];
        ImpairedLinkCost cost;
        cost.link = l;
        cost.nominalGbps = fabric.link(l).capacityGbps;
        cost.effectiveGbps = view.gbps[size_t(l)];
        const StepFigures alone = stepFigures(fabric, rerouted(fabric, one, evaluation, evaluation.routing), collectives);
        cost.commSecondsAlone = alone.commSeconds;
        if (impact.own.wholeStep()) {
            cost.stepSecondsAlone = alone.stepSeconds;
            cost.slowdownAlone = alone.stepSeconds / impact.own.healthyStepSeconds;
        } else {
            cost.slowdownAlone = impact.own.healthyCommSeconds > 0 ? alone.commSeconds / impact.own.healthyCommSeconds : 1.0;
        }
        impact.links.push_back(cost);
    }
    std::stable_sort(impact.links.begin(), impact.links.end(), [](const ImpairedLinkCost &a, const ImpairedLinkCost &b) {
        return a.slowdownAlone > b.slowdownAlone;
    });
    if (!used.empty()) {
        impact.asRouted = routedSlowdown(fabric, healthy, view, evaluation, asRoutedOptionsFor(fabric, evaluation), collectives);
        RoutingOptions adaptive = evaluation.routing;
        adaptive.mode = RoutingMode::Adaptive;
        adaptive.tablePath = {};
        impact.adaptive = routedSlowdown(fabric, healthy, view, evaluation, adaptive, collectives);
    }
    return impact;
}

std::vector<double> compareStrategies(const Fabric &fabric, const CapacityView &view, const JobSpec &job,
                                      const std::vector<PlacementStrategy> &strategies,
                                      const std::vector<RoutingMode> &modes, std::uint64_t seed,
                                      const std::vector<std::string> &excludedHosts, int ecmpSeeds,
                                      std::vector<std::string> *errors, const std::function<bool(int done)> &progress)
{
    std::vector<double> ms;
    int done = 0;
    for (const PlacementStrategy s : strategies) {
        std::optional<JobEvaluation> e;
        try {
            e = evaluateJob(fabric, view, job, s, RoutingMode::Fluid, seed, excludedHosts, ecmpSeeds);
        } catch (const std::exception &ex) {
            if (errors)
                errors->push_back(std::string(placementStrategyName(s)) + ": " + ex.what());
        }
        for (const RoutingMode m : modes) {
            double value = std::numeric_limits<double>::quiet_NaN();
            if (e) {
                if (m != RoutingMode::Fluid) {
                    RoutingOptions routing;
                    routing.mode = m;
                    routing.seed = seed;
                    routing.seeds = ecmpSeeds;
                    routeJobStep(fabric, view, routing, *e);
                }
                if (e->routed())
                    value = e->stepCommTimeMs();
            }
            ms.push_back(value);
            if (progress && !progress(++done))
                return ms;
        }
    }
    return ms;
}

} // namespace Railyard
