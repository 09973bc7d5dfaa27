#include "core/controlplane/intentjobcheck.h"

#include "core/intents/intentevaluation.h"
#include "core/intents/intentgrouping.h"
#include "core/placement/placer.h"
#include "core/traffic/steptraffic.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace Railyard {

namespace {

std::string bytesText(double bytes)
{
    char out[48];
    if (bytes >= 1024.0 * 1024 * 1024 * 1024)
        std::snprintf(out, sizeof out, "%.1f TiB", bytes / (1024.0 * 1024 * 1024 * 1024));
    else if (bytes >= 1024.0 * 1024 * 1024)
        std::snprintf(out, sizeof out, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
    else
        std::snprintf(out, sizeof out, "%.1f MiB", bytes / (1024.0 * 1024));
    return out;
}

} // namespace

std::vector<JobIntentImpact> checkIntentAgainstJobs(const Intent &intent, const Fabric &fabric,
                                                    const std::vector<JobSpec> &jobs)
{
    std::vector<JobIntentImpact> out;
    if (jobs.empty())
        return out;
    const IntentGrouping grouping(fabric, {&intent});
    const IntentEvaluation evaluation(intent, grouping);
    for (const JobSpec &job : jobs) {
        JobIntentImpact impact;
        impact.job = job.name;
        try {
            PlacementOptions options;
            options.strategy = PlacementStrategy::Topology;
            const Placement placement = placeJob(fabric, job, options);
            const std::vector<Flow> flows = stepFlows(fabric, placement, stepCollectives(job));
            // Denied bytes by (source group, destination group, decision), then
            // folded by (source groups, destination groups) per decision.
            struct Pair
            {
                double bytes = 0;
                std::set<std::pair<std::int32_t, std::int32_t>> hosts;
            };
            std::map<std::tuple<int, int, std::string>, Pair> denied;
            for (const Flow &f : flows) {
                if (f.srcHost < 0 || f.dstHost < 0 || f.srcHost == f.dstHost)
                    continue;
                impact.bytesPerStep += f.bytes;
                const int gs = grouping.groupOfHost(f.srcHost), gd = grouping.groupOfHost(f.dstHost);
                if (gs < 0 || gd < 0)
                    continue;
                const Decision d = evaluation.decide(gs, gd, IntentProtocol::Rdma);
                if (d.allowed())
                    continue;
                Pair &p = denied[{gs, gd, d.describe()}];
                p.bytes += f.bytes;
                p.hosts.insert({f.srcHost, f.dstHost});
                impact.deniedBytesPerStep += f.bytes;
            }
            // One line per (destination set, decision) with its sources folded,
            // then by sources: a zone's traffic to another zone is one line.
            std::map<std::pair<std::string, int>, std::pair<std::vector<int>, Pair>> bySource;
            for (const auto &[key, p] : denied) {
                auto &[groups, total] = bySource[{std::get<2>(key), std::get<0>(key)}];
                groups.push_back(std::get<1>(key));
                total.bytes += p.bytes;
                total.hosts.insert(p.hosts.begin(), p.hosts.end());
            }
            std::map<std::pair<std::string, std::string>, std::pair<std::vector<int>, Pair>> byDestinations;
            for (auto &[key, value] : bySource) {
                auto &[groups, p] = value;
                std::sort(groups.begin(), groups.end());
                auto &[sources, total] = byDestinations[{key.first, grouping.describeGroups(groups)}];
                sources.push_back(key.second);
                total.bytes += p.bytes;
                total.hosts.insert(p.hosts.begin(), p.hosts.end());
            }
            for (auto &[key, value] : byDestinations) {
                auto &[sources, p] = value;
                DeniedJobTraffic t;
                t.from = grouping.describeGroups(sources);
                t.to = key.second;
                t.decidedBy = key.first;
                t.hostPairs = (long long)p.hosts.size();
                t.bytesPerStep = p.bytes;
                impact.denied.push_back(std::move(t));
            }
            std::sort(impact.denied.begin(), impact.denied.end(),
                      [](const DeniedJobTraffic &a, const DeniedJobTraffic &b) {
                          return a.bytesPerStep > b.bytesPerStep;
                      });
        } catch (const std::exception &e) {
            impact.error = e.what();
        }
        out.push_back(std::move(impact));
    }
    return out;
}

std::string jobIntentImpactText(const JobIntentImpact &impact, size_t pairs)
{
    if (!impact.error.empty())
        return impact.job + ": not checked: " + impact.error;
    if (!impact.breaks())
        return impact.job + ": all of its RDMA traffic (" + bytesText(impact.bytesPerStep)
            + " per step between hosts) stays allowed";
    std::string text = impact.job + ": " + bytesText(impact.deniedBytesPerStep) + " per step of its RDMA traffic ("
        + bytesText(impact.bytesPerStep) + " between hosts in all) would be denied:";
    for (size_t i = 0; i < impact.denied.size() && i < pairs; ++i) {
        const DeniedJobTraffic &t = impact.denied[i];
        text += (i ? "; " : " ") + t.from + " → " + t.to + " (" + bytesText(t.bytesPerStep) + ", "
            + std::to_string(t.hostPairs) + " host pairs, " + t.decidedBy + ")";
    }
    if (impact.denied.size() > pairs)
        text += "; … (" + std::to_string(impact.denied.size() - pairs) + " more)";
    return text;
}

std::vector<LintFinding> jobLintFindings(const std::vector<JobIntentImpact> &impacts)
{
    std::vector<LintFinding> found;
    for (const JobIntentImpact &impact : impacts) {
        LintFinding f;
        f.kind = impact.breaks() ? "job-traffic-denied" : impact.error.empty() ? "job-traffic-allowed" : "job-not-checked";
        f.severity = impact.breaks() || !impact.error.empty() ? LintSeverity::Error : LintSeverity::Info;
        if (impact.breaks())
            f.pointer = impact.denied.front().decidedBy.rfind('/', 0) == 0 ? impact.denied.front().decidedBy
                                                                           : std::string("/allow");
        f.message = jobIntentImpactText(impact);
        found.push_back(std::move(f));
    }
    return found;
}

} // namespace Railyard
