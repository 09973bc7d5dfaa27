// What routing costs, against published figures and hand-worked cases
// (docs/routing-validation.md, docs/traffic-model.md):
//  * the routing validation table (tests/data/routing-validation/rows.json):
//    every counted row as the table says (in its bound, or a known miss
//    still missing), every row cited; the fluid null must not pass it;
//  * ECMP hashing at one queue pair per connection on cluster-3k with the
//    Llama-70B-shaped job within 1.2-1.8x the fluid step communication, and
//    falling as queue pairs grow;
//  * a topology-ordered data-parallel ring under static routing (OpenSM's
//    ftree) within 5 % of fluid on full-bisection two- and three-tier
//    fabrics, and a random order far from it.

#include "core/fabricmanager/routingvalidation.h"
#include "core/formats/fabricjson/fabricjsonformat.h"
#include "core/generators/presets.h"
#include "core/jobs/jobspec.h"
#include "core/placement/jobevaluation.h"

#include <QFile>
#include <QTest>

#include <stdexcept>

using namespace Railyard;

namespace {

std::string readText(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

const QString rowsPath = QStringLiteral(RAILYARD_TEST_DATA "/routing-validation/rows.json");
const std::string rowsDir = RAILYARD_TEST_DATA "/routing-validation";

Fabric readFabric(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        throw std::runtime_error("cannot open " + path.toStdString());
    ReadResult r = FabricJsonFormat().read(f, path);
    if (!r.ok())
        throw std::runtime_error(r.errorText().toStdString());
    return std::move(*r.fabric);
}

/// Data-parallel job over every GPU of the fabric, TP 8 inside each host:
/// its gradients all-reduced in rail-aligned rings across hosts.
JobSpec dpJob(const Fabric &f)
{
    JobSpec job;
    job.name = "dp-ring";
    const int gpus = f.hostCount() * f.host(0).gpus;
    job.model = {8.0e9, 32, 4096, 4096, 32000, "bf16", 2, 0, 0, 0, 0};
    job.parallel = {f.host(0).gpus, 1, gpus / f.host(0).gpus, 1, 1, 1};
    job.globalBatch = job.parallel.dp;
    job.gpus = gpus;
    return job;
}

double commSeconds(const Fabric &f, const JobSpec &job, RankOrder order, RoutingOptions routing)
{
    PlacementOptions placement;
    placement.rankOrder = order;
    const JobEvaluation e = evaluateJob(f, CapacityView::of(f), job, placement, routing);
    if (!e.routed())
        throw std::runtime_error(e.routingError);
    return e.stepSeconds;
}

} // namespace

class TestRoutingValidation : public QObject
{
    Q_OBJECT

private slots:
    void tableAsExpected()
    {
        const std::string text = readText(rowsPath);
        QVERIFY(!text.empty());
        const RoutingValidation v = validateRouting(text, rowsPath.toStdString(), rowsDir);
        QVERIFY(v.counted >= 8);
        for (const RoutingValidationRow &r : v.rows) {
            // Every row cited and quoted, counted or not.
            QVERIFY2(!r.source.empty() && !r.quote.empty() && !r.published.empty(), r.id.c_str());
            if (!r.counted())
                continue;
            qInfo("%-45s figure %8.4f bound [%g, %g] %s%s", r.id.c_str(), r.figure, r.low, r.high,
                  r.inBounds ? "in" : "out", r.knownMiss.empty() ? "" : " (known miss)");
            QVERIFY2(r.problem.empty(), (r.id + ": " + r.problem).c_str());
            QVERIFY2(std::isfinite(r.figure), r.id.c_str());
            QVERIFY2(!r.detail.empty(), r.id.c_str());
            if (r.knownMiss.empty())
                QVERIFY2(r.inBounds, (r.id + " out of its bound: " + std::to_string(r.figure)).c_str());
            else
                QVERIFY2(!r.inBounds, (r.id + " is in its bound now: update its known miss").c_str());
        }
        QCOMPARE(v.asExpected, v.counted);
        // Figures, not only bounds: the topology order is contention-free.
        for (const RoutingValidationRow &r : v.rows)
            if (r.id == "zahavi2012-topology-order-contention-free")
                QCOMPARE(r.figure, 1.0);
    }

