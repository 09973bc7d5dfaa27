// Routing of flows onto links: fluid ECMP, ECMP Monte-Carlo and adaptive,
// with failures and degraded links. Expected loads are worked out by hand
// from the topology (comments give the derivation).

#include "core/analysis/capacity.h"
#include "core/registry/formatregistry.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "core/traffic/routing.h"
#include "core/traffic/staticroutes.h"

#include <QElapsedTimer>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace Railyard;

namespace {

constexpr double B = 1e9; // bytes of the test flow

/// "host", "leaf", "spine", "core" for one end of a link.
QString tierOf(const Fabric &f, NodeIndex n)
{
    return f.isHost(n) ? QStringLiteral("host") : QString::fromLatin1(tierName(*f.nodeTier(n)));
}

/// Link class "host-leaf", "leaf-spine", "spine-core" (lower tier first).
QString classOf(const Fabric &f, std::int32_t l)
{
    const Link &k = f.link(l);
    QString a = tierOf(f, k.a), b = tierOf(f, k.b);
    const auto rank = [](const QString &t) {
        return QStringList{"host", "leaf", "spine", "core"}.indexOf(t);
    };
    if (rank(a) > rank(b))
        std::swap(a, b);
    return a + QLatin1Char('-') + b;
}

/// Loads (larger direction) of the links of one class that carry anything, sorted.
std::vector<double> loadsOfClass(const Fabric &f, const LinkLoads &loads, const QString &cls)
{
    std::vector<double> out;
    for (std::int32_t l = 0; l < f.linkCount(); ++l) {
        const double b = std::max(loads.bytesAB[size_t(l)], loads.bytesBA[size_t(l)]);
        if (b > 0.0 && classOf(f, l) == cls)
            out.push_back(b);
    }
    std::sort(out.begin(), out.end());
    return out;
}

bool near(double a, double b, double rel = 1e-9) { return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b)); }

bool allNear(const std::vector<double> &v, double x)
{
    return std::all_of(v.begin(), v.end(), [x](double y) { return near(y, x); });
}

/// Two leaves, m spines, m single-NIC hosts per leaf. Host links 1000G (never
/// the bottleneck), leaf-spine links 100G: the m flows leaf0 -> leaf1 have
/// exactly m equal paths (one per spine).
Fabric leafSpine(int m)
{
    Fabric f;
    for (int i = 0; i < 2 * m; ++i) {
        Host h;
        h.id = "h" + std::to_string(i);
        h.gpus = 1;
        h.nics = {Nic{0, 1000.0, 1}};
        f.addHost(h);
    }
    for (int l = 0; l < 2; ++l)
        f.addSwitch(Switch{"leaf" + std::to_string(l), Tier::Leaf, 2 * m, {}, 0, -1, {}});
    for (int s = 0; s < m; ++s)
        f.addSwitch(Switch{"spine" + std::to_string(s), Tier::Spine, 2, {}, 0, -1, {}});
    for (int i = 0; i < 2 * m; ++i) {
        Link k;
        k.id = "h" + std::to_string(i) + "-up";
        k.a = f.hostNode(i);
        k.b = f.switchNode(i < m ? 0 : 1);
        k.portA = 0;
        k.capacityGbps = 1000.0;
        f.addLink(k);
    }
    for (int l = 0; l < 2; ++l)
        for (int s = 0; s < m; ++s) {
            Link k;
            k.id = "leaf" + std::to_string(l) + "-spine" + std::to_string(s);
            k.a = f.switchNode(l);
            k.b = f.switchNode(2 + s);
            k.capacityGbps = 100.0;
            f.addLink(k);
        }
    return f;
}

std::vector<Flow> leafToLeafFlows(int m)
{
    std::vector<Flow> flows;
    for (int i = 0; i < m; ++i)
        flows.push_back({i, m + i, -1, -1, B});
    return flows;
}

} // namespace

