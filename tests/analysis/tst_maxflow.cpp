// SwitchFlowNetwork (Railyard's own max-flow on a compressed switch graph)
// against Boost.Graph's push-relabel on the plain graph, hosts included, on
// random fabrics and random host splits: the min-cut values must be equal to
// the Mbit/s, and the links reported across the cut must sum to the value.

#include "core/analysis/bisection.h"
#include "core/analysis/capacity.h"
#include "core/analysis/maxflow.h"
#include "core/analysis/report.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"

#include <QTest>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>

#include <random>

using namespace Railyard;

namespace {

using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using Graph = boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS, boost::no_property,
    boost::property<boost::edge_capacity_t, std::int64_t,
                    boost::property<boost::edge_residual_capacity_t, std::int64_t,
                                    boost::property<boost::edge_reverse_t, Traits::edge_descriptor>>>>;

/// Max flow from the side-0 hosts to the side-1 hosts on the whole graph,
/// every node a vertex, every link two arcs of its capacity: no collapsing.
std::int64_t referenceFlow(const Fabric &f, const CapacityView &c, const std::vector<char> &side)
{
    const auto nodes = static_cast<size_t>(f.nodeCount());
    Graph g(nodes + 2);
    const auto source = nodes, sink = nodes + 1;
    auto cap = get(boost::edge_capacity, g);
    auto rev = get(boost::edge_reverse, g);
    auto arc = [&](size_t u, size_t v, std::int64_t capacity) {
        const auto e1 = add_edge(u, v, g).first;
        const auto e2 = add_edge(v, u, g).first;
        cap[e1] = capacity;
        cap[e2] = 0;
        rev[e1] = e2;
        rev[e2] = e1;
    };
    constexpr std::int64_t unbounded = std::int64_t(1) << 50;
    for (std::int32_t h = 0; h < f.hostCount(); ++h)
        side[size_t(h)] == 0 ? arc(source, size_t(h), unbounded) : arc(size_t(h), sink, unbounded);
    for (std::int32_t i = 0; i < f.linkCount(); ++i) {
        const std::int64_t mbps = toMbps(c.gbps[size_t(i)]);
        if (mbps <= 0)
            continue;
        arc(size_t(f.link(i).a), size_t(f.link(i).b), mbps);
        arc(size_t(f.link(i).b), size_t(f.link(i).a), mbps);
    }
    return boost::push_relabel_max_flow(g, source, sink);
}

Fabric randomFabric(std::mt19937 &rng, int hosts, int switches, int extraLinks)
{
    Fabric f;
    for (int h = 0; h < hosts; ++h) {
        Host host;
        host.id = "h" + std::to_string(h);
        f.addHost(std::move(host));
    }
    for (int s = 0; s < switches; ++s) {
        Switch sw;
        sw.id = "s" + std::to_string(s);
        sw.radix = 4096;
        f.addSwitch(std::move(sw));
    }
    std::uniform_int_distribution<int> pickSwitch(0, switches - 1);
    std::uniform_int_distribution<int> pickCapacity(1, 8);
    std::uniform_int_distribution<int> pickState(0, 9);
    int id = 0;
    auto link = [&](NodeIndex a, NodeIndex b) {
        Link l;
        l.id = "l" + std::to_string(id++);
        l.a = a;
        l.b = b;
        l.capacityGbps = 100.0 * pickCapacity(rng);
        const int state = pickState(rng);
        if (state == 0)
            l.state = LinkState::Down;
        else if (state == 1) {
            l.state = LinkState::Degraded;
            l.degradedGbps = l.capacityGbps / 3; // not a whole Mbit/s: rounding must agree too
        }
        f.addLink(std::move(l));
    };
    for (int h = 0; h < hosts; ++h) {
        link(h, f.switchNode(pickSwitch(rng)));
        if (h % 3 == 0)
            link(h, f.switchNode(pickSwitch(rng))); // some hosts dual-homed
    }
    for (int i = 0; i < extraLinks; ++i) {
        const int a = pickSwitch(rng), b = pickSwitch(rng);
        if (a != b)
            link(f.switchNode(a), f.switchNode(b)); // parallel links happen too
    }
    return f;
}

} // namespace

class TestMaxFlow : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithBoostPushRelabel();
    void candidatesOnThreadsAgree();
    void whatIfOnTheBaselineNetwork();
};

