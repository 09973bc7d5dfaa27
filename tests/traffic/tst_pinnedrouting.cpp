// Pinned routing: max-min fair rates of connections pinned to one path each,
// and the straggler a degraded link makes of a collective under ECMP hashing
// and under static destination routing (OpenSM's ftree tables). Every expected figure is
// derived by hand in the comments (docs/traffic-model.md, "Pinned routing",
// works the ring example in full).

#include "core/analysis/capacity.h"
#include "core/jobs/jobspec.h"
#include "core/placement/jobevaluation.h"
#include "core/traffic/maxmin.h"
#include "core/traffic/routing.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace Railyard;

namespace {

constexpr double G = 1e9 / 8.0; // bytes per second in one Gbit/s

bool near(double a, double b, double rel = 1e-9) { return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b)); }

/// Two leaves, `spines` spines, four single-GPU hosts per leaf (h0–h3 on
/// leaf0, h4–h7 on leaf1). Every link 400G. Links are added host links
/// first, then leaf0's uplinks to spine0, spine1, …, then leaf1's.
Fabric twoLeaves(int spines, Transport transport = Transport::Unspecified)
{
    Fabric f;
    f.transport = transport;
    for (int i = 0; i < 8; ++i) {
        Host h;
        h.id = "h" + std::to_string(i);
        h.gpus = 1;
        h.nics = {Nic{0, 400.0, 1}};
        f.addHost(h);
    }
    for (int l = 0; l < 2; ++l)
        f.addSwitch(Switch{"leaf" + std::to_string(l), Tier::Leaf, 4 + spines, {}, 0, -1, {}});
    for (int s = 0; s < spines; ++s)
        f.addSwitch(Switch{"spine" + std::to_string(s), Tier::Spine, 2, {}, 0, -1, {}});
    for (int i = 0; i < 8; ++i) {
        Link k;
        k.id = "h" + std::to_string(i) + "--leaf" + std::to_string(i / 4);
        k.a = f.hostNode(i);
        k.b = f.switchNode(i / 4);
        k.portA = 0;
        k.portB = i % 4;
        k.capacityGbps = 400.0;
        f.addLink(k);
    }
    for (int l = 0; l < 2; ++l)
        for (int s = 0; s < spines; ++s) {
            Link k;
            k.id = "leaf" + std::to_string(l) + "--spine" + std::to_string(s);
            k.a = f.switchNode(l);
            k.b = f.switchNode(2 + s);
            k.portA = 4 + s;
            k.portB = l;
            k.capacityGbps = 400.0;
            f.addLink(k);
        }
    return f;
}

/// The ring h0 → h1 → … → h7 → h0, `bytes` per hop: two hops cross the
/// spines, h3 → h4 (up from leaf0) and h7 → h0 (down into leaf0).
std::vector<Flow> ring(double bytes)
{
    std::vector<Flow> flows;
    for (int i = 0; i < 8; ++i)
        flows.push_back({i, (i + 1) % 8, -1, -1, bytes});
    return flows;
}

CapacityView withRate(const Fabric &f, const std::string &link, double gbps)
{
    CapacityView v = CapacityView::of(f, {});
    v.gbps[size_t(f.findLink(link))] = gbps;
    return v;
}

RoutingOptions pinned(RoutingMode mode, int seeds = 1)
{
    RoutingOptions o;
    o.mode = mode;
    o.flowletsPerFlow = 4;
    o.seeds = seeds;
    return o;
}

} // namespace

class TestPinnedRouting : public QObject
{
    Q_OBJECT
private slots:
    void maxMinTextbook();
    void maxMinCompletion();
    void maxMinSlowestOnly();
    void staticRingHalfRateLink();
    void staticSpreadsHostsOfOneLeaf();
    void hashedRingMatchesBinomial();
    void jobSlowdownAsRouted();
    void fabricRoutingDefaults();
};

void TestPinnedRouting::maxMinTextbook()
{
    // Arcs 0 (cap 10) and 1 (cap 4); f0 crosses both, f1 only arc 0, f2
    // only arc 1. Arc 1's share 4/2 = 2 is the smallest: f0 and f2 freeze
    // at 2; arc 0 has 10 − 2 = 8 left for f1 alone.
    PinnedFlows flows;
    const std::int32_t both[] = {0, 1}, first[] = {0}, second[] = {1};
    flows.add(1, both);
    flows.add(1, first);
    flows.add(1, second);
    const double caps[] = {10, 4};
    const MaxMinResult r = maxMinFair(flows, caps);
    QCOMPARE(r.rate[0], 2.0);
    QCOMPARE(r.rate[1], 8.0);
    QCOMPARE(r.rate[2], 2.0);
    QCOMPARE(r.limit[0], 1);
    QCOMPARE(r.limit[1], 0);
    // Bertsekas & Gallager's four-flow line (capacities 1): flows 0–2 each
    // on one arc of a chain 0, 1, 2; flow 3 on all three arcs. Every arc's
    // share is 1/2: all four get 1/2.
    PinnedFlows chain;
    const std::int32_t a0[] = {0}, a1[] = {1}, a2[] = {2}, all[] = {0, 1, 2};
    chain.add(1, a0);
    chain.add(1, a1);
    chain.add(1, a2);
    chain.add(1, all);
    const double ones[] = {1, 1, 1};
    const MaxMinResult c = maxMinFair(chain, ones);
    for (double rate : c.rate)
        QCOMPARE(rate, 0.5);
}

