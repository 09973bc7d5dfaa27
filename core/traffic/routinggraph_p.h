#pragma once
// Internal to core/traffic/routing.cpp: the routable graph and the
// shortest-path structures the Router walks (split from routing.cpp by
// concern: routing.cpp routes flows and prices runs; this header holds the
// graph, the destination groups and their DAGs).

#include "core/traffic/routing.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace Railyard::RoutingDetail {

constexpr std::int32_t kUnreached = std::numeric_limits<std::int32_t>::max();

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and the same sequence on
/// every platform (unlike std:: distributions).
struct Rng
{
    std::uint64_t state;
    std::uint64_t next()
    {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    std::uint32_t below(std::uint32_t n)
    {
        return static_cast<std::uint32_t>((static_cast<std::uint64_t>(next() >> 32) * n) >> 32);
    }
};

/// A well-mixed 64-bit hash of a few values (SplitMix64 finalizer chained):
/// distinct inputs give independent-looking streams.
inline std::uint64_t mix64(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d, std::uint64_t e)
{
    std::uint64_t h = 0x6A09E667F3BCC909ull;
    for (std::uint64_t v : {a, b, c, d, e}) {
        Rng r{h ^ v};
        h = r.next();
    }
    return h;
}

inline Rng rngForRun(std::uint64_t seed, int run)
{
    Rng mix{seed ^ (0xD1B54A32D192ED03ull * (static_cast<std::uint64_t>(run) + 1))};
    return Rng{mix.next()};
}

/// A host's live link into a switch.
struct Attach
{
    std::int32_t link;
    std::int32_t sw; ///< switch index
    int rail;
};

/// The routable graph: live switch-to-switch arcs (CSR over switch indices)
/// and each host's live NIC links.
class RoutingGraph
{
public:
    RoutingGraph(const Fabric &fabric, const CapacityView &view)
        : m_fabric(fabric)
    {
        fabric.prepare();
        const auto S = static_cast<size_t>(fabric.switchCount());
        m_offsets.assign(S + 1, 0);
        auto live = [&](std::int32_t l) { return static_cast<size_t>(l) < view.gbps.size() && view.gbps[static_cast<size_t>(l)] > 0.0; };
        for (std::int32_t s = 0; s < fabric.switchCount(); ++s)
            for (auto l : fabric.incidentLinks(fabric.switchNode(s)))
                if (live(l) && fabric.isSwitch(fabric.otherEnd(l, fabric.switchNode(s))))
                    ++m_offsets[static_cast<size_t>(s) + 1];
        for (size_t s = 0; s < S; ++s)
            m_offsets[s + 1] += m_offsets[s];
        m_arcLink.resize(static_cast<size_t>(m_offsets[S]));
        m_arcTo.resize(m_arcLink.size());
        for (std::int32_t s = 0; s < fabric.switchCount(); ++s) {
            auto k = static_cast<size_t>(m_offsets[static_cast<size_t>(s)]);
            for (auto l : fabric.incidentLinks(fabric.switchNode(s))) {
                const NodeIndex other = fabric.otherEnd(l, fabric.switchNode(s));
                if (live(l) && fabric.isSwitch(other)) {
                    m_arcLink[k] = l;
                    m_arcTo[k++] = fabric.switchIndexOf(other);
                }
            }
        }
        m_attach.resize(static_cast<size_t>(fabric.hostCount()));
        for (std::int32_t h = 0; h < fabric.hostCount(); ++h)
            for (auto l : fabric.incidentLinks(fabric.hostNode(h))) {
                const NodeIndex other = fabric.otherEnd(l, fabric.hostNode(h));
                if (live(l) && fabric.isSwitch(other))
                    m_attach[static_cast<size_t>(h)].push_back({l, fabric.switchIndexOf(other), hostLinkRail(fabric, h, l)});
            }
    }

    std::int32_t switchCount() const { return m_fabric.switchCount(); }
    std::int32_t arcBegin(std::int32_t s) const { return m_offsets[static_cast<size_t>(s)]; }
    std::int32_t arcEnd(std::int32_t s) const { return m_offsets[static_cast<size_t>(s) + 1]; }
    std::int32_t arcLink(std::int32_t k) const { return m_arcLink[static_cast<size_t>(k)]; }
    std::int32_t arcTo(std::int32_t k) const { return m_arcTo[static_cast<size_t>(k)]; }

    /// The host's live links of `rail` (all live links for rail -1, or when
    /// none of that rail is live: *fallback is then set).
    std::vector<Attach> links(std::int32_t host, int rail, bool *fallback) const
    {
        const auto &all = m_attach[static_cast<size_t>(host)];
        *fallback = false;
        if (rail < 0)
            return all;
        std::vector<Attach> out;
        for (const Attach &a : all)
            if (a.rail == rail)
                out.push_back(a);
        if (out.empty() && !all.empty()) {
            *fallback = true;
            return all;
        }
        return out;
    }

