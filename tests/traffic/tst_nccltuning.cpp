// NCCL's choice of algorithm and protocol (core/traffic/nccltuning.h),
// hand-worked from NCCL 2.30.7's published tuning tables (src/graph/
// tuning.cc): each expected time below is computed here, in the test, from
// the table entries it names, not taken from the model's output.
//
// Graphs (what NCCL's topology search finds, src/graph/search.cc):
//  - 8 x H100, one node: 18 NVLinks x 20.6 GB/s = 370.8 GB/s per GPU; ring
//    6 channels x 60 GB/s, duplicated to 12 x 30; NVLS 8 channels, 40 GB/s
//    intra (9 x 40 <= 370.8), 60 inter.
//  - 8 x H100 with 8 x 400G NICs, several nodes: one channel per NIC at 48
//    GB/s (PCIe Gen5 x16 to the NIC): ring and tree 8 x 48 (tree in the TREE
//    pattern on sm90: x0.85); NVLS 8 x 40 intra, 48 inter; 16 comm channels.
//  - 8 x A100 with 4 x 200G NICs, 2 nodes: ring 4 x 24 (Gen4 x16 to the NIC).

#include "core/traffic/collectivemodel.h"
#include "core/traffic/nccltuning.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"

#include <QtTest>

using namespace Railyard;
using namespace Railyard::NcclTuning;

namespace {

constexpr double KiB = 1024.0, MiB = 1024.0 * KiB, GiB = 1024.0 * MiB;

System h100(int nodes, bool nvls = true)
{
    Hardware hw;
    hw.arch = Arch::Hopper;
    hw.gpusPerNode = 8;
    hw.nodes = nodes;
    hw.nvlinkGBps = 450;
    hw.nicsPerNode = 8;
    hw.nicGBps = 50;
    hw.pcieGBps = 48;
    hw.nvls = nvls;
    return systemFor(hw);
}

System a100TwoNodes()
{
    Hardware hw;
    hw.arch = Arch::Ampere;
    hw.gpusPerNode = 8;
    hw.nodes = 2;
    hw.nvlinkGBps = 300;
    hw.nicsPerNode = 4;
    hw.nicGBps = 25;
    hw.pcieGBps = 24;
    return systemFor(hw);
}

double timeOf(const Choice &c, Algo a, Proto p)
{
    for (const Candidate &k : c.table)
        if (k.algo == a && k.proto == p)
            return k.timeUs;
    return -2;
}

} // namespace

class TestNcclTuning : public QObject
{
    Q_OBJECT
private slots:
    void graphsFromTheSearch();
    void oneNodeH100();
    void twoNodesH100();
    void fourNodesH100();
    void sixteenNodesH100();
    void twoNodesA100FourNics();
    void allGatherAcrossNodesIsRing();
    void forcedAlgorithmKeepsProtocolChoice();
    void autoRunsWhatNcclChooses();
};

void TestNcclTuning::graphsFromTheSearch()
{
    const System one = h100(1);
    QCOMPARE(one.ring.channels, 12);
    QCOMPARE(one.ring.bwIntra, 30.0);
    QCOMPARE(one.nvls.channels, 8);
    QCOMPARE(one.nvls.bwIntra, 40.0);
    QCOMPARE(one.nvls.bwInter, 60.0);
    const System two = h100(2);
    QCOMPARE(two.ring.channels, 8);
    QCOMPARE(two.ring.bwInter, 48.0);
    QVERIFY(two.treePatternTree);
    QCOMPARE(two.nvls.bwInter, 48.0);
    QCOMPARE(two.commChannels, 16);
    const System a = a100TwoNodes();
    QCOMPARE(a.ring.channels, 4);
    QCOMPARE(a.ring.bwInter, 24.0);
    QVERIFY(!a.treePatternTree);
    QVERIFY(!a.nvlsSupport);
}