void TestPinnedRouting::maxMinCompletion()
{
    // The phase ends with its slowest flow: 6 bytes at 2/s = 3 s beats
    // 8 bytes at 8/s = 1 s.
    PinnedFlows flows;
    const std::int32_t both[] = {0, 1}, first[] = {0};
    flows.add(6, both);
    flows.add(8, first);
    const double caps[] = {10, 2};
    const MaxMinResult r = maxMinFair(flows, caps);
    QCOMPARE(r.seconds, 3.0);
    QCOMPARE(r.slowestFlow, 0);
    // A dead arc gives no rate: the phase never ends.
    const double dead[] = {10, 0};
    QVERIFY(std::isinf(maxMinFair(flows, dead).seconds));
}

void TestPinnedRouting::maxMinSlowestOnly()
{
    // The early stop answers like the full filling: random instances with
    // equal bytes (a ring's, where it stops after the first arc), few
    // distinct sizes (ties between flows) and random sizes, with some dead
    // arcs and some empty paths.
    std::mt19937_64 rng(7);
    int stoppedEarly = 0;
    for (int trial = 0; trial < 600; ++trial) {
        const int arcs = 2 + int(rng() % 40), count = 1 + int(rng() % 120);
        std::vector<double> caps(size_t(arcs), 0.0);
        for (double &c : caps)
            c = rng() % 17 == 0 ? 0.0 : double(1 + rng() % 8);
        PinnedFlows flows;
        for (int f = 0; f < count; ++f) {
            std::vector<std::int32_t> path;
            const int hops = rng() % 23 == 0 ? 0 : 1 + int(rng() % 5);
            for (int h = 0; h < hops; ++h)
                path.push_back(std::int32_t(rng() % std::uint64_t(arcs)));
            std::sort(path.begin(), path.end());
            path.erase(std::unique(path.begin(), path.end()), path.end());
            const double bytes = trial % 3 == 0 ? 4.0 : trial % 3 == 1 ? double(1 + rng() % 3) : double(rng() % 50);
            flows.add(bytes, path);
        }
        const MaxMinResult full = maxMinFair(flows, caps);
        const MaxMinResult slow = maxMinFair(flows, caps, MaxMinScope::SlowestOnly);
        QCOMPARE(slow.slowestFlow, full.slowestFlow);
        QCOMPARE(slow.seconds, full.seconds);
        if (full.slowestFlow >= 0) {
            const auto f = size_t(full.slowestFlow);
            QCOMPARE(slow.rate[f], full.rate[f]);
            QCOMPARE(slow.limit[f], full.limit[f]);
        }
        for (size_t f = 0; f < flows.size(); ++f)
            stoppedEarly += std::isinf(slow.rate[f]) && !std::isinf(full.rate[f]) ? 1 : 0;
    }
    QVERIFY2(stoppedEarly > 0, "the early stop never stopped early");
}

