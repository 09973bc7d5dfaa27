// Job specs, placement strategies, cluster state and per-step traffic,
// checked against hand-worked numbers (arithmetic in the comments).

#include "core/analysis/capacity.h"
#include "core/registry/formatregistry.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "core/jobs/jobspec.h"
#include "core/placement/clusterstate.h"
#include "core/placement/jobevaluation.h"
#include "core/placement/placementreport.h"
#include "core/placement/placementsummary.h"
#include "core/placement/placer.h"
#include "core/traffic/collectivemodel.h"
#include "core/jobs/ranklayout.h"
#include "core/traffic/steptraffic.h"
#include "core/traffic/tierbytes.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <map>
#include <set>

using namespace Railyard;

namespace {

QString sample(const char *name)
{
    return QStringLiteral(RAILYARD_SAMPLES "/") + QLatin1String(name);
}

Fabric loadSample(const char *name)
{
    ReadResult r = FormatRegistry::instance().readFile(sample(name));
    if (!r.ok())
        qFatal("%s", qPrintable(r.errorText()));
    return std::move(*r.fabric);
}

JobSpec loadJob(const char *name)
{
    const JobSpecResult r = readJobSpecFile(sample(name));
    if (!r.ok())
        qFatal("%s", qPrintable(r.errorText()));
    return *r.job;
}

/// A dense job with the given degrees; shapes chosen so every check passes.
JobSpec makeJob(const std::string &name, int tp, int pp, int dp, int ep = 1)
{
    JobSpec j;
    j.name = name;
    j.model.parameters = 1e9;
    j.model.layers = 16;
    j.model.hiddenSize = 1024;
    j.model.sequenceLength = 2048;
    j.model.vocabulary = 32000;
    j.model.precision = "bf16";
    j.model.precisionBytes = 2;
    if (ep > 1) {
        j.model.experts = 8;
        j.model.topK = 2;
        j.model.moeLayers = 16;
        j.model.expertHiddenSize = 512; // 3·16·8·1024·512 = 201M expert parameters
    }
    j.parallel = {tp, pp, dp, ep, 1, 1};
    j.microBatch = 1;
    j.globalBatch = dp * 4;
    j.gpus = j.parallel.worldSize();
    return j;
}

std::set<std::pair<std::int32_t, int>> distinctGpus(const Placement &p)
{
    std::set<std::pair<std::int32_t, int>> s;
    for (const RankSlot &r : p.ranks)
        s.insert({r.host, r.gpu});
    return s;
}

/// 4 hosts × 2 GPUs (2 NICs, rails 0 and 1); hosts 0, 1 on leaf-a in zone A,
/// hosts 2, 3 on leaf-b in zone B; both leaves under one spine.
Fabric tinyFabric()
{
    Fabric f;
    f.name = "tiny";
    for (int i = 0; i < 4; ++i) {
        Host h;
        h.id = "h" + std::to_string(i);
        h.gpus = 2;
        h.nics = {{0, 400.0, 1}, {1, 400.0, 1}};
        h.location = {i < 2 ? "A" : "B", i < 2 ? "pa" : "pb", i < 2 ? "sa" : "sb", i < 2 ? "ra" : "rb"};
        f.addHost(h);
    }
    Switch la{"leaf-a", Tier::Leaf, 16, "", 0, -1, {}};
    Switch lb{"leaf-b", Tier::Leaf, 16, "", 0, -1, {}};
    Switch sp{"spine", Tier::Spine, 16, "", 0, -1, {}};
    const auto a = f.switchNode(f.addSwitch(la));
    const auto b = f.switchNode(f.addSwitch(lb));
    const auto s = f.switchNode(f.addSwitch(sp));
    for (int i = 0; i < 4; ++i)
        for (int nic = 0; nic < 2; ++nic) {
            Link l;
            l.id = "h" + std::to_string(i) + "-" + std::to_string(nic);
            l.a = i;
            l.b = i < 2 ? a : b;
            l.portA = nic;
            f.addLink(l);
        }
    f.addLink({"a-s", a, s});
    f.addLink({"b-s", b, s});
    return f;
}

/// The tiny model of the brief: 2 layers, hidden 1024, sequence 2048,
/// micro-batch 1, bf16, TP 2 × PP 2 × DP 2, global batch 4 → 4 / (1·2) = 2
/// micro-batches per step; 100M parameters.
JobSpec tinyJob()
{
    JobSpec j = makeJob("tiny", 2, 2, 2);
    j.model.layers = 2;
    j.model.parameters = 100e6;
    j.globalBatch = 4;
    return j;
}

} // namespace

class TestPlacement : public QObject
{
    Q_OBJECT

private slots:
    void sampleJobsRead();
    void jobWriteRoundTrip();
    void jobErrors_data();
    void jobErrors();
    void rankLayoutIsMegatronOrder();
    void collectiveRowsCarryTheModelInterval();
    void tpInsideHost_data();
    void tpInsideHost();
    void excludedHostsNeverUsed_data();
    void excludedHostsNeverUsed();
    void linearFillsInHostOrder();
    void randomIsDeterministicPerSeed();
    void tooBigJobFails();
    void fragmentationAfterTwoJobs();
    void queuePlacesInOrder();
    void stepCollectivesTinyModel();
    void tierBytesTinyModel();
    void shardingAndExperts();
    void metaMoeZoneBytes();
    void llamaClusterZoneBytes();
    void sharpAllReduceVolume();
    void tpEpGroupsInsideNvlinkDomains();
    void reportMergesCollectives();
};

