#include "core/analysis/maxflow.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace Railyard {

std::int64_t toMbps(double gbps)
{
    return static_cast<std::int64_t>(std::llround(gbps * 1000.0));
}

namespace {
using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using Graph = boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS, boost::no_property,
    boost::property<boost::edge_capacity_t, std::int64_t,
                    boost::property<boost::edge_residual_capacity_t, std::int64_t,
                                    boost::property<boost::edge_reverse_t, Traits::edge_descriptor>>>>;
using Edge = Traits::edge_descriptor;
} // namespace

struct SwitchFlowNetwork::Impl
{
    const Fabric &fabric;
    const CapacityView &capacity;
    Graph graph;
    Traits::vertex_descriptor source = 0, sink = 0;
    std::vector<Edge> sourceArc; // per switch: source -> switch (capacity set per query)
    std::vector<Edge> sinkArc;   // per switch: switch -> sink
    std::vector<char> hasHostLinks;

    Impl(const Fabric &f, const CapacityView &c)
        : fabric(f)
        , capacity(c)
        , graph(static_cast<size_t>(f.switchCount()) + 2)
    {
        const auto switches = static_cast<size_t>(f.switchCount());
        source = switches;
        sink = switches + 1;
        auto cap = get(boost::edge_capacity, graph);
        auto rev = get(boost::edge_reverse, graph);

        // Boost's push-relabel wants every arc paired with a reverse arc of
        // capacity 0 (its preflow-to-flow conversion relies on it), so an
        // undirected link becomes two such pairs.
        auto addArc = [&](Traits::vertex_descriptor u, Traits::vertex_descriptor v, std::int64_t c) {
            const Edge e1 = add_edge(u, v, graph).first;
            const Edge e2 = add_edge(v, u, graph).first;
            cap[e1] = c;
            cap[e2] = 0;
            rev[e1] = e2;
            rev[e2] = e1;
            return e1;
        };

        // Aggregate parallel switch-switch links.
        std::unordered_map<std::uint64_t, std::int64_t> pairs;
        pairs.reserve(static_cast<size_t>(f.linkCount()));
        hasHostLinks.assign(switches, 0);
        for (std::int32_t i = 0; i < f.linkCount(); ++i) {
            const Link &l = f.link(i);
            const std::int64_t mbps = toMbps(c.gbps[static_cast<size_t>(i)]);
            if (f.isSwitch(l.a) && f.isSwitch(l.b)) {
                if (mbps <= 0)
                    continue;
                auto a = static_cast<std::uint64_t>(f.switchIndexOf(l.a));
                auto b = static_cast<std::uint64_t>(f.switchIndexOf(l.b));
                if (a > b)
                    std::swap(a, b);
                pairs[(a << 32) | b] += mbps;
            } else if (f.isHost(l.a) && f.isSwitch(l.b)) {
                hasHostLinks[static_cast<size_t>(f.switchIndexOf(l.b))] = 1;
            } else if (f.isHost(l.b) && f.isSwitch(l.a)) {
                hasHostLinks[static_cast<size_t>(f.switchIndexOf(l.a))] = 1;
            }
        }
        std::vector<std::pair<std::uint64_t, std::int64_t>> sorted(pairs.begin(), pairs.end());
        std::sort(sorted.begin(), sorted.end()); // deterministic arc order
        for (const auto &[key, mbps] : sorted) {
            addArc(key >> 32, key & 0xffffffffu, mbps);
            addArc(key & 0xffffffffu, key >> 32, mbps);
        }
        sourceArc.resize(switches);
        sinkArc.resize(switches);
        for (size_t s = 0; s < switches; ++s) {
            if (!hasHostLinks[s])
                continue;
            sourceArc[s] = addArc(source, s, 0);
            sinkArc[s] = addArc(s, sink, 0);
        }
    }
};