    /// Adds bytes to link l in the direction leaving `fromNode`.
    void addLoad(double *ab, double *ba, std::int32_t l, NodeIndex fromNode, double bytes) const
    {
        if (m_fabric.link(l).a == fromNode)
            ab[l] += bytes;
        else
            ba[l] += bytes;
    }
    bool isEndA(std::int32_t l, NodeIndex n) const { return m_fabric.link(l).a == n; }
    NodeIndex otherEnd(std::int32_t l, NodeIndex n) const
    {
        const Link &link = m_fabric.link(l);
        return link.a == n ? link.b : link.a;
    }
    NodeIndex switchNode(std::int32_t s) const { return m_fabric.switchNode(s); }
    NodeIndex hostNode(std::int32_t h) const { return m_fabric.hostNode(h); }

private:
    const Fabric &m_fabric;
    std::vector<std::int32_t> m_offsets;
    std::vector<std::int32_t> m_arcLink;
    std::vector<std::int32_t> m_arcTo;
    std::vector<std::vector<Attach>> m_attach;
};

/// One flow after resolving its NIC links.
struct Prepared
{
    std::vector<Attach> src;
    std::int32_t srcHost = -1;
    std::int32_t dstHost = -1;
    std::int32_t slot = 0; ///< destination host's slot in its group
    double bytes = 0.0;
    int connections = 1;   ///< pinned and ECMP modes: connections (channels x queue pairs)
    int set = 0;           ///< routeFlowSets: the set (a step's phase) the flow belongs to
};

/// All flows towards hosts that share the same attachment pattern
/// (same leaves, same number of links from each): one DAG serves them all.
struct Group
{
    std::vector<std::pair<std::int32_t, int>> targets; ///< (switch, links to each host)
    std::vector<std::int32_t> hosts;                   ///< destination host per slot
    std::vector<std::vector<std::int32_t>> finalLinks; ///< per slot * T + t: the host's links from target t
    std::vector<std::vector<std::int32_t>> slotLinks;  ///< per slot: the host's links of its rail, in port order
    std::vector<Prepared> flows;
};

/// Shortest-path DAG towards one group's target switches.
struct Dag
{
    std::vector<std::int32_t> dist;  ///< per switch; kUnreached when no path
    std::vector<double> sigma;       ///< shortest paths to the targets (each final link counts)
    std::vector<double> sigmaT;      ///< per switch * T + t: paths ending at target t (T > 1 only)
    std::vector<std::int32_t> order; ///< reached switches by increasing dist
    std::vector<std::int32_t> targetOf; ///< per switch: target index, -1 otherwise

    void build(const RoutingGraph &g, const Group &group)
    {
        const auto S = static_cast<size_t>(g.switchCount());
        const size_t T = group.targets.size();
        if (dist.size() != S) {
            dist.assign(S, kUnreached);
            sigma.assign(S, 0.0);
            targetOf.assign(S, -1);
        }
        for (auto s : order) {
            dist[static_cast<size_t>(s)] = kUnreached;
            sigma[static_cast<size_t>(s)] = 0.0;
            targetOf[static_cast<size_t>(s)] = -1;
        }
        order.clear();
        if (T > 1)
            sigmaT.assign(S * T, 0.0);
        for (size_t t = 0; t < T; ++t) {
            const auto s = static_cast<size_t>(group.targets[t].first);
            dist[s] = 0;
            sigma[s] = group.targets[t].second;
            targetOf[s] = static_cast<std::int32_t>(t);
            if (T > 1)
                sigmaT[s * T + t] = group.targets[t].second;
            order.push_back(group.targets[t].first);
        }
        for (size_t head = 0; head < order.size(); ++head) {
            const auto x = order[head];
            const auto dx = dist[static_cast<size_t>(x)];
            for (auto k = g.arcBegin(x); k < g.arcEnd(x); ++k) {
                const auto y = static_cast<size_t>(g.arcTo(k));
                if (dist[y] == kUnreached) {
                    dist[y] = dx + 1;
                    order.push_back(static_cast<std::int32_t>(y));
                }
                if (dist[y] == dx + 1) {
                    sigma[y] += sigma[static_cast<size_t>(x)];
                    for (size_t t = 0; t < T && T > 1; ++t)
                        sigmaT[y * T + t] += sigmaT[static_cast<size_t>(x) * T + t];
                }
            }
        }
    }
    bool reached(std::int32_t s) const { return dist[static_cast<size_t>(s)] != kUnreached; }
};

/// One DAG's successor arcs per reached switch (the next hops towards the
/// targets), and whether they lead to equally many shortest paths.
struct Successors
{
    std::vector<std::int32_t> begin, end, arc;
    std::vector<char> uniform;

    void build(const RoutingGraph &g, const Dag &dag)
    {
        const auto S = static_cast<size_t>(g.switchCount());
        begin.resize(S);
        end.resize(S);
        uniform.resize(S);
        arc.clear();
        for (auto x : dag.order) {
            const auto xs = static_cast<size_t>(x);
            begin[xs] = static_cast<std::int32_t>(arc.size());
            double w = -1.0;
            uniform[xs] = 1;
            for (auto k = g.arcBegin(x); k < g.arcEnd(x) && dag.dist[xs] > 0; ++k) {
                const auto y = static_cast<size_t>(g.arcTo(k));
                if (dag.dist[y] + 1 != dag.dist[xs])
                    continue;
                arc.push_back(k);
                if (w >= 0.0 && dag.sigma[y] != w)
                    uniform[xs] = 0;
                w = dag.sigma[y];
            }
            end[xs] = static_cast<std::int32_t>(arc.size());
        }
    }
    std::uint32_t count(std::int32_t x) const
    {
        return static_cast<std::uint32_t>(end[static_cast<size_t>(x)] - begin[static_cast<size_t>(x)]);
    }
    std::int32_t at(std::int32_t x, std::uint32_t i) const
    {
        return arc[static_cast<size_t>(begin[static_cast<size_t>(x)]) + i];
    }
    /// The successor reached by u in [0, 1) when each is weighted by the
    /// shortest paths behind it (uniform over paths).
    std::int32_t proportional(std::int32_t x, double u, const RoutingGraph &g, const Dag &dag) const
    {
        double left = u * dag.sigma[static_cast<size_t>(x)];
        std::int32_t k = at(x, 0);
        for (std::uint32_t i = 0; i < count(x); ++i) {
            k = at(x, i);
            left -= dag.sigma[static_cast<size_t>(g.arcTo(k))];
            if (left < 0.0)
                break;
        }
        return k;
    }
};

} // namespace Railyard::RoutingDetail