void TestPlacement::sampleJobsRead()
{
    const JobSpec llama = loadJob("llama-70b-3k.job.json");
    QCOMPARE(llama.gpus, 3072LL);                // 8 × 8 × 48
    QCOMPARE(llama.microBatchesPerStep(), 32LL); // 1536 / (1 × 48)
    QCOMPARE(llama.layersPerStage(), 10);
    const JobSpec moe = loadJob("moe-meta-24k.job.json");
    QCOMPARE(moe.gpus, 16384LL);               // 8 × 16 × 128
    QCOMPARE(moe.microBatchesPerStep(), 16LL); // 2048 / (1 × 128)
    QCOMPARE(moe.parallel.ep, 8);
    // 3 · 64 · 16 · 8192 · 16384 = 412,316,860,416 expert parameters.
    QCOMPARE(moe.model.expertParameters(), 412316860416.0);
}

void TestPlacement::jobWriteRoundTrip()
{
    // Both samples written and read back give the same job, field by field.
    for (const char *name : {"llama-70b-3k.job.json", "moe-meta-24k.job.json"}) {
        const JobSpec job = loadJob(name);
        const std::string text = writeJobSpec(job);
        const JobSpecResult back = parseJobSpec(text, QStringLiteral("written.job.json"));
        QVERIFY2(back.ok(), qPrintable(back.errorText()));
        const JobSpec &j = *back.job;
        QCOMPARE(j.name, job.name);
        QCOMPARE(j.description, job.description);
        QVERIFY(!j.description.empty());
        QCOMPARE(j.model.parameters, job.model.parameters);
        QCOMPARE(j.model.layers, job.model.layers);
        QCOMPARE(j.model.hiddenSize, job.model.hiddenSize);
        QCOMPARE(j.model.sequenceLength, job.model.sequenceLength);
        QCOMPARE(j.model.vocabulary, job.model.vocabulary);
        QCOMPARE(j.model.precision, job.model.precision);
        QCOMPARE(j.model.precisionBytes, job.model.precisionBytes);
        QCOMPARE(j.model.experts, job.model.experts);
        QCOMPARE(j.model.topK, job.model.topK);
        QCOMPARE(j.model.moeLayers, job.model.moeLayers);
        QCOMPARE(j.model.expertHiddenSize, job.model.expertHiddenSize);
        QCOMPARE(j.parallel.worldSize(), job.parallel.worldSize());
        QCOMPARE(j.parallel.ep, job.parallel.ep);
        QCOMPARE(j.parallel.pp, job.parallel.pp);
        QCOMPARE(j.microBatch, job.microBatch);
        QCOMPARE(j.globalBatch, job.globalBatch);
        QCOMPARE(j.sharding, job.sharding);
        QCOMPARE(j.gpus, job.gpus);
        QVERIFY(text.find("\"format\": \"railyard-job\"") != std::string::npos);
    }
    // A custom precision is written as its byte count.
    JobSpec odd = makeJob("odd", 1, 1, 2);
    odd.model.precision.clear();
    odd.model.precisionBytes = 3;
    const JobSpecResult back = parseJobSpec(writeJobSpec(odd), QStringLiteral("odd.job.json"));
    QVERIFY2(back.ok(), qPrintable(back.errorText()));
    QCOMPARE(back.job->model.precisionBytes, 3);
}

void TestPlacement::jobErrors_data()
{
    QTest::addColumn<QByteArray>("patch"); // replaces "@@" in the template
    QTest::addColumn<QString>("where");    // expected in the error text
    QTest::newRow("gpus inconsistent") << QByteArray("\"gpus\": 64") << QStringLiteral("at /gpus: gpus is 64 but");
    QTest::newRow("unknown precision") << QByteArray(
        "\"gpus\": 32, \"model\": {\"parameters\": 1e9, \"layers\": 8, "
        "\"hidden_size\": 1024, \"sequence_length\": 2048, \"vocabulary\": "
        "32000, \"precision\": \"fp12\"}")
                                       << QStringLiteral("at /model/precision: unknown precision \"fp12\"");
    QTest::newRow("bad number") << QByteArray(
        "\"gpus\": 32, \"model\": {\"parameters\": 1e9, \"layers\": \"eight\", "
        "\"hidden_size\": 1024, \"sequence_length\": 2048, \"vocabulary\": 32000, "
        "\"precision\": \"bf16\"}")
                                << QStringLiteral("at /model/layers: expected an integer");
    QTest::newRow("fractional") << QByteArray("\"gpus\": 32.5") << QStringLiteral("at /gpus: expected an integer");
    QTest::newRow("negative") << QByteArray("\"gpus\": -3") << QStringLiteral("at /gpus: must be at least 1");
    QTest::newRow("sharding") << QByteArray("\"gpus\": 32, \"optimizer_sharding\": \"zero3\"")
                              << QStringLiteral("at /optimizer_sharding: unknown optimizer sharding");
    QTest::newRow("ep without moe") << QByteArray(
        "\"gpus\": 32, \"parallelism\": {\"tp\": 2, \"pp\": 4, \"dp\": 4, \"ep\": 2}")
                                    << QStringLiteral("at /parallelism/ep:");
    QTest::newRow("batch") << QByteArray("\"gpus\": 32, \"batch\": {\"micro_batch\": 1, \"global_batch\": 6}")
                           << QStringLiteral("at /batch/global_batch: global_batch 6 is not a multiple");
    QTest::newRow("syntax") << QByteArray("\"gpus\": 32,,") << QStringLiteral("job.json:9:");
}