SwitchFlowNetwork::SwitchFlowNetwork(const Fabric &fabric, const CapacityView &capacity)
    : d(std::make_unique<Impl>(fabric, capacity))
{
}

SwitchFlowNetwork::~SwitchFlowNetwork() = default;

double SwitchFlowNetwork::minCut(const std::vector<char> &hostSide, std::vector<std::int32_t> *cutLinks,
                                 std::vector<char> *switchSide)
{
    const Fabric &f = d->fabric;
    const auto switches = static_cast<size_t>(f.switchCount());
    auto cap = get(boost::edge_capacity, d->graph);
    auto res = get(boost::edge_residual_capacity, d->graph);
    auto rev = get(boost::edge_reverse, d->graph);

    std::vector<std::int64_t> toSource(switches, 0), toSink(switches, 0);
    std::int64_t hostOnly = 0; // links between two hosts cannot exist (validated), kept for safety
    for (std::int32_t i = 0; i < f.linkCount(); ++i) {
        const Link &l = f.link(i);
        const std::int64_t mbps = toMbps(d->capacity.gbps[static_cast<size_t>(i)]);
        if (mbps <= 0)
            continue;
        NodeIndex host = -1, sw = -1;
        if (f.isHost(l.a) && f.isSwitch(l.b)) {
            host = l.a;
            sw = l.b;
        } else if (f.isHost(l.b) && f.isSwitch(l.a)) {
            host = l.b;
            sw = l.a;
        } else {
            if (f.isHost(l.a) && f.isHost(l.b) && hostSide[static_cast<size_t>(l.a)] != hostSide[static_cast<size_t>(l.b)])
                hostOnly += mbps;
            continue;
        }
        const auto s = static_cast<size_t>(f.switchIndexOf(sw));
        (hostSide[static_cast<size_t>(host)] == 0 ? toSource[s] : toSink[s]) += mbps;
    }
    for (size_t s = 0; s < switches; ++s) {
        if (!d->hasHostLinks[s])
            continue;
        cap[d->sourceArc[s]] = toSource[s];
        cap[rev[d->sourceArc[s]]] = 0;
        cap[d->sinkArc[s]] = toSink[s];
        cap[rev[d->sinkArc[s]]] = 0;
    }

    const std::int64_t flow = boost::push_relabel_max_flow(d->graph, d->source, d->sink);

    if (cutLinks || switchSide) {
        // Vertices that still reach the sink in the residual graph form side B.
        std::vector<char> reachesSink(switches + 2, 0);
        std::vector<Traits::vertex_descriptor> stack{d->sink};
        reachesSink[d->sink] = 1;
        while (!stack.empty()) {
            const auto v = stack.back();
            stack.pop_back();
            for (auto [it, end] = out_edges(v, d->graph); it != end; ++it) {
                const Edge back = rev[*it]; // u -> v
                const auto u = target(*it, d->graph);
                if (!reachesSink[u] && res[back] > 0) {
                    reachesSink[u] = 1;
                    stack.push_back(u);
                }
            }
        }
        auto sideOf = [&](NodeIndex n) -> char {
            if (f.isHost(n))
                return hostSide[static_cast<size_t>(n)];
            return reachesSink[static_cast<size_t>(f.switchIndexOf(n))] ? 1 : 0;
        };
        if (switchSide) {
            switchSide->assign(switches, 0);
            for (size_t s = 0; s < switches; ++s)
                (*switchSide)[s] = reachesSink[s] ? 1 : 0;
        }
        if (cutLinks) {
            cutLinks->clear();
            for (std::int32_t i = 0; i < f.linkCount(); ++i) {
                const Link &l = f.link(i);
                if (d->capacity.gbps[static_cast<size_t>(i)] > 0 && sideOf(l.a) != sideOf(l.b))
                    cutLinks->push_back(i);
            }
        }
    }
    return static_cast<double>(flow + hostOnly) / 1000.0;
}

} // namespace Railyard