void TestNcclTuning::oneNodeH100()
{
    const System s = h100(1);
    // Ring/LL: base 6.6 + 14 steps x NVLink LL 0.6 = 15.0 us; bw min(llMax Hopper 1 node 141, 0.5 x 12 x 30)
    // = 141 bus, x 8/14 = 80.571 alg. 64 KiB: 15.0 + 65536 / 80571 = 15.81 us.
    const double ringLL = 6.6 + 14 * 0.6 + 65536 / (1000.0 * 141 * 8 / 14);
    Choice c = choose(s, Coll::AllReduce, 64 * KiB);
    QCOMPARE(int(c.algo), int(Algo::Ring));
    QCOMPARE(int(c.proto), int(Proto::LL));
    QVERIFY(qAbs(c.timeUs - ringLL) < 1e-6);
    QCOMPARE(int(choose(s, Coll::AllReduce, 1 * MiB).proto), int(Proto::LL));
    // NVLS: latency = NVLink NVLS 25 us; bw = 40 x 0.85 (Hopper NVLS efficiency) x 7/8 x 2 = 59.5 per channel
    // (< 60 inter), x 8 channels = 476 bus, x 8/14 = 272 alg. 16 MiB: 25 + 16777216 / 272000 = 86.68 us,
    // against Ring/LL128: 14 + 14 x 1.9 = 40.6 us, min(0.92 x 360, 12 x 36.7) x 8/14 = 189.26 -> 129.25 us.
    const double nvls = 25 + 16 * MiB / (1000.0 * 40 * 0.85 * 7 / 8 * 2 * 8 * 8 / 14);
    const double ringLL128 = 14 + 14 * 1.9 + 16 * MiB / (1000.0 * 0.92 * 360 * 8 / 14);
    c = choose(s, Coll::AllReduce, 16 * MiB);
    QCOMPARE(int(c.algo), int(Algo::Nvls));
    QVERIFY(qAbs(c.timeUs - nvls) < 1e-6);
    QVERIFY(qAbs(timeOf(c, Algo::Ring, Proto::LL128) - ringLL128) < 1e-6);
    QCOMPARE(int(choose(s, Coll::AllReduce, 4 * GiB).algo), int(Algo::Nvls));
    // Without NVLS: Ring/LL128 at 16 MiB, Ring/Simple at 4 GiB (8.4 + 14 x 3.4 = 56 us, 360 x 8/14).
    const System off = h100(1, false);
    c = choose(off, Coll::AllReduce, 16 * MiB);
    QCOMPARE(int(c.algo), int(Algo::Ring));
    QCOMPARE(int(c.proto), int(Proto::LL128));
    c = choose(off, Coll::AllReduce, 4 * GiB);
    QCOMPARE(int(c.proto), int(Proto::Simple));
    QVERIFY(qAbs(c.timeUs - (8.4 + 14 * 3.4 + 4 * GiB / (1000.0 * 360 * 8 / 14))) < 1e-6);
}

void TestNcclTuning::twoNodesH100()
{
    const System s = h100(2);
    // 64 KiB, Tree/LL: bus min(0.92 x 8 x 48, 8 x perChMaxTree 41.4) = 331.2, LL: min(331.2 / 3.8, llMax Intel
    // 2 nodes 39) = 39, TREE pattern x0.85, alg x0.5 = 16.575, tree correction LL[log2(65536/64) = 10] = 0.6;
    // latency 6.8 + 2 x (7 x 0.6 + 1 x 5.0) = 25.2 us.
    const double treeLL = 25.2 + 65536 / (1000.0 * 39 * 0.85 * 0.5 * 0.6);
    Choice c = choose(s, Coll::AllReduce, 64 * KiB);
    QCOMPARE(int(c.algo), int(Algo::Tree));
    QCOMPARE(int(c.proto), int(Proto::LL));
    QVERIFY(qAbs(c.timeUs - treeLL) < 1e-6);
    QCOMPARE(int(choose(s, Coll::AllReduce, 1 * MiB).algo), int(Algo::Tree));
    QCOMPARE(int(choose(s, Coll::AllReduce, 1 * MiB).proto), int(Proto::LL128));
    // 4 GiB, NVLS-tree: min(59.5, 2 x 48, perChMaxNVLSTree Hopper 2 nodes 57.7) = 57.7 x 8 = 461.6 bus,
    // x 16/30 alg; latency 25 + 2 x 1 x 20.9 = 66.8 us.
    const double nvlsTree = 66.8 + 4 * GiB / (1000.0 * 57.7 * 8 * 16 / 30);
    c = choose(s, Coll::AllReduce, 4 * GiB);
    QCOMPARE(int(c.algo), int(Algo::NvlsTree));
    QVERIFY(qAbs(c.timeUs - nvlsTree) < 1e-6);
    QCOMPARE(int(choose(s, Coll::AllReduce, 16 * MiB).algo), int(Algo::NvlsTree));
    QVERIFY(!c.reason.empty());
}

