// railyard-bench --floor: cable runs and parts for every link of a large
// design (docs/floor.md, docs/performance.md "Floor").

#include "app/bench/floorbench.h"

#include "app/bench/benchutil.h"
#include "core/floor/cableruns.h"
#include "core/floor/floorplan.h"
#include "core/generators/closgenerator.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace Railyard {

using Bench::peakRssMiB;
using Bench::timeMs;

int runFloorBench(const ClosParams &params, int repeats, bool json)
{
    const Fabric fabric = generateClos(params);
    fabric.prepare();
    const CablePartCatalog &parts = CablePartCatalog::defaults();
    std::vector<double> placeMs, runsMs, lengthsMs;
    FloorPlan floor;
    CableRunSummary summary;
    for (int r = 0; r < repeats; ++r) {
        placeMs.push_back(timeMs([&] { floor = autoFloor(fabric); }));
        runsMs.push_back(timeMs([&] { summary = cableRuns(fabric, floor, parts); }));
        // What the bill of materials and the explorer ask: lengths and parts, no route text.
        lengthsMs.push_back(timeMs([&] { summary = cableRuns(fabric, floor, parts, false); }));
    }
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    const double place = median(placeMs), runs = median(runsMs), lengths = median(lengthsMs);
    if (json) {
        std::printf("%s\n", QJsonDocument(QJsonObject{{"gpus", double(fabric.gpuCount())},
                                                      {"links", double(fabric.linkCount())},
                                                      {"racks", double(floor.racks.size())},
                                                      {"rows", floor.halls.front().rows},
                                                      {"place_ms", place},
                                                      {"runs_ms", runs},
                                                      {"lengths_parts_ms", lengths},
                                                      {"longest_m", summary.longestM},
                                                      {"problems", double(summary.problems.size())},
                                                      {"peak_rss_mib", peakRssMiB()}})
                                .toJson(QJsonDocument::Indented)
                                .constData());
        return 0;
    }
    std::printf("%lld GPUs, %d links, %zu racks in %d rows of %d slots\n", (long long)fabric.gpuCount(),
                fabric.linkCount(), floor.racks.size(), floor.halls.front().rows, floor.halls.front().slotsPerRow);
    std::printf("  automatic floor      %9.1f ms\n", place);
    std::printf("  runs and parts       %9.1f ms (%.0f ns a link)\n", runs, runs * 1e6 / std::max(1, fabric.linkCount()));
    std::printf("  lengths, parts only  %9.1f ms (%.0f ns a link; no route text: the bill of materials)\n", lengths,
                lengths * 1e6 / std::max(1, fabric.linkCount()));
    std::printf("  longest run %.1f m, %zu problems\n", summary.longestM, summary.problems.size());
    for (const auto &[slug, count] : summary.partCounts)
        std::printf("  %-16s %9lld\n", slug.c_str(), (long long)count);
    std::printf("peak RSS %.0f MiB\n", peakRssMiB());
    return 0;
}

} // namespace Railyard
