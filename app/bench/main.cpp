// railyard-bench: times fabric generation and analysis at three scales.
//
// For each scale it measures, separately and as a total: generateClos (plus
// building the adjacency), oversubscription, bisection, and one what-if (one
// spine switch failed, oversubscription and bisection recomputed). Each scale
// runs --repeat times (default 3) and the median of each phase is reported,
// with the process's peak RSS after the scale. Not part of the test run.

#include "app/common/memorytuning.h"
#include "app/bench/benchutil.h"
#include "app/bench/healthbench.h"
#include "app/bench/prometheusbench.h"
#include "app/bench/intentbench.h"
#include "app/bench/designbench.h"
#include "app/bench/explorebench.h"
#include "app/bench/floorbench.h"
#include "app/bench/resiliencebench.h"
#include "app/bench/routingbench.h"
#include "app/bench/jobbench.h"
#include "app/bench/projectbench.h"
#include "core/analysis/bisection.h"
#include "core/analysis/maxflow.h"
#include "core/analysis/capacity.h"
#include "core/analysis/oversubscription.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "core/model/hugepages.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <cstdio>
#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace Railyard {
namespace {

struct Scale
{
    const char *slug;
    const char *description;
    std::function<ClosParams()> params;
};

/// Rail-optimized on radix-128 400G switches, three tiers: 16,384 hosts
/// (131,072 GPUs) or 65,536 (524,288 GPUs, as many as three tiers of
/// radix-128 switches hold as a Clos: 128³/4 host ports).
ClosParams radix128Params(int hosts)
{
    ClosParams p = railOptimizedParams(hosts);
    if (p.tierSpecs.empty())
        p.tierSpecs.push_back(TierSpec{});
    for (TierSpec &spec : p.tierSpecs) {
        spec.radix = 128;
        spec.uplinkGbps = 400.0;
        spec.model = "radix-128 400G";
    }
    p.tiers = 3;
    return p;
}

ClosParams params131k()
{
    return radix128Params(16384);
}

const std::vector<Scale> &scales()
{
    static const std::vector<Scale> list{
        {"3k", "3,072 GPUs, rail-optimized, 384 hosts (cluster-3k shape)", [] { return railOptimizedParams(384); }},
        {"24k", "24,576 GPUs, Meta-style 8 AI zones", [] { return metaAiZoneParams(8); }},
        {"131k", "131,072 GPUs, rail-optimized, 16,384 hosts, radix 128, 3 tiers", params131k},
        {"524k", "524,288 GPUs, rail-optimized, 65,536 hosts, radix 128, 3 tiers", [] { return radix128Params(65536); }},
    };
    return list;
}

/// Milliseconds per phase of one run.
struct Timings
{
    double generate = 0.0;
    double oversubscription = 0.0;
    double bisection = 0.0;
    double whatIf = 0.0;
    double total = 0.0;
};

/// What one run computed, to show the numbers are real.
struct Outcome
{
    long long gpus = 0;
    int hosts = 0;
    int switches = 0;
    int links = 0;
    BisectionResult bisection;
    BisectionResult whatIfBisection;
    std::string failedSpine;
};

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start, Clock::time_point end)
{
    return std::chrono::duration<double, std::milli>(end - start).count();
}

Timings runOnce(const ClosParams &params, Outcome *outcome)
{
    Timings t;
    const auto t0 = Clock::now();
    Fabric fabric = generateClos(params);
    fabric.prepare();
    const auto t1 = Clock::now();
    const CapacityView capacity = CapacityView::of(fabric);
    const OversubscriptionResult oversubscription = analyzeOversubscription(fabric, capacity);
    const auto t2 = Clock::now();
    // As WhatIfBase does: the what-if's flow network is derived from the baseline's.
    const SwitchFlowNetwork network(fabric, capacity);
    BisectionOptions options;
    options.network = &network;
    outcome->bisection = analyzeBisection(fabric, capacity, options);
    const auto t3 = Clock::now();

    Failures failures;
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s) {
        if (fabric.switchAt(s).tier == Tier::Spine) {
            failures.switches.push_back(s);
            outcome->failedSpine = fabric.switchAt(s).id;
            break;
        }
    }
    const CapacityView failed = CapacityView::of(fabric, failures);
    const OversubscriptionResult failedOversubscription = analyzeOversubscription(fabric, failed);
    const SwitchFlowNetwork failedNetwork(network, failed);
    options.network = &failedNetwork;
    outcome->whatIfBisection = analyzeBisection(fabric, failed, options);
    const auto t4 = Clock::now();

    t.generate = msSince(t0, t1);
    t.oversubscription = msSince(t1, t2);
    t.bisection = msSince(t2, t3);
    t.whatIf = msSince(t3, t4);
    t.total = msSince(t0, t4);
    outcome->gpus = fabric.gpuCount();
    outcome->hosts = fabric.hostCount();
    outcome->switches = fabric.switchCount();
    outcome->links = fabric.linkCount();
    // Keep the results observable so nothing is optimised away.
    static volatile size_t sink = 0;
    sink = sink + oversubscription.perSwitch.size() + failedOversubscription.perSwitch.size();
    return t;
}