class TestRouting : public QObject
{
    Q_OBJECT

private slots:
    void fluidFatTreeSplitsOverFourCorePaths();
    void failedLinkLeavesThePaths();
    void degradedLinkRaisesUtilization();
    void railsChooseTheNicLinks();
    void adaptiveScalesCapacity();
    void ecmpMaxLoadFollowsBallsIntoBins();
    void ecmpIsDeterministicBySeed();
    void ecmpMeanEqualsFluid();
    void unreachableFlowsAreReported();
    void distributionPercentiles();
    void staticTablesForSomeHostsMatchTheWhole_data();
    void staticTablesForSomeHostsMatchTheWhole();
    void routeFlowSetsMatchesRouteFlows();
    void benchmarkMeta24k();
};

// k = 4 fat-tree, 100G links. host 0 (pod 0) -> host 15 (pod 3): 2 aggregation
// switches in pod 0 x 2 cores each = 4 shortest paths (6 hops). Fluid ECMP:
// the edge switch sends B/2 to each aggregation switch, each of those B/4 to
// each of its 2 cores; mirrored on the way down. So 8 spine-core links (4 up,
// 4 down) carry B/4, 4 leaf-spine links carry B/2, the 2 host links carry B,
// and the bottleneck is a host link: B * 8 / 100e9 = 0.08 s.
void TestRouting::fluidFatTreeSplitsOverFourCorePaths()
{
    const Fabric f = generateClos(fatTreeParams(4, 100.0));
    QCOMPARE(f.hostCount(), 16);
    const CapacityView view = CapacityView::of(f);
    const std::vector<Flow> flows{{0, 15, -1, -1, B}};
    const RoutingResult r = routeFlows(f, view, flows);
    const auto core = loadsOfClass(f, r.loads, "spine-core");
    const auto agg = loadsOfClass(f, r.loads, "leaf-spine");
    const auto host = loadsOfClass(f, r.loads, "host-leaf");
    QCOMPARE(core.size(), size_t(8));
    QVERIFY(allNear(core, B / 4));
    QCOMPARE(agg.size(), size_t(4));
    QVERIFY(allNear(agg, B / 2));
    QCOMPARE(host.size(), size_t(2));
    QVERIFY(allNear(host, B));
    QCOMPARE(r.maxSwitchHops, 5);
    QVERIFY(near(r.bottleneck.seconds, 0.08));
    QCOMPARE(classOf(f, r.bottleneck.link), QStringLiteral("host-leaf"));
    QCOMPARE(r.unroutedFlows, std::int64_t(0));
}

// Fail one loaded aggregation->core link on the source side. Shortest paths
// left: 1 through the aggregation switch that lost a core, 2 through the
// other: 3 paths, B/3 each. So 6 spine-core links carry B/3 (3 up, 3 down),
// the failed one nothing, and the two edge uplinks carry B/3 and 2B/3 on each
// side.
void TestRouting::failedLinkLeavesThePaths()
{
    const Fabric f = generateClos(fatTreeParams(4, 100.0));
    const std::vector<Flow> flows{{0, 15, -1, -1, B}};
    const RoutingResult before = routeFlows(f, CapacityView::of(f), flows);
    std::int32_t victim = -1;
    for (std::int32_t l = 0; l < f.linkCount() && victim < 0; ++l)
        if (classOf(f, l) == "spine-core" && f.nodeTier(f.link(l).a) == Tier::Spine && before.loads.bytesAB[size_t(l)] > 0)
            victim = l; // carries the flow upwards: an aggregation switch of the source pod
    QVERIFY(victim >= 0);
    Failures failures;
    failures.links = {victim};
    const CapacityView view = CapacityView::of(f, failures);
    const RoutingResult r = routeFlows(f, view, flows);
    QCOMPARE(r.loads.bytesAB[size_t(victim)] + r.loads.bytesBA[size_t(victim)], 0.0);
    const auto core = loadsOfClass(f, r.loads, "spine-core");
    QCOMPARE(core.size(), size_t(6));
    QVERIFY(allNear(core, B / 3));
    const auto agg = loadsOfClass(f, r.loads, "leaf-spine");
    QCOMPARE(agg.size(), size_t(4));
    QVERIFY(near(agg[0], B / 3) && near(agg[1], B / 3) && near(agg[2], 2 * B / 3) && near(agg[3], 2 * B / 3));
}

