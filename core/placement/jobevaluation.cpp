#include "core/placement/jobevaluation.h"

#include "core/traffic/collectivemodel.h"

#include <QElapsedTimer>

#include <algorithm>
#include <exception>
#include <limits>
#include <optional>

namespace Railyard {

void routeJobStep(const Fabric &fabric, const CapacityView &view, const RoutingOptions &routing,
                  JobEvaluation &e)
{
    e.routing = routing;
    e.routingError.clear();
    e.stepSeconds = 0;
    e.phases.clear();
    e.maxUtilization = 0;
    e.bottleneckLink = -1;
    e.bottleneckLinkId.clear();
    e.linkUtilization.assign(size_t(fabric.linkCount()), 0.0f);
    e.unroutedFlows = 0;
    try {
        LinkLoads total;
        total.bytesAB.assign(size_t(fabric.linkCount()), 0.0);
        total.bytesBA.assign(size_t(fabric.linkCount()), 0.0);
        for (ParallelKind kind : jobPhaseOrder) {
            const std::vector<Flow> flows = stepFlows(fabric, e.placement, e.collectives, {kind}, e.sharp);
            if (flows.empty())
                continue;
            const RoutingResult r = routeFlows(fabric, view, flows, routing);
            e.unroutedFlows += r.unroutedFlows;
            e.phases.push_back({kind, r.bottleneck.seconds, r.bottleneck.link});
            e.stepSeconds += r.bottleneck.seconds;
            for (size_t l = 0; l < total.bytesAB.size() && l < r.loads.bytesAB.size(); ++l) {
                total.bytesAB[l] += r.loads.bytesAB[l];
                total.bytesBA[l] += r.loads.bytesBA[l];
            }
        }
        if (e.stepSeconds > 0) {
            const double efficiency = routing.mode == RoutingMode::Adaptive ? routing.adaptiveEfficiency : 1.0;
            const Bottleneck b = findBottleneck(total, view, efficiency);
            if (b.link >= 0) {
                e.bottleneckLink = b.link;
                e.bottleneckLinkId = fabric.link(b.link).id;
                e.maxUtilization = b.seconds / e.stepSeconds;
            }
            const std::vector<double> u = linkUtilization(total, view, e.stepSeconds);
            for (size_t l = 0; l < u.size() && l < e.linkUtilization.size(); ++l)
                e.linkUtilization[l] = float(u[l] / efficiency);
        }
    } catch (const std::exception &ex) {
        e.routingError = ex.what();
        e.stepSeconds = 0;
        e.phases.clear();
        e.maxUtilization = 0;
        e.bottleneckLink = -1;
        e.bottleneckLinkId.clear();
        std::fill(e.linkUtilization.begin(), e.linkUtilization.end(), 0.0f);
    }
}

JobEvaluation evaluateJob(const Fabric &fabric, const CapacityView &view, const JobSpec &job,
                          const PlacementOptions &placement, const RoutingOptions &routing)
{
    JobEvaluation e;
    QElapsedTimer timer;
    timer.start();
    e.placement = placeJob(fabric, job, placement);
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
