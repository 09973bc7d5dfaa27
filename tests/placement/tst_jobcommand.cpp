// A placed job on a cluster in service and on an impaired fabric: busy GPUs
// and running jobs (ClusterState), the slowdown a degraded or failed link
// costs (degradationImpact), and `railyard-cli place` end to end, including
// the meta-24k comparison of docs/traffic-model.md. Expected numbers are
// worked by hand in the comments.

#include "../common/clirun.h"
#include "core/analysis/capacity.h"
#include "core/jobs/jobspec.h"
#include "core/placement/clusterstate.h"
#include "core/placement/jobevaluation.h"
#include "core/placement/placementsummary.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace Railyard;

namespace {

QString sample(const char *name)
{
    return QStringLiteral(RAILYARD_SAMPLES "/") + QLatin1String(name);
}

/// `hosts` hosts of `gpus` GPUs, one 400G NIC per GPU (rail g), all on one
/// leaf: every host-to-host transfer crosses exactly its two NIC links.
Fabric oneLeaf(int hosts, int gpus)
{
    Fabric f;
    f.name = "one-leaf";
    for (int i = 0; i < hosts; ++i) {
        Host h;
        h.id = "h" + std::to_string(i);
        h.gpus = gpus;
        for (int g = 0; g < gpus; ++g)
            h.nics.push_back({g, 400.0, 1});
        h.location = {"z", "p", "s", "r"};
        f.addHost(h);
    }
    const NodeIndex leaf = f.switchNode(f.addSwitch({"leaf", Tier::Leaf, 64, "", 0, -1, {}}));
    for (int i = 0; i < hosts; ++i)
        for (int g = 0; g < gpus; ++g) {
            Link l;
            l.id = "h" + std::to_string(i) + "-" + std::to_string(g);
            l.a = i;
            l.b = leaf;
            l.portA = g;
            f.addLink(l);
        }
    return f;
}

/// Dense job, TP × DP only, 100M parameters in bf16: the DP gradient
/// all-reduce is S = 100M / TP × 2 B, once per step (no optimizer sharding).
JobSpec denseJob(int tp, int dp)
{
    JobSpec j;
    j.name = "dense";
    j.model.parameters = 100e6;
    j.model.layers = 2;
    j.model.hiddenSize = 1024;
    j.model.sequenceLength = 2048;
    j.model.vocabulary = 32000;
    j.model.precision = "bf16";
    j.model.precisionBytes = 2;
    j.parallel = {tp, 1, dp, 1, 1, 1};
    j.microBatch = 1;
    j.globalBatch = dp;
    j.gpus = j.parallel.worldSize();
    return j;
}

QJsonObject placeJson(const QStringList &extra, CliRun *runOut = nullptr)
{
    const CliRun run = runCli(QStringList{QStringLiteral("place"), sample("meta-24k.fabric.json"),
                                          sample("moe-meta-24k.job.json"), QStringLiteral("--json")}
                              + extra);
    if (runOut)
        *runOut = run;
    if (run.exitCode != 0)
        qWarning("%s", qPrintable(describe(run)));
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

} // namespace

class TestJobCommand : public QObject
{
    Q_OBJECT

private slots:
    void busyGpusSplitTpGroupsUnderLinear();
    void collectiveCallTimesHandWorked();
    void degradedLinkSlowdownHandWorked();
    void unusedFailureCostsNothing();
    void placeRejectsBadWhatIfs_data();
    void placeRejectsBadWhatIfs();
    void runningJobsQueueFirst();
    void linkLoadsCsv();
    void metaInServiceTopologyBeatsLinearAndRandom();
};

void TestJobCommand::busyGpusSplitTpGroupsUnderLinear()
{
    // 3 hosts × 2 GPUs; h0 has GPU 0 busy. A TP 2 × DP 2 job (4 GPUs):
    // linear takes h0 GPU 1, h1 GPU 0 (TP group 0) and h1 GPU 1, h2 GPU 0
    // (TP group 1): both TP groups span hosts. Topology-aware placement uses
    // the whole free hosts h1 and h2 and keeps each TP pair inside one.
    const Fabric fabric = oneLeaf(3, 2);
    const JobSpec job = denseJob(2, 2);
    ClusterState state(fabric);
    state.markBusy(0, 1);
    QCOMPARE(state.freeGpus(0), 1);
    QVERIFY(!state.isHostFree(0));
    QCOMPARE(state.freeGpuCount(), 5LL);

    const Placement linear = placeJob(state, job, {PlacementStrategy::Linear, 1, {}});
    QCOMPARE(linear.ranks[0].host, 0);
    QCOMPARE(linear.ranks[0].gpu, 1);
    QCOMPARE(linear.ranks[1].host, 1);
    QCOMPARE(summarizePlacement(fabric, job, linear).tpGroupsAcrossHosts, 2);

    const Placement topology = placeJob(state, job, {PlacementStrategy::Topology, 1, {}});
    QCOMPARE(summarizePlacement(fabric, job, topology).tpGroupsAcrossHosts, 0);
    for (const RankSlot &r : topology.ranks)
        QVERIFY(r.host != 0);
}

void TestJobCommand::collectiveCallTimesHandWorked()
{
    // 2 hosts × 2 GPUs (NVLink 450 GB/s, one 400G NIC per GPU), TP 2 × DP 2,
    // topology placement: each TP pair on one host, the DP pairs across.
    // TP all-reduce of S = 1 × 2048 × 1024 × 2 B = 4 MiB: each GPU sends
    // 2(2−1)/2 × S = 4 MiB over NVLink: 4,194,304 / 450e9 s. DP all-reduce of
    // S = 100M / TP 2 × 2 B = 100 MB: each NIC carries 100 MB each way:
    // 100e6 × 8 / 400e9 = 2 ms; no NVLink part (one member per host).
    const Fabric fabric = oneLeaf(2, 2);
    JobSpec job = denseJob(2, 2);
    const JobEvaluation e
        = evaluateJob(fabric, CapacityView::of(fabric), job, {PlacementStrategy::Topology, 1, {}}, RoutingOptions{});
    QVERIFY(e.routed());
    std::vector<std::vector<const GroupCollective *>> entries(2);
    for (const GroupCollective &c : e.collectives)
        entries[c.kind == ParallelKind::Tp ? 0 : 1].push_back(&c);
    QCOMPARE(entries[0].size(), size_t(2));
    QCOMPARE(entries[1].size(), size_t(2));
    const std::vector<CollectiveCallTime> t = timeCollectiveCalls(fabric, CapacityView::of(fabric), e, entries);
    QVERIFY(qFuzzyCompare(t[0].seconds, 4194304.0 / 450e9));
    QCOMPARE(t[0].networkSeconds, 0.0);
    QCOMPARE(t[0].bottleneckLink, -1); // NVLink
    QVERIFY(qFuzzyCompare(t[1].seconds, 2e-3));
    QCOMPARE(t[1].nvlinkSeconds, 0.0);
    QVERIFY(t[1].bottleneckLink >= 0);
    // The shortcut (fluid: phase time / calls) agrees with routing the call itself.
    const CollectiveCallTime routed
        = timeCollectiveCall(fabric, CapacityView::of(fabric), e.placement, entries[1], RoutingOptions{});
    QVERIFY(qFuzzyCompare(routed.seconds, t[1].seconds));

    // A 3-stage pipeline on one host (3 GPUs, TP 1): the middle stage sends
    // S = 1 × 2048 × 1024 × 2 B = 4 MiB to each neighbour over NVLink, 2 × S
    // in all — the busiest GPU: 2 × 4,194,304 / 450e9 s; no network.
    const Fabric host = oneLeaf(1, 3);
    JobSpec pipeline = denseJob(1, 1);
    pipeline.parallel.pp = 3;
    pipeline.model.layers = 3;
    pipeline.gpus = 3;
    const JobEvaluation pe
        = evaluateJob(host, CapacityView::of(host), pipeline, {PlacementStrategy::Linear, 1, {}}, RoutingOptions{});
    std::vector<const GroupCollective *> pp;
    for (const GroupCollective &c : pe.collectives)
        if (c.kind == ParallelKind::Pp)
            pp.push_back(&c);
    QCOMPARE(pp.size(), size_t(1));
    QCOMPARE(pp.front()->bytesPerRank, 4194304.0);
    const CollectiveCallTime ppTime
        = timeCollectiveCall(host, CapacityView::of(host), pe.placement, pp, RoutingOptions{});
    QVERIFY(qFuzzyCompare(ppTime.seconds, 2 * 4194304.0 / 450e9));
    QCOMPARE(ppTime.networkSeconds, 0.0);
}

void TestJobCommand::degradedLinkSlowdownHandWorked()
{
    // 2 hosts × 1 GPU on one leaf, DP 2: one all-reduce of S = 100M × 2 B =
    // 200 MB per step. A 2-rank ring sends 2(2−1)/2 × S = S each way, so each
    // NIC link carries 200 MB per direction: 200e6 × 8 / 400e9 = 4 ms healthy.
    // h0's link at 100 Gbit/s drains it in 16 ms: a slowdown of exactly 4.
    const Fabric fabric = oneLeaf(2, 1);
    const JobSpec job = denseJob(1, 2);
    CapacityView view = CapacityView::of(fabric);
    const std::int32_t link = fabric.findLink("h0-0");
    QVERIFY(link >= 0);
    view.gbps[size_t(link)] = 100.0;
    RoutingOptions routing;
    const JobEvaluation e = evaluateJob(fabric, view, job, {PlacementStrategy::Linear, 1, {}}, routing);
    QVERIFY(e.routed());
    QVERIFY(qFuzzyCompare(e.stepSeconds, 16e-3));
    QCOMPARE(impairedLinks(fabric, view), (std::vector<std::int32_t>{link}));

    const DegradationImpact impact = degradationImpact(fabric, view, e);
    QVERIFY(qFuzzyCompare(impact.own.healthyCommSeconds, 4e-3));
    QVERIFY(qFuzzyCompare(impact.own.commSeconds, 16e-3));
    QVERIFY(qFuzzyCompare(impact.own.commSlowdown(), 4.0));
    // The whole step: compute is the same on both, so the step slows by less
    // than its communication, and by the communication the overlap no longer hides.
    QVERIFY(impact.own.wholeStep());
    QVERIFY(qFuzzyCompare(impact.slowdown(), impact.own.stepSeconds / impact.own.healthyStepSeconds));
    QVERIFY(impact.slowdown() > 1.0 && impact.slowdown() < 4.0);
    QCOMPARE(impact.impairedLinks, 1);
    QCOMPARE(qsizetype(impact.links.size()), qsizetype(1));
    QCOMPARE(impact.links[0].link, link);
    QCOMPARE(impact.links[0].nominalGbps, 400.0);
    QCOMPARE(impact.links[0].effectiveGbps, 100.0);
    QVERIFY(qFuzzyCompare(impact.links[0].slowdownAlone, impact.slowdown())); // the only impaired link
    QVERIFY(qFuzzyCompare(impact.links[0].commSecondsAlone, 16e-3));

    // Two degraded links on the same ring: h1's at 200 Gbit/s alone costs 2×,
    // h0's at 100 alone 4×; together the worst (h0) sets 4×. Costliest first.
    view.gbps[size_t(fabric.findLink("h1-0"))] = 200.0;
    const JobEvaluation both = evaluateJob(fabric, view, job, {PlacementStrategy::Linear, 1, {}}, routing);
    const DegradationImpact two = degradationImpact(fabric, view, both);
    QCOMPARE(two.impairedLinks, 2);
    QCOMPARE(qsizetype(two.links.size()), qsizetype(2));
    QCOMPARE(two.links[0].link, link);
    QVERIFY(qFuzzyCompare(two.links[1].commSecondsAlone, 8e-3));
    QVERIFY(two.links[1].slowdownAlone < two.links[0].slowdownAlone);
    QVERIFY(qFuzzyCompare(two.own.commSlowdown(), 4.0));
    QVERIFY(qFuzzyCompare(two.slowdown(), impact.slowdown())); // the worst link sets the ring's pace
    // maxLinks caps the per-link evaluations, not the count.
    const DegradationImpact capped = degradationImpact(fabric, view, both, 1);
    QCOMPARE(capped.impairedLinks, 2);
    QCOMPARE(qsizetype(capped.links.size()), qsizetype(1));
}

void TestJobCommand::unusedFailureCostsNothing()
{
    // 3 hosts, the job on h0 and h1 (linear): failing h2's link touches none
    // of its traffic, so the impact lists no link and the slowdown is 1.
    const Fabric fabric = oneLeaf(3, 1);
    const JobSpec job = denseJob(1, 2);
    Failures failures;
    failures.links.push_back(fabric.findLink("h2-0"));
    const CapacityView view = CapacityView::of(fabric, failures);
    const JobEvaluation e = evaluateJob(fabric, view, job, {PlacementStrategy::Linear, 1, {}}, RoutingOptions{});
    const DegradationImpact impact = degradationImpact(fabric, view, e);
    QCOMPARE(impact.impairedLinks, 0);
    QVERIFY(impact.links.empty());
    QCOMPARE(impact.slowdown(), 1.0);
}

void TestJobCommand::placeRejectsBadWhatIfs_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown link") << QStringList{"--degrade", "no-such-link=100"} << 1 << "no link 'no-such-link'";
    QTest::newRow("above nominal") << QStringList{"--degrade", "gpu0001--leaf-0001=800"} << 1
                                   << "above the nominal 400 Gbit/s";
    QTest::newRow("not a rate") << QStringList{"--degrade", "gpu0001--leaf-0001"} << 2 << "is not LINK=GBPS";
    QTest::newRow("percent over 100") << QStringList{"--degrade", "gpu0001--leaf-0001=150%"} << 2 << "is not LINK=GBPS";
    QTest::newRow("unknown fail") << QStringList{"--fail", "spine-9999"} << 1 << "spine-9999";
    QTest::newRow("busy without count") << QStringList{"--busy", "gpu0001"} << 2 << "is not HOSTS:GPUS";
    QTest::newRow("busy unknown host") << QStringList{"--busy", "gpu9999:4"} << 1 << "no host 'gpu9999'";
    QTest::newRow("bad hostlist") << QStringList{"--exclude", "gpu[0001-"} << 2 << "--exclude";
    QTest::newRow("unknown exclude") << QStringList{"--exclude", "gpu0001, gpu9999"} << 1 << "no host 'gpu9999'";
    QTest::newRow("running missing") << QStringList{"--running", "/nonexistent/x.job.json"} << 1 << "x.job.json";
}

