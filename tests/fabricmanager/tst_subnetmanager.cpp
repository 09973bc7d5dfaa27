// OpenSM as the control plane of a Railyard design, with the real tools:
// the design exported for ibsim, `railyard-cli sm-config` for OpenSM, the
// real `opensm` routing the simulated fabric through ibsim's preload library
// until SUBNET UP, `dump_fts` printing the tables it computed, and Railyard
// reading them back (docs/fabric-manager.md).
//
// Hand-checked (k = 8 fat-tree, 128 HCAs at 200 Gb/s, min cut 128 × 200 / 2
// = 12,800 Gb/s): under ftree with the core as roots every leaf uplink
// carries the 124 HCAs outside its leaf / 4 = 31 routes, every spine uplink
// the 112 outside its pod / 4 = 28, every core port a pod's 16, every spine
// down port a leaf's 4; the shift pattern delivers the whole min cut. minhop
// on the same fabric balances the same counts but collides: the shift pattern
// gets a quarter of it.

#include "core/fabricmanager/enforcement.h"
#include "core/fabricmanager/lftdump.h"
#include "core/fabricmanager/opensmrun.h"
#include "core/fabricmanager/smconfig.h"
#include "core/fabricmanager/subnetrouting.h"
#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"
#include "core/generators/presets.h"
#include "core/jobs/jobspec.h"
#include "core/registry/formatregistry.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace Railyard;

namespace {

bool writeFile(const QString &path, const std::string &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text.data(), qint64(text.size())) == qint64(text.size());
}

SmConfigOptions engine(const char *name, bool roots = true)
{
    SmConfigOptions options;
    options.engine = name;
    options.rootGuids = roots;
    return options;
}

LftReadResult tablesOf(const OpenSmRun &run)
{
    return readLftDump(std::string_view(run.lfts.constData(), size_t(run.lfts.size())), QStringLiteral("dump_fts"));
}

} // namespace