void TestNcclTuning::fourNodesH100()
{
    const System s = h100(4);
    // 4 GiB: Ring/Simple 8 x 48 x 32/62 alg; latency 8.4 + 56 x max(3.4, 3 x 1.0) + 6 x 14 = 282.8,
    // x1.4 (ring plateau: 4 GiB / (16 x 32) >= 64) = 395.92 -> 22066 us; NVLS-tree min(59.5, 48, 45.5) x 8
    // x 32/62, latency 25 + 2 x 2 x 20.9 = 108.6 -> 22970 us. Ring, narrowly.
    const double ring = 282.8 * 1.4 + 4 * GiB / (1000.0 * 384 * 32 / 62);
    const double nvlsTree = 108.6 + 4 * GiB / (1000.0 * 45.5 * 8 * 32 / 62);
    const Choice c = choose(s, Coll::AllReduce, 4 * GiB);
    QCOMPARE(int(c.algo), int(Algo::Ring));
    QCOMPARE(int(c.proto), int(Proto::Simple));
    QVERIFY(qAbs(c.timeUs - ring) < 1e-6);
    QVERIFY(qAbs(timeOf(c, Algo::NvlsTree, Proto::Simple) - nvlsTree) < 1e-6);
}

void TestNcclTuning::sixteenNodesH100()
{
    const System s = h100(16);
    // Ring latency grows with the nodes: 8.4 + 224 x 3.4 + 30 x 14 = 1190, x1.4; NVLS-tree 25 + 8 x 20.9.
    const double ring = 1190.0 * 1.4 + 4 * GiB / (1000.0 * 384 * 128 / 254);
    const double nvlsTree = 192.2 + 4 * GiB / (1000.0 * 364 * 128 / 254);
    QVERIFY(nvlsTree < ring);
    const Choice c = choose(s, Coll::AllReduce, 4 * GiB);
    QCOMPARE(int(c.algo), int(Algo::NvlsTree));
    QVERIFY(qAbs(c.timeUs - nvlsTree) < 1e-6);
    QVERIFY(qAbs(timeOf(c, Algo::Ring, Proto::Simple) - ring) < 1e-6);
}