using Bench::median;
using Bench::peakRssMiB;

struct ScaleResult
{
    const Scale *scale = nullptr;
    Timings median;
    Outcome outcome;
    double peakRss = 0.0;
    int repeats = 0;
};

ScaleResult benchScale(const Scale &scale, int repeats)
{
    ScaleResult result;
    result.scale = &scale;
    result.repeats = repeats;
    const ClosParams params = scale.params();
    std::vector<Timings> runs;
    for (int i = 0; i < repeats; ++i) {
        std::fprintf(stderr, "[%s] run %d/%d...\n", scale.slug, i + 1, repeats);
        runs.push_back(runOnce(params, &result.outcome));
    }
    const auto med = [&runs](double Timings::*field) {
        std::vector<double> values;
        for (const Timings &t : runs)
            values.push_back(t.*field);
        return median(values);
    };
    result.median = {med(&Timings::generate), med(&Timings::oversubscription), med(&Timings::bisection),
                     med(&Timings::whatIf), med(&Timings::total)};
    result.peakRss = peakRssMiB();
    return result;
}

QJsonValue finiteOrNull(double value)
{
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue();
}

QJsonObject toJson(const ScaleResult &r)
{
    const auto bisection = [](const BisectionResult &b) {
        return QJsonObject{{QStringLiteral("gbps"), finiteOrNull(b.gbps)},
                           {QStringLiteral("full_gbps"), finiteOrNull(b.fullGbps)},
                           {QStringLiteral("ratio"), finiteOrNull(b.ratio)},
                           {QStringLiteral("method"), QLatin1String(bisectionMethodName(b.method))},
                           {QStringLiteral("cut_links"), static_cast<qint64>(b.cutLinks.size())}};
    };
    return QJsonObject{
        {QStringLiteral("scale"), QLatin1String(r.scale->slug)},
        {QStringLiteral("description"), QLatin1String(r.scale->description)},
        {QStringLiteral("gpus"), r.outcome.gpus},
        {QStringLiteral("hosts"), r.outcome.hosts},
        {QStringLiteral("switches"), r.outcome.switches},
        {QStringLiteral("links"), r.outcome.links},
        {QStringLiteral("repeats"), r.repeats},
        {QStringLiteral("median_ms"),
         QJsonObject{{QStringLiteral("generate"), r.median.generate},
                     {QStringLiteral("oversubscription"), r.median.oversubscription},
                     {QStringLiteral("bisection"), r.median.bisection},
                     {QStringLiteral("what_if"), r.median.whatIf},
                     {QStringLiteral("total"), r.median.total}}},
        {QStringLiteral("bisection"), bisection(r.outcome.bisection)},
        {QStringLiteral("what_if"),
         QJsonObject{{QStringLiteral("failed"), QString::fromStdString(r.outcome.failedSpine)},
                     {QStringLiteral("bisection"), bisection(r.outcome.whatIfBisection)}}},
        {QStringLiteral("peak_rss_mib"), r.peakRss},
    };
}

void printTableHeader()
{
    std::printf("%-5s %8s %6s %6s %7s | %10s %10s %10s %10s %10s | %-28s %-28s %9s\n", "scale", "GPUs", "hosts", "sw",
                "links", "gen ms", "oversub ms", "bisect ms", "what-if ms", "total ms", "bisection (ratio)",
                "what-if bisection", "RSS MiB");
}