    void fluidNullFails()
    {
        // The null cannot tell static routing's effective bisection or a random
        // order's loss from full bandwidth: those rows fall out of bounds.
        const std::string text = readText(rowsPath);
        const RoutingValidation model = validateRouting(text, rowsPath.toStdString(), rowsDir);
        const RoutingValidation null = validateRouting(text, rowsPath.toStdString(), rowsDir, true);
        QCOMPARE(null.counted, model.counted);
        QVERIFY2(null.asExpected < null.counted, "the fluid null passes the routing validation");
        int nullMisses = 0;
        for (size_t i = 0; i < null.rows.size(); ++i) {
            const RoutingValidationRow &n = null.rows[i];
            if (!n.counted() || !n.knownMiss.empty())
                continue;
            if (!n.inBounds)
                ++nullMisses;
            if (n.id.rfind("hoefler2008", 0) == 0 || n.id == "zahavi2012-random-order-40pct") {
                QVERIFY2(!n.inBounds, n.id.c_str());
                QVERIFY2(n.figure > 0.99, n.id.c_str()); // fluid routing delivers every permutation
            }
        }
        QVERIFY(nullMisses >= 3);
    }

    void badRows_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << "{" << "not JSON";
        QTest::newRow("format") << R"({"format": "x", "version": 1, "rows": []})" << "/format";
        QTest::newRow("no bound")
            << R"({"format": "railyard-routing-validation", "version": 1, "rows": [{"id": "a", "claim": "c",
                 "source": "s", "quote": "q", "published": "p", "unit": "share",
                 "experiment": {"kind": "shift_order"}}]})"
            << "rows/0: missing \"bound\"";
        QTest::newRow("unknown preset")
            << R"({"format": "railyard-routing-validation", "version": 1, "rows": [{"id": "a", "claim": "c",
                 "source": "s", "quote": "q", "published": "p", "unit": "share", "bound": [0, 1],
                 "experiment": {"kind": "effective_bisection", "design": {"preset": "torus"}}}]})"
            << "unknown preset \"torus\"";
        QTest::newRow("unknown kind")
            << R"({"format": "railyard-routing-validation", "version": 1, "rows": [{"id": "a", "claim": "c",
                 "source": "s", "quote": "q", "published": "p", "unit": "share", "bound": [0, 1],
                 "experiment": {"kind": "teleport"}}]})"
            << "experiment/kind: unknown kind";
        QTest::newRow("bad qps")
            << R"({"format": "railyard-routing-validation", "version": 1, "rows": [{"id": "a", "claim": "c",
                 "source": "s", "quote": "q", "published": "p", "unit": "gain", "bound": [0, 1],
                 "experiment": {"kind": "job", "design": {"preset": "fat-tree", "k": 4},
                   "job": {"name": "j", "model": {"parameters": 1e9, "layers": 4, "hidden_size": 1024,
                           "sequence_length": 1024, "vocabulary": 1000, "precision": "bf16"},
                           "parallelism": {"tp": 1, "pp": 1, "dp": 16}, "batch": {"micro_batch": 1,
                           "global_batch": 16}, "gpus": 16},
                   "metric": "comm", "a": {"routing": "hashed", "qps": 0}, "b": {"routing": "fluid"}}}]})"
            << "experiment/a/qps: need 1 to 128";
    }

    void badRows()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        try {
            validateRouting(json.toStdString(), "rows.json", ".");
            QFAIL("no error");
        } catch (const std::runtime_error &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(expected), e.what());
        }
    }

    void jobThatDoesNotFitIsTheRowsProblem()
    {
        const std::string rows = R"({"format": "railyard-routing-validation", "version": 1, "rows": [{"id": "a",
            "claim": "c", "source": "s", "quote": "q", "published": "p", "unit": "gain", "bound": [0, 1],
            "experiment": {"kind": "job", "design": {"preset": "fat-tree", "k": 4},
              "job": {"name": "j", "model": {"parameters": 1e9, "layers": 4, "hidden_size": 1024,
                      "sequence_length": 1024, "vocabulary": 1000, "precision": "bf16"},
                      "parallelism": {"tp": 1, "pp": 1, "dp": 64}, "batch": {"micro_batch": 1,
                      "global_batch": 64}, "gpus": 64},
              "metric": "comm", "a": {"routing": "hashed"}, "b": {"routing": "fluid"}}}]})";
        const RoutingValidation v = validateRouting(rows, "rows.json", ".");
        QCOMPARE(v.counted, 1);
        QCOMPARE(v.inBounds, 0);
        QVERIFY(!v.rows.front().problem.empty());
    }

    void cluster3kHashedInPublishedRange()
    {
        // docs/traffic-model.md, "Connections per peer": at one queue pair per
        // connection ECMP hashing costs cluster-3k's Llama-70B-shaped job
        // 1.2-1.8x its fluid step communication (the range of Meta's and
        // C4's figures), and more queue pairs only spread it further.
        const Fabric f = readFabric(QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.fabric.json"));
        const JobSpecResult read = readJobSpecFile(QStringLiteral(RAILYARD_SAMPLES "/llama-70b-3k.job.json"));
        QVERIFY(read.ok());
        const JobSpec &job = *read.job;
        RoutingOptions fluid;
        const double fluidSeconds = commSeconds(f, job, RankOrder::Strategy, fluid);
        double previous = std::numeric_limits<double>::infinity();
        for (const int qps : {1, 2, 4, 8, 16}) {
            RoutingOptions hashed;
            hashed.mode = RoutingMode::Hashed;
            hashed.seeds = 16;
            hashed.qpsPerConnection = qps;
            const double s = commSeconds(f, job, RankOrder::Strategy, hashed);
            qInfo("cluster-3k, %2d queue pairs per connection: %.1f ms, %.3fx fluid (%.1f ms)", qps, s * 1e3,
                  s / fluidSeconds, fluidSeconds * 1e3);
            if (qps == 1) {
                QVERIFY2(s / fluidSeconds >= 1.2 && s / fluidSeconds <= 1.8, qPrintable(QString::number(s / fluidSeconds)));
            }
            QVERIFY2(s <= previous * (1 + 1e-9), qPrintable(QStringLiteral("%1 QPs: %2 s after %3 s").arg(qps).arg(s).arg(previous)));
            QVERIFY(s >= fluidSeconds * (1 - 1e-9));
            previous = s;
        }
    }

    void topologyOrderedRingMatchesFluid_data()
    {
        QTest::addColumn<QString>("design");
        QTest::newRow("DGX SuperPOD, 4 SUs, two tiers") << "superpod-4";
        QTest::newRow("rail-optimized 1,024 GPUs, three tiers") << "rail-1k";
        QTest::newRow("DGX SuperPOD, 16 SUs, three tiers") << "superpod-16";
    }

    void topologyOrderedRingMatchesFluid()
    {
        // docs/traffic-model.md, "Rings under ftree": a rail's ring steps from
        // each host to the next in the topology's host order; ftree routes
        // destination port p of every leaf down from the p-th uplink's spine, so
        // the one crossing each leaf boundary has a spine of its own: nothing
        // shares a link the fluid routing does not share.
        QFETCH(QString, design);
        ClosParams params;
        if (design == QLatin1String("rail-1k")) {
            params = railOptimizedParams(128);
            params.nicGbps = 200;
            for (TierSpec &tier : params.tierSpecs) {
                tier.radix = 32;
                tier.uplinkGbps = 200;
            }
        } else {
            params = dgxSuperpodParams(design == QLatin1String("superpod-4") ? 4 : 16);
        }
        params.transport = Transport::InfiniBand;
        params.floor = false;
        const Fabric f = generateClos(params);
        const JobSpec job = dpJob(f);
        QVERIFY(checkJobSpec(job).empty());
        RoutingOptions fluid, statics;
        statics.mode = RoutingMode::Static;
        const double fluidSeconds = commSeconds(f, job, RankOrder::Strategy, fluid);
        const double staticSeconds = commSeconds(f, job, RankOrder::Strategy, statics);
        const double randomSeconds = commSeconds(f, job, RankOrder::Random, statics);
        qInfo("%s: fluid %.2f ms, static %.2f ms (%.3fx), static in random order %.2f ms (%.2fx)", qPrintable(design),
              fluidSeconds * 1e3, staticSeconds * 1e3, staticSeconds / fluidSeconds, randomSeconds * 1e3,
              randomSeconds / fluidSeconds);
        QVERIFY2(std::abs(staticSeconds / fluidSeconds - 1) <= 0.05, qPrintable(QString::number(staticSeconds / fluidSeconds)));
        // The order is what makes it: a random order collides.
        QVERIFY2(randomSeconds / fluidSeconds > 1.5, qPrintable(QString::number(randomSeconds / fluidSeconds)));
    }
};

QTEST_GUILESS_MAIN(TestRoutingValidation)
#include "tst_routingvalidation.moc"
