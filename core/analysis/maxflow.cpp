#include "core/analysis/maxflow.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace Railyard {

std::int64_t toMbps(double gbps)
{
    return static_cast<std::int64_t>(std::llround(gbps * 1000.0));
}

/// The switch graph in compressed sparse rows: the arcs leaving vertex v are
/// arcs [first[v], first[v + 1]); arc a's partner (the same link the other
/// way, or the zero-capacity reverse of a source/sink arc) is partner[a].
/// The parallel links between two switches are one arc pair carrying their
/// summed capacity both ways. The topology depends on the fabric only (every
/// link has its arc, whatever its capacity), so a what-if shares it with the
/// baseline and only changes capacities.
struct FlowTopology
{
    std::int32_t vertices = 0, source = 0, sink = 0;
    std::vector<std::int32_t> first;              ///< per vertex + 1
    std::vector<std::int32_t> head;               ///< per arc: its head vertex
    std::vector<std::int32_t> partner;            ///< per arc
    std::vector<std::int32_t> sourceArc, sinkArc; ///< per switch, -1 without host links
    std::vector<std::int32_t> linkArc;            ///< per link: its switch pair's arc (either way), -1 for host links
    struct HostLink
    {
        std::int32_t link, host, sw;
    };
    std::vector<HostLink> hostLinks;
    std::vector<std::int32_t> hostHost; ///< links between hosts (refused by validation), kept for safety

    explicit FlowTopology(const Fabric &f)
    {
        const std::int32_t switches = f.switchCount();
        vertices = switches + 2;
        source = switches;
        sink = switches + 1;
        linkArc.assign(static_cast<size_t>(f.linkCount()), -1);

        // Walking each switch's links, `slot` remembers where its pair with a
        // neighbour went: O(L), no sort, in the fabric's order.
        f.prepare();
        std::vector<std::uint64_t> pairs; // (lower switch << 32) | higher switch
        std::vector<std::int32_t> pairOfLink(static_cast<size_t>(f.linkCount()), -1);
        std::vector<char> hasHostLinks(static_cast<size_t>(switches), 0);
        std::vector<std::int32_t> slot(static_cast<size_t>(switches), -1);
        std::vector<std::int32_t> touched;
        for (std::int32_t u = 0; u < switches; ++u) {
            const NodeIndex un = f.switchNode(u);
            for (const std::int32_t i : f.incidentLinks(un)) {
                const NodeIndex other = f.otherEnd(i, un);
                if (f.isHost(other)) {
                    hasHostLinks[static_cast<size_t>(u)] = 1;
                    hostLinks.push_back({i, other, u});
                    continue;
                }
                const std::int32_t v = f.switchIndexOf(other);
                if (v <= u) // each pair once, from its lower end; a self-loop never
                    continue;
                std::int32_t &at = slot[static_cast<size_t>(v)];
                if (at < 0) {
                    at = static_cast<std::int32_t>(pairs.size());
                    pairs.push_back((static_cast<std::uint64_t>(u) << 32) | static_cast<std::uint64_t>(v));
                    touched.push_back(v);
                }
                pairOfLink[static_cast<size_t>(i)] = at;
            }
            for (const std::int32_t v : touched)
                slot[static_cast<size_t>(v)] = -1;
            touched.clear();
        }
        for (std::int32_t i = 0; i < f.linkCount(); ++i)
            if (f.isHost(f.link(i).a) && f.isHost(f.link(i).b))
                hostHost.push_back(i);

        // Degrees, then arcs in place.
        first.assign(static_cast<size_t>(vertices) + 1, 0);
        for (const std::uint64_t key : pairs) {
            ++first[static_cast<size_t>(key >> 32) + 1];
            ++first[static_cast<size_t>(key & 0xffffffffu) + 1];
        }
        for (std::int32_t s = 0; s < switches; ++s) {
            if (hasHostLinks[static_cast<size_t>(s)]) {
                first[static_cast<size_t>(s) + 1] += 2;
                ++first[static_cast<size_t>(source) + 1];
                ++first[static_cast<size_t>(sink) + 1];
            }
        }
        for (std::int32_t v = 0; v < vertices; ++v)
            first[static_cast<size_t>(v) + 1] += first[static_cast<size_t>(v)];
        const auto arcs = static_cast<size_t>(first.back());
        head.resize(arcs);
        partner.resize(arcs);
        std::vector<std::int32_t> next(first.begin(), first.end() - 1);
        auto addPair = [&](std::int32_t u, std::int32_t v) {
            const std::int32_t a = next[static_cast<size_t>(u)]++;
            const std::int32_t b = next[static_cast<size_t>(v)]++;
            head[static_cast<size_t>(a)] = v;
            head[static_cast<size_t>(b)] = u;
            partner[static_cast<size_t>(a)] = b;
            partner[static_cast<size_t>(b)] = a;
            return a;
        };
        std::vector<std::int32_t> pairArc(pairs.size());
        for (size_t p = 0; p < pairs.size(); ++p)
            pairArc[p]
                = addPair(static_cast<std::int32_t>(pairs[p] >> 32), static_cast<std::int32_t>(pairs[p] & 0xffffffffu));
        for (std::int32_t i = 0; i < f.linkCount(); ++i)
            if (pairOfLink[static_cast<size_t>(i)] >= 0)
                linkArc[static_cast<size_t>(i)] = pairArc[static_cast<size_t>(pairOfLink[static_cast<size_t>(i)])];
        sourceArc.assign(static_cast<size_t>(switches), -1);
        sinkArc.assign(static_cast<size_t>(switches), -1);
        for (std::int32_t s = 0; s < switches; ++s) {
            if (!hasHostLinks[static_cast<size_t>(s)])
                continue;
            sourceArc[static_cast<size_t>(s)] = addPair(source, s);
            sinkArc[static_cast<size_t>(s)] = addPair(s, sink);
        }
    }
};