// A degraded core link keeps its paths (same loads) but runs at half rate:
// over a 1 s window a 100G link with B/4 = 0.25 GB is at 0.25e9 * 8 / 100e9 =
// 2 %; the degraded one (50G) at 4 %.
void TestRouting::degradedLinkRaisesUtilization()
{
    Fabric f = generateClos(fatTreeParams(4, 100.0));
    const std::vector<Flow> flows{{0, 15, -1, -1, B}};
    const RoutingResult healthy = routeFlows(f, CapacityView::of(f), flows);
    std::int32_t victim = -1;
    for (std::int32_t l = 0; l < f.linkCount() && victim < 0; ++l)
        if (classOf(f, l) == "spine-core" && std::max(healthy.loads.bytesAB[size_t(l)], healthy.loads.bytesBA[size_t(l)]) > 0)
            victim = l;
    f.link(victim).state = LinkState::Degraded;
    f.link(victim).degradedGbps = 50.0;
    const CapacityView view = CapacityView::of(f);
    const RoutingResult r = routeFlows(f, view, flows);
    QCOMPARE(r.loads.bytesAB, healthy.loads.bytesAB);
    QCOMPARE(r.loads.bytesBA, healthy.loads.bytesBA);
    const auto util = linkUtilization(r.loads, view, 1.0);
    QVERIFY(near(util[size_t(victim)], 0.04));
    const auto before = linkUtilization(healthy.loads, CapacityView::of(generateClos(fatTreeParams(4, 100.0))), 1.0);
    QVERIFY(near(before[size_t(victim)], 0.02));
    // Degrade it to 10G: B/4 at 10G = 0.2 s, slower than a host link (0.08 s).
    f.link(victim).degradedGbps = 10.0;
    const RoutingResult slow = routeFlows(f, CapacityView::of(f), flows);
    QCOMPARE(slow.bottleneck.link, victim);
    QVERIFY(near(slow.bottleneck.seconds, 0.2));
}

// Rail-optimized, 4 hosts x 8 rails in one scalable unit: same-rail traffic
// crosses only the rail's leaf; rail -1 spreads over the 8 NICs (B/8 each);
// cross-rail traffic goes leaf -> spine -> leaf.
void TestRouting::railsChooseTheNicLinks()
{
    const Fabric f = generateClos(railOptimizedParams(4));
    const CapacityView view = CapacityView::of(f);
    {
        const std::vector<Flow> flows{{0, 1, 3, 3, B}};
        const RoutingResult r = routeFlows(f, view, flows);
        QCOMPARE(r.maxSwitchHops, 1);
        const auto host = loadsOfClass(f, r.loads, "host-leaf");
        QCOMPARE(host.size(), size_t(2));
        for (std::int32_t l = 0; l < f.linkCount(); ++l)
            if (r.loads.bytesAB[size_t(l)] > 0 && f.isHost(f.link(l).a))
                QCOMPARE(hostLinkRail(f, 0, l), 3);
    }
    {
        const std::vector<Flow> flows{{0, 1, -1, -1, B}};
        const RoutingResult r = routeFlows(f, view, flows);
        QCOMPARE(r.maxSwitchHops, 1);
        const auto host = loadsOfClass(f, r.loads, "host-leaf");
        QCOMPARE(host.size(), size_t(16));
        QVERIFY(allNear(host, B / 8));
    }
    {
        const std::vector<Flow> flows{{0, 1, 0, 1, B}};
        const RoutingResult r = routeFlows(f, view, flows);
        QCOMPARE(r.maxSwitchHops, 3);
        QVERIFY(!loadsOfClass(f, r.loads, "leaf-spine").empty());
    }
}