void TestNcclTuning::twoNodesA100FourNics()
{
    // The case the cost model used to get wrong: NCCL runs the ring here, not the tree.
    const System s = a100TwoNodes();
    // Ring/Simple: 4 x 24 = 96 bus x 16/30; latency 8.4 + 28 x 3.4 + 2 x 14 = 131.6 (x1.4 plateau).
    // Tree/Simple: bus min(0.92 x 4 x 40, 4 x perChMaxTree Ampere 2 nodes 23.6) = 94.4, x0.5 alg.
    const double ring = 131.6 * 1.4 + 4 * GiB / (1000.0 * 96 * 16 / 30);
    const double tree = 8.4 + 2 * (7 * 4.0 + 1 * 14) + 4 * GiB / (1000.0 * 94.4 * 0.5);
    Choice c = choose(s, Coll::AllReduce, 4 * GiB);
    QCOMPARE(int(c.algo), int(Algo::Ring));
    QCOMPARE(int(c.proto), int(Proto::Simple));
    QVERIFY(qAbs(c.timeUs - ring) < 1e-6);
    QVERIFY(qAbs(timeOf(c, Algo::Tree, Proto::Simple) - tree) < 1e-6);
    QCOMPARE(int(choose(s, Coll::AllReduce, 256 * MiB).algo), int(Algo::Ring));
    // 1 MiB: Ring/LL 40.0 + 1 MiB / (39 x 16/30) = 90.4 us, just ahead of Tree/LL128 (92.2 us).
    c = choose(s, Coll::AllReduce, 1 * MiB);
    QCOMPARE(int(c.algo), int(Algo::Ring));
    QCOMPARE(int(c.proto), int(Proto::LL));
    QCOMPARE(int(choose(s, Coll::AllReduce, 64 * KiB).algo), int(Algo::Tree));
}

void TestNcclTuning::allGatherAcrossNodesIsRing()
{
    // PAT needs one GPU per node; NVLS all-gather across nodes needs SHARP: ring only.
    for (int nodes : {2, 4, 16}) {
        const Choice c = choose(h100(nodes), Coll::AllGather, 4 * GiB);
        QCOMPARE(int(c.algo), int(Algo::Ring));
        QCOMPARE(int(c.proto), int(Proto::Simple));
    }
    // One GPU per node: PAT at small sizes (2.8 x n linear latency term, x0.75 bandwidth).
    Hardware hw;
    hw.gpusPerNode = 1;
    hw.nodes = 16;
    hw.nicsPerNode = 1;
    const Choice small = choose(systemFor(hw), Coll::AllGather, 64 * KiB);
    QCOMPARE(int(small.algo), int(Algo::Pat));
}

void TestNcclTuning::forcedAlgorithmKeepsProtocolChoice()
{
    // NCCL_ALGO=RING on one H100 node at 1 MiB: NCCL still picks the protocol (LL).
    const Choice c = choose(h100(1), Coll::AllReduce, 1 * MiB, {Algo::Ring});
    QCOMPARE(int(c.algo), int(Algo::Ring));
    QCOMPARE(int(c.proto), int(Proto::LL));
    QVERIFY(c.protocolBandwidthRatio < 1.0);
}

void TestNcclTuning::autoRunsWhatNcclChooses()
{
    // The collective model's auto follows NCCL: on 2 hosts of 8 A100 with 4 x 200G it runs the ring
    // (it used to pick the double binary tree, twice as fast on paper).
    ClosParams p = railOptimizedParams(2);
    p.gpuModel = "a100";
    p.nvlinkGBps = 300;
    p.rails = 4;
    p.nicGbps = 200;
    const Fabric f = generateClos(p);
    CollectiveRequest r;
    r.op = CollectiveOp::AllReduce;
    r.bytes = 4 * GiB;
    r.hosts = firstGpus(f, 16);
    const CollectiveEstimate e = estimateCollective(f, CapacityView::of(f), r);
    QCOMPARE(int(e.algorithm), int(CollectiveAlgorithm::Ring));
    QCOMPARE(QString::fromStdString(e.ncclAlgorithm), QStringLiteral("ring"));
    QCOMPARE(QString::fromStdString(e.protocol), QStringLiteral("Simple"));
    // 4 NICs x 25 GB/s x 0.96 (A100 generation) = 96 GB/s per host on the ring: busbw ~ 96.
    QVERIFY2(qAbs(e.busbwGBps - 96.0) / 96.0 < 0.03, qPrintable(QString::number(e.busbwGBps)));
    // All-gather across hosts: never the hierarchical design alternative.
    r.op = CollectiveOp::AllGather;
    QCOMPARE(int(estimateCollective(f, CapacityView::of(f), r).algorithm), int(CollectiveAlgorithm::Ring));
}

QTEST_GUILESS_MAIN(TestNcclTuning)
#include "tst_nccltuning.moc"