/// A topology with capacities: Dinic's algorithm on residual capacities,
/// nothing allocated per arc.
struct SwitchFlowNetwork::Impl
{
    const Fabric &fabric;
    const CapacityView &capacity;
    std::shared_ptr<const FlowTopology> topology;
    std::vector<std::int64_t> initial;  ///< per arc: capacity before any flow (source/sink arcs set per query)
    std::vector<std::int64_t> hostMbps; ///< per topology->hostLinks entry

    Impl(const Fabric &f, const CapacityView &c)
        : fabric(f)
        , capacity(c)
        , topology(std::make_shared<const FlowTopology>(f))
    {
        initial.assign(topology->head.size(), 0);
        for (std::int32_t i = 0; i < f.linkCount(); ++i) {
            const std::int32_t a = topology->linkArc[static_cast<size_t>(i)];
            const std::int64_t mbps = toMbps(c.gbps[static_cast<size_t>(i)]);
            if (a >= 0 && mbps > 0) {
                initial[static_cast<size_t>(a)] += mbps;
                initial[static_cast<size_t>(topology->partner[static_cast<size_t>(a)])] += mbps;
            }
        }
        hostMbps.reserve(topology->hostLinks.size());
        for (const FlowTopology::HostLink &h : topology->hostLinks)
            hostMbps.push_back(std::max<std::int64_t>(0, toMbps(c.gbps[static_cast<size_t>(h.link)])));
    }

    /// The same fabric under other capacities: the topology is shared, and only
    /// the links whose capacity differs from the base's are updated. O(L) to
    /// compare, O(arcs) to copy; no graph is built.
    Impl(const Impl &base, const CapacityView &c)
        : fabric(base.fabric)
        , capacity(c)
        , topology(base.topology)
        , initial(base.initial)
        , hostMbps(base.hostMbps)
    {
        const std::vector<double> &before = base.capacity.gbps;
        for (std::int32_t i = 0; i < fabric.linkCount(); ++i) {
            if (before[static_cast<size_t>(i)] == c.gbps[static_cast<size_t>(i)])
                continue;
            const std::int32_t a = topology->linkArc[static_cast<size_t>(i)];
            if (a < 0)
                continue; // host links: below
            const std::int64_t delta = std::max<std::int64_t>(0, toMbps(c.gbps[static_cast<size_t>(i)]))
                - std::max<std::int64_t>(0, toMbps(before[static_cast<size_t>(i)]));
            initial[static_cast<size_t>(a)] += delta;
            initial[static_cast<size_t>(topology->partner[static_cast<size_t>(a)])] += delta;
        }
        for (size_t k = 0; k < topology->hostLinks.size(); ++k)
            hostMbps[k] = std::max<std::int64_t>(0, toMbps(c.gbps[static_cast<size_t>(topology->hostLinks[k].link)]));
    }