// Adaptive = fluid loads, switch-to-switch capacity x 0.95. One flow from
// host 0 to host 15 (another pod): its host link, its only path, keeps its
// 100G: B * 8 / 100e9 = 0.08 s (each leaf uplink carries B/2 at 95G, 0.042 s).
// Both hosts of the first leaf sending across: each leaf uplink carries
// (B + B) / 2 = B at 95G, B * 8 / (100e9 * 0.95) = 0.0842 s, above the
// host links' 0.08 s.
void TestRouting::adaptiveScalesCapacity()
{
    const Fabric f = generateClos(fatTreeParams(4, 100.0));
    RoutingOptions options;
    options.mode = RoutingMode::Adaptive;
    const std::vector<Flow> one{{0, 15, -1, -1, B}};
    const RoutingResult r = routeFlows(f, CapacityView::of(f), one, options);
    QVERIFY(near(r.bottleneck.seconds, 0.08));
    QVERIFY(f.isHost(f.link(r.bottleneck.link).a) || f.isHost(f.link(r.bottleneck.link).b));
    const std::vector<Flow> two{{0, 15, -1, -1, B}, {1, 14, -1, -1, B}};
    const RoutingResult r2 = routeFlows(f, CapacityView::of(f), two, options);
    QVERIFY(near(r2.bottleneck.seconds, 0.08 / 0.95));
    QVERIFY(f.isSwitch(f.link(r2.bottleneck.link).a) && f.isSwitch(f.link(r2.bottleneck.link).b));
}

// m = 32 flows on 32 equal paths, one flowlet each: balls into bins. The fluid
// model puts exactly one flow on every uplink (B per 100G link); hashing puts
// the maximum bin's count there. E[max] ~ ln m / ln ln m = 2.79 asymptotically
// (3.53 exactly for m = 32 by simulation); accept a loose band around it.
void TestRouting::ecmpMaxLoadFollowsBallsIntoBins()
{
    const int m = 32;
    const Fabric f = leafSpine(m);
    const CapacityView view = CapacityView::of(f);
    const auto flows = leafToLeafFlows(m);
    const RoutingResult fluid = routeFlows(f, view, flows);
    const double oneFlow = B * 8 / 100e9;
    QVERIFY(near(fluid.bottleneck.seconds, oneFlow));
    RoutingOptions options;
    options.mode = RoutingMode::Ecmp;
    options.flowletsPerFlow = 1;
    options.seeds = 200;
    const RoutingResult ecmp = routeFlows(f, view, flows, options);
    QCOMPARE(ecmp.seedBottleneckSeconds.size(), size_t(200));
    const double meanMax = ecmp.seedSeconds.mean / oneFlow;
    const double lnm = std::log(double(m)) / std::log(std::log(double(m)));
    qInfo("ECMP m=%d: mean busiest-link load %.3f flows (ln m / ln ln m = %.3f)", m, meanMax, lnm);
    QVERIFY(meanMax > 0.9 * lnm);
    QVERIFY(meanMax < 1.7 * lnm);
    QVERIFY(ecmp.seedSeconds.min >= oneFlow * (1 - 1e-12)); // never better than fluid
    QVERIFY(ecmp.seedSeconds.mean > 1.5 * fluid.bottleneck.seconds);
    // Every run's busiest link holds a whole number of flows.
    for (double s : ecmp.seedBottleneckSeconds)
        QVERIFY(std::abs(s / oneFlow - std::round(s / oneFlow)) < 1e-9);
    QVERIFY(ecmp.medianSeedIndex >= 0);
    QVERIFY(near(ecmp.bottleneck.seconds, ecmp.seedSeconds.median));
}

void TestRouting::ecmpIsDeterministicBySeed()
{
    const Fabric f = leafSpine(16);
    const CapacityView view = CapacityView::of(f);
    const auto flows = leafToLeafFlows(16);
    RoutingOptions options;
    options.mode = RoutingMode::Ecmp;
    options.seeds = 20;
    options.seed = 42;
    const RoutingResult a = routeFlows(f, view, flows, options);
    const RoutingResult b = routeFlows(f, view, flows, options);
    QCOMPARE(a.seedBottleneckSeconds, b.seedBottleneckSeconds);
    QCOMPARE(a.loads.bytesAB, b.loads.bytesAB);
    options.seed = 43;
    const RoutingResult c = routeFlows(f, view, flows, options);
    QVERIFY(a.seedBottleneckSeconds != c.seedBottleneckSeconds);
    // Run i does not depend on how many runs there are.
    options.seed = 42;
    options.seeds = 5;
    const RoutingResult d = routeFlows(f, view, flows, options);
    QCOMPARE(d.seedBottleneckSeconds, std::vector<double>(a.seedBottleneckSeconds.begin(), a.seedBottleneckSeconds.begin() + 5));
}

