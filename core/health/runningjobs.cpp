#include "core/health/runningjobs.h"

#include "core/placement/clusterstate.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace Railyard {

std::vector<RunningJob> placeRunningJobs(const Fabric &fabric, const std::vector<JobSpec> &jobs,
                                         PlacementStrategy strategy, RoutingMode mode)
{
    return placeRunningJobs(fabric, jobs, {}, strategy, mode);
}

std::vector<RunningJob> placeRunningJobs(const Fabric &fabric, const std::vector<JobSpec> &jobs,
                                         const std::vector<std::vector<std::string>> &pinned,
                                         PlacementStrategy strategy, RoutingMode mode)
{
    fabric.prepare();
    const CapacityView view = CapacityView::nominal(fabric);
    ClusterState state(fabric);
    std::vector<RunningJob> out(jobs.size());
    auto isPinned = [&](size_t i) { return i < pinned.size() && !pinned[i].empty(); };
    auto place = [&](size_t i) {
        const JobSpec &spec = jobs[i];
        RunningJob job;
        job.spec = spec;
        job.placementOptions.strategy = strategy;
        if (isPinned(i)) {
            // Its own hosts only, ranks in the scheduler's host order.
            std::set<std::string> own(pinned[i].begin(), pinned[i].end());
            for (std::int32_t h = 0; h < fabric.hostCount(); ++h)
                if (!own.count(fabric.host(h).id))
                    job.placementOptions.excludedHosts.push_back(fabric.host(h).id);
            job.placementOptions.rankOrder = RankOrder::File;
            job.placementOptions.hostOrder = pinned[i];
        }
        RoutingOptions routing;
        routing.mode = mode;
        try {
            job.evaluation = evaluateJob(state, view, spec, job.placementOptions, routing);
        } catch (const PlacementError &e) {
            if (!isPinned(i))
                throw;
            throw PlacementError("job '" + spec.name + "' on the " + std::to_string(pinned[i].size())
                                 + " hosts its scheduler gave it: " + e.what());
        }
        if (!job.evaluation.routed())
            throw std::runtime_error("job '" + spec.name + "': " + job.evaluation.routingError);
        job.collectives = stepCollectives(fabric, view, job.evaluation, true);
        job.healthyStep = stepTimeOf(fabric, spec, job.evaluation, job.collectives);
        state.add(job.evaluation.placement);
        out[i] = std::move(job);
    };
    for (size_t i = 0; i < jobs.size(); ++i)
        if (isPinned(i))
            place(i);
    for (size_t i = 0; i < jobs.size(); ++i)
        if (!isPinned(i))
            place(i);
    return out;
}

bool unpricedJobTouched(const Fabric &fabric, const UnpricedJob &job, std::int32_t link)
{
    if (link < 0 || link >= fabric.linkCount())
        return false; // rank alarms belong to priced jobs
    const Link &l = fabric.link(link);
    if (!fabric.isHost(l.a) && !fabric.isHost(l.b))
        return job.hosts.size() >= 2;
    const NodeIndex host = fabric.isHost(l.a) ? l.a : l.b; // host node index == host index
    return std::find(job.hosts.begin(), job.hosts.end(), std::int32_t(host)) != job.hosts.end();
}

int findRunningJob(const std::vector<RunningJob> &jobs, const std::string &name)
{
    for (size_t i = 0; i < jobs.size(); ++i)
        if (jobs[i].spec.name == name)
            return int(i);
    return -1;
}

} // namespace Railyard