void TestPlacement::jobErrors()
{
    QFETCH(QByteArray, patch);
    QFETCH(QString, where);
    // Later duplicate keys win in nlohmann, so patches override the template.
    QByteArray text
        = "{\n \"format\": \"railyard-job\",\n \"version\": 1,\n \"name\": \"t\",\n"
          " \"model\": {\"parameters\": 1e9, \"layers\": 8, \"hidden_size\": 1024, \"sequence_length\": 2048,"
          " \"vocabulary\": 32000, \"precision\": \"bf16\"},\n"
          " \"parallelism\": {\"tp\": 2, \"pp\": 4, \"dp\": 4},\n"
          " \"batch\": {\"micro_batch\": 1, \"global_batch\": 16},\n"
          " \"optimizer_sharding\": \"none\",\n @@\n}\n";
    text.replace("@@", patch);
    const JobSpecResult r
        = parseJobSpec(std::string_view(text.constData(), size_t(text.size())), QStringLiteral("job.json"));
    QVERIFY2(!r.ok(), text.constData());
    QVERIFY2(r.errorText().contains(where), qPrintable(r.errorText()));
    QVERIFY(r.errorText().startsWith(QStringLiteral("job.json")));
}

void TestPlacement::rankLayoutIsMegatronOrder()
{
    const RankLayout layout({2, 2, 2, 1, 1}); // tp 2, pp 2, dp 2
    // rank = tp + 2·(cp + 1·(dp + 2·pp)): rank 6 = tp 0, dp 1, pp 1.
    const RankCoords c = layout.coords(6);
    QCOMPARE(c.tp, 0);
    QCOMPARE(c.dp, 1);
    QCOMPARE(c.pp, 1);
    QCOMPARE(layout.rank({1, 0, 1, 1}), 7);
}

void TestPlacement::tpInsideHost_data()
{
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("dp");
    QTest::addColumn<int>("ep");
    QTest::newRow("tp8 pp4 dp12") << 8 << 4 << 12 << 1;
    QTest::newRow("tp4 pp2 dp8") << 4 << 2 << 8 << 1;
    QTest::newRow("tp2 pp2 dp2") << 2 << 2 << 2 << 1;
    QTest::newRow("tp8 pp4 dp8 ep4") << 8 << 4 << 8 << 4;
    QTest::newRow("tp2 pp8 dp24 ep8") << 2 << 8 << 24 << 8;
}

void TestPlacement::tpInsideHost()
{
    QFETCH(int, tp);
    QFETCH(int, pp);
    QFETCH(int, dp);
    QFETCH(int, ep);
    const Fabric fabric = generateClos(dgxSuperpodParams(2)); // 64 hosts × 8 GPUs
    const JobSpec job = makeJob("shape", tp, pp, dp, ep);
    const Placement p = placeJob(fabric, job, {PlacementStrategy::Topology, 1, {"gpu003"}});
    QCOMPARE(qsizetype(distinctGpus(p).size()), qsizetype(job.gpus));
    const PlacementSummary s = summarizePlacement(fabric, job, p);
    QCOMPARE(s.tpGroupsAcrossHosts, 0);
    QVERIFY(s.railAligned || tp < 8);
}

void TestPlacement::excludedHostsNeverUsed_data()
{
    QTest::addColumn<int>("strategy");
    QTest::newRow("topology") << int(PlacementStrategy::Topology);
    QTest::newRow("linear") << int(PlacementStrategy::Linear);
    QTest::newRow("random") << int(PlacementStrategy::Random);
}

void TestPlacement::excludedHostsNeverUsed()
{
    QFETCH(int, strategy);
    const Fabric fabric = generateClos(dgxSuperpodParams(2));
    const std::vector<std::string> excluded = {"gpu001", "gpu002", "gpu017", "gpu040", "gpu064"};
    // 59 free hosts = 472 GPUs; the job takes 448 (tp 8 × pp 4 × dp 14).
    const JobSpec job = makeJob("big", 8, 4, 14);
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        const Placement p = placeJob(fabric, job, {PlacementStrategy(strategy), seed, excluded});
        QCOMPARE(qsizetype(distinctGpus(p).size()), qsizetype(448));
        for (const RankSlot &r : p.ranks)
            QVERIFY(std::find(excluded.begin(), excluded.end(), fabric.host(r.host).id) == excluded.end());
    }
    // 464 GPUs would need 58 of the 59 free hosts; 480 cannot fit.
    QVERIFY_THROWS_EXCEPTION(
        PlacementError, placeJob(fabric, makeJob("too big", 8, 4, 15), {PlacementStrategy(strategy), 1, excluded}));
}