// Each sub-flow picks a shortest path uniformly, so the expected load of every
// link is the fluid load: on the k = 4 fat-tree, the core links' mean over
// many runs approaches B/4.
void TestRouting::ecmpMeanEqualsFluid()
{
    const Fabric f = generateClos(fatTreeParams(4, 100.0));
    const std::vector<Flow> flows{{0, 15, -1, -1, B}};
    RoutingOptions options;
    options.mode = RoutingMode::Ecmp;
    options.flowletsPerFlow = 4000; // a large sample in one run
    options.seeds = 1;
    const RoutingResult r = routeFlows(f, CapacityView::of(f), flows, options);
    const auto core = loadsOfClass(f, r.loads, "spine-core");
    QCOMPARE(core.size(), size_t(8));
    for (double c : core)
        QVERIFY(std::abs(c - B / 4) < 0.1 * B / 4);
}

void TestRouting::unreachableFlowsAreReported()
{
    const Fabric f = leafSpine(4);
    Failures failures;
    for (int s = 0; s < 4; ++s)
        failures.switches.push_back(2 + s); // every spine
    const RoutingResult r = routeFlows(f, CapacityView::of(f, failures), leafToLeafFlows(4));
    QCOMPARE(r.unroutedFlows, std::int64_t(4));
    QCOMPARE(r.unroutedBytes, 4 * B);
    QCOMPARE(r.bottleneck.link, -1);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, routeFlows(f, CapacityView::of(f), std::vector<Flow>{{0, 99, -1, -1, B}}));
}

void TestRouting::distributionPercentiles()
{
    std::vector<double> v;
    for (int i = 1; i <= 100; ++i)
        v.push_back(i);
    const Distribution d = Distribution::of(v);
    QCOMPARE(d.min, 1.0);
    QCOMPARE(d.median, 50.0);
    QCOMPARE(d.p95, 95.0);
    QCOMPARE(d.max, 100.0);
    QCOMPARE(d.mean, 50.5);
}

// Timing only (never asserted): a 16,384-GPU job (the first 2,048 hosts of
// samples/meta-24k) with 98,304 flows: per rail, every host to hosts +1, +2,
// +4, +8, +16 and +512 (ring-, tree- and cross-zone-like partners). Set
// RAILYARD_ROUTING_BENCH=1 for 100 ECMP runs (10 otherwise).
void TestRouting::benchmarkMeta24k()
{
    ReadResult read = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_SAMPLES "/meta-24k.fabric.json"));
    QVERIFY(read.ok());
    const Fabric &f = *read.fabric;
    const int hosts = 2048;
    std::vector<Flow> flows;
    for (int h = 0; h < hosts; ++h)
        for (int rail = 0; rail < 8; ++rail)
            for (int d : {1, 2, 4, 8, 16, 512})
                flows.push_back({h, (h + d) % hosts, rail, rail, 64.0 * 1024 * 1024});
    const CapacityView view = CapacityView::of(f);
    QElapsedTimer timer;
    timer.start();
    const RoutingResult fluid = routeFlows(f, view, flows);
    const qint64 fluidMs = timer.elapsed();
    QCOMPARE(fluid.unroutedFlows, std::int64_t(0));
    RoutingOptions options;
    options.mode = RoutingMode::Ecmp;
    options.seeds = qEnvironmentVariableIntValue("RAILYARD_ROUTING_BENCH") ? 100 : 10;
    timer.restart();
    const RoutingResult ecmp = routeFlows(f, view, flows, options);
    const qint64 ecmpMs = timer.elapsed();
    qInfo("meta-24k, %d flows: fluid %lld ms (bottleneck %.3f ms); ECMP %d runs x %d flowlets %lld ms "
          "(busiest link min/median/p95/max %.3f/%.3f/%.3f/%.3f ms)",
          int(flows.size()), fluidMs, fluid.bottleneck.seconds * 1e3, options.seeds, options.flowletsPerFlow, ecmpMs,
          ecmp.seedSeconds.min * 1e3, ecmp.seedSeconds.median * 1e3, ecmp.seedSeconds.p95 * 1e3,
          ecmp.seedSeconds.max * 1e3);
    QCOMPARE(ecmp.unroutedFlows, std::int64_t(0));
}

