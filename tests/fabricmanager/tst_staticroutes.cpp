// Railyard's static routing model (core/traffic/staticroutes.h) against the
// tables the real OpenSM computes for the same design under ibsim, read back
// with dump_fts: every forwarding entry of every switch for every HCA, the
// routes per link, and a training job's step priced through both
// (docs/traffic-model.md, "Static routing as the subnet manager computes it").
//
// Designs (all ibsim holds: at most 2,048 nodes and 13,312 ports):
//  * a k = 8 fat-tree, 128 HCAs (80 switches);
//  * the 1,024-GPU three-tier rail-optimized design of docs/fabric-manager.md
//    (128 hosts x 8 HCAs, radix 32: 64 leaves, 64 spines, 32 cores);
//  * a two-tier DGX SuperPOD of 2 scalable units (64 hosts x 8 HCAs);
//  * the k = 8 fat-tree with a leaf uplink and a core down: ftree on what is
//    left, as the subnet manager's next sweep routes it.

#include "core/fabricmanager/lftdump.h"
#include "core/fabricmanager/opensmrun.h"
#include "core/fabricmanager/smconfig.h"
#include "core/fabricmanager/subnetrouting.h"
#include "core/generators/presets.h"
#include "core/jobs/jobspec.h"
#include "core/placement/jobevaluation.h"
#include "core/traffic/staticroutes.h"

#include <QTest>

using namespace Railyard;

namespace {

SmConfigOptions ftree()
{
    SmConfigOptions options;
    options.engine = "ftree";
    options.rootGuids = true;
    return options;
}

struct Comparison
{
    std::int64_t entries = 0;
    std::int64_t different = 0;
    std::string first;
    std::vector<double> modelRoutes, tableRoutes;
};

/// Every (switch, HCA) entry of the model against OpenSM's (single-port HCAs:
/// one CN per HCA).
Comparison compareTables(const Fabric &design, const SubnetRouting &real, const StaticRoutes &model)
{
    Comparison c;
    const InfinibandIds &ids = real.ids();
    for (int ca = 0; ca < int(ids.cas.size()); ++ca) {
        const std::int32_t host = ids.cas[size_t(ca)].host;
        // The CA's link: the host link on its port.
        int cn = -1;
        for (std::int32_t l : design.incidentLinks(design.hostNode(host))) {
            const int k = model.cnOfLink(l);
            if (k < 0)
                continue;
            const Link &link = design.link(l);
            const int port = link.a == design.hostNode(host) ? link.portA : link.portB;
            if (ids.caOfHostPort(host, std::max(port, 0)) == ca)
                cn = k;
        }
        for (std::int32_t s = 0; s < design.switchCount(); ++s) {
            ++c.entries;
            const std::int32_t mine = cn >= 0 ? model.next(s, cn) : -1;
            const std::int32_t theirs = real.next(s, ca);
            if (mine != theirs) {
                if (c.different++ == 0)
                    c.first = design.switchAt(s).id + " to " + InfinibandIds::caDescription(design, ids.cas[size_t(ca)])
                        + ": model " + (mine >= 0 ? design.link(mine).id : "-") + ", OpenSM "
                        + (theirs >= 0 ? design.link(theirs).id : "-");
            }
        }
    }
    c.modelRoutes = model.routesPerLink();
    c.tableRoutes = routesPerLink(real);
    return c;
}

} // namespace