void printTableRow(const ScaleResult &r)
{
    const auto bis = [](const BisectionResult &b) {
        char text[64];
        std::snprintf(text, sizeof text, "%.0f G (%.3f %s)", b.gbps, b.ratio, bisectionMethodName(b.method));
        return std::string(text);
    };
    std::printf("%-5s %8lld %6d %6d %7d | %10.1f %10.1f %10.1f %10.1f %10.1f | %-28s %-28s %9.1f\n", r.scale->slug,
                r.outcome.gpus, r.outcome.hosts, r.outcome.switches, r.outcome.links, r.median.generate,
                r.median.oversubscription, r.median.bisection, r.median.whatIf, r.median.total,
                bis(r.outcome.bisection).c_str(), bis(r.outcome.whatIfBisection).c_str(), r.peakRss);
    std::fflush(stdout);
}

} // namespace
} // namespace Railyard

int main(int argc, char *argv[])
{
    Railyard::restartWithHugePages(argv);
    Railyard::tuneAllocatorForLargeFabrics();
    using namespace Railyard;
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("railyard-bench"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Times generation, oversubscription, bisection and a one-spine what-if at 3k, 24k and "
                       "131k GPUs; reports the median of each phase and the peak RSS."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("scale"), QStringLiteral("3k, 24k, 131k, 524k, or all (default: 3k to 131k)."),
                      QStringLiteral("scale"), QStringLiteral("all")});
    parser.addOption({QStringLiteral("repeat"), QStringLiteral("Runs per scale; the median is reported. Default 3."),
                      QStringLiteral("n"), QStringLiteral("3")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print machine-readable JSON instead of a table.")});
    parser.addOption({QStringLiteral("job"),
                      QStringLiteral("Time the training-job pipeline instead: read, place, per-step traffic, fluid "
                                     "routing, per-collective times, 100 ECMP seeds (see --fabric, --job-file).")});
    parser.addOption({QStringLiteral("fabric"), QStringLiteral("--job: fabric file. Default samples/meta-24k."),
                      QStringLiteral("file"), QStringLiteral(RAILYARD_SAMPLES "/meta-24k.fabric.json")});
    parser.addOption({QStringLiteral("job-file"),
                      QStringLiteral("--job: job file. Default samples/moe-meta-24k.job.json (16,384 GPUs)."),
                      QStringLiteral("file"), QStringLiteral(RAILYARD_SAMPLES "/moe-meta-24k.job.json")});
    parser.addOption({QStringLiteral("project"),
                      QStringLiteral("Time the .railyard project file instead: save (new and over the project), open, "
                                     "add and read a version, next to the .fabric.json, at the --scale fabrics.")});
    parser.addOption({QStringLiteral("intents"),
                      QStringLiteral("Time lint and diff of a generated 200-rule network intent instead, on --fabric "
                                     "(default samples/meta-24k).")});
    parser.addOption({QStringLiteral("health"),
                      QStringLiteral("Time health detection (link samples per second, one thread) on --fabric with "
                                     "--job-file running instead.")});
    parser.addOption({QStringLiteral("lfts"),
                      QStringLiteral("Time the subnet-manager routing analysis instead: a 16,384-GPU fabric's "
                                     "forwarding tables read, mapped, and 1,000 random bisections.")});
    parser.addOption({QStringLiteral("designs"),
                      QStringLiteral("Time the architect's loop instead: a 32,768-GPU design generated on each "
                                     "400G switch model, compared side by side without and with a job, and format "
                                     "detection by content.")});
    parser.addOption({QStringLiteral("prometheus"),
                      QStringLiteral("Time one Prometheus poll of every NIC and switch-port series of the 131k "
                                     "fabric instead: HTTP from a synthetic local /api/v1/query, parsing, mapping.")});
    parser.addOption({QStringLiteral("resilience"),
                      QStringLiteral("Time failure studies instead: Monte Carlo scenarios per second at 24K and 131K "
                                     "GPUs without and with a job, 1 against 2 threads, 2 shards and their merge, "
                                     "N-1 at 131K (see --samples).")});
    parser.addOption({QStringLiteral("explore"),
                      QStringLiteral("Time the design explorer instead: 32,768 GPUs over the catalogue's 400G "
                                     "switches, without and with a job, and a re-run from the cache.")});
    parser.addOption({QStringLiteral("floor"),
                      QStringLiteral("Time the floor instead: the 131k design placed on an automatic floor, and "
                                     "every link's run over the trays and its cable part.")});
    parser.addOption({QStringLiteral("samples"),
                      QStringLiteral("--resilience: Monte Carlo scenarios per run without a job (a fiftieth with one). "
                                     "Default 1000."),
                      QStringLiteral("n"), QStringLiteral("1000")});
    if (!parser.parse(QCoreApplication::arguments())) {
        std::fprintf(stderr, "railyard-bench: %s\n", qPrintable(parser.errorText()));
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::printf("%s", qPrintable(parser.helpText()));
        return 0;
    }
    bool ok = false;
    const int repeats = parser.value(QStringLiteral("repeat")).toInt(&ok);
    if (!ok || repeats < 1) {
        std::fprintf(stderr, "railyard-bench: --repeat must be a positive integer\n");
        return 2;
    }
    if (parser.isSet(QStringLiteral("explore")))
        return runExploreBench(parser.isSet(QStringLiteral("json")));
    if (parser.isSet(QStringLiteral("floor")))
        return runFloorBench(params131k(), repeats, parser.isSet(QStringLiteral("json")));
    if (parser.isSet(QStringLiteral("resilience"))) {
        const int samples = parser.value(QStringLiteral("samples")).toInt(&ok);
        if (!ok || samples < 1) {
            std::fprintf(stderr, "railyard-bench: --samples must be a positive integer\n");
            return 2;
        }
        return runResilienceBench(params131k(), samples, parser.isSet(QStringLiteral("json")));
    }
    if (parser.isSet(QStringLiteral("lfts")))
        return runRoutingBench(repeats, parser.isSet(QStringLiteral("json")));
    if (parser.isSet(QStringLiteral("designs")))
        return runDesignBench(repeats, parser.isSet(QStringLiteral("json")));
    if (parser.isSet(QStringLiteral("prometheus")))
        return runPrometheusBench(generateClos(params131k()), repeats, parser.isSet(QStringLiteral("json")));
    if (parser.isSet(QStringLiteral("health")))
        return runHealthBench(parser.value(QStringLiteral("fabric")), parser.value(QStringLiteral("job-file")), repeats,
                              parser.isSet(QStringLiteral("json")));
    if (parser.isSet(QStringLiteral("intents")))
        return runIntentBench(parser.value(QStringLiteral("fabric")), repeats, parser.isSet(QStringLiteral("json")));
    if (parser.isSet(QStringLiteral("job")))
        return runJobBench(parser.value(QStringLiteral("fabric")), parser.value(QStringLiteral("job-file")), repeats,
                           parser.isSet(QStringLiteral("json")));
    const QString which = parser.value(QStringLiteral("scale"));
    std::vector<const Scale *> selected;
    for (const Scale &scale : scales()) {
        // "all" stops at 131k: the 524k fabric takes a few GB and a minute per run.
        if ((which == QLatin1String("all") && std::strcmp(scale.slug, "524k") != 0) || which == QLatin1String(scale.slug))
            selected.push_back(&scale);
    }
    if (selected.empty()) {
        std::fprintf(stderr, "railyard-bench: --scale: unknown scale '%s' (3k, 24k, 131k, 524k or all)\n", qPrintable(which));
        return 2;
    }

    const bool json = parser.isSet(QStringLiteral("json"));
    if (parser.isSet(QStringLiteral("project"))) {
        for (const Scale *scale : selected) {
            std::fprintf(stderr, "[%s] generating...\n", scale->slug);
            if (const int rc = runProjectBench(generateClos(scale->params()), scale->slug, repeats, json))
                return rc;
        }
        return 0;
    }
    if (!json)
        printTableHeader();
    QJsonArray results;
    try {
        for (const Scale *scale : selected) {
            const ScaleResult result = benchScale(*scale, repeats);
            if (json)
                results.append(toJson(result));
            else
                printTableRow(result);
        }
    } catch (const std::exception &error) {
        std::fprintf(stderr, "railyard-bench: %s\n", error.what());
        return 1;
    }
    if (json) {
        const QJsonObject root{{QStringLiteral("repeats"), repeats},
                               {QStringLiteral("unit"), QStringLiteral("ms")},
                               {QStringLiteral("scales"), results}};
        std::printf("%s", QJsonDocument(root).toJson(QJsonDocument::Indented).constData());
    } else {
        std::printf("Times are medians of %d runs, in milliseconds; RSS is the process peak after each scale.\n"
                    "Bisection is Gbit/s per direction.\n",
                    repeats);
    }
    return 0;
}
