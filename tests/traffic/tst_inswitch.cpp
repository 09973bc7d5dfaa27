// In-switch reduction in the collective model and the per-step traffic:
// NVLS (NVLink SHARP in the hosts' NVSwitch), NVLS-Tree, CollNet (SHARP in
// the network switches). Every expected number is worked by hand below from
// the formulas in docs/traffic-model.md, never taken from the code's output.

#include "core/analysis/capacity.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "core/jobs/placement.h"
#include "core/traffic/collectivemodel.h"
#include "core/traffic/steptraffic.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>

using namespace Railyard;

namespace {

constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

bool near(double a, double b, double rel = 1e-9)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

CollectiveRequest allReduce(double bytes, std::vector<HostRanks> hosts,
                            CollectiveAlgorithm algorithm = CollectiveAlgorithm::Auto)
{
    CollectiveRequest r;
    r.op = CollectiveOp::AllReduce;
    r.bytes = bytes;
    r.hosts = std::move(hosts);
    r.algorithm = algorithm;
    return r;
}

/// H100 hosts (NVLink 450 GB/s per GPU), 8 x 400G NICs, one rail leaf per rail.
Fabric railFabric(int hosts, bool nvls, bool sharp)
{
    ClosParams p = railOptimizedParams(hosts);
    p.nvls = nvls;
    p.sharp = sharp;
    p.floor = false; // the hand-worked figures leave out distance (tst_floor prices it)
    return generateClos(p);
}

/// The message of the std::invalid_argument that estimateCollective throws; empty if none.
std::string rejection(const Fabric &f, const CollectiveRequest &r)
{
    try {
        estimateCollective(f, CapacityView::of(f), r);
    } catch (const std::invalid_argument &e) {
        return e.what();
    }
    return {};
}

bool hasNote(const CollectiveEstimate &e, const std::string &text)
{
    for (const std::string &n : e.notes)
        if (n.find(text) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestInSwitch : public QObject
{
    Q_OBJECT

private slots:
    void nvlsSingleHost();
    void nvlsOffPicksRing();
    void collnetTwoHosts();
    void collnetIsIndependentOfHostCount();
    void b200TreeAtNcclChannelCeiling();
    void transportsHaveTheirOwnEfficiencyAndLatency();
    void nvlsAcrossHostsWithSharp();
    void oneSwitchWithoutSharp();
    void fabricHasSharpRule();
    void stepTrafficWithSharp();
    void nvlsEfficiencyConstant();
};

// 1 x 8 H100, NVLS on, S = 8 GiB = 8,589,934,592 B, default constants.
// NVLS: each GPU moves S through the NVSwitch at 450 x nvls_efficiency GB/s:
//   intra = S / (450e9 x 0.61) = 8,589,934,592 / 274.5e9 = 31.292986 ms
//   latency = base 8.4 + 2 NVLink steps (reduce, multicast) x 3.4 = 15.2 us
//   t = 31.308222 ms; algbw = 274.367 GB/s; busbw = 2 x 7/8 x algbw = 480.14 GB/s
// against NCCL's ~480 GB/s (nccl-tests#212, #290): the calibration point.
void TestInSwitch::nvlsSingleHost()
{
    const Fabric f = railFabric(1, true, false);
    const CollectiveConstants c;
    const double S = 8 * GiB;
    const auto e = estimateCollective(f, CapacityView::of(f), allReduce(S, {{0, 8}}, CollectiveAlgorithm::Nvls));
    const double expected = (c.baseLatencyUs + 2 * c.nvlinkLatencyUs) * 1e-6 + S / (450e9 * c.nvlsEfficiency);
    QVERIFY(near(e.seconds, expected));
    QVERIFY(near(e.seconds, 0.03130822219307832));
    QVERIFY(near(e.intraSeconds, S / 274.5e9));
    QVERIFY(near(e.latencySeconds, 15.2e-6));
    QCOMPARE(e.networkSeconds, 0.0);
    QCOMPARE(e.bottleneck, std::string("nvlink"));
    QVERIFY2(std::abs(e.busbwGBps - 480.0) <= 0.02 * 480.0, std::to_string(e.busbwGBps).c_str());
    QVERIFY(near(e.busbwGBps, 480.14178011434285));
    QVERIFY(!hasNote(e, "NVLS is off"));

    const auto best = estimateCollective(f, CapacityView::of(f), allReduce(S, {{0, 8}}));
    QCOMPARE(best.algorithm, CollectiveAlgorithm::Nvls);
    QVERIFY(near(best.seconds, expected));
}

// Same host with NVLS off: ring, hierarchical and tree all move 2 x 7/8 x S
// per GPU in 14 NVLink steps on one host, a tie; auto keeps the first, ring.
void TestInSwitch::nvlsOffPicksRing()
{
    const Fabric f = railFabric(1, false, false);
    const double S = 8 * GiB;
    const auto best = estimateCollective(f, CapacityView::of(f), allReduce(S, {{0, 8}}));
    QCOMPARE(best.algorithm, CollectiveAlgorithm::Ring);
    QVERIFY(near(best.intraSeconds, 1.75 * S / 369e9));
    QVERIFY(hasNote(best, "NVLS is off for these hosts (set \"nvls\": true, or generate --nvls)"));

    const std::string why = rejection(f, allReduce(S, {{0, 8}}, CollectiveAlgorithm::Nvls));
    QVERIFY2(why.find("nvls: host '" + f.host(0).id + "' has no NVLink SHARP (\"nvls\": false)") == 0, why.c_str());
    // nvls-tree and collnet need two hosts; in-switch algorithms reduce, so all-reduce only.
    const Fabric on = railFabric(1, true, true);
    QVERIFY(rejection(on, allReduce(S, {{0, 8}}, CollectiveAlgorithm::NvlsTree)).find("at least 2 hosts")
            != std::string::npos);
    QVERIFY(rejection(on, allReduce(S, {{0, 8}}, CollectiveAlgorithm::CollNet)).find("at least 2 hosts")
            != std::string::npos);
    CollectiveRequest ag = allReduce(S, {{0, 8}}, CollectiveAlgorithm::Nvls);
    ag.op = CollectiveOp::AllGather;
    QVERIFY(rejection(on, ag).find("all-reduce only") != std::string::npos);
}

// 2 x 8 H100, 8 x 400G NICs, every switch with SHARP, NVLS off; S = 8 GiB.
// CollNet network: each NIC sends its S/8 shard up once and receives S/8 once:
//   (S/8 B) x 8 bit / (400e9 x 0.92) = S / 368e9 = 23.342214 ms per NIC link,
//   at the share of that rate in-network reduction reaches: / 0.76 (CollNet
//   direct) = 30.713439 ms, / 0.712 (chain) = 32.783952 ms.
// Ring: 2(n-1)/n x S/8 per NIC link, n = 16: 1.875 x 23.342214 ms.
// CollNet NVLink part (reduce-scatter + all-gather): 2 x 7/8 x S / 369e9
//   = 40.738172 ms, the bottleneck; latency 8.4 + 14 x 3.4 + 2 x (14 + 0.3)
//   = 84.6 us; t = 40.822772 ms, busbw = 1.875 x S / t = 394.54 GB/s.
void TestInSwitch::collnetTwoHosts()
{
    const Fabric f = railFabric(2, false, true);
    const CapacityView view = CapacityView::of(f);
    const double S = 8 * GiB;
    const std::vector<HostRanks> hosts{{0, 8}, {1, 8}};
    const auto collnet = estimateCollective(f, view, allReduce(S, hosts, CollectiveAlgorithm::CollNetDirect));
    QCOMPARE(collnet.algorithm, CollectiveAlgorithm::CollNetDirect);
    QVERIFY(near(collnet.networkSeconds, (S / 8) * 8 / (400e9 * 0.92 * 0.76)));
    QVERIFY(near(collnet.networkSeconds, 0.02334221356521739 / 0.76));
    const auto chain = estimateCollective(f, view, allReduce(S, hosts, CollectiveAlgorithm::CollNetChain));
    QCOMPARE(chain.algorithm, CollectiveAlgorithm::CollNetChain);
    QVERIFY(near(chain.networkSeconds, 0.02334221356521739 / 0.712));
    // "collnet" is NCCL's pick of the two.
    const auto pick = estimateCollective(f, view, allReduce(S, hosts, CollectiveAlgorithm::CollNet));
    QVERIFY(pick.algorithm == CollectiveAlgorithm::CollNetDirect || pick.algorithm == CollectiveAlgorithm::CollNetChain);
    QVERIFY(near(collnet.intraSeconds, 1.75 * S / 369e9));
    QVERIFY(near(collnet.latencySeconds, 84.6e-6));
    QVERIFY(near(collnet.seconds, 0.04082277218428184));
    QVERIFY(near(collnet.busbwGBps, 394.5378154941033));
    QCOMPARE(collnet.bottleneck, std::string("nvlink"));

    const auto ring = estimateCollective(f, view, allReduce(S, hosts, CollectiveAlgorithm::Ring));
    QVERIFY(near(ring.networkSeconds / collnet.networkSeconds, 2.0 * 15 / 16 * 0.76));
}

// 4 hosts: CollNet still puts S/8 on each NIC link each way (23.342214 ms / 0.76);
// the ring's NIC links carry 2(n-1)/n x S/8 with n = 32, 1.9375 x as much.
void TestInSwitch::collnetIsIndependentOfHostCount()
{
    const Fabric f = railFabric(4, false, true);
    const CapacityView view = CapacityView::of(f);
    const double S = 8 * GiB;
    const std::vector<HostRanks> hosts{{0, 8}, {1, 8}, {2, 8}, {3, 8}};
    const auto collnet = estimateCollective(f, view, allReduce(S, hosts, CollectiveAlgorithm::CollNetDirect));
    QVERIFY(near(collnet.networkSeconds, 0.02334221356521739 / 0.76));
    const auto ring = estimateCollective(f, view, allReduce(S, hosts, CollectiveAlgorithm::Ring));
    QVERIFY(near(ring.networkSeconds / collnet.networkSeconds, 2.0 * 31 / 32 * 0.76));
}

// 2 x 8 H100 with NVLS and SHARP. NVLS (+ SHARP across hosts):
//   intra S / 274.5e9 = 31.292986 ms > network S / 368e9 = 23.342214 ms
//   latency 8.4 + 2 x 3.4 + 2 x 14.3 = 43.8 us; t = 31.336822 ms
//   busbw = 1.875 x S / t = 513.97 GB/s. nvls-tree: on 2 hosts, S/16 per
//   tree per direction x 2 trees = S/8 per NIC link, 2 network steps, but
//   its bandwidth is bounded by NCCL's measured cap per channel
//   (perChMaxNVLSTreeBws, Hopper, 2 nodes: 57.7 GB/s): 8 channels x 57.7 =
//   461.6 GB/s busbw, S / (461.6e9 x 16/30) = 34.892 ms, + 43.8 us.
//   Auto takes nvls-tree: NCCL's own model prefers it (41.99 ms for nvls).
void TestInSwitch::nvlsAcrossHostsWithSharp()
{
    const Fabric f = railFabric(2, true, true);
    const CapacityView view = CapacityView::of(f);
    const double S = 8 * GiB;
    const std::vector<HostRanks> hosts{{0, 8}, {1, 8}};
    const auto nvls = estimateCollective(f, view, allReduce(S, hosts, CollectiveAlgorithm::Nvls));
    QVERIFY(near(nvls.intraSeconds, S / 274.5e9));
    QVERIFY(near(nvls.networkSeconds, 0.02334221356521739));
    QVERIFY(near(nvls.latencySeconds, 43.8e-6));
    QVERIFY(near(nvls.seconds, 0.03133682219307832));
    QVERIFY(near(nvls.busbwGBps, 513.9681126811105));
    const auto tree = estimateCollective(f, view, allReduce(S, hosts, CollectiveAlgorithm::NvlsTree));
    QVERIFY(near(tree.networkSeconds, nvls.networkSeconds));
    QVERIFY(near(tree.intraSeconds, S / (57.7e9 * 8 * 16 / 30)));
    QVERIFY(near(tree.seconds, 43.8e-6 + S / (57.7e9 * 8 * 16 / 30)));
    const auto best = estimateCollective(f, view, allReduce(S, hosts));
    QCOMPARE(best.algorithm, CollectiveAlgorithm::NvlsTree);
    QCOMPARE(best.ncclAlgorithm, std::string("nvls-tree"));
    QVERIFY(near(best.seconds, tree.seconds));
}

// One leaf without SHARP: collnet and multi-host nvls are refused when forced
// and left out by auto, which takes nvls-tree (NVLS inside, tree across: needs
// no SHARP) with the times worked out above; with NVLS off too, NCCL's ring
// (its tree is capped lower, see tst_collective).
void TestInSwitch::oneSwitchWithoutSharp()
{
    Fabric f = railFabric(2, true, true);
    f.switchAt(3).sharp = false;
    const std::string id = f.switchAt(3).id;
    const double S = 8 * GiB;
    const std::vector<HostRanks> hosts{{0, 8}, {1, 8}};
    const std::string why = rejection(f, allReduce(S, hosts, CollectiveAlgorithm::CollNet));
    QVERIFY2(why.find("collnet: switch '" + id + "' has no SHARP (\"sharp\": false)") == 0, why.c_str());
    QVERIFY(rejection(f, allReduce(S, hosts, CollectiveAlgorithm::Nvls)).find("has no SHARP") != std::string::npos);
    const auto best = estimateCollective(f, CapacityView::of(f), allReduce(S, hosts));
    QCOMPARE(best.algorithm, CollectiveAlgorithm::NvlsTree);
    QVERIFY(near(best.seconds, 43.8e-6 + S / (57.7e9 * 8 * 16 / 30)));
    // With the hosts' NVLS off as well, auto falls back to the plain algorithms.
    for (std::int32_t h = 0; h < f.hostCount(); ++h)
        f.host(h).nvls = false;
    const auto plain = estimateCollective(f, CapacityView::of(f), allReduce(S, hosts));
    QCOMPARE(plain.algorithm, CollectiveAlgorithm::Ring);
}

void TestInSwitch::fabricHasSharpRule()
{
    QVERIFY(!fabricHasSharp(Fabric()));
    Fabric f = railFabric(2, false, true);
    std::int32_t missing = 7;
    QVERIFY(fabricHasSharp(f, &missing));
    QCOMPARE(missing, -1);
    f.switchAt(f.switchCount() - 1).sharp = false;
    QVERIFY(!fabricHasSharp(f, &missing));
    QCOMPARE(missing, f.switchCount() - 1);
}

// forEachNetworkTransfer with SHARP: all-reduce ring edges carry 1 x S/M
// instead of 2(h-1)/h x S/M. 4 hosts, one member each (M = 1), S = 1 MiB:
// 4 edges of 1.5 MiB without SHARP, 1 MiB with. 4 hosts x 2 members (M = 2):
// 8 edges of 0.75 MiB without, 0.5 MiB with. All-gather is unchanged (3/4 S).
void TestInSwitch::stepTrafficWithSharp()
{
    const double MiB = 1024.0 * 1024.0;
    Placement one;
    for (int h = 0; h < 4; ++h)
        one.ranks.push_back({h, 0});
    GroupCollective c;
    c.kind = ParallelKind::Dp;
    c.op = CommOp::AllReduce;
    c.ranks = {0, 1, 2, 3};
    c.bytesPerRank = MiB;
    c.countPerStep = 1;
    auto edges = [](const Placement &p, const GroupCollective &g, bool sharp) {
        std::vector<double> out;
        forEachNetworkTransfer(
            p, g, [&](std::int32_t, int, std::int32_t, int, double bytes) { out.push_back(bytes); }, sharp);
        return out;
    };
    QCOMPARE(edges(one, c, false), std::vector<double>(4, 1.5 * MiB));
    QCOMPARE(edges(one, c, true), std::vector<double>(4, 1.0 * MiB));

    Placement two;
    for (int h = 0; h < 4; ++h)
        for (int g = 0; g < 2; ++g)
            two.ranks.push_back({h, g});
    c.ranks = {0, 1, 2, 3, 4, 5, 6, 7};
    QCOMPARE(edges(two, c, false), std::vector<double>(8, 0.75 * MiB));
    QCOMPARE(edges(two, c, true), std::vector<double>(8, 0.5 * MiB));

    c.op = CommOp::AllGather;
    c.ranks = {0, 1, 2, 3};
    QCOMPARE(edges(one, c, true), std::vector<double>(4, 0.75 * MiB));
}

void TestInSwitch::nvlsEfficiencyConstant()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto write = [&](const char *name, const char *text) {
        const std::string path = dir.filePath(QLatin1String(name)).toStdString();
        std::ofstream(path) << text;
        return path;
    };
    QCOMPARE(loadCollectiveConstants(write("ok.json", R"({"nvls_efficiency": 0.7})")).nvlsEfficiency, 0.7);
    QVERIFY_THROWS_EXCEPTION(CollectiveConstantsError,
                             loadCollectiveConstants(write("zero.json", R"({"nvls_efficiency": 0})")));
    QVERIFY_THROWS_EXCEPTION(CollectiveConstantsError,
                             loadCollectiveConstants(write("big.json", R"({"nvls_efficiency": 1.5})")));
}

// 4 x 8 B200, 8 x 400G NICs: NCCL runs the tree on 8 channels (one per NIC),
// and its tuning table caps a Blackwell tree channel at 24 GB/s of bus
// bandwidth beyond 2 nodes (42.8 on 2): algorithm bandwidth 8 x 24 / 2 =
// 96 GB/s, so S = 32 GiB takes S / 96e9 = 357.9 ms of network time and the
// busbw is 96 x 2 x 31/32 = 186 GB/s (measured: 190.7-195.9 on two clusters,
// docs/model-validation.md). On 2 nodes: 8 x 42.8 / 2 = 171.2 GB/s algbw.
// H100 has no such ceiling in the model (tree_channel_cap is B200's).
void TestInSwitch::b200TreeAtNcclChannelCeiling()
{
    const double S = 32 * GiB;
    for (int hosts : {2, 4}) {
        ClosParams p = railOptimizedParams(hosts);
        p.gpuModel = "b200";
        p.nvlinkGBps = 0.0; // the GPU's own
        p.floor = false;
        const Fabric f = generateClos(p);
        std::vector<HostRanks> ranks;
        for (int h = 0; h < hosts; ++h)
            ranks.push_back({h, 8});
        const auto tree = estimateCollective(f, CapacityView::of(f), allReduce(S, ranks, CollectiveAlgorithm::Tree));
        const double algbw = hosts == 2 ? 171.2e9 : 96e9;
        QVERIFY2(near(tree.networkSeconds, S / algbw), std::to_string(tree.networkSeconds).c_str());
        QVERIFY(hasNote(tree, "NCCL's per-channel ceiling (8 channels)"));
        const double n = hosts * 8.0;
        QVERIFY(near(tree.busbwGBps, S / tree.seconds / 1e9 * 2 * (n - 1) / n));
        if (hosts == 4)
            QVERIFY2(std::abs(tree.busbwGBps - 186.0) < 0.5, std::to_string(tree.busbwGBps).c_str());
    }
    const Fabric h100 = railFabric(4, false, false);
    const auto tree = estimateCollective(h100, CapacityView::of(h100),
                                         allReduce(S, {{0, 8}, {1, 8}, {2, 8}, {3, 8}}, CollectiveAlgorithm::Tree));
    QVERIFY(!hasNote(tree, "per-channel ceiling"));
}

// The same 2 x 8 H100 ring on InfiniBand, RoCE and EFA: the network term
// scales by 1 / the transport's efficiency (0.935 RoCE, 0.94 EFA), and each
// network step costs the transport's latency (set apart here to see it).
// EFA's SRD sprays packets, so its fabrics route adaptively by default.
void TestInSwitch::transportsHaveTheirOwnEfficiencyAndLatency()
{
    const double S = 8 * GiB;
    CollectiveConstants c;
    c.roceLatencyUs = 20.0;
    c.efaLatencyUs = 30.0;
    double ibNetwork = 0, ibLatency = 0;
    for (Transport t : {Transport::InfiniBand, Transport::Ethernet, Transport::Efa}) {
        ClosParams p = railOptimizedParams(2);
        p.transport = t;
        p.floor = false;
        const Fabric f = generateClos(p);
        QCOMPARE(f.transport, t);
        const auto ring = estimateCollective(f, CapacityView::of(f), allReduce(S, {{0, 8}, {1, 8}}, CollectiveAlgorithm::Ring), c);
        if (t == Transport::InfiniBand) {
            ibNetwork = ring.networkSeconds;
            ibLatency = ring.latencySeconds;
            QCOMPARE(f.effectiveRouting(), FabricRouting::Static);
            continue;
        }
        const double eff = t == Transport::Ethernet ? 0.935 : 0.94;
        const double stepUs = t == Transport::Ethernet ? 20.0 - 14.0 : 30.0 - 14.0;
        QVERIFY2(near(ring.networkSeconds, ibNetwork / eff), transportName(t));
        // A ring over 2 hosts takes 2 x (2 - 1) network steps.
        QVERIFY2(near(ring.latencySeconds, ibLatency + 2 * stepUs * 1e-6), transportName(t));
        QCOMPARE(f.effectiveRouting(), t == Transport::Efa ? FabricRouting::Adaptive : FabricRouting::Hashed);
    }
    // Unset, a transport's latency is net_latency_us: a constants file that sets only that keeps its meaning.
    {
        ClosParams p = railOptimizedParams(2);
        p.transport = Transport::Ethernet;
        p.floor = false;
        const Fabric roce = generateClos(p);
        CollectiveConstants plain;
        plain.netLatencyUs = 18.0;
        const auto a = estimateCollective(roce, CapacityView::of(roce), allReduce(S, {{0, 8}, {1, 8}}, CollectiveAlgorithm::Ring), plain);
        p.transport = Transport::InfiniBand;
        const Fabric infiniband = generateClos(p);
        const auto b = estimateCollective(infiniband, CapacityView::of(infiniband),
                                          allReduce(S, {{0, 8}, {1, 8}}, CollectiveAlgorithm::Ring), plain);
        QVERIFY(near(a.latencySeconds, b.latencySeconds));
    }
    QCOMPARE(transportFromName("roce"), std::optional<Transport>(Transport::Ethernet));
    QCOMPARE(transportFromName("efa"), std::optional<Transport>(Transport::Efa));
}

QTEST_GUILESS_MAIN(TestInSwitch)
#include "tst_inswitch.moc"