void TestPlacement::linearFillsInHostOrder()
{
    const Fabric fabric = generateClos(dgxSuperpodParams(1)); // 32 hosts
    const JobSpec job = makeJob("lin", 4, 2, 3);              // 24 GPUs
    const Placement p = placeJob(fabric, job, {PlacementStrategy::Linear, 1, {"gpu001"}});
    // Host index 0 (gpu001) is excluded: rank r on host 1 + r / 8, GPU r % 8.
    for (int r = 0; r < 24; ++r) {
        QCOMPARE(p.ranks[size_t(r)].host, 1 + r / 8);
        QCOMPARE(p.ranks[size_t(r)].gpu, r % 8);
    }
}

void TestPlacement::randomIsDeterministicPerSeed()
{
    const Fabric fabric = generateClos(dgxSuperpodParams(2));
    const JobSpec job = makeJob("rnd", 8, 2, 8); // 128 GPUs = 16 hosts
    const Placement a = placeJob(fabric, job, {PlacementStrategy::Random, 42, {}});
    const Placement b = placeJob(fabric, job, {PlacementStrategy::Random, 42, {}});
    const Placement c = placeJob(fabric, job, {PlacementStrategy::Random, 43, {}});
    QCOMPARE(qsizetype(distinctGpus(a).size()), qsizetype(128));
    bool same = true, differ = false;
    for (size_t r = 0; r < a.ranks.size(); ++r) {
        same = same && a.ranks[r].host == b.ranks[r].host && a.ranks[r].gpu == b.ranks[r].gpu;
        differ = differ || a.ranks[r].host != c.ranks[r].host;
    }
    QVERIFY(same);
    QVERIFY(differ);
    // Whole hosts: 16 distinct hosts, TP groups inside them.
    std::set<std::int32_t> hosts;
    for (const RankSlot &r : a.ranks)
        hosts.insert(r.host);
    QCOMPARE(qsizetype(hosts.size()), qsizetype(16));
    QCOMPARE(summarizePlacement(fabric, job, a).tpGroupsAcrossHosts, 0);
}

void TestPlacement::tooBigJobFails()
{
    const Fabric fabric = generateClos(dgxSuperpodParams(1)); // 256 GPUs
    try {
        placeJob(fabric, makeJob("huge", 8, 4, 16), {}); // 512 GPUs
        QFAIL("expected a PlacementError");
    } catch (const PlacementError &e) {
        QCOMPARE(QString::fromUtf8(e.what()),
                 QStringLiteral("job 'huge' needs 512 GPUs but only 256 of the fabric's 256 are free (not in use or "
                                "excluded)"));
    }
}

void TestPlacement::fragmentationAfterTwoJobs()
{
    // dgxSuperpodParams(2): 2 SUs × 8 racks × 4 hosts × 8 GPUs, one pod, no zone.
    const Fabric fabric = generateClos(dgxSuperpodParams(2));
    ClusterState state(fabric);
    // Job A, 80 GPUs = 10 hosts: no rack (32 GPUs) fits; an SU does (best fit:
    // su-001). Whole racks largest first: rack-001, rack-002 (64 GPUs), the
    // remaining 16 in the best-fitting rack, rack-003 → its first 2 hosts.
    state.place(makeJob("a", 8, 1, 10), {});
    // Job B, 96 GPUs = 12 hosts: best-fitting SU is su-001 (22 free hosts <
    // 32 in su-002); racks 4, 5, 6 taken whole.
    const Placement &b = state.place(makeJob("b", 8, 1, 12), {});
    QCOMPARE(fabric.host(b.ranks.front().host).location.rack, std::string("rack-004"));
    QCOMPARE(fabric.host(b.ranks.back().host).location.rack, std::string("rack-006"));
    // Free: su-001 keeps 2 hosts of rack-003 and racks 7, 8 (10 hosts); su-002 32.
    Fragmentation expected;
    expected.freeGpus = 42 * 8;
    expected.freeHosts = 42;
    expected.bestRackFreeHosts = 4;
    expected.bestSuFreeHosts = 32;
    expected.bestPodFreeHosts = 42;
    expected.bestZoneFreeHosts = 42;
    expected.largestContiguousFreeHosts = 40; // racks 7, 8 (8 hosts) + su-002 (32)
    const Fragmentation f = state.fragmentation();
    QCOMPARE(f.freeHosts, expected.freeHosts);
    QCOMPARE(f.largestContiguousFreeHosts, expected.largestContiguousFreeHosts);
    QVERIFY(f == expected);
    QVERIFY(state.release("a"));
    QCOMPARE(state.fragmentation().freeHosts, 52);
}

void TestPlacement::queuePlacesInOrder()
{
    const Fabric fabric = generateClos(dgxSuperpodParams(1)); // 256 GPUs
    ClusterState state(fabric);
    state.excludeHost(0);
    state.enqueue(makeJob("first", 8, 2, 8), {});  // 128
    state.enqueue(makeJob("second", 8, 2, 8), {}); // 128: only 120 left
    state.enqueue(makeJob("third", 8, 1, 8), {});  // 64
    const auto outcomes = state.runQueue();
    QCOMPARE(qsizetype(outcomes.size()), qsizetype(3));
    QVERIFY(outcomes[0].placed);
    QVERIFY(!outcomes[1].placed);
    QVERIFY(QString::fromStdString(outcomes[1].error).contains(QStringLiteral("needs 128 GPUs but only 120")));
    QVERIFY(outcomes[2].placed);
    QCOMPARE(state.freeGpuCount(), 256LL - 8 - 128 - 64);
    for (const Placement &p : state.placements())
        for (const RankSlot &r : p.ranks)
            QVERIFY(r.host != 0);
}

