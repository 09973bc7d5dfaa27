#include "core/health/healthactions.h"

#include "core/placement/clusterstate.h"
#include "core/placement/jobevaluation.h"
#include "core/placement/steptime.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
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

namespace {

/// A placed job's whole step as the fabric routes, on `view` (the step
/// communication time when the whole step is not known); +inf when routing
/// fails.
double wholeStepAsRouted(const Fabric &fabric, const CapacityView &view, const JobEvaluation &e)
{
    const std::vector<StepCollective> collectives = stepCollectives(fabric, view, e, true);
    const StepFigures f = routedStepFigures(fabric, view, e, asRoutedOptionsFor(fabric, e), collectives);
    return f.stepSeconds > 0 && std::isfinite(f.stepSeconds) ? f.stepSeconds : f.commSeconds;
}

void addFallbacks(const ClusterState &state, const CapacityView &view, const RunningJob &running, double nowSlowdown,
                  JobReplacement &out)
{
    const JobSpec &spec = running.spec;
    const long long perReplica = 1LL * spec.parallel.tp * spec.parallel.pp * spec.parallel.cp;
    const long long free = state.freeGpuCount();
    char text[320];
    int tried = 0;
    for (int dp = int(std::min<long long>(spec.parallel.dp - 1, perReplica > 0 ? free / perReplica : 0));
         dp >= 1 && tried < 4; --dp) {
        JobSpec smaller = spec;
        smaller.parallel.dp = dp;
        smaller.gpus = smaller.parallel.worldSize();
        // The same global batch: each replica runs more micro-batches.
        if (spec.globalBatch % (1LL * spec.microBatch * dp) != 0 || !checkJobSpec(smaller).empty())
            continue;
        ++tried;
        try {
            PlacementOptions options = running.placementOptions;
            options.excludedHosts.clear();
            const JobEvaluation e = evaluateJob(state, view, smaller, options, running.evaluation.routing);
            if (!e.routed())
                continue;
            JobReplacement::Option o;
            o.kind = JobReplacement::Option::Kind::ShrinkDataParallel;
            o.dataParallel = dp;
            o.stepSeconds = wholeStepAsRouted(state.fabric(), view, e);
            o.computeFactor = double(spec.parallel.dp) / dp;
            std::snprintf(text, sizeof text,
                          "shrink data parallelism %d → %d to fit the %lld free GPUs: same global batch (%d), "
                          "%lld micro-batches per replica instead of %lld (%.2f× the compute per replica): step "
                          "%.1f ms as routed, %.2f× the healthy %.1f ms",
                          spec.parallel.dp, dp, free, spec.globalBatch, smaller.microBatchesPerStep(),
                          spec.microBatchesPerStep(), o.computeFactor, o.stepSeconds * 1e3,
                          o.stepSeconds / out.healthyStepSeconds, out.healthyStepSeconds * 1e3);
            o.text = text;
            out.options.push_back(std::move(o));
            break;
        } catch (const std::exception &) {
            // does not fit either: try a smaller degree
        }
    }
    JobReplacement::Option keep;
    keep.kind = JobReplacement::Option::Kind::KeepRunning;
    keep.stepSeconds = out.nowStepSeconds;
    if (std::isfinite(nowSlowdown))
        std::snprintf(text, sizeof text,
                      "keep running where it is: step %.1f ms as routed, %.2f× the healthy %.1f ms, until the "
                      "element is repaired",
                      out.nowStepSeconds * 1e3, nowSlowdown, out.healthyStepSeconds * 1e3);
    else
        std::snprintf(text, sizeof text,
                      "keep it where it is: it is stalled, so only a repair or an exclusion lets it progress");
    keep.text = text;
    out.options.push_back(std::move(keep));
}

} // namespace

JobReplacement replaceJob(const Fabric &fabric, const std::vector<RunningJob> &jobs, int job,
                          const HealthExclusions &exclusions, double nowSlowdown, double healthyStepSeconds)
{
    const RunningJob &running = jobs[size_t(job)];
    JobReplacement out;
    out.job = running.spec.name;
    out.healthyStepSeconds = healthyStepSeconds > 0 ? healthyStepSeconds : running.healthyStepSeconds();
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
    CapacityView view = CapacityView::nominal(fabric);
    for (const std::string &id : exclusions.links) {
        const std::int32_t l = fabric.findLink(id);
        if (l >= 0)
            view.gbps[size_t(l)] = 0;
    }
    try {
        PlacementOptions options = running.placementOptions;
        // A job pinned to its scheduler's nodes (placeRunningJobs) is re-placed
        // anywhere free: the scheduler is asked for the new nodes.
        options.excludedHosts.clear();
        options.rankOrder = RankOrder::Strategy;
        options.hostOrder.clear();
        const JobEvaluation e = evaluateJob(state, view, running.spec, options, running.evaluation.routing);
        if (!e.routed()) {
            out.error = "re-placed but not routable: " + e.routingError;
            return out;
        }
        out.placed = true;
        out.afterStepSeconds = wholeStepAsRouted(fabric, view, e);
        std::set<std::int32_t> newHosts;
        for (const RankSlot &slot : e.placement.ranks)
            newHosts.insert(slot.host);
        for (std::int32_t h : newHosts)
            out.hostsMoved += oldHosts.count(h) ? 0 : 1;
        out.placement = e.placement;
    } catch (const std::exception &error) {
        out.error = error.what();
    }
    if (!out.placed)
        addFallbacks(state, view, running, nowSlowdown, out);
    return out;
}

} // namespace Railyard
