#include "core/health/healthactions.h"

#include "core/placement/clusterstate.h"

#include <algorithm>
#include <set>

namespace Railyard {

HealthExclusions recommendExclusions(const Fabric &fabric, const std::vector<RunningJob> &jobs,
                                     const std::vector<HealthAlarm> &alarms)
{
    std::set<std::string> hosts, links;
    for (const HealthAlarm &a : alarms) {
        if (!a.active())
            continue;
        if (isLinkAlarm(a.kind)) {
            if (a.link < 0 || a.link >= fabric.linkCount())
                continue;
            const Link &link = fabric.link(a.link);
            if (fabric.isHost(link.a))
                hosts.insert(fabric.host(link.a).id);
            else if (fabric.isHost(link.b))
                hosts.insert(fabric.host(link.b).id);
            else
                links.insert(link.id);
            continue;
        }
        if (a.kind == AlarmKind::AllreduceStall)
            continue; // no suspect: nothing to drain
        const int j = findRunningJob(jobs, a.job);
        if (j < 0)
            continue;
        const Placement &p = jobs[size_t(j)].evaluation.placement;
        for (std::int64_t r : a.ranks)
            if (r >= 0 && size_t(r) < p.ranks.size())
                hosts.insert(fabric.host(p.ranks[size_t(r)].host).id);
    }
    return {std::vector<std::string>(hosts.begin(), hosts.end()), std::vector<std::string>(links.begin(), links.end())};
}

JobReplacement replaceJob(const Fabric &fabric, const std::vector<RunningJob> &jobs, int job,
                          const HealthExclusions &exclusions, double nowSlowdown)
{
    const RunningJob &running = jobs[size_t(job)];
    JobReplacement out;
    out.job = running.spec.name;
    out.healthyStepSeconds = running.healthyStepSeconds();
    out.nowStepSeconds = out.healthyStepSeconds * nowSlowdown;

    ClusterState state(fabric);
    for (size_t j = 0; j < jobs.size(); ++j)
        if (int(j) != job)
            state.add(jobs[j].evaluation.placement);
    std::set<std::int32_t> oldHosts;
    for (const RankSlot &slot : running.evaluation.placement.ranks)
        oldHosts.insert(slot.host);
    for (const std::string &id : exclusions.hosts) {
        const NodeIndex n = fabric.findNode(id);
        if (!fabric.isHost(n))
            continue;
        state.excludeHost(n);
        if (oldHosts.count(n))
            out.excludedHostsAvoided.push_back(id);
    }
    CapacityView view = healthyCapacityView(fabric);
    for (const std::string &id : exclusions.links) {
        const std::int32_t l = fabric.findLink(id);
        if (l >= 0)
            view.gbps[size_t(l)] = 0;
    }
    try {
        PlacementOptions options = running.placementOptions;
        options.excludedHosts.clear();
        const JobEvaluation e = evaluateJob(state, view, running.spec, options, running.evaluation.routing);
        if (!e.routed()) {
            out.error = "re-placed but not routable: " + e.routingError;
            return out;
        }
        out.placed = true;
        out.afterStepSeconds = e.stepSeconds;
        std::set<std::int32_t> newHosts;
        for (const RankSlot &slot : e.placement.ranks)
            newHosts.insert(slot.host);
        for (std::int32_t h : newHosts)
            out.hostsMoved += oldHosts.count(h) ? 0 : 1;
        out.placement = e.placement;
    } catch (const std::exception &error) {
        out.error = error.what();
    }
    return out;
}

} // namespace Railyard
