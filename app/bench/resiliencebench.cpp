// railyard-bench --resilience: how fast failure studies run (docs/resilience.md,
// docs/performance.md "Failure studies"). Monte Carlo scenarios per second at
// 24K and 131K GPUs without and with a job, the speed-up from threads and from
// shards, and N-1 over every element of the 131K fabric.

#include "app/bench/resiliencebench.h"

#include "app/bench/benchutil.h"
#include "core/formats/fileformat.h"
#include "core/registry/formatregistry.h"
#include "core/resilience/resilience.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace Railyard {

using Bench::peakRssMiB;
using Bench::timeMs;

namespace {

struct Row
{
    std::string what;
    int threads = 1;
    std::int64_t scenarios = 0;
    std::int64_t evaluated = 0;
    double ms = 0;
};

Row runOne(const std::string &what, const Fabric &fabric, StudyOptions o)
{
    Row row;
    row.what = what;
    row.threads = o.threads;
    StudyResult r;
    row.ms = timeMs([&] { r = runFailureStudy(fabric, o); });
    row.scenarios = o.kind == StudyKind::MonteCarlo ? std::int64_t(r.outcomes.size()) : std::int64_t(r.scenarios);
    row.evaluated = r.evaluated;
    return row;
}

std::optional<JobSpec> readJob(const char *path)
{
    const JobSpecResult job = readJobSpecFile(QString::fromUtf8(path));
    if (!job.ok()) {
        std::fprintf(stderr, "railyard-bench: %s\n", qPrintable(job.errorText()));
        return std::nullopt;
    }
    return *job.job;
}

} // namespace

int runResilienceBench(const ClosParams &big, int samples, bool json)
{
    ReadResult meta = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_SAMPLES "/meta-24k.fabric.json"));
    if (!meta.ok()) {
        std::fprintf(stderr, "railyard-bench: samples/meta-24k.fabric.json does not read\n");
        return 1;
    }
    const std::optional<JobSpec> moe = readJob(RAILYARD_SAMPLES "/moe-meta-24k.job.json");
    const std::optional<JobSpec> llama = readJob(RAILYARD_SAMPLES "/llama-70b-2k.job.json");
    if (!moe || !llama)
        return 1;
    std::fprintf(stderr, "generating the 131K fabric...\n");
    const Fabric large = generateClos(big);
    const Fabric &small = *meta.fabric;
    const int jobSamples = std::max(1, samples / 50);

    std::vector<Row> rows;
    auto mc = [&](int threads, int count) {
        StudyOptions o;
        o.kind = StudyKind::MonteCarlo;
        o.samples = count;
        o.threads = threads;
        return o;
    };
    auto log = [&](const Row &r) {
        std::fprintf(stderr, "  %-52s %2d threads %7lld scenarios %6lld what-ifs %9.0f ms\n", r.what.c_str(), r.threads,
                     (long long)r.scenarios, (long long)r.evaluated, r.ms);
        rows.push_back(r);
    };
    for (int threads : {1, 2})
        log(runOne("24K Monte Carlo, default rates", small, mc(threads, samples)));
    {
        StudyOptions o = mc(2, jobSamples);
        o.job = moe;
        o.routing = "fluid";
        log(runOne("24K Monte Carlo + moe-meta-24k (fluid)", small, o));
        o.routing = "as-routed";
        log(runOne("24K Monte Carlo + moe-meta-24k (as routed)", small, o));
    }
    // Shards: each on one thread, as array tasks on two machines would run them.
    {
        std::vector<StudyResult> parts;
        double slowest = 0;
        for (int shard = 0; shard < 2; ++shard) {
            StudyOptions o = mc(1, samples);
            o.shardIndex = shard;
            o.shardCount = 2;
            StudyResult part;
            const double ms = timeMs([&] { part = runFailureStudy(small, o); });
            slowest = std::max(slowest, ms);
            parts.push_back(std::move(part));
        }
        StudyResult merged;
        const double mergeMs = timeMs([&] { merged = mergeStudies(parts); });
        Row r{"24K Monte Carlo in 2 shards (slowest shard + merge)", 1, std::int64_t(merged.outcomes.size()),
              merged.evaluated, slowest + mergeMs};
        log(r);
    }
    for (int threads : {1, 2})
        log(runOne("131K Monte Carlo, default rates", large, mc(threads, samples)));
    {
        StudyOptions o = mc(2, jobSamples);
        o.job = llama;
        o.routing = "fluid";
        log(runOne("131K Monte Carlo + llama-70b-2k (fluid)", large, o));
        o.routing = "as-routed";
        log(runOne("131K Monte Carlo + llama-70b-2k (as routed)", large, o));
    }
    {
        StudyOptions o;
        o.kind = StudyKind::NMinus1;
        o.threads = 2;
        log(runOne("131K N-1, every switch and link", large, o));
    }

    if (json) {
        QJsonArray out;
        for (const Row &r : rows)
            out.append(QJsonObject{{"study", QString::fromStdString(r.what)},
                                   {"threads", r.threads},
                                   {"scenarios", double(r.scenarios)},
                                   {"what_ifs", double(r.evaluated)},
                                   {"ms", r.ms},
                                   {"scenarios_per_s", r.ms > 0 ? double(r.scenarios) * 1000.0 / r.ms : 0.0}});
        std::printf("%s\n", QJsonDocument(QJsonObject{{"rows", out}, {"peak_rss_mib", peakRssMiB()}})
                                .toJson(QJsonDocument::Indented)
                                .constData());
        return 0;
    }
    std::printf("%-54s %7s %10s %9s %10s %13s\n", "study", "threads", "scenarios", "what-ifs", "ms", "scenarios/s");
    for (const Row &r : rows)
        std::printf("%-54s %7d %10lld %9lld %10.0f %13.1f\n", r.what.c_str(), r.threads, (long long)r.scenarios,
                    (long long)r.evaluated, r.ms, r.ms > 0 ? double(r.scenarios) * 1000.0 / r.ms : 0.0);
    std::printf("peak RSS %.0f MiB\n", peakRssMiB());
    return 0;
}

} // namespace Railyard