void TestJobCommand::placeRejectsBadWhatIfs()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const CliRun run = runCli(
        QStringList{QStringLiteral("place"), sample("meta-24k.fabric.json"), sample("moe-meta-24k.job.json")} + args);
    QVERIFY2(run.exitCode == exitCode, qPrintable(describe(run)));
    QVERIFY2(run.err.contains(message), qPrintable(describe(run)));
    QVERIFY(run.out.isEmpty());
}

void TestJobCommand::runningJobsQueueFirst()
{
    // cluster-3k has 3,072 GPUs; the 70B job takes all of them, so with the
    // same job already running the queue leaves nothing: exit 1, named.
    const CliRun full
        = runCli({QStringLiteral("place"), sample("cluster-3k.fabric.json"), sample("llama-70b-3k.job.json"),
                  QStringLiteral("--running"), sample("llama-70b-3k.job.json")});
    QCOMPARE(full.exitCode, 1);
    QVERIFY2(full.err.contains(QStringLiteral("llama-70b-3k")), qPrintable(describe(full)));

    // On meta-24k (24,576 GPUs) the 70B job (3,072 GPUs = 384 hosts, one
    // zone) runs first; the 16,384-GPU job still fits in the 21,504 left and
    // the report names the running job and the free GPUs before placement.
    const QJsonObject o = placeJson({QStringLiteral("--running"), sample("llama-70b-3k.job.json")});
    QCOMPARE(o.value(QStringLiteral("free_gpus_before")).toDouble(), 24576.0 - 3072.0);
    QCOMPARE(o.value(QStringLiteral("running_jobs")).toArray().size(), 1);
    QCOMPARE(o.value(QStringLiteral("gpus")).toDouble(), 16384.0);
    // Fragmentation: 3,072 hosts − 384 = 2,688 free before; the MoE job's
    // 2,048 hosts take 5 whole zones and 128 hosts of a sixth, leaving one
    // whole zone (384) and 256 hosts: 640 free, the largest free zone 384.
    const QJsonObject before = o.value(QStringLiteral("fragmentation_before")).toObject();
    const QJsonObject after = o.value(QStringLiteral("fragmentation_after")).toObject();
    QCOMPARE(before.value(QStringLiteral("free_hosts")).toInt(), 2688);
    QCOMPARE(before.value(QStringLiteral("largest_free_zone")).toInt(), 384);
    QCOMPARE(after.value(QStringLiteral("free_hosts")).toInt(), 640);
    QCOMPARE(after.value(QStringLiteral("largest_free_zone")).toInt(), 384);
    QCOMPARE(after.value(QStringLiteral("free_gpus")).toDouble(), 640.0 * 8);
}