void TestPinnedRouting::staticRingHalfRateLink()
{
    // Two spines. OpenSM's ftree routes each leaf's hosts in port order over
    // the spines in turn (h0, h2 down from spine0; h1, h3 from spine1; the
    // same on leaf1), and every other leaf climbs to a destination's spine:
    // h3 → h4 goes up through spine0 (h4's), and h7 → h0 comes down from
    // spine0 (h0's). Each flow is 4 connections
    // on the same path. Healthy: 4 connections share a 400G host link,
    // 100G each, so a hop of S bytes takes (S/4) / 100G = S / 400G.
    // leaf0–spine0 at half rate (200G, both directions): the 4 connections
    // of each crossing hop share it at 50G each, so the ring's slowest
    // connection takes (S/4) / 50G = S / 200G: the ring is 2× slower.
    // Fluid routing spreads each crossing hop over both spines (S/2 per
    // uplink, S/2 / 200G = S / 400G): 1×. Adaptive routing spreads it too,
    // but keeps 0.95 of a switch link: healthy, S/2 on 380G is below the
    // host links' S / 400G; at half rate S/2 / 190G = S / 380G: 400/380 =
    // 1.053×, the capacity lost and no more.
    const Fabric f = twoLeaves(2);
    const double S = 1e9;
    const std::vector<Flow> flows = ring(S);
    const CapacityView healthy = CapacityView::of(f, {});
    const CapacityView half = withRate(f, "leaf0--spine0", 200);

    const RoutingResult h = routeFlows(f, healthy, flows, pinned(RoutingMode::Static));
    QVERIFY(near(h.bottleneck.seconds, S / (400 * G)));
    const RoutingResult d = routeFlows(f, half, flows, pinned(RoutingMode::Static));
    QVERIFY2(near(d.bottleneck.seconds, S / (200 * G)), qPrintable(QString::number(d.bottleneck.seconds)));
    QCOMPARE(QString::fromStdString(f.link(d.bottleneck.link).id), QStringLiteral("leaf0--spine0"));
    QVERIFY(near(d.bottleneck.gbps, 50.0));
    // Static routing is deterministic: one run.
    QCOMPARE(d.seedBottleneckSeconds.size(), size_t(1));

    RoutingOptions fluid;
    const double fluidHealthy = routeFlows(f, healthy, flows, fluid).bottleneck.seconds;
    QVERIFY(near(routeFlows(f, half, flows, fluid).bottleneck.seconds / fluidHealthy, 1.0));
    RoutingOptions adaptive;
    adaptive.mode = RoutingMode::Adaptive;
    const double adaptiveHealthy = routeFlows(f, healthy, flows, adaptive).bottleneck.seconds;
    QVERIFY(near(adaptiveHealthy, S / (400 * G)));
    QVERIFY(near(routeFlows(f, half, flows, adaptive).bottleneck.seconds / adaptiveHealthy, 400.0 / 380.0));

    // The loads are those of the pinned paths: leaf0–spine1 carries nothing.
    const std::int32_t idle = f.findLink("leaf0--spine1");
    QCOMPARE(d.loads.bytesAB[size_t(idle)] + d.loads.bytesBA[size_t(idle)], 0.0);
    const std::int32_t slow = f.findLink("leaf0--spine0");
    QVERIFY(near(d.loads.bytesAB[size_t(slow)], S)); // h3 → h4, up
    QVERIFY(near(d.loads.bytesBA[size_t(slow)], S)); // h7 → h0, down
}

void TestPinnedRouting::staticSpreadsHostsOfOneLeaf()
{
    // Four spines; h0–h3 each send S to h4–h7 (one each). ftree routes h(4+i),
    // port i of leaf1, down from spine i, and leaf0 climbs to it: one flow per uplink,
    // nothing shared, S / 400G each — the non-blocking result ECMP hashing
    // does not guarantee.
    const Fabric f = twoLeaves(4);
    const double S = 1e9;
    std::vector<Flow> flows;
    for (int i = 0; i < 4; ++i)
        flows.push_back({i, 4 + i, -1, -1, S});
    const CapacityView healthy = CapacityView::of(f, {});
    const RoutingResult r = routeFlows(f, healthy, flows, pinned(RoutingMode::Static));
    QVERIFY(near(r.bottleneck.seconds, S / (400 * G)));
    for (int s = 0; s < 4; ++s) {
        const std::int32_t up = f.findLink("leaf0--spine" + std::to_string(s));
        QVERIFY2(near(r.loads.bytesAB[size_t(up)], S), qPrintable(QString::number(s)));
    }
}

void TestPinnedRouting::hashedRingMatchesBinomial()
{
    // Two spines, ECMP hashing: each of the 4 connections of a crossing hop
    // picks spine0 with probability 1/2, so a ~ Binomial(4, 1/2) of them
    // share the half-rate leaf0–spine0 in that direction (h3 → h4 up, h7 → h0
    // down, independently). Those run at min(100G, 200G / a): the ring takes
    // max(1, a/2) × its healthy time, the larger of the two directions. With
    // M = max(a_up, a_down) and P(a ≤ 2) = 11/16, P(a ≤ 3) = 15/16:
    //   P(1×) = P(M ≤ 2) = 121/256, P(1.5×) = (225 − 121)/256 = 104/256,
    //   P(2×) = (256 − 225)/256 = 31/256.
    // 4,000 hash seeds must show these frequencies within 4 standard errors.
    const Fabric f = twoLeaves(2);
    const double S = 1e9;
    const std::vector<Flow> flows = ring(S);
    const int runs = 4000;
    const RoutingResult healthy = routeFlows(f, CapacityView::of(f, {}), flows, pinned(RoutingMode::Hashed, 50));
    // Healthy: a connection gets 100G on its host links whatever the hash
    // (at most 4 share a 400G uplink): every run takes S / 400G.
    for (double s : healthy.seedBottleneckSeconds)
        QVERIFY(near(s, S / (400 * G)));
    const RoutingResult r
        = routeFlows(f, withRate(f, "leaf0--spine0", 200), flows, pinned(RoutingMode::Hashed, runs));
    QCOMPARE(r.seedBottleneckSeconds.size(), size_t(runs));
    int counts[3] = {0, 0, 0};
    for (double s : r.seedBottleneckSeconds) {
        const double factor = s / (S / (400 * G));
        if (near(factor, 1.0))
            ++counts[0];
        else if (near(factor, 1.5))
            ++counts[1];
        else if (near(factor, 2.0))
            ++counts[2];
        else
            QFAIL(qPrintable(QStringLiteral("unexpected slowdown %1").arg(factor)));
    }
    const double expected[3] = {121.0 / 256, 104.0 / 256, 31.0 / 256};
    for (int k = 0; k < 3; ++k) {
        const double p = expected[k];
        const double sigma = std::sqrt(p * (1 - p) / runs);
        const double seen = double(counts[k]) / runs;
        QVERIFY2(std::abs(seen - p) < 4 * sigma,
                 qPrintable(QStringLiteral("slowdown class %1: %2 of runs, expected %3").arg(k).arg(seen).arg(p)));
    }
    // The reported run is the median one: P(M ≤ 2) < 1/2 < P(M ≤ 3), so 1.5×.
    QVERIFY(near(r.bottleneck.seconds, 1.5 * S / (400 * G)));
}