void TestRouting::staticTablesForSomeHostsMatchTheWhole_data()
{
    QTest::addColumn<QString>("design");
    QTest::addColumn<int>("firstHost");
    QTest::addColumn<int>("hosts");
    QTest::newRow("fat tree k=8, the first quarter") << "fat-tree" << 0 << 32;
    QTest::newRow("fat tree k=8, hosts in the middle") << "fat-tree" << 50 << 7;
    QTest::newRow("SuperPOD 4 SUs, the first SU") << "superpod" << 0 << 32;
    QTest::newRow("SuperPOD 4 SUs, the last host") << "superpod" << 127 << 1;
}

void TestRouting::staticTablesForSomeHostsMatchTheWhole()
{
    // ftree routes CNs one after another on the counters the earlier ones
    // left: tables built for some destinations stop after the last of them,
    // and hold exactly the whole tables' routes to those.
    QFETCH(QString, design);
    QFETCH(int, firstHost);
    QFETCH(int, hosts);
    const Fabric f = design == QLatin1String("fat-tree") ? generateClos(fatTreeParams(8, 200))
                                                         : generateClos(dgxSuperpodParams(4));
    const CapacityView view = CapacityView::of(f);
    const std::shared_ptr<const StaticRoutes> whole = StaticRoutes::build(f, view);
    std::vector<char> needed(size_t(f.hostCount()), 0);
    for (int h = firstHost; h < firstHost + hosts; ++h)
        needed[size_t(h)] = 1;
    const std::shared_ptr<const StaticRoutes> some = StaticRoutes::build(f, view, &needed);
    QVERIFY(some->partial());
    QVERIFY(some->coversHosts(needed));
    QVERIFY(!whole->partial());
    int compared = 0, uncovered = 0;
    for (int cn = 0; cn < whole->cnCount(); ++cn) {
        if (!some->covers(cn)) {
            ++uncovered;
            continue;
        }
        for (std::int32_t s = 0; s < f.switchCount(); ++s) {
            QCOMPARE(some->next(s, cn), whole->next(s, cn));
            ++compared;
        }
    }
    QVERIFY(compared > 0);
    if (firstHost == 0)
        QVERIFY2(uncovered > whole->cnCount() / 2, qPrintable(QString::number(uncovered)));
    // The cache hands the whole tables to a caller that needs every host.
    QVERIFY(!StaticRoutes::of(f, view)->partial());
    QVERIFY(StaticRoutes::of(f, view, &needed)->coversHosts(needed));
}

void TestRouting::routeFlowSetsMatchesRouteFlows()
{
    // Phases routed together give each phase what it gets routed alone.
    const Fabric f = generateClos(fatTreeParams(8, 200));
    const CapacityView view = CapacityView::of(f);
    std::vector<Flow> a, b;
    for (int h = 0; h < 128; ++h) {
        a.push_back({h, (h + 1) % 128, -1, -1, 1e9, 2});
        b.push_back({h, (h + 37) % 128, -1, -1, 3e8, 4});
    }
    for (RoutingMode mode : {RoutingMode::Hashed, RoutingMode::Static, RoutingMode::Fluid}) {
        RoutingOptions options;
        options.mode = mode;
        options.seeds = 8;
        const std::span<const Flow> sets[] = {a, b};
        const std::vector<RoutingResult> together = routeFlowSets(f, view, sets, options);
        QCOMPARE(together.size(), size_t(2));
        for (size_t i = 0; i < 2; ++i) {
            const RoutingResult alone = routeFlows(f, view, sets[i], options);
            QCOMPARE(together[i].bottleneck.seconds, alone.bottleneck.seconds);
            QCOMPARE(together[i].seedBottleneckSeconds, alone.seedBottleneckSeconds);
            QCOMPARE(together[i].loads.bytesAB, alone.loads.bytesAB);
            QCOMPARE(together[i].maxSwitchHops, alone.maxSwitchHops);
        }
    }
}

QTEST_GUILESS_MAIN(TestRouting)
#include "tst_routing.moc"