void TestJobCommand::linkLoadsCsv()
{
    // The CSV's busiest row is the report's bottleneck link, at its
    // max_link_utilization; bytes × 8 / (Gbit/s × step time) gives it back.
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("loads.csv"));
    const CliRun run
        = runCli({QStringLiteral("place"), sample("cluster-3k.fabric.json"), sample("llama-70b-3k.job.json"),
                  QStringLiteral("--json"), QStringLiteral("--link-loads"), csv});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject o = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.value(0),
             QStringLiteral("link,end_a,end_b,capacity_gbps,effective_gbps,bytes_per_step,utilization"));
    QVERIFY(lines.size() > 100);
    const QStringList top = lines.value(1).split(QLatin1Char(','));
    QCOMPARE(top.value(0), o.value(QStringLiteral("bottleneck_link")).toString());
    const double maxUtil = o.value(QStringLiteral("max_link_utilization")).toDouble();
    QCOMPARE(top.value(6).toDouble(), std::round(maxUtil * 1e4) / 1e4);
    const double stepS = o.value(QStringLiteral("step_comm_time_ms")).toDouble() / 1e3;
    const double fromBytes = top.value(5).toDouble() * 8 / (top.value(4).toDouble() * 1e9 * stepS);
    QVERIFY(std::abs(fromBytes - maxUtil) < 1e-3);
}

