// railyard-bench --job: times the training-job pipeline on a fabric file and
// a job file (by default samples/meta-24k.fabric.json with the 16,384-GPU
// mixture-of-experts sample): reading the fabric, topology-aware placement,
// the step's collectives and bytes per tier, fluid routing of every phase
// (link loads and step time), the per-collective times, and an ECMP
// Monte-Carlo of 100 seeds over the step's heaviest phase. Median of --repeat
// runs per stage.

#include "app/bench/jobbench.h"

#include "app/bench/benchutil.h"
#include "core/analysis/capacity.h"
#include "core/registry/formatregistry.h"
#include "core/jobs/jobspec.h"
#include "core/placement/jobevaluation.h"
#include "core/placement/placer.h"
#include "core/traffic/collectivemodel.h"
#include "core/traffic/routing.h"
#include "core/traffic/steptraffic.h"
#include "core/traffic/tierbytes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <tuple>

namespace Railyard {

using Bench::median;
using Bench::peakRssMiB;
using Bench::timeMs;

int runJobBench(const QString &fabricPath, const QString &jobPath, int repeats, bool json)
{
    const char *stages[] = {"read fabric",
                            "place (topology)",
                            "collectives + bytes per tier",
                            "route step, fluid (link loads)",
                            "place + fluid link loads",
                            "per-collective times",
                            "ECMP, 100 seeds (heaviest phase)"};
    std::map<std::string, std::vector<double>> ms;
    JobEvaluation last;
    std::size_t flowCount = 0;
    for (int r = 0; r < repeats; ++r) {
        std::optional<Fabric> fabric;
        ms["read fabric"].push_back(timeMs([&] {
            ReadResult read = FormatRegistry::instance().readFile(fabricPath);
            if (read.ok())
                fabric = std::move(*read.fabric);
        }));
        if (!fabric) {
            std::fprintf(stderr, "railyard-bench: cannot read %s\n", qPrintable(fabricPath));
            return 1;
        }
        const JobSpecResult job = readJobSpecFile(jobPath);
        if (!job.ok()) {
            std::fprintf(stderr, "railyard-bench: %s\n", qPrintable(job.errorText()));
            return 1;
        }
        const CapacityView view = CapacityView::of(*fabric);
        JobEvaluation e;
        const double place = timeMs([&] { e.placement = placeJob(*fabric, *job.job, PlacementOptions{}); });
        ms["place (topology)"].push_back(place);
        ms["collectives + bytes per tier"].push_back(timeMs([&] {
            e.collectives = stepCollectives(*job.job);
            e.sharp = fabricHasSharp(*fabric);
            e.tierBytes = stepTierBytes(*fabric, e.placement, e.collectives, TierClassifier(*fabric), {}, e.sharp);
        }));
        const double route = timeMs([&] { routeJobStep(*fabric, view, RoutingOptions{}, e); });
        ms["route step, fluid (link loads)"].push_back(route);
        ms["place + fluid link loads"].push_back(place + route);
        ms["per-collective times"].push_back(timeMs([&] {
            std::map<std::tuple<int, int, std::string>, std::vector<const GroupCollective *>> rows;
            for (const GroupCollective &c : e.collectives)
                rows[{int(c.kind), int(c.op), c.label}].push_back(&c);
            std::vector<std::vector<const GroupCollective *>> entries;
            for (auto &[key, groups] : rows)
                entries.push_back(std::move(groups));
            timeCollectiveCalls(*fabric, view, e, entries);
        }));
        // The phase with the longest fluid time, routed as 100 ECMP seeds.
        ParallelKind heaviest = ParallelKind::Tp;
        double longest = -1;
        for (const JobPhaseTime &ph : e.phases)
            if (ph.seconds > longest) {
                longest = ph.seconds;
                heaviest = ph.kind;
            }
        const std::vector<Flow> flows = stepFlows(*fabric, e.placement, e.collectives, {heaviest}, e.sharp);
        flowCount = flows.size();
        RoutingOptions ecmp;
        ecmp.mode = RoutingMode::Ecmp;
        ecmp.seeds = 100;
        ms["ECMP, 100 seeds (heaviest phase)"].push_back(timeMs([&] { routeFlows(*fabric, view, flows, ecmp); }));
        last = std::move(e);
    }

    if (json) {
        QJsonObject o;
        o[QStringLiteral("fabric")] = fabricPath;
        o[QStringLiteral("job")] = jobPath;
        o[QStringLiteral("ranks")] = double(last.placement.ranks.size());
        o[QStringLiteral("ecmp_flows")] = double(flowCount);
        o[QStringLiteral("step_comm_time_ms")] = last.stepCommTimeMs();
        o[QStringLiteral("peak_rss_mib")] = peakRssMiB();
        QJsonObject stageMs;
        for (const char *stage : stages)
            stageMs[QLatin1String(stage)] = median(ms[stage]);
        o[QStringLiteral("median_ms")] = stageMs;
        std::printf("%s", QJsonDocument(o).toJson(QJsonDocument::Indented).constData());
        return 0;
    }
    std::printf("%s\n%s: %zu ranks, step %.1f ms (fluid); ECMP phase %zu flows; median of %d runs\n",
                qPrintable(fabricPath), qPrintable(jobPath), last.placement.ranks.size(), last.stepCommTimeMs(),
                flowCount, repeats);
    for (const char *stage : stages)
        std::printf("  %-36s %9.1f ms\n", stage, median(ms[stage]));
    std::printf("  %-36s %9.1f MiB\n", "peak RSS", peakRssMiB());
    return 0;
}

} // namespace Railyard