void TestPlacement::stepCollectivesTinyModel()
{
    const JobSpec job = tinyJob();
    const auto collectives = stepCollectives(job);
    int tp = 0, pp = 0, dp = 0;
    for (const GroupCollective &c : collectives) {
        QCOMPARE(qsizetype(c.ranks.size()), qsizetype(2));
        switch (c.kind) {
        case ParallelKind::Tp:
            // 1 × 2048 × 1024 × 2 B = 4 MiB per all-reduce; 2 fwd + 2 bwd per
            // layer × (2 layers / 2 stages) × 2 micro-batches = 8 per step.
            QCOMPARE(c.op, CommOp::AllReduce);
            QCOMPARE(c.bytesPerRank, 4.0 * 1024 * 1024);
            QCOMPARE(c.countPerStep, 8LL);
            ++tp;
            break;
        case ParallelKind::Pp:
            // 4 MiB / TP 2 = 2 MiB each way per micro-batch: 2 per step.
            QCOMPARE(c.op, CommOp::P2p);
            QCOMPARE(c.bytesPerRank, 2.0 * 1024 * 1024);
            QCOMPARE(c.countPerStep, 2LL);
            ++pp;
            break;
        case ParallelKind::Dp:
            // 100M / (TP 2 × PP 2) × 2 B = 50 MB, all-reduced once per step.
            QCOMPARE(c.op, CommOp::AllReduce);
            QCOMPARE(c.bytesPerRank, 50e6);
            QCOMPARE(c.countPerStep, 1LL);
            ++dp;
            break;
        default: QFAIL("unexpected kind");
        }
    }
    // Groups: TP PP·DP = 4, PP TP·DP = 4, DP TP·PP = 4.
    QCOMPARE(tp, 4);
    QCOMPARE(pp, 4);
    QCOMPARE(dp, 4);
    // Megatron order: TP {0, 1}, PP {0, 4} (pp is slowest), DP {0, 2}.
    QCOMPARE(collectives.front().ranks, (std::vector<std::int32_t>{0, 1}));
}

void TestPlacement::tierBytesTinyModel()
{
    const Fabric fabric = tinyFabric();
    const JobSpec job = tinyJob();
    // Linear: ranks 2h, 2h+1 on host h. TP pairs share a host; DP pairs
    // {0,2},{1,3} on hosts 0-1 and {4,6},{5,7} on hosts 2-3 share a leaf; PP
    // pairs {0,4},{1,5},{2,6},{3,7} cross from zone A to zone B.
    const Placement p = placeJob(fabric, job, {PlacementStrategy::Linear, 1, {}});
    const TierBytes t = stepTierBytes(fabric, p, stepCollectives(job), TierClassifier(fabric));
    // Host: each TP all-reduce of 2 ranks on one host moves 2 × 2(2−1)/2 × 4 MiB
    // = 8 MiB over NVLink; × 8 calls × 4 groups = 256 MiB.
    QCOMPARE(t[FlowTier::Host], 256.0 * 1024 * 1024);
    // Leaf: a 2-host ring of S = 50 MB sends 2(2−1)/2 × S = 50 MB each way:
    // 2 flows × 50 MB × 4 groups = 400 MB.
    QCOMPARE(t[FlowTier::Leaf], 400e6);
    // Cross-zone: 2 MiB each way × 2 micro-batches × 4 pipelines = 32 MiB.
    QCOMPARE(t[FlowTier::CrossZone], 32.0 * 1024 * 1024);
    QCOMPARE(t[FlowTier::Su] + t[FlowTier::Pod] + t[FlowTier::Zone], 0.0);
    // The flows of one DP all-reduce: host 0 → 1 and back, rail of GPU 0 (rail 0).
    const auto flows = collectiveFlows(fabric, p, stepCollectives(job)[8]);
    QCOMPARE(qsizetype(flows.size()), qsizetype(2));
    QCOMPARE(flows[0].srcRail, 0);
    QCOMPARE(flows[0].bytes, 50e6);
}

void TestPlacement::shardingAndExperts()
{
    JobSpec job = makeJob("moe", 2, 2, 8, 4); // 32 ranks, EP 4 inside DP 8
    job.sharding = OptimizerSharding::Zero1;
    const double micro = double(job.microBatchesPerStep()); // 32 / 8 = 4
    QCOMPARE(micro, 4.0);
    int rs = 0, ag = 0, a2a = 0;
    for (const GroupCollective &c : stepCollectives(job)) {
        if (c.kind == ParallelKind::Ep) {
            // 1 × 2048 × 1024 × 2 B × top-2 / TP 2 = 4 MiB; 4 × (16/2 layers) × 4 = 128 calls.
            QCOMPARE(c.bytesPerRank, 4.0 * 1024 * 1024);
            QCOMPARE(c.countPerStep, 128LL);
            QCOMPARE(qsizetype(c.ranks.size()), qsizetype(4));
            ++a2a;
        }
        if (c.kind == ParallelKind::Dp && c.label == "expert gradients") {
            // 3·16·8·1024·512 = 201,326,592 expert params / (TP 2 · PP 2 · EP 4) × 2 B.
            QCOMPARE(c.bytesPerRank, 201326592.0 / 16 * 2);
            QCOMPARE(qsizetype(c.ranks.size()), qsizetype(2)); // dp / ep
            ++rs;
        }
        if (c.kind == ParallelKind::Dp && c.op == CommOp::AllGather)
            ++ag;
    }
    QCOMPARE(a2a, 2 * 2 * 1 * 2);  // pp · (dp/ep) · cp · tp groups
    QCOMPARE(rs, 2 * 2 * 4);       // pp · tp · ep expert-DP groups, reduce-scatter only
    QCOMPARE(ag, 2 * 2 * (1 + 4)); // zero1: an all-gather per dense and per expert group
    job.sharding = OptimizerSharding::Fsdp;
    for (const GroupCollective &c : stepCollectives(job))
        if (c.kind == ParallelKind::Dp && c.op == CommOp::AllGather)
            QCOMPARE(c.countPerStep, 8LL); // forward + backward per micro-batch
}