class TestStaticRoutes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        const QString missing = OpenSmTools::find().missing();
        if (!missing.isEmpty())
            QSKIP(qPrintable(missing));
    }

    void sameTablesAsOpenSm_data()
    {
        QTest::addColumn<QString>("design");
        QTest::newRow("fat-tree k=8") << "fat-tree";
        QTest::newRow("rail-optimized 1,024 GPUs, three tiers") << "rail-1k";
        QTest::newRow("DGX SuperPOD, 2 SUs, two tiers") << "superpod";
        QTest::newRow("fat-tree k=8, a leaf uplink and a core down") << "fat-tree-failed";
        QTest::newRow("rail-optimized, 3 pods under radix-16 cores") << "three-pods";
    }

    void sameTablesAsOpenSm()
    {
        QFETCH(QString, design);
        Fabric fabric;
        if (design.startsWith(QLatin1String("fat-tree"))) {
            fabric = generateClos(fatTreeParams(8, 200));
        } else if (design == QLatin1String("three-pods")) {
            // Three pods cannot share radix-16 cores evenly: the top tier is
            // irregular, as cluster-3k's (3 pods under radix-64 cores) is.
            ClosParams params = railOptimizedParams(24);
            params.nicGbps = 200;
            for (TierSpec &tier : params.tierSpecs) {
                tier.radix = 16;
                tier.uplinkGbps = 200;
            }
            fabric = generateClos(params);
        } else if (design == QLatin1String("rail-1k")) {
            ClosParams params = railOptimizedParams(128);
            params.nicGbps = 200;
            for (TierSpec &tier : params.tierSpecs) {
                tier.radix = 32;
                tier.uplinkGbps = 200;
            }
            fabric = generateClos(params);
            QCOMPARE(fabric.switchCount(), 160);
        } else {
            ClosParams params = dgxSuperpodParams(2);
            params.nicGbps = 200;
            for (TierSpec &tier : params.tierSpecs)
                tier.uplinkGbps = 200;
            fabric = generateClos(params);
        }
        if (design == QLatin1String("fat-tree-failed")) {
            // The first leaf's first uplink and the first core switch's links.
            for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
                const Link &k = fabric.link(l);
                const bool leafUp = fabric.isSwitch(k.a) && fabric.isSwitch(k.b)
                    && (fabric.switchAt(fabric.switchIndexOf(k.a)).id == "leaf-0001"
                        || fabric.switchAt(fabric.switchIndexOf(k.b)).id == "leaf-0001");
                const bool core = (fabric.isSwitch(k.a) && fabric.switchAt(fabric.switchIndexOf(k.a)).id == "core-0001")
                    || (fabric.isSwitch(k.b) && fabric.switchAt(fabric.switchIndexOf(k.b)).id == "core-0001");
                static bool leafDone = false;
                if ((leafUp && !leafDone) || core) {
                    fabric.link(l).state = LinkState::Down;
                    leafDone = leafDone || leafUp;
                }
            }
        }
        SimulatedSubnet sim(fabric, OpenSmTools::find());
        QVERIFY2(sim.error().isEmpty(), qPrintable(sim.error()));
        const OpenSmRun run = sim.route(ftree());
        QVERIFY2(run.ok, qPrintable(run.error + run.log.right(2000)));
        const LftReadResult read = readLftDump(std::string_view(run.lfts.constData(), size_t(run.lfts.size())),
                                               QStringLiteral("dump_fts"));
        QVERIFY2(read.ok(), qPrintable(read.errorText()));
        const SubnetRouting real(fabric, *read.dump);
        QVERIFY(real.problems().empty());
        const CapacityView view = CapacityView::of(fabric);
        const std::shared_ptr<const StaticRoutes> model = StaticRoutes::build(fabric, view);
        QCOMPARE(QString::fromStdString(model->engineSummary()), QStringLiteral("ftree"));
        const Comparison c = compareTables(fabric, real, *model);
        qInfo("%s: %lld entries, %lld differ%s%s", qPrintable(design), (long long)c.entries, (long long)c.different,
              c.first.empty() ? "" : "; first: ", c.first.c_str());
        QCOMPARE(c.different, 0LL);
        QCOMPARE(c.modelRoutes, c.tableRoutes);

        // A job's step priced through the real tables and through the model:
        // within 5 % (the tables agree entry by entry, so the steps agree).
        // A Llama-70B-shaped job on every GPU: TP inside hosts, pipeline
        // stages and data-parallel rings across leaves.
        if (fabric.hostCount() * 8 < 128 || fabric.host(0).gpus != 8)
            return;
        JobSpec job;
        job.name = "llama-shaped";
        job.model = {70.6e9, 80, 8192, 8192, 128256, "bf16", 2, 0, 0, 0, 0};
        const int gpus = fabric.hostCount() * 8;
        job.parallel = {8, 8, gpus / 64, 1, 1, 1};
        job.globalBatch = 2 * (gpus / 64) * 8;
        job.gpus = gpus;
        const std::vector<std::string> problems = checkJobSpec(job);
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().c_str());
        const JobUnderTables under = evaluateJobUnderTables(real, job);
        QVERIFY2(under.error.empty(), under.error.c_str());
        qInfo("%s: step communication fluid %.1f ms, model %.1f ms, OpenSM's tables %.1f ms", qPrintable(design),
              under.fluidMs, under.modelMs, under.tablesMs);
        QCOMPARE(under.unroutedFlows, 0LL);
        QVERIFY(under.tablesMs > 0);
        QVERIFY2(std::abs(under.modelMs - under.tablesMs) <= 0.05 * under.tablesMs,
                 qPrintable(QStringLiteral("model %1 ms, tables %2 ms").arg(under.modelMs).arg(under.tablesMs)));
    }
};

QTEST_GUILESS_MAIN(TestStaticRoutes)
#include "tst_staticroutes.moc"
