#include "core/health/healthattribution.h"

#include "core/health/healthfault.h"
#include "core/traffic/steptraffic.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace Railyard {

namespace {

double observed(const HealthAlarm &alarm, const char *name, double fallback = 0)
{
    for (const auto &[key, value] : alarm.evidence.observed)
        if (key == name)
            return value;
    return fallback;
}

} // namespace

const char *alarmSeverityName(AlarmSeverity severity)
{
    switch (severity) {
    case AlarmSeverity::Stalled: return "stalled";
    case AlarmSeverity::Slowdown: return "slowdown";
    case AlarmSeverity::Unknown: return "unknown";
    case AlarmSeverity::None: break;
    }
    return "none";
}

AlarmSeverity alarmSeverity(const std::vector<JobImpact> &jobs, bool jobsKnown)
{
    if (!jobsKnown)
        return AlarmSeverity::Unknown;
    AlarmSeverity worst = AlarmSeverity::None;
    for (const JobImpact &j : jobs) {
        if (!std::isfinite(j.slowdown))
            return AlarmSeverity::Stalled;
        if (j.slowdown >= 1.01)
            worst = AlarmSeverity::Slowdown;
    }
    return worst;
}

std::string severityAction(AlarmSeverity severity)
{
    switch (severity) {
    case AlarmSeverity::Stalled:
        return "The job is stalled: stop it and restart it from its last checkpoint on the re-placement Railyard "
               "proposes.";
    case AlarmSeverity::Slowdown:
        return "Checkpoint and restart each affected job on the re-placement Railyard proposes when the predicted "
               "slowdown costs more than the restart; compare its step time after the restart with the prediction.";
    case AlarmSeverity::Unknown:
        return "Unknown: Railyard knows no job file for a job running on these hosts, so it predicted nothing for "
               "it. Tell it the running jobs (railyard-cli health --job FILE for each, with --squeue FILE to read "
               "where Slurm runs them from `squeue --json`; the desktop's Jobs dock; or railyard-controld serve "
               "--job) to have each one's slowdown priced; until then, treat the fault as possibly slowing every job "
               "on these hosts.";
    case AlarmSeverity::None: break;
    }
    return "No running job is measurably slowed (predicted 1.00×, or no job uses it): leave the jobs running and "
           "repair the element in the next maintenance window.";
}

HealthAttribution::HealthAttribution(const Fabric &fabric, const std::vector<RunningJob> &jobs)
    : m_fabric(fabric)
    , m_jobs(jobs)
{ }

double HealthAttribution::effectiveGbps(const HealthAlarm &alarm)
{
    const double nominal = observed(alarm, "nominal_gbps");
    double rate = observed(alarm, "rate_gbps", nominal);
    if (rate <= 0)
        rate = nominal;
    if (alarm.evidence.rule == "ber")
        return rate * berGoodputFraction(observed(alarm, "ber"));
    if (alarm.kind == AlarmKind::PfcStorm)
        return rate * pfcGoodputFraction(observed(alarm, "pfc_per_s"));
    return rate;
}

StepFigures HealthAttribution::healthyStep(int j, const RoutingOptions &routing)
{
    const std::string key = std::to_string(j) + ":" + routingModeName(routing.mode);
    if (auto it = m_healthy.find(key); it != m_healthy.end())
        return it->second;
    const RunningJob &job = m_jobs[size_t(j)];
    const StepFigures figures
        = routedStepFigures(m_fabric, CapacityView::nominal(m_fabric), job.evaluation, routing, job.collectives);
    m_healthy.emplace(key, figures);
    return figures;
}

HealthAttribution::Priced HealthAttribution::routedSlowdown(int j, std::int32_t link, double gbps)
{
    const std::string key = std::to_string(j) + ":" + std::to_string(link) + ":" + std::to_string(gbps);
    if (auto it = m_cache.find(key); it != m_cache.end())
        return it->second;
    const RunningJob &job = m_jobs[size_t(j)];
    CapacityView view = CapacityView::nominal(m_fabric);
    view.gbps[size_t(link)] = gbps;
    // Whole steps when known (else the communication), each ratio against its
    // own healthy step under the same routing: what place --degrade reports.
    auto ratio = [&](const RoutingOptions &routing, bool comm) {
        const StepFigures base = healthyStep(j, routing);
        const StepFigures now = routedStepFigures(m_fabric, view, job.evaluation, routing, job.collectives);
        const bool whole = !comm && base.stepSeconds > 0 && std::isfinite(base.stepSeconds);
        const double b = whole ? base.stepSeconds : base.commSeconds, n = whole ? now.stepSeconds : now.commSeconds;
        return b > 0 && std::isfinite(b) ? n / b : std::numeric_limits<double>::infinity();
    };
    Priced priced;
    const RoutingOptions routed = asRouted(j);
    priced.asRouted = ratio(routed, false);
    priced.comm = ratio(routed, true);
    priced.hashSeeds = routed.mode == RoutingMode::Hashed ? routed.seeds : 0;
    RoutingOptions adaptive = job.evaluation.routing;
    adaptive.mode = RoutingMode::Adaptive;
    adaptive.tablePath = {};
    priced.adaptive = ratio(adaptive, false);
    m_cache.emplace(key, priced);
    return priced;
}