void TestPlacement::metaMoeZoneBytes()
{
    const Fabric fabric = loadSample("meta-24k.fabric.json");
    const JobSpec job = loadJob("moe-meta-24k.job.json");
    const auto collectives = stepCollectives(job);
    const TierClassifier classifier(fabric);
    auto zoneBytes = [&](PlacementStrategy s, std::vector<std::string> excluded) {
        QElapsedTimer timer;
        timer.start();
        const Placement p = placeJob(fabric, job, {s, 1, std::move(excluded)});
        const qint64 ms = timer.elapsed();
        const double bytes = stepTierBytes(fabric, p, collectives, classifier)[FlowTier::CrossZone];
        qInfo("%s: %.4f TiB across zones, placed in %lld ms", placementStrategyName(s), bytes / double(1LL << 40), ms);
        return bytes;
    };
    const double topology = zoneBytes(PlacementStrategy::Topology, {});
    const double linear = zoneBytes(PlacementStrategy::Linear, {});
    const double random = zoneBytes(PlacementStrategy::Random, {});
    // 2,048 hosts need 6 zones of 384 hosts: 5 zone boundaries, each between
    // two PP stages (a stage is 128 hosts). Per boundary: 1,024 pipelines
    // (TP 8 × DP 128) × 16 micro-batches × 2 directions × 16 MiB (128 MiB
    // activations / TP 8) = 512 GiB; × 5 = 2.5 TiB.
    QCOMPARE(topology, 5 * 512.0 * (1LL << 30));
    // On this fabric host order is location order and 384 = 3 × 128, so
    // first-fit lands on the same stage boundaries: linear ties.
    QVERIFY(topology <= linear);
    QVERIFY(topology < random);
    // With two degraded hosts excluded, first-fit slides every stage off the
    // zone boundaries; topology-aware placement keeps whole zones.
    const std::vector<std::string> excluded = {"gpu0001", "gpu0500"};
    const double topologyEx = zoneBytes(PlacementStrategy::Topology, excluded);
    const double linearEx = zoneBytes(PlacementStrategy::Linear, excluded);
    QCOMPARE(topologyEx, topology);
    QVERIFY(topologyEx < linearEx);

    // A shape whose pipeline stages do not divide a zone: DP 80 makes a stage
    // 80 hosts, and a zone of 384 hosts holds 4 of them with 64 to spare.
    // First-fit splits stages (their data- and expert-parallel collectives)
    // across zones; topology-aware placement keeps each stage in one zone, so
    // only the 3 stage boundaries between zones cross: 3 boundaries × 640
    // pipelines (TP 8 × DP 80) × 16 micro-batches × 2 × 16 MiB each.
    JobSpec odd = job;
    odd.parallel.dp = 80;
    odd.globalBatch = 1280;
    odd.gpus = odd.parallel.worldSize();
    const auto oddCollectives = stepCollectives(odd);
    auto oddZoneBytes = [&](PlacementStrategy s) {
        const Placement p = placeJob(fabric, odd, {s, 1, {}});
        return stepTierBytes(fabric, p, oddCollectives, classifier)[FlowTier::CrossZone];
    };
    const double oddTopology = oddZoneBytes(PlacementStrategy::Topology);
    const double oddLinear = oddZoneBytes(PlacementStrategy::Linear);
    qInfo("DP 80: topology %.4f TiB, linear %.4f TiB across zones", oddTopology / double(1LL << 40),
          oddLinear / double(1LL << 40));
    QCOMPARE(oddTopology, 3 * 640 * 16 * 2 * 16.0 * (1LL << 20));
    QVERIFY(oddTopology < oddLinear);
}

void TestPlacement::llamaClusterZoneBytes()
{
    const Fabric fabric = loadSample("cluster-3k.fabric.json");
    const JobSpec job = loadJob("llama-70b-3k.job.json");
    const auto collectives = stepCollectives(job);
    const TierClassifier classifier(fabric);
    double bytes[3];
    for (auto s : {PlacementStrategy::Topology, PlacementStrategy::Linear, PlacementStrategy::Random}) {
        const Placement p = placeJob(fabric, job, {s, 1, {}});
        QCOMPARE(summarizePlacement(fabric, job, p).tpGroupsAcrossHosts, 0);
        bytes[int(s)] = stepTierBytes(fabric, p, collectives, classifier)[FlowTier::CrossZone];
        qInfo("llama-70b on cluster-3k, %s: %.4f TiB across zones", placementStrategyName(s),
              bytes[int(s)] / double(1LL << 40));
    }
    QVERIFY(bytes[0] < bytes[1]);
    QVERIFY(bytes[0] < bytes[2]);
}