void TestMaxFlow::agreesWithBoostPushRelabel()
{
    std::mt19937 rng(20261203);
    int compared = 0, positive = 0;
    for (int round = 0; round < 60; ++round) {
        const int hosts = 4 + round % 23, switches = 2 + round % 11;
        const Fabric f = randomFabric(rng, hosts, switches, switches * (1 + round % 4));
        const CapacityView c = CapacityView::of(f);
        SwitchFlowNetwork network(f, c);
        for (int split = 0; split < 5; ++split) {
            std::vector<char> side(size_t(f.hostCount()));
            for (auto &s : side)
                s = char(rng() % 2);
            std::vector<std::int32_t> cut;
            const double gbps = network.minCut(side, &cut);
            const std::int64_t expected = referenceFlow(f, c, side);
            QCOMPARE(std::llround(gbps * 1000.0), expected);
            std::int64_t crossing = 0;
            for (const auto l : cut)
                crossing += toMbps(c.gbps[size_t(l)]);
            QCOMPARE(crossing, expected);
            ++compared;
            positive += expected > 0 ? 1 : 0;
        }
    }
    QCOMPARE(compared, 300);
    QVERIFY(positive > 200); // the cases are not trivially empty
}

void TestMaxFlow::candidatesOnThreadsAgree()
{
    // The candidate splits are evaluated on several threads; the answer must
    // not depend on how many, with and without a failed switch (asymmetric,
    // so the refinement runs too).
    const Fabric f = generateClos(railOptimizedParams(256));
    Failures failed;
    failed.switches.push_back(f.switchCount() - 1);
    for (const Failures &failures : {Failures{}, failed}) {
        const CapacityView c = CapacityView::of(f, failures);
        BisectionOptions one, four;
        one.threads = 1;
        four.threads = 4;
        const BisectionResult a = analyzeBisection(f, c, one);
        const BisectionResult b = analyzeBisection(f, c, four);
        QVERIFY(a.gbps > 0);
        QCOMPARE(a.gbps, b.gbps);
        QCOMPARE(a.candidate, b.candidate);
        QCOMPARE(a.hostSide, b.hostSide);
        QCOMPARE(a.cutLinks, b.cutLinks);
    }
}

void TestMaxFlow::whatIfOnTheBaselineNetwork()
{
    // A what-if's network derived from the baseline's (capacities of the
    // changed links updated) must give what a network built afresh gives.
    std::mt19937 rng(7);
    for (int round = 0; round < 20; ++round) {
        const Fabric f = randomFabric(rng, 6 + round, 3 + round % 7, 12 + round);
        const CapacityView nominal = CapacityView::of(f);
        const SwitchFlowNetwork base(f, nominal);
        Failures failures;
        failures.switches.push_back(round % f.switchCount());
        failures.links.push_back(round % f.linkCount());
        const CapacityView failed = CapacityView::of(f, failures);
        const SwitchFlowNetwork derived(base, failed);
        const SwitchFlowNetwork fresh(f, failed);
        for (int split = 0; split < 4; ++split) {
            std::vector<char> side(size_t(f.hostCount()));
            for (auto &s : side)
                s = char(rng() % 2);
            std::vector<std::int32_t> cutDerived, cutFresh;
            QCOMPARE(derived.minCut(side, &cutDerived), fresh.minCut(side, &cutFresh));
            QCOMPARE(cutDerived, cutFresh);
            QCOMPARE(std::llround(derived.minCut(side) * 1000.0), referenceFlow(f, failed, side));
        }
    }
    // The whole analysis: a WhatIfBase's baseline and what-if against two separate analyses.
    const Fabric f = generateClos(railOptimizedParams(256));
    Failures failures;
    failures.switches.push_back(f.switchCount() / 2);
    const WhatIfBase base(f);
    const struct
    {
        AnalysisReport baseline, whatIf;
    } both{base.baseline(), base.whatIf(failures)};
    const AnalysisReport baseline = analyzeFabric(f);
    const AnalysisReport whatIf = analyzeFabric(f, failures);
    QCOMPARE(both.baseline.bisection.gbps, baseline.bisection.gbps);
    QCOMPARE(both.whatIf.bisection.gbps, whatIf.bisection.gbps);
    QCOMPARE(both.whatIf.bisection.cutLinks, whatIf.bisection.cutLinks);
    QCOMPARE(both.whatIf.bisection.candidate, whatIf.bisection.candidate);
    QCOMPARE(both.whatIf.failed, whatIf.failed);
    QVERIFY(both.whatIf.bisection.gbps < both.baseline.bisection.gbps);
}

QTEST_GUILESS_MAIN(TestMaxFlow)
#include "tst_maxflow.moc"