void TestJobCommand::metaInServiceTopologyBeatsLinearAndRandom()
{
    // meta-24k in service: 24 hosts at the start of the first zone run
    // 4-GPU jobs (GPUs 0-3 busy). Per strategy, bytes across the zone tier
    // and step communication time (fluid routing).
    const QStringList busy{QStringLiteral("--busy"), QStringLiteral("gpu[0001-0024]:4")};
    double zone[3], ms[3];
    int tpAcross[3];
    const char *names[3] = {"topology", "linear", "random"};
    for (int s = 0; s < 3; ++s) {
        const QJsonObject o = placeJson(busy + QStringList{QStringLiteral("--strategy"), QLatin1String(names[s])});
        zone[s] = o.value(QStringLiteral("bytes_per_step_by_tier"))
                      .toObject()
                      .value(QStringLiteral("cross-zone"))
                      .toDouble();
        ms[s] = o.value(QStringLiteral("step_comm_time_ms")).toDouble();
        tpAcross[s] = o.value(QStringLiteral("tp_groups_across_hosts")).toInt();
        qInfo("%s: %.3f TiB across zones, %.1f ms per step, %d TP groups across hosts", names[s],
              zone[s] / double(1LL << 40), ms[s], tpAcross[s]);
        QVERIFY(ms[s] > 0);
    }
    // Topology-aware keeps whole zones: 5 zone boundaries between PP stages,
    // each 1,024 pipelines × 16 micro-batches × 2 directions × 16 MiB = 512 GiB.
    QCOMPARE(zone[0], 5 * 512.0 * (1LL << 30));
    QCOMPARE(tpAcross[0], 0);
    // First fit starts on the 24 half-used hosts: their 4 free GPUs pair up
    // into 12 TP groups of 8 that span two hosts, and every later stage slides
    // 12 hosts off the zone boundaries.
    QCOMPARE(tpAcross[1], 12);
    QVERIFY(zone[0] < zone[1]);
    QVERIFY(zone[0] < zone[2]);
    QVERIFY(ms[0] < ms[1]);
    QVERIFY(ms[0] < ms[2]);
}

QTEST_GUILESS_MAIN(TestJobCommand)
#include "tst_jobcommand.moc"
