#include "core/analysis/maxflow.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace Railyard {

std::int64_t toMbps(double gbps)
{
    return static_cast<std::int64_t>(std::llround(gbps * 1000.0));
}

/// The switch graph in compressed sparse rows: the arcs leaving vertex v are
/// arcs [first[v], first[v + 1]); arc a's partner (the same link the other
/// way, or the zero-capacity reverse of a source/sink arc) is partner[a].
/// An undirected link is one arc pair with its capacity both ways. Flows run
/// Dinic's algorithm on residual capacities; nothing is allocated per arc.
struct SwitchFlowNetwork::Impl
{
    const Fabric &fabric;
    const CapacityView &capacity;
    std::int32_t vertices = 0, source = 0, sink = 0;
    std::vector<std::int32_t> first;   ///< per vertex + 1
    std::vector<std::int32_t> head;    ///< per arc: its head vertex
    std::vector<std::int32_t> partner; ///< per arc
    std::vector<std::int64_t> initial; ///< per arc: capacity before any flow (source/sink arcs set per query)
    std::vector<std::int32_t> sourceArc, sinkArc; ///< per switch, -1 without host links
    struct HostLink
    {
        std::int32_t host, sw;
        std::int64_t mbps;
    };
    std::vector<HostLink> hostLinks;
    std::vector<std::int32_t> hostHost; ///< links between hosts (refused by validation), kept for safety

    Impl(const Fabric &f, const CapacityView &c)
        : fabric(f)
        , capacity(c)
    {
        const std::int32_t switches = f.switchCount();
        vertices = switches + 2;
        source = switches;
        sink = switches + 1;

        // Parallel switch-switch links become one pair of arcs: walking each
        // switch's links, `slot` remembers where its pair with a neighbour
        // went (O(L), no sort; the order follows the fabric's, so it is
        // deterministic).
        f.prepare();
        std::vector<std::pair<std::uint64_t, std::int64_t>> pairs;
        std::vector<char> hasHostLinks(static_cast<size_t>(switches), 0);
        std::vector<std::int64_t> slot(static_cast<size_t>(switches), -1);
        std::vector<std::int32_t> touched;
        for (std::int32_t u = 0; u < switches; ++u) {
            const NodeIndex un = f.switchNode(u);
            for (const std::int32_t i : f.incidentLinks(un)) {
                const NodeIndex other = f.otherEnd(i, un);
                const std::int64_t mbps = toMbps(c.gbps[static_cast<size_t>(i)]);
                if (f.isHost(other)) {
                    hasHostLinks[static_cast<size_t>(u)] = 1;
                    if (mbps > 0)
                        hostLinks.push_back({other, u, mbps});
                    continue;
                }
                const std::int32_t v = f.switchIndexOf(other);
                if (v <= u || mbps <= 0) // each pair once, from its lower end; a self-loop never
                    continue;
                std::int64_t &at = slot[static_cast<size_t>(v)];
                if (at < 0) {
                    at = static_cast<std::int64_t>(pairs.size());
                    pairs.emplace_back((static_cast<std::uint64_t>(u) << 32) | static_cast<std::uint64_t>(v), 0);
                    touched.push_back(v);
                }
                pairs[static_cast<size_t>(at)].second += mbps;
            }
            for (const std::int32_t v : touched)
                slot[static_cast<size_t>(v)] = -1;
            touched.clear();
        }
        for (std::int32_t i = 0; i < f.linkCount(); ++i) {
            const Link &l = f.link(i);
            if (f.isHost(l.a) && f.isHost(l.b) && toMbps(c.gbps[static_cast<size_t>(i)]) > 0)
                hostHost.push_back(i);
        }

        // Degrees, then arcs in place.
        first.assign(static_cast<size_t>(vertices) + 1, 0);
        for (const auto &[key, mbps] : pairs) {
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
        initial.assign(arcs, 0);
        std::vector<std::int32_t> next(first.begin(), first.end() - 1);
        auto addPair = [&](std::int32_t u, std::int32_t v, std::int64_t forward, std::int64_t backward) {
            const std::int32_t a = next[static_cast<size_t>(u)]++;
            const std::int32_t b = next[static_cast<size_t>(v)]++;
            head[static_cast<size_t>(a)] = v;
            head[static_cast<size_t>(b)] = u;
            partner[static_cast<size_t>(a)] = b;
            partner[static_cast<size_t>(b)] = a;
            initial[static_cast<size_t>(a)] = forward;
            initial[static_cast<size_t>(b)] = backward;
            return a;
        };
        for (const auto &[key, mbps] : pairs)
            addPair(static_cast<std::int32_t>(key >> 32), static_cast<std::int32_t>(key & 0xffffffffu), mbps, mbps);
        sourceArc.assign(static_cast<size_t>(switches), -1);
        sinkArc.assign(static_cast<size_t>(switches), -1);
        for (std::int32_t s = 0; s < switches; ++s) {
            if (!hasHostLinks[static_cast<size_t>(s)])
                continue;
            sourceArc[static_cast<size_t>(s)] = addPair(source, s, 0, 0);
            sinkArc[static_cast<size_t>(s)] = addPair(s, sink, 0, 0);
        }
    }

    /// Dinic's algorithm from the given residual capacities; returns the flow.
    /// Reads the network only, so queries may run on several threads.
    std::int64_t maxFlow(std::vector<std::int64_t> &residual) const
    {
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
                            && level[static_cast<size_t>(head[static_cast<size_t>(a)])] == level[static_cast<size_t>(v)] + 1))
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
{
}

SwitchFlowNetwork::~SwitchFlowNetwork() = default;

double SwitchFlowNetwork::minCut(const std::vector<char> &hostSide, std::vector<std::int32_t> *cutLinks,
                                 std::vector<char> *switchSide) const
{
    const Fabric &f = d->fabric;
    const auto switches = static_cast<size_t>(f.switchCount());
    std::vector<std::int64_t> residual = d->initial;
    for (const Impl::HostLink &h : d->hostLinks) {
        const auto s = static_cast<size_t>(h.sw);
        const bool sideA = hostSide[static_cast<size_t>(h.host)] == 0;
        residual[static_cast<size_t>(sideA ? d->sourceArc[s] : d->sinkArc[s])] += h.mbps;
    }
    std::int64_t hostOnly = 0; // links between two hosts cannot exist (validated), kept for safety
    for (const std::int32_t i : d->hostHost) {
        const Link &l = f.link(i);
        if (hostSide[static_cast<size_t>(l.a)] != hostSide[static_cast<size_t>(l.b)])
            hostOnly += toMbps(d->capacity.gbps[static_cast<size_t>(i)]);
    }

    const std::int64_t flow = d->maxFlow(residual);

    if (cutLinks || switchSide) {
        // Vertices that still reach the sink in the residual graph form side B
        // (the same set for every maximum flow).
        std::vector<char> reachesSink(switches + 2, 0);
        std::vector<std::int32_t> stack{d->sink};
        reachesSink[static_cast<size_t>(d->sink)] = 1;
        while (!stack.empty()) {
            const std::int32_t v = stack.back();
            stack.pop_back();
            for (std::int32_t a = d->first[static_cast<size_t>(v)]; a < d->first[static_cast<size_t>(v) + 1]; ++a) {
                const std::int32_t u = d->head[static_cast<size_t>(a)];
                const std::int32_t back = d->partner[static_cast<size_t>(a)]; // u -> v
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