    /// Dinic's algorithm from the given residual capacities; returns the flow.
    /// Reads the network only, so queries may run on several threads.
    std::int64_t maxFlow(std::vector<std::int64_t> &residual) const
    {
        const FlowTopology &t = *topology;
        const auto &first = t.first;
        const auto &head = t.head;
        const auto &partner = t.partner;
        const std::int32_t vertices = t.vertices, source = t.source, sink = t.sink;
        std::int64_t total = 0;
        std::vector<std::int32_t> level(static_cast<size_t>(vertices));
        std::vector<std::int32_t> current(static_cast<size_t>(vertices));
        std::vector<std::int32_t> queue(static_cast<size_t>(vertices));
        std::vector<std::int32_t> path; // arcs from the source to the vertex being extended
        for (;;) {
            // Levels by breadth-first search over arcs with residual capacity.
            std::fill(level.begin(), level.end(), -1);
            level[static_cast<size_t>(source)] = 0;
            size_t qHead = 0, qTail = 0;
            queue[qTail++] = source;
            while (qHead < qTail) {
                const std::int32_t v = queue[qHead++];
                for (std::int32_t a = first[static_cast<size_t>(v)]; a < first[static_cast<size_t>(v) + 1]; ++a) {
                    const std::int32_t w = head[static_cast<size_t>(a)];
                    if (residual[static_cast<size_t>(a)] > 0 && level[static_cast<size_t>(w)] < 0) {
                        level[static_cast<size_t>(w)] = level[static_cast<size_t>(v)] + 1;
                        queue[qTail++] = w;
                    }
                }
            }
            if (level[static_cast<size_t>(sink)] < 0)
                return total;
            // Blocking flow: advance along admissible arcs, retreat from dead
            // ends, augment by the path's bottleneck on reaching the sink.
            std::copy(first.begin(), first.end() - 1, current.begin());
            path.clear();
            std::int32_t v = source;
            for (;;) {
                if (v == sink) {
                    std::int64_t push = std::numeric_limits<std::int64_t>::max();
                    for (const std::int32_t a : path)
                        push = std::min(push, residual[static_cast<size_t>(a)]);
                    size_t keep = path.size();
                    for (size_t i = 0; i < path.size(); ++i) {
                        const auto a = static_cast<size_t>(path[i]);
                        residual[a] -= push;
                        residual[static_cast<size_t>(partner[a])] += push;
                        if (residual[a] == 0 && keep == path.size())
                            keep = i; // retreat to the tail of the first saturated arc
                    }
                    total += push;
                    path.resize(keep);
                    v = path.empty() ? source : head[static_cast<size_t>(path.back())];
                    continue;
                }
                std::int32_t &a = current[static_cast<size_t>(v)];
                const std::int32_t end = first[static_cast<size_t>(v) + 1];
                while (a < end
                       && !(residual[static_cast<size_t>(a)] > 0
                            && level[static_cast<size_t>(head[static_cast<size_t>(a)])]
                                == level[static_cast<size_t>(v)] + 1))
                    ++a;
                if (a < end) {
                    path.push_back(a);
                    v = head[static_cast<size_t>(a)];
                    continue;
                }
                // Dead end: no admissible arc left here this phase.
                if (v == source)
                    break;
                level[static_cast<size_t>(v)] = -1;
                path.pop_back();
                v = path.empty() ? source : head[static_cast<size_t>(path.back())];
                ++current[static_cast<size_t>(v)];
            }
        }
    }
};

SwitchFlowNetwork::SwitchFlowNetwork(const Fabric &fabric, const CapacityView &capacity)
    : d(std::make_unique<Impl>(fabric, capacity))
{ }

SwitchFlowNetwork::SwitchFlowNetwork(const SwitchFlowNetwork &base, const CapacityView &capacity)
    : d(std::make_unique<Impl>(*base.d, capacity))
{ }

SwitchFlowNetwork::~SwitchFlowNetwork() = default;

double SwitchFlowNetwork::minCut(const std::vector<char> &hostSide, std::vector<std::int32_t> *cutLinks,
                                 std::vector<char> *switchSide) const
{
    const Fabric &f = d->fabric;
    const auto switches = static_cast<size_t>(f.switchCount());
    const FlowTopology &t = *d->topology;
    std::vector<std::int64_t> residual = d->initial;
    for (size_t k = 0; k < t.hostLinks.size(); ++k) {
        const FlowTopology::HostLink &h = t.hostLinks[k];
        const auto s = static_cast<size_t>(h.sw);
        const bool sideA = hostSide[static_cast<size_t>(h.host)] == 0;
        residual[static_cast<size_t>(sideA ? t.sourceArc[s] : t.sinkArc[s])] += d->hostMbps[k];
    }
    std::int64_t hostOnly = 0; // links between two hosts cannot exist (validated), kept for safety
    for (const std::int32_t i : t.hostHost) {
        const Link &l = f.link(i);
        if (hostSide[static_cast<size_t>(l.a)] != hostSide[static_cast<size_t>(l.b)])
            hostOnly += std::max<std::int64_t>(0, toMbps(d->capacity.gbps[static_cast<size_t>(i)]));
    }

    const std::int64_t flow = d->maxFlow(residual);

    if (cutLinks || switchSide) {
        // Vertices that still reach the sink in the residual graph form side B
        // (the same set for every maximum flow).
        std::vector<char> reachesSink(switches + 2, 0);
        std::vector<std::int32_t> stack{t.sink};
        reachesSink[static_cast<size_t>(t.sink)] = 1;
        while (!stack.empty()) {
            const std::int32_t v = stack.back();
            stack.pop_back();
            for (std::int32_t a = t.first[static_cast<size_t>(v)]; a < t.first[static_cast<size_t>(v) + 1]; ++a) {
                const std::int32_t u = t.head[static_cast<size_t>(a)];
                const std::int32_t back = t.partner[static_cast<size_t>(a)]; // u -> v
                if (!reachesSink[static_cast<size_t>(u)] && residual[static_cast<size_t>(back)] > 0) {
                    reachesSink[static_cast<size_t>(u)] = 1;
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
