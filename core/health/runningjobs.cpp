#include "core/health/runningjobs.h"

#include "core/placement/clusterstate.h"

#include <stdexcept>

namespace Railyard {

std::vector<RunningJob> placeRunningJobs(const Fabric &fabric, const std::vector<JobSpec> &jobs,
                                         PlacementStrategy strategy, RoutingMode mode)
{
    fabric.prepare();
    const CapacityView view = CapacityView::nominal(fabric);
    ClusterState state(fabric);
    std::vector<RunningJob> out;
    for (const JobSpec &spec : jobs) {
        RunningJob job;
        job.spec = spec;
        job.placementOptions.strategy = strategy;
        RoutingOptions routing;
        routing.mode = mode;
        job.evaluation = evaluateJob(state, view, spec, job.placementOptions, routing);
        if (!job.evaluation.routed())
            throw std::runtime_error("job '" + spec.name + "': " + job.evaluation.routingError);
        job.collectives = stepCollectives(fabric, view, job.evaluation, true);
        job.healthyStep = stepTimeOf(fabric, spec, job.evaluation, job.collectives);
        state.add(job.evaluation.placement);
        out.push_back(std::move(job));
    }
    return out;
}

int findRunningJob(const std::vector<RunningJob> &jobs, const std::string &name)
{
    for (size_t i = 0; i < jobs.size(); ++i)
        if (jobs[i].spec.name == name)
            return int(i);
    return -1;
}

} // namespace Railyard