// samples/gb200-nvl72.fabric.json: 8 NVL72 racks, each one NVLink domain of
// 18 trays × 4 GPUs. samples/moe-gb200.job.json: TP 4 × PP 4 × DP 32 with
// EP 16, 512 GPUs. A TP × EP group (the ranks sharing a PP stage and an
// expert-data-parallel index) is 4 · 16 = 64 GPUs = 16 trays: it fits one
// 72-GPU domain and no host, so it spans hosts, and the placer must keep it
// inside one domain (its all-to-all then runs over NVLink). 512 / 64 = 8
// groups in 8 domains: every domain holds exactly one group and 2 free trays.
void TestPlacement::tpEpGroupsInsideNvlinkDomains()
{
    const Fabric fabric = loadSample("gb200-nvl72.fabric.json");
    QCOMPARE(fabric.gpuCount(), 576LL);
    QCOMPARE(fabric.nvlinkDomains().size(), size_t(8));
    const JobSpec job = loadJob("moe-gb200.job.json");
    QCOMPARE(job.gpus, 512LL);
    const Placement p = placeJob(fabric, job, {PlacementStrategy::Topology, 1, {}});
    QCOMPARE(qsizetype(distinctGpus(p).size()), qsizetype(512));

    const RankLayout layout(job.parallel);
    std::map<std::pair<int, int>, std::set<std::string>> groupDomains; // (pp, edp) → domains
    std::map<std::pair<int, int>, std::set<std::int32_t>> groupHosts;
    std::map<std::string, int> ranksPerDomain;
    for (int r = 0; r < int(p.ranks.size()); ++r) {
        const RankCoords c = layout.coords(r);
        const std::string &domain = fabric.host(p.ranks[size_t(r)].host).nvlinkDomain;
        QVERIFY(!domain.empty());
        const std::pair<int, int> key{c.pp, layout.edpIndex(c.dp)};
        groupDomains[key].insert(domain);
        groupHosts[key].insert(p.ranks[size_t(r)].host);
        ++ranksPerDomain[domain];
    }
    QCOMPARE(groupDomains.size(), size_t(4 * 2)); // PP 4 × expert-DP 32 / 16
    for (const auto &[key, domains] : groupDomains) {
        QCOMPARE(domains.size(), size_t(1));
        QCOMPARE(groupHosts[key].size(), size_t(16)); // spans 16 trays of one rack
    }
    QCOMPARE(ranksPerDomain.size(), size_t(8));
    for (const auto &[domain, ranks] : ranksPerDomain)
        QCOMPARE(ranks, 64);
    // TP groups of 4 stay on one tray.
    QCOMPARE(summarizePlacement(fabric, job, p).tpGroupsAcrossHosts, 0);

    // Packed tray after tray (linear), group 1 takes trays 17–32 and crosses
    // from the first rack's domain into the second: keeping the groups whole
    // is the topology placer's doing, not the fabric's host order.
    const Placement packed = placeJob(fabric, job, {PlacementStrategy::Linear, 1, {}});
    std::set<std::string> group1;
    for (int r = 64; r < 128; ++r) {
        QCOMPARE(layout.coords(r).pp, 0);
        QCOMPARE(layout.edpIndex(layout.coords(r).dp), 1);
        group1.insert(fabric.host(packed.ranks[size_t(r)].host).nvlinkDomain);
    }
    QCOMPARE(group1, (std::set<std::string>{"nvl-0001", "nvl-0002"}));
}

// The report `place` prints, built in core: collectives of one shape merged
// into a row (the gb200 MoE job: 128 TP groups' all-reduce are one row of 128
// groups), the same rows in the JSON, and the text naming the domains' NVLink.
void TestPlacement::reportMergesCollectives()
{
    const Fabric fabric = loadSample("gb200-nvl72.fabric.json");
    const JobSpec job = loadJob("moe-gb200.job.json");
    const ClusterState state(fabric);
    const CapacityView view = CapacityView::of(fabric);
    JobEvaluation evaluation = evaluateJob(state, view, job, {PlacementStrategy::Topology, 1, {}}, RoutingOptions{});
    const size_t groups = evaluation.collectives.size();
    const PlacementReport report = buildPlacementReport(fabric, view, state, job, std::move(evaluation),
                                                        RoutingMode::Fluid, {"earlier"});
    int merged = 0;
    for (const PlacementCollectiveRow &r : report.collectives) {
        merged += r.groups;
        QVERIFY(r.time.error.empty());
        QVERIFY(r.time.seconds > 0);
        if (r.kind == ParallelKind::Tp) {
            QCOMPARE(r.groups, 128); // 512 / TP 4
            QCOMPARE(r.groupSize, size_t(4));
            QCOMPARE(r.time.bottleneckLink, -1); // inside a tray: NVLink
        }
        if (r.kind == ParallelKind::Ep)
            QCOMPARE(r.time.bottleneckLink, -1); // inside a domain: NVLink
    }
    QCOMPARE(size_t(merged), groups);
    QCOMPARE(report.freeGpusBefore, 576LL);
    QCOMPARE(report.after.freeHosts, 16); // 2 trays of each of the 8 racks

    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(placementReportToJson(report))).object();
    QCOMPARE(o.value(QStringLiteral("collectives")).toArray().size(), qsizetype(report.collectives.size()));
    QCOMPARE(o.value(QStringLiteral("running_jobs")).toArray().at(0).toString(), QStringLiteral("earlier"));
    QCOMPARE(o.value(QStringLiteral("gpus")).toDouble(), 512.0);
    const QString text = QString::fromStdString(placementReportToText(report));
    QVERIFY(text.contains(QStringLiteral("Collectives per step")));
    QVERIFY(text.contains(QStringLiteral("running: earlier")));
}