void TestPinnedRouting::jobSlowdownAsRouted()
{
    // A job of 8 data-parallel ranks, one per host: its all-reduce is the
    // ring above (ranks in host order). With leaf0–spine0 at half rate:
    // static routing (InfiniBand) 2×, adaptive 400/380 = 1.053× (the
    // capacity lost), and the report of a fluid evaluation keeps its own 1×
    // beside them.
    const Fabric f = twoLeaves(2, Transport::InfiniBand);
    JobSpec job;
    job.name = "dp8";
    job.model = {1.0e9, 4, 2048, 2048, 32000, "bf16", 2, 0, 0, 0, 0};
    job.parallel = {1, 1, 8, 1, 1, 1};
    job.globalBatch = 8;
    job.gpus = 8;
    const std::vector<std::string> problems = checkJobSpec(job);
    QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().c_str());
    const CapacityView half = withRate(f, "leaf0--spine0", 200);
    PlacementOptions placement;
    placement.strategy = PlacementStrategy::Linear;
    RoutingOptions fluid;
    const JobEvaluation e = evaluateJob(f, half, job, placement, fluid);
    QVERIFY(e.routed());
    const DegradationImpact impact = degradationImpact(f, half, e);
    QVERIFY(near(impact.slowdown(), 1.0));
    QVERIFY(impact.asRouted.computed());
    QCOMPARE(impact.asRouted.mode, RoutingMode::Static);
    // On step communication: 2× static, 400/380 adaptive, as derived above.
    QVERIFY2(near(impact.asRouted.commSlowdown(), 2.0), qPrintable(QString::number(impact.asRouted.commSlowdown())));
    QVERIFY2(near(impact.adaptive.commSlowdown(), 400.0 / 380.0),
             qPrintable(QString::number(impact.adaptive.commSlowdown())));
    // The whole step also computes, the same on both: it slows by less.
    QVERIFY(impact.asRouted.wholeStep());
    QVERIFY(impact.asRouted.slowdown() > 1.0 && impact.asRouted.slowdown() < 2.0);
    QVERIFY(impact.adaptive.slowdown() >= 1.0 && impact.adaptive.slowdown() <= 400.0 / 380.0 + 1e-9);
}

void TestPinnedRouting::fabricRoutingDefaults()
{
    Fabric f;
    QCOMPARE(f.effectiveRouting(), FabricRouting::Hashed); // RoCE and unknown: ECMP hashing
    f.transport = Transport::InfiniBand;
    QCOMPARE(f.effectiveRouting(), FabricRouting::Static);
    f.routing = FabricRouting::Adaptive; // the fabric says adaptive routing is on
    QCOMPARE(f.effectiveRouting(), FabricRouting::Adaptive);
    QCOMPARE(asRoutedOptions(f).mode, RoutingMode::Adaptive);
    f.routing = FabricRouting::Default;
    QCOMPARE(asRoutedOptions(f).mode, RoutingMode::Static);
    RoutingMode mode;
    QVERIFY(routingModeFromName("hashed", &mode) && mode == RoutingMode::Hashed);
    QVERIFY(routingModeFromName("static", &mode) && mode == RoutingMode::Static);
    QCOMPARE(*fabricRoutingFromName("static"), FabricRouting::Static);
    QVERIFY(!fabricRoutingFromName("dmodk"));
    QCOMPARE(*transportFromName("infiniband"), Transport::InfiniBand);
}

QTEST_MAIN(TestPinnedRouting)
#include "tst_pinnedrouting.moc"
