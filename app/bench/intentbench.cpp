// railyard-bench --intents: lint and diff of a generated 200-rule intent on
// a fabric file (by default samples/meta-24k.fabric.json: 3,072 hosts in
// 1,536 racks, 8 zones). The rules mix what operators write: RDMA inside
// each zone, RDMA between ranges of racks across zones ("rack-012?" → ten
// racks), TCP by pod, a few rules naming single hosts (they split racks
// into groups), denies of ranges of scalable units, and egress. Version 2
// changes 20 rules, adds and removes 5, reorders 2 and opens egress for one
// zone. Each run parses the intent text, lints (or diffs, with the links)
// and writes the JSON report; the fabric is read once, outside the timings.

#include "app/bench/intentbench.h"

#include "app/bench/benchutil.h"
#include "core/registry/formatregistry.h"
#include "core/intents/intentdiff.h"
#include "core/intents/intentlint.h"
#include "core/intents/intentreader.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <cstdio>
#include <functional>
#include <random>
#include <set>

namespace Railyard {

using Bench::median;
using Bench::peakRssMiB;
using Bench::timeMs;

namespace {


std::string pad(int value, int width)
{
    std::string s = std::to_string(value);
    return std::string(size_t(std::max(0, width - int(s.size()))), '0') + s;
}

IntentRule makeRule(std::string from, std::string to, IntentProtocol proto, std::string name)
{
    IntentRule r;
    r.name = std::move(name);
    r.from = std::move(from);
    r.to = std::move(to);
    r.proto = proto;
    return r;
}

/// The 200-rule intent for a fabric of `zones` zones and `racks` racks named
/// rack-NNNN (meta-24k's naming); seeded, so every run times the same intent.
Intent generateIntent(int zones, int racks, int hosts)
{
    std::mt19937 rng(20261202);
    Intent intent;
    intent.metadata.version = 1;
    intent.metadata.author = "bench";
    intent.cluster = "meta-24k";
    intent.backend = IntentBackend::Roce;
    intent.rails = 8;
    intent.topology = IntentTopology::RailOptimized;
    intent.denyPublicEgress = true;
    LosslessSettings l;
    l.pfcPriority = 3;
    l.ecn = EcnThresholds{150, 1500, 20};
    l.mtuBytes = 4096;
    intent.lossless = l;
    int n = 0;
    const auto name = [&n]() { return "r" + std::to_string(n++); };
    for (int z = 1; z <= zones; ++z) {
        const std::string zone = "zone-" + pad(z, 2) + "/*";
        intent.allow.push_back(makeRule(zone, zone, IntentProtocol::Rdma, name()));
    }
    const int decades = std::max(1, racks / 10);
    std::uniform_int_distribution<int> decade(0, decades - 1), host(1, hosts), pod(1, zones);
    const auto rackRange = [&]() { return "rack-" + pad(decade(rng), 3) + "?"; };
    while (intent.allow.size() < 150)
        intent.allow.push_back(makeRule(rackRange(), rackRange(), IntentProtocol::Rdma, name()));
    while (intent.allow.size() < 165) {
        const std::string p = "zone-*/pod-" + pad(pod(rng), 2) + "/*";
        intent.allow.push_back(makeRule(p, "zone-*/pod-" + pad(pod(rng), 2) + "/*", IntentProtocol::Tcp, name()));
    }
    while (intent.allow.size() < 175)
        intent.allow.push_back(makeRule("gpu" + pad(host(rng), 4), rackRange(), IntentProtocol::Any, name()));
    while (intent.deny.size() < 20) {
        const std::string su = "zone-*/*/su-" + pad(decade(rng) / 10, 2) + std::string("??") + "/*";
        intent.deny.push_back(makeRule(su, rackRange(), IntentProtocol::Rdma, name()));
    }
    intent.deny.push_back(makeRule("zone-0[1-4]/*", "@public", IntentProtocol::Any, name()));
    while (intent.allow.size() + intent.deny.size() < 200)
        intent.allow.push_back(makeRule("*", "*", IntentProtocol::Tcp, name()));
    return intent;
}

/// Version 2: 20 rules changed, 5 added, 5 removed, 2 reordered, egress opened for zone-05.
Intent editIntent(const Intent &v1, int hosts)
{
    Intent v2 = v1;
    v2.metadata.version = 2;
    v2.metadata.parent = 1;
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> host(1, hosts);
    for (size_t i = 10; i < 30; ++i)
        v2.allow[i].proto = v2.allow[i].proto == IntentProtocol::Rdma ? IntentProtocol::Any : IntentProtocol::Rdma;
    v2.allow.erase(v2.allow.begin() + 40, v2.allow.begin() + 45);
    for (int i = 0; i < 5; ++i)
        v2.allow.insert(v2.allow.begin() + 60,
                        makeRule("gpu" + pad(host(rng), 4), "zone-0" + std::to_string(i + 1) + "/*",
                                 IntentProtocol::Rdma, "added" + std::to_string(i)));
    std::swap(v2.allow[100], v2.allow[120]);
    v2.denyPublicEgress = false;
    v2.allow.push_back(makeRule("zone-05/*", "@public", IntentProtocol::Tcp, "egress-zone-05"));
    return v2;
}

} // namespace

int runIntentBench(const QString &fabricPath, int repeats, bool json)
{
    std::fprintf(stderr, "[intents] reading %s...\n", qPrintable(fabricPath));
    ReadResult read;
    const double readMs = timeMs([&] { read = FormatRegistry::instance().readFile(fabricPath); });
    if (!read.ok()) {
        std::fprintf(stderr, "railyard-bench: %s\n", qPrintable(read.errorText()));
        return 1;
    }
    const Fabric &fabric = *read.fabric;
    fabric.prepare();
    int zones = 0;
    {
        std::set<std::string> names;
        for (const Host &h : fabric.hosts())
            names.insert(h.location.zone);
        zones = std::max(1, int(names.size()));
    }
    std::set<std::string> rackNames;
    for (const Host &h : fabric.hosts())
        rackNames.insert(h.location.rack);
    const Intent v1 = generateIntent(zones, int(rackNames.size()), fabric.hostCount());
    const Intent v2 = editIntent(v1, fabric.hostCount());
    const std::string text1 = writeIntent(v1);
    const std::string text2 = writeIntent(v2);
    // RAILYARD_BENCH_WRITE_INTENTS=DIR also writes both versions there, to
    // time `railyard-cli intent lint/diff` on them end to end.
    if (const QByteArray dir = qgetenv("RAILYARD_BENCH_WRITE_INTENTS"); !dir.isEmpty()) {
        for (const auto &[name, text] :
             {std::pair{"bench.v1.intent.json", &text1}, std::pair{"bench.v2.intent.json", &text2}}) {
            QFile file(QString::fromLocal8Bit(dir) + QLatin1Char('/') + QLatin1String(name));
            if (file.open(QIODevice::WriteOnly))
                file.write(text->data(), qint64(text->size()));
        }
    }

    std::vector<double> lintMs, diffMs;
    LintReport lastLint;
    IntentDiff lastDiff;
    size_t lintBytes = 0, diffBytes = 0;
    for (int i = 0; i < repeats; ++i) {
        std::fprintf(stderr, "[intents] run %d/%d...\n", i + 1, repeats);
        lintMs.push_back(timeMs([&] {
            const IntentReadResult r = parseIntent(text1, QStringLiteral("bench"));
            lastLint = lintIntent(*r.intent, fabric);
            lintBytes = lintReportToJson(lastLint).size();
        }));
        diffMs.push_back(timeMs([&] {
            const IntentReadResult a = parseIntent(text1, QStringLiteral("v1"));
            const IntentReadResult b = parseIntent(text2, QStringLiteral("v2"));
            lastDiff = diffIntents(*a.intent, *b.intent, fabric);
            diffBytes = intentDiffToJson(lastDiff, *a.intent, *b.intent).size();
        }));
    }
    const SemanticDiff &sem = lastDiff.semantics;
    const double rss = peakRssMiB();
    if (json) {
        const QJsonObject root{
            {QStringLiteral("fabric"), fabricPath},
            {QStringLiteral("hosts"), fabric.hostCount()},
            {QStringLiteral("gpus"), qint64(fabric.gpuCount())},
            {QStringLiteral("rules"), int(v1.allow.size() + v1.deny.size())},
            {QStringLiteral("groups"), lastLint.groups},
            {QStringLiteral("classes"),
             QJsonObject{{QStringLiteral("sources"), lastLint.sourceClasses},
                         {QStringLiteral("destinations"), lastLint.destinationClasses}}},
            {QStringLiteral("findings"), int(lastLint.findings.size())},
            {QStringLiteral("repeats"), repeats},
            {QStringLiteral("read_fabric_ms"), readMs},
            {QStringLiteral("median_ms"),
             QJsonObject{{QStringLiteral("lint"), median(lintMs)}, {QStringLiteral("diff"), median(diffMs)}}},
            {QStringLiteral("diff"),
             QJsonObject{{QStringLiteral("rule_changes"), int(lastDiff.rules.changes.size())},
                         {QStringLiteral("newly_allowed_rdma"), qint64(sem.newlyAllowed[0])},
                         {QStringLiteral("newly_denied_rdma"), qint64(sem.newlyDenied[0])},
                         {QStringLiteral("racks"), int(sem.racks.size())},
                         {QStringLiteral("links"), int(sem.links.size())}}},
            {QStringLiteral("peak_rss_mib"), rss},
        };
        std::printf("%s", QJsonDocument(root).toJson(QJsonDocument::Indented).constData());
        return 0;
    }
    std::printf("fabric %s: %lld GPUs, %d hosts; read in %.0f ms (not timed below)\n", qPrintable(fabricPath),
                fabric.gpuCount(), fabric.hostCount(), readMs);
    std::printf("intent: %zu rules; %d host groups, %d source and %d destination classes; %zu findings\n",
                v1.allow.size() + v1.deny.size(), lastLint.groups, lastLint.sourceClasses, lastLint.destinationClasses,
                lastLint.findings.size());
    std::printf("lint (parse + lint + JSON, %zu bytes):  median %8.1f ms of %d runs\n", lintBytes, median(lintMs),
                repeats);
    std::printf("diff (parse ×2 + diff + links + JSON, %zu bytes): median %8.1f ms of %d runs\n", diffBytes,
                median(diffMs), repeats);
    std::printf(
        "diff: %zu rule changes; RDMA %lld newly allowed, %lld newly denied group pairs; %zu racks, %zu links\n",
        lastDiff.rules.changes.size(), sem.newlyAllowed[0], sem.newlyDenied[0], sem.racks.size(), sem.links.size());
    std::printf("peak RSS %.1f MiB\n", rss);
    return 0;
}

} // namespace Railyard