// Each collective row also carries the collective model's time for its first
// group alone, with the prediction interval of the validation rows of the same
// GPU, op and node count: llama-70b-3k on cluster-3k (H100). The figure is
// exactly estimateCollective on that group's hosts (here DP: 48 hosts, one GPU
// each), the interval holds it, and pipeline sends have no model.
void TestPlacement::collectiveRowsCarryTheModelInterval()
{
    const Fabric fabric = loadSample("cluster-3k.fabric.json");
    const JobSpec job = loadJob("llama-70b-3k.job.json");
    const CapacityView view = CapacityView::of(fabric);
    const JobEvaluation evaluation
        = evaluateJob(fabric, view, job, {PlacementStrategy::Topology, 1, {}}, RoutingOptions{});
    const std::vector<PlacementCollectiveRow> rows = placementCollectiveRows(fabric, view, evaluation);
    bool sawDp = false;
    for (const PlacementCollectiveRow &r : rows) {
        if (r.op == CommOp::P2p) {
            QCOMPARE(r.modelSeconds, -1.0);
            QVERIFY(r.modelNote.find("point-to-point") != std::string::npos);
            continue;
        }
        QVERIFY2(r.modelSeconds > 0, r.modelNote.c_str());
        QVERIFY(r.interval.validated);
        QVERIFY(r.interval.lowSeconds <= r.modelSeconds && r.modelSeconds <= r.interval.highSeconds);
        if (r.kind == ParallelKind::Dp && r.op == CommOp::ReduceScatter) {
            sawDp = true;
            QCOMPARE(r.groupSize, size_t(48));
            const GroupCollective *first = nullptr;
            for (const GroupCollective &c : evaluation.collectives)
                if (c.kind == ParallelKind::Dp && c.op == CommOp::ReduceScatter && !first)
                    first = &c;
            QVERIFY(first);
            CollectiveRequest request;
            request.op = CollectiveOp::ReduceScatter;
            request.bytes = r.bytesPerRank;
            for (std::int32_t rank : first->ranks)
                request.hosts.push_back({evaluation.placement.ranks[size_t(rank)].host, 1});
            const CollectiveEstimate e = estimateCollective(fabric, view, request);
            QCOMPARE(r.modelSeconds, e.seconds);
            QCOMPARE(r.interval.regime, std::string("h100 reduce-scatter, more than 8 nodes"));
        }
    }
    QVERIFY(sawDp);
    const QString text = QString::fromStdString(modelTimeText(rows.front()));
    QVERIFY2(text.contains(QStringLiteral(" ms (")), qPrintable(text));
}

QTEST_GUILESS_MAIN(TestPlacement)
// TP 8 x PP 1 x DP 4 on 4 rail-optimized hosts, linear: TP inside a host, 8 DP
// groups (one per GPU index) of 4 ranks on hosts 0-3, one per host, all on
// the same rail leaf. DP all-reduce S = 1e9 / 8 x 2 B = 250e6 B, once per step.
// Without SHARP each of a group's 4 ring edges carries 2(4-1)/4 x S = 375e6 B:
// leaf tier 8 x 4 x 375e6 = 12e9 B; a NIC link drains 375e6 x 8 / 400e9 = 7.5 ms.
// With SHARP in every switch an edge carries S: 8e9 B and 5 ms.
void TestPlacement::sharpAllReduceVolume()
{
    ClosParams params = railOptimizedParams(4);
    const Fabric plain = generateClos(params);
    params.sharp = true;
    const Fabric sharp = generateClos(params);
    const JobSpec job = makeJob("dp4", 8, 1, 4);
    const auto a = evaluateJob(plain, CapacityView::of(plain), job, PlacementStrategy::Linear, RoutingMode::Fluid);
    const auto b = evaluateJob(sharp, CapacityView::of(sharp), job, PlacementStrategy::Linear, RoutingMode::Fluid);
    QVERIFY(!a.sharp);
    QVERIFY(b.sharp);
    QCOMPARE(a.tierBytes[FlowTier::Leaf], 12e9);
    QCOMPARE(b.tierBytes[FlowTier::Leaf], 8e9);
    QCOMPARE(a.tierBytes[FlowTier::Host], b.tierBytes[FlowTier::Host]);
    QVERIFY(std::abs(a.stepSeconds - 7.5e-3) < 1e-12);
    QVERIFY(std::abs(b.stepSeconds - 5e-3) < 1e-12);
}

#include "tst_placement.moc"