double HealthAttribution::healthyAsRouted(int j)
{
    const StepFigures f = healthyStep(j, asRouted(j));
    return f.stepSeconds > 0 && std::isfinite(f.stepSeconds) ? f.stepSeconds : f.commSeconds;
}

RoutingOptions HealthAttribution::asRouted(int j)
{
    if (auto it = m_asRouted.find(j); it != m_asRouted.end())
        return it->second;
    const RoutingOptions options = asRoutedOptionsFor(m_fabric, m_jobs[size_t(j)].evaluation);
    m_asRouted.emplace(j, options);
    return options;
}

std::vector<std::int64_t> HealthAttribution::ranksBehindLink(int j, std::int32_t l) const
{
    const Link &link = m_fabric.link(l);
    const Placement &placement = m_jobs[size_t(j)].evaluation.placement;
    std::vector<std::int64_t> ranks;
    auto railOf
        = [&](NodeIndex sw) { return m_fabric.isSwitch(sw) ? m_fabric.switchAt(m_fabric.switchIndexOf(sw)).rail : -1; };
    if (m_fabric.isHost(link.a) || m_fabric.isHost(link.b)) {
        const NodeIndex host = m_fabric.isHost(link.a) ? link.a : link.b;
        const int rail = railOf(m_fabric.isHost(link.a) ? link.b : link.a);
        const int rails = std::max<int>(1, int(m_fabric.host(host).nics.size()));
        for (size_t r = 0; r < placement.ranks.size(); ++r)
            if (placement.ranks[r].host == host && (rail < 0 || placement.ranks[r].gpu % rails == rail))
                ranks.push_back(std::int64_t(r));
        return ranks;
    }
    // A leaf uplink: the ranks on the hosts below the leaf, on its rail.
    NodeIndex leaf = -1;
    for (NodeIndex n : {link.a, link.b})
        if (m_fabric.nodeTier(n) == Tier::Leaf)
            leaf = n;
    if (leaf < 0)
        return ranks;
    std::vector<char> below(size_t(m_fabric.hostCount()), 0);
    for (std::int32_t k : m_fabric.incidentLinks(leaf)) {
        const NodeIndex other = m_fabric.otherEnd(k, leaf);
        if (m_fabric.isHost(other))
            below[size_t(other)] = 1;
    }
    const int rail = railOf(leaf);
    for (size_t r = 0; r < placement.ranks.size(); ++r) {
        const RankSlot &slot = placement.ranks[r];
        const int rails = std::max<int>(1, int(m_fabric.host(slot.host).nics.size()));
        if (below[size_t(slot.host)] && (rail < 0 || slot.gpu % rails == rail))
            ranks.push_back(std::int64_t(r));
    }
    return ranks;
}

std::vector<JobImpact> HealthAttribution::attribute(const HealthAlarm &alarm)
{
    std::vector<JobImpact> out;
    if (isLinkAlarm(alarm.kind)) {
        const std::int32_t l = alarm.link;
        if (l < 0 || l >= m_fabric.linkCount())
            return out;
        for (size_t j = 0; j < m_jobs.size(); ++j) {
            const std::vector<double> &bytes = m_jobs[j].evaluation.linkBytes;
            if (size_t(l) >= bytes.size() || bytes[size_t(l)] <= 0)
                continue;
            JobImpact impact;
            impact.name = m_jobs[j].spec.name;
            impact.job = int(j);
            impact.routing = asRouted(int(j)).mode;
            impact.healthyStepSeconds = healthyAsRouted(int(j));
            if (alarm.kind == AlarmKind::LinkFlapping) {
                double flaps = 0;
                for (double v : alarm.evidence.series)
                    flaps += v > 0 ? 1 : 0;
                const double perInterval
                    = std::min(1.0, flaps / std::max<double>(1, double(alarm.evidence.series.size())));
                impact.slowdown = 1.0 / (1.0 - 0.5 * perInterval);
                impact.adaptiveSlowdown = impact.commSlowdown = impact.slowdown; // a stall is a stall whatever the routing
            } else {
                const Priced priced = routedSlowdown(int(j), l, effectiveGbps(alarm));
                impact.slowdown = priced.asRouted;
                impact.adaptiveSlowdown = priced.adaptive;
                impact.commSlowdown = priced.comm;
                impact.routing = asRouted(int(j)).mode;
                impact.hashSeeds = priced.hashSeeds;
            }
            impact.ranks = ranksBehindLink(int(j), l);
            out.push_back(std::move(impact));
        }
    } else {
        const int j = findRunningJob(m_jobs, alarm.job);
        if (j < 0)
            return out;
        JobImpact impact;
        impact.name = alarm.job;
        impact.job = j;
        impact.healthyStepSeconds = healthyAsRouted(j);
        impact.ranks = alarm.ranks;
        if (alarm.kind == AlarmKind::SlowRank) {
            double ratio = 1;
            for (const auto &[key, value] : alarm.evidence.observed)
                if (key == "ratio")
                    ratio = value;
            impact.slowdown = std::max(1.0, ratio);
            impact.adaptiveSlowdown = impact.slowdown;
        } else {
            impact.slowdown = std::numeric_limits<double>::infinity();
            impact.adaptiveSlowdown = impact.slowdown;
        }
        out.push_back(std::move(impact));
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const JobImpact &a, const JobImpact &b) { return a.slowdown > b.slowdown; });
    return out;
}

} // namespace Railyard