class TestSubnetManager : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        const QString missing = OpenSmTools::find().missing();
        if (!missing.isEmpty())
            QSKIP(qPrintable(missing));
        QVERIFY(m_dir.isValid());
    }

    void fatTreeK8UnderFtreeAndMinhop()
    {
        const Fabric design = generateClos(fatTreeParams(8, 200));
        SimulatedSubnet sim(design, OpenSmTools::find());
        QVERIFY2(sim.error().isEmpty(), qPrintable(sim.error()));

        // ftree with the core as roots.
        const OpenSmRun ftreeRun = sim.route(engine("ftree"));
        QVERIFY2(ftreeRun.ok, qPrintable(ftreeRun.error + ftreeRun.log.right(2000)));
        QVERIFY2(ftreeRun.log.contains(QStringLiteral("ftree tables configured on all switches")),
                 qPrintable(ftreeRun.log.right(2000)));
        const QByteArray ftreeDump = ftreeRun.lfts;
        LftReadResult read = tablesOf(ftreeRun);
        QVERIFY2(read.ok(), qPrintable(read.errorText()));
        const SubnetRouting ftreeRouting(design, *read.dump);
        QCOMPARE(ftreeRouting.switchesRouted(), 80);
        QVERIFY2(ftreeRouting.problems().empty(), ftreeRouting.problems().empty() ? "" : ftreeRouting.problems().front().c_str());
        const PathCheck paths = checkPaths(ftreeRouting);
        QCOMPARE(paths.pairs, 128LL * 127);
        QCOMPARE(paths.routed, paths.pairs); // every pair routed, none looping
        QCOMPARE(paths.loops, 0LL);
        const RoutingBalance balance = routingBalance(ftreeRouting);
        QVERIFY(balance.perfect());
        QCOMPARE(balance.find("leaf", "spine")->maxRoutes, 31LL);
        QCOMPARE(balance.find("spine", "core")->maxRoutes, 28LL);
        QCOMPARE(balance.find("core", "spine")->maxRoutes, 16LL);
        QCOMPARE(balance.find("spine", "leaf")->maxRoutes, 4LL);
        const EffectiveBisection ftreeShift = effectiveBisection(ftreeRouting, 1, 1, true);
        QCOMPARE(ftreeShift.minCutGbps, 12800.0);
        QCOMPARE(ftreeShift.meanGbps, 12800.0);
        const EffectiveBisection ftreeRandom = effectiveBisection(ftreeRouting, 1000, 1, false);
        QVERIFY(ftreeRandom.meanGbps < ftreeRandom.minCutGbps); // static routing under random bisections
        qInfo("ftree: random bisections deliver %.1f %% of the min cut (5th percentile %.1f %%)",
              100 * ftreeRandom.meanShare, 100 * ftreeRandom.p5Share);

        // minhop on the same fabric: the same counts per port, but colliding.
        const OpenSmRun minhopRun = sim.route(engine("minhop"));
        QVERIFY2(minhopRun.ok, qPrintable(minhopRun.error));
        read = tablesOf(minhopRun);
        QVERIFY2(read.ok(), qPrintable(read.errorText()));
        const SubnetRouting minhopRouting(design, *read.dump);
        QCOMPARE(checkPaths(minhopRouting).routed, 128LL * 127);
        const EffectiveBisection minhopShift = effectiveBisection(minhopRouting, 1, 1, true);
        const EffectiveBisection minhopRandom = effectiveBisection(minhopRouting, 1000, 1, false);
        qInfo("minhop: shift %.1f %%, random bisections %.1f %% (5th percentile %.1f %%)", 100 * minhopShift.meanShare,
              100 * minhopRandom.meanShare, 100 * minhopRandom.p5Share);
        // A quarter, exactly: minhop fills each switch's ports in LID order
        // without knowing which destinations share a leaf or a pod, so the
        // shift's flows (HCA i to i + 64, each into the other half) meet four
        // to a link on their way up: a pod's 16 flows climb to its 4 spines
        // and minhop sends them to the core over 4 of the pod's 16 spine-core
        // links, where ftree uses all 16. Each flow crosses such a link and
        // gets a quarter of its rate. Traced here: every flow's busiest link
        // carries exactly four of them, and it is a spine-to-core link.
        QVERIFY2(std::abs(minhopShift.meanShare - 0.25) < 1e-9, qPrintable(QString::number(minhopShift.meanShare)));
        {
            std::map<std::pair<std::int32_t, std::int32_t>, int> onLink; // (link, node it leaves) -> flows
            std::vector<std::vector<std::pair<std::int32_t, std::int32_t>>> hops(128);
            for (int ca = 0; ca < 128; ++ca) {
                const SubnetRouting::Trace t = minhopRouting.trace(ca, (ca + 64) % 128);
                QVERIFY(t.status == SubnetRouting::TraceStatus::Ok);
                NodeIndex node = design.hostNode(minhopRouting.ids().cas[size_t(ca)].host);
                for (const std::int32_t l : t.links) {
                    hops[size_t(ca)].emplace_back(l, node);
                    ++onLink[{l, node}];
                    const Link &link = design.link(l);
                    node = link.a == node ? link.b : link.a;
                }
            }
            std::map<std::string, int> tiers; // where the shared links are, for the log
            for (int ca = 0; ca < 128; ++ca) {
                int most = 0;
                std::string where;
                for (const auto &hop : hops[size_t(ca)]) {
                    if (onLink[hop] > most) {
                        most = onLink[hop];
                        const Link &link = design.link(hop.first);
                        const NodeIndex to = link.a == hop.second ? link.b : link.a;
                        where = (design.isSwitch(hop.second) ? tierName(design.switchAt(design.switchIndexOf(hop.second)).tier)
                                                             : std::string("host"))
                            + " -> "
                            + (design.isSwitch(to) ? tierName(design.switchAt(design.switchIndexOf(to)).tier) : std::string("host"));
                    }
                }
                QVERIFY2(most == 4, qPrintable(QStringLiteral("HCA %1: at most %2 flows share a link").arg(ca).arg(most)));
                ++tiers[where];
                QCOMPARE(QString::fromStdString(where), QStringLiteral("spine -> core"));
            }
            for (const auto &[where, flows] : tiers)
                qInfo("minhop shift: %d flows meet four to a link at %s", flows, where.c_str());
        }
        QVERIFY(minhopRandom.meanGbps < ftreeRandom.meanGbps);

        // A data-parallel job on all 128 GPUs, one step routed on the tables
        // read back: never faster than the topology allows (fluid), every
        // flow routed.
        const QByteArray jobText = R"({"format": "railyard-job", "version": 1, "name": "dp128",
            "model": {"parameters": 8e9, "layers": 8, "hidden_size": 4096, "sequence_length": 4096,
                      "vocabulary": 128256, "precision": "bf16"},
            "parallelism": {"tp": 1, "pp": 1, "dp": 128}, "batch": {"micro_batch": 1, "global_batch": 128},
            "gpus": 128})";
        const JobSpecResult job = parseJobSpec(std::string_view(jobText.constData(), size_t(jobText.size())),
                                               QStringLiteral("dp128.job.json"));
        QVERIFY2(job.ok(), qPrintable(job.errorText()));
        for (const SubnetRouting *routing : {&ftreeRouting, &minhopRouting}) {
            const JobUnderTables step = evaluateJobUnderTables(*routing, *job.job);
            QVERIFY2(step.error.empty(), step.error.c_str());
            QCOMPARE(step.unroutedFlows, 0LL);
            QVERIFY(step.fluidMs > 0);
            QVERIFY(step.tablesMs >= step.fluidMs * (1 - 1e-9));
            qInfo("dp128: %.2f ms fluid, %.2f ms static model (ftree), %.2f ms under %s's tables (busiest %s)", step.fluidMs,
                  step.modelMs, step.tablesMs, routing == &ftreeRouting ? "ftree" : "minhop", step.bottleneck.c_str());
        }

        // The CLI twin reads the same dump.
        const QString dumpFile = m_dir.filePath(QStringLiteral("ftree.dump_fts"));
        QVERIFY(writeFile(dumpFile, ftreeDump.toStdString()));
        const QString fabricFile = m_dir.filePath(QStringLiteral("ft8.ibnetdiscover"));
        QVERIFY(QFile::copy(QDir(sim.directory()).filePath(QStringLiteral("design.ibnetdiscover")), fabricFile));
        QProcess cli;
        cli.start(QStringLiteral(RAILYARD_CLI), {QStringLiteral("routing"), fabricFile, QStringLiteral("--lfts"),
                                                 dumpFile, QStringLiteral("--shift"), QStringLiteral("--json")});
        QVERIFY(cli.waitForFinished(120000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        const QByteArray json = cli.readAllStandardOutput();
        QVERIFY2(json.contains("\"perfect\": true") && json.contains("\"mean_share\": 1.0"), json.left(1500).constData());
        const QString jobFile = m_dir.filePath(QStringLiteral("dp128.job.json"));
        QVERIFY(writeFile(jobFile, jobText.toStdString()));
        cli.start(QStringLiteral(RAILYARD_CLI), {QStringLiteral("routing"), fabricFile, QStringLiteral("--lfts"), dumpFile,
                                                 QStringLiteral("--permutations"), QStringLiteral("10"),
                                                 QStringLiteral("--job"), jobFile});
        QVERIFY(cli.waitForFinished(120000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        const QByteArray text = cli.readAllStandardOutput();
        QVERIFY2(text.contains("job dp128, step communication: "), text.constData());
    }

    /// A design beyond what ibsim holds is refused before anything starts,
    /// with the limit and the design's size.
    void beyondIbsimRefusedAtOnce()
    {
        ReadResult read = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.fabric.json"));
        QVERIFY(read.ok());
        // 240 switches + 3,072 HCAs = 3,312 nodes; 240 × 65 + 3,072 = 18,672 ports.
        const QString problem = ibsimCapacityProblem(*read.fabric);
        QVERIFY2(problem.contains(QStringLiteral("3312 nodes (240 switches, 3072 HCAs) and 18672 ports")),
                 qPrintable(problem));
        QVERIFY(problem.contains(QStringLiteral("at most 2048 nodes and 13312 ports")));
        SimulatedSubnet sim(*read.fabric, OpenSmTools::find());
        QCOMPARE(sim.error(), problem);
        QVERIFY(ibsimCapacityProblem(generateClos(railOptimizedParams(32))).isEmpty());
    }

    /// A rail-optimized fabric of 32 hosts × 8 HCAs at its default 400G
    /// (NDR, which ibsim does not know: simulated as HDR, said so): every
    /// pair routed, loop-free, and an intent's partitions enforced on every
    /// HCA port.
    void railOptimizedUnderFtree()
    {
        const Fabric design = generateClos(railOptimizedParams(32));
        QCOMPARE(design.hostCount(), 32);
        SimulatedSubnet sim(design, OpenSmTools::find());
        QVERIFY2(sim.error().isEmpty(), qPrintable(sim.error()));
        QVERIFY2(sim.note().contains(QStringLiteral("512 links of 4xNDR as 4xHDR")), qPrintable(sim.note()));
        const OpenSmRun run = sim.route(engine("ftree"));
        QVERIFY2(run.ok, qPrintable(run.error + run.log.right(2000)));
        const LftReadResult read = tablesOf(run);
        QVERIFY2(read.ok(), qPrintable(read.errorText()));
        const SubnetRouting routing(design, *read.dump);
        QCOMPARE(routing.switchesRouted(), design.switchCount());
        const PathCheck paths = checkPaths(routing);
        QCOMPARE(paths.pairs, 256LL * 255);
        QVERIFY2(paths.routed == paths.pairs, paths.firstProblem.c_str());
        QCOMPARE(paths.loops, 0LL);

        // Two tenants of 4 racks (4 hosts each), and rack-001 with rack-008 both
        // ways. By hand: 2 × 16 × 15 + 2 × 4 × 4 = 512 ordered host pairs
        // allowed, 32 × 31 − 512 = 480 denied, on all 256 HCA ports.
        Intent intent;
        intent.allow.push_back({"tenant-a", "*/rack-00[1-4]", "*/rack-00[1-4]", IntentProtocol::Rdma, {}});
        intent.allow.push_back({"tenant-b", "*/rack-00[5-8]", "*/rack-00[5-8]", IntentProtocol::Rdma, {}});
        intent.allow.push_back({"a", "*/rack-001", "*/rack-008", IntentProtocol::Rdma, {}});
        intent.allow.push_back({"b", "*/rack-008", "*/rack-001", IntentProtocol::Rdma, {}});
        SmConfigOptions options = engine("ftree");
        options.intent = &intent;
        const IntentEnforcementRun check = sim.checkIntent(options, intent);
        QVERIFY2(check.ok, qPrintable(check.error));
        QCOMPARE(check.plan->partitions.size(), size_t(3));
        QCOMPARE(check.check.portsRead, 256);
        QCOMPARE(check.check.allowedPairs, 512LL);
        QCOMPARE(check.check.deniedPairs, 480LL);
        QVERIFY2(check.check.verdict == EnforcementCheck::Verdict::Enforced, check.check.summary().c_str());

        // One tenant of 7 racks: 28 hosts, 224 HCA ports, more than one line
        // of OpenSM's partitions.conf reader holds (4,094 characters; a cut
        // line makes OpenSM fall back to every port full in Default). By
        // hand: 28 × 27 = 756 ordered pairs allowed, 992 − 756 = 236 denied.
        Intent large;
        large.allow.push_back({"tenant", "*/rack-00[1-7]", "*/rack-00[1-7]", IntentProtocol::Rdma, {}});
        options.intent = &large;
        const IntentEnforcementRun big = sim.checkIntent(options, large);
        QVERIFY2(big.ok, qPrintable(big.error));
        QCOMPARE(big.plan->partitions.size(), size_t(1));
        QCOMPARE(big.check.portsRead, 256);
        QCOMPARE(big.check.allowedPairs, 756LL);
        QCOMPARE(big.check.deniedPairs, 236LL);
        QVERIFY2(big.check.verdict == EnforcementCheck::Verdict::Enforced, big.check.summary().c_str());
    }

    /// Partitions from an intent on the k = 8 fat-tree: OpenSM applies them,
    /// smpquery reads every HCA's P_Keys back, and they match the intent.
    /// By hand: each zone (a pod, 16 hosts) talks within itself (7 × 16 × 15
    /// = 1,680 ordered pairs), except that rack-032's 4 hosts may not talk to
    /// each other, only to zone-08's other 12 (12 × 11 + 2 × 4 × 12 = 228);
    /// rack-001 and rack-020 talk both ways (2 × 4 × 4 = 32). 1,940 allowed,
    /// 128 × 127 − 1,940 = 14,316 denied.
    void partitionsEnforceTheIntent()
    {
        const Fabric design = generateClos(fatTreeParams(8, 200));
        Intent intent;
        intent.backend = IntentBackend::Infiniband;
        for (int zone = 1; zone <= 8; ++zone) {
            const std::string z = QStringLiteral("zone-%1").arg(zone, 2, 10, QLatin1Char('0')).toStdString();
            intent.allow.push_back({"rdma-" + z, z + "/*", z + "/*", IntentProtocol::Rdma, {}});
        }
        intent.allow.push_back({"a", "*/rack-001", "*/rack-020", IntentProtocol::Rdma, {}});
        intent.allow.push_back({"b", "*/rack-020", "*/rack-001", IntentProtocol::Rdma, {}});
        intent.deny.push_back({"alone", "*/rack-032", "*/rack-032", IntentProtocol::Rdma, {}});
        intent.lossless = LosslessSettings{3, std::nullopt, 2048};

        SimulatedSubnet sim(design, OpenSmTools::find());
        QVERIFY2(sim.error().isEmpty(), qPrintable(sim.error()));
        SmConfigOptions options = engine("ftree");
        options.intent = &intent;
        const IntentEnforcementRun run = sim.checkIntent(options, intent);
        QVERIFY2(run.ok, qPrintable(run.error));
        QVERIFY(run.plan.has_value());
        QCOMPARE(run.plan->partitions.size(), size_t(9)); // 8 zones, rack-001 with rack-020
        QCOMPARE(run.check.portsRead, 128);
        QCOMPARE(run.check.allowedPairs, 1940LL);
        QCOMPARE(run.check.deniedPairs, 14316LL);
        QVERIFY2(run.check.verdict == EnforcementCheck::Verdict::Enforced, run.check.summary().c_str());
        QCOMPARE(run.check.pathsChecked, 9); // one PathRecord per partition, on service level 3
        QVERIFY(run.check.serviceLevelProblems.empty());

        // Known bad: the same fabric with OpenSM's default partition only.
        const IntentEnforcementRun open = sim.checkIntent(engine("ftree"), intent);
        QVERIFY2(open.ok, qPrintable(open.error));
        QVERIFY(open.check.verdict == EnforcementCheck::Verdict::Violated);
        QCOMPARE(open.check.violations, 14316LL); // every denied pair shares Default as full members
        QVERIFY(!open.check.examples.empty() && !open.check.examples.front().intentAllows);
        QCOMPARE(open.check.examples.front().pkey, std::uint16_t(0xffff));
    }

    /// Every tool failure once ibsim runs is the documented Incomplete
    /// verdict with the tool's own words (never a raw error and exit 1), and
    /// a caller may cancel at any stage. On the k = 4 fat-tree (16 HCAs):
    /// smpquery that fails reads 0 of 16 ports; OpenSM given 1 ms never
    /// reaches SUBNET UP; a cancel while OpenSM starts stops it.
    void toolFailuresAreIncompleteAndCancelStops()
    {
        const Fabric design = generateClos(fatTreeParams(4, 200));
        Intent intent;
        intent.allow.push_back({"pod1", "zone-01/*", "zone-01/*", IntentProtocol::Rdma, {}});
        SmConfigOptions options = engine("ftree");
        options.intent = &intent;
        {
            OpenSmTools broken = OpenSmTools::find();
            broken.smpquery = QStringLiteral("/bin/false");
            SimulatedSubnet sim(design, broken);
            QVERIFY2(sim.error().isEmpty(), qPrintable(sim.error()));
            QStringList stages;
            int lastTotal = -1;
            const IntentEnforcementRun run = sim.checkIntent(options, intent, 120000,
                                                             [&](const QString &stage, int, int total) {
                                                                 stages << stage;
                                                                 lastTotal = total;
                                                                 return true;
                                                             });
            QVERIFY2(run.ok, qPrintable(run.error));
            QVERIFY(run.check.verdict == EnforcementCheck::Verdict::Incomplete);
            QCOMPARE(run.check.hcaPorts, 16);
            QCOMPARE(run.check.portsRead, 0);
            QVERIFY2(QString::fromStdString(run.check.incompleteReason).startsWith(QStringLiteral("false pkeys")),
                     run.check.incompleteReason.c_str());
            QVERIFY2(QString::fromStdString(run.check.summary()).contains(QStringLiteral("incomplete")),
                     run.check.summary().c_str());
            QVERIFY2(stages.contains(QStringLiteral("reading P_Keys back (smpquery)")), qPrintable(stages.join('|')));
            QCOMPARE(lastTotal, 16); // the 16 HCA LIDs dump_fts named
        }
        SimulatedSubnet sim(design, OpenSmTools::find());
        QVERIFY2(sim.error().isEmpty(), qPrintable(sim.error()));
        const IntentEnforcementRun late = sim.checkIntent(options, intent, 1);
        QVERIFY2(late.ok, qPrintable(late.error));
        QVERIFY(late.check.verdict == EnforcementCheck::Verdict::Incomplete);
        QVERIFY2(QString::fromStdString(late.check.incompleteReason)
                     .startsWith(QStringLiteral("OpenSM did not bring the subnet up within 0.001 s")),
                 late.check.incompleteReason.c_str());

        int calls = 0;
        const IntentEnforcementRun cancelled = sim.checkIntent(options, intent, 120000, [&](const QString &stage, int, int) {
            ++calls;
            return !stage.startsWith(QStringLiteral("OpenSM is bringing the subnet up"));
        });
        QVERIFY(cancelled.cancelled);
        QVERIFY(!cancelled.ok);
        QCOMPARE(calls, 2); // the configuration, then the first wait: nothing after the cancel

        // Cancelled or not, the subnet is usable again at once.
        const IntentEnforcementRun after = sim.checkIntent(options, intent);
        QVERIFY2(after.ok, qPrintable(after.error));
        QVERIFY2(after.check.verdict == EnforcementCheck::Verdict::Enforced, after.check.summary().c_str());
    }

    /// The CLI runs OpenSM itself, once per engine, and compares them.
    void cliComparesEngines()
    {
        const QString design = m_dir.filePath(QStringLiteral("ft4.fabric.json"));
        QProcess cli;
        cli.start(QStringLiteral(RAILYARD_CLI), {QStringLiteral("generate"), QStringLiteral("fat-tree"),
                                                 QStringLiteral("--k"), QStringLiteral("4"), QStringLiteral("--link-gbps"),
                                                 QStringLiteral("200"), QStringLiteral("-o"), design});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        cli.start(QStringLiteral(RAILYARD_CLI),
                  {QStringLiteral("routing"), design, QStringLiteral("--engines"),
                   QStringLiteral("ftree,ftree-no-roots,minhop"), QStringLiteral("--permutations"),
                   QStringLiteral("100"), QStringLiteral("--json")});
        QVERIFY(cli.waitForFinished(300000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        const QByteArray json = cli.readAllStandardOutput();
        QVERIFY2(json.contains("\"engine\": \"ftree-no-roots\"") && json.contains("\"engine\": \"minhop\""),
                 json.left(800).constData());
        QVERIFY2(json.contains("\"routed\": 240"), json.left(2000).constData()); // 16 × 15 pairs, each engine
        QVERIFY2(!json.contains("\"error\": \""), json.left(2000).constData());
        cli.start(QStringLiteral(RAILYARD_CLI), {QStringLiteral("routing"), design, QStringLiteral("--engines"),
                                                 QStringLiteral("telepathy")});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 2);
        QVERIFY(cli.readAllStandardError().contains("--engines: unknown engine 'telepathy'"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestSubnetManager)
#include "tst_subnetmanager.moc"
