// railyard-bench --explore: how fast the design explorer scores candidates
// (docs/explore.md, docs/performance.md "Design explorer").

#include "app/bench/explorebench.h"

#include "app/bench/benchutil.h"
#include "core/explore/explorer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace Railyard {

using Bench::peakRssMiB;
using Bench::timeMs;

int runExploreBench(bool json)
{
    const JobSpecResult job = readJobSpecFile(QStringLiteral(RAILYARD_SAMPLES "/llama-70b-2k.job.json"));
    if (!job.ok()) {
        std::fprintf(stderr, "railyard-bench: %s\n", qPrintable(job.errorText()));
        return 1;
    }
    ExploreSpec wide;
    wide.gpus = 32768;
    wide.oversubscription = {1.0, 1.5, 2.0, 3.0, 4.0};
    wide.railOptimized = {true, false};
    wide.planes = {1, 2};
    // The scale: over 1,000 candidates at 32K GPUs, each with a job
    // placed and priced (fluid, and as routed over 16 hash seeds).
    ExploreSpec withJob;
    withJob.gpus = 32768;
    withJob.oversubscription = {1.0, 1.25, 1.5, 1.75, 2.0, 2.25, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0, 8.0};
    withJob.planes = {1, 2, 4, 8};
    withJob.railOptimized = {true, false};
    withJob.jobs = {*job.job};

    struct Row
    {
        const char *what;
        ExploreResult result;
        double ms = 0;
    };
    std::vector<Row> rows;
    ExploreCache cache;
    ExploreOptions options;
    options.threads = 2;
    options.cache = &cache;
    for (const auto &[what, spec] : {std::pair("32K, no job", &wide), std::pair("32K, llama-70b-2k", &withJob),
                                     std::pair("32K, no job, again (cache)", &wide)}) {
        Row r{what, {}, 0};
        r.ms = timeMs([&] { r.result = explore(*spec, options); });
        std::fprintf(stderr, "  %-28s %5lld candidates %5zu scored %6.0f ms\n", what, (long long)r.result.enumerated,
                     r.result.scored.size(), r.ms);
        rows.push_back(std::move(r));
    }
    if (json) {
        QJsonArray out;
        for (const Row &r : rows)
            out.append(QJsonObject{{"run", QString::fromLatin1(r.what)},
                                   {"candidates", double(r.result.enumerated)},
                                   {"pruned", double(r.result.pruned.size())},
                                   {"scored", double(r.result.scored.size())},
                                   {"cache_hits", double(r.result.cacheHits)},
                                   {"front", double(r.result.front.size())},
                                   {"ms", r.ms}});
        std::printf("%s\n", QJsonDocument(QJsonObject{{"runs", out}, {"peak_rss_mib", peakRssMiB()}})
                                .toJson(QJsonDocument::Indented)
                                .constData());
        return 0;
    }
    std::printf("%-30s %10s %7s %7s %6s %6s %9s %10s\n", "run", "candidates", "pruned", "scored", "cached", "front",
                "ms", "scored/s");
    for (const Row &r : rows)
        std::printf("%-30s %10lld %7zu %7zu %6lld %6zu %9.0f %10.1f\n", r.what, (long long)r.result.enumerated,
                    r.result.pruned.size(), r.result.scored.size(), (long long)r.result.cacheHits,
                    r.result.front.size(), r.ms, r.ms > 0 ? double(r.result.scored.size()) * 1000.0 / r.ms : 0.0);
    std::printf("peak RSS %.0f MiB\n", peakRssMiB());
    return 0;
}

} // namespace Railyard
