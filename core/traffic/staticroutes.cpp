#include "core/traffic/staticroutes.h"

#include "core/model/infinibandids.h"
#include "core/traffic/staticroutes_p.h"

#include <algorithm>
#include <list>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <string>

namespace Railyard {

using namespace StaticRoutesDetail;

namespace {

/// Tables larger than this many entries (2 bytes each) are not built: a
/// static design that large is priced as if routed adaptively is not
/// honest either, so routing reports the error instead.
constexpr std::uint64_t kMaxTableEntries = 256ull << 20;

bool liveLink(const CapacityView &view, std::int32_t l)
{
    return static_cast<size_t>(l) < view.gbps.size() && view.gbps[static_cast<size_t>(l)] > 0.0;
}

/// Two independent 64-bit hashes of everything the tables depend on: the
/// structure (ends, ports, tiers, NIC layout) and which links are live.
struct Fingerprint
{
    std::uint64_t a = 0x243F6A8885A308D3ull, b = 0x13198A2E03707344ull;
    void add(std::uint64_t v)
    {
        a = (a ^ v) * 0x100000001B3ull;
        a ^= a >> 29;
        b = (b + v + 0x9E3779B97F4A7C15ull) * 0xBF58476D1CE4E5B9ull;
        b ^= b >> 31;
    }
    bool operator==(const Fingerprint &o) const { return a == o.a && b == o.b; }
};

Fingerprint fingerprintOf(const Fabric &fabric, const CapacityView &view)
{
    Fingerprint f;
    f.add(static_cast<std::uint64_t>(fabric.hostCount()));
    f.add(static_cast<std::uint64_t>(fabric.switchCount()));
    f.add(static_cast<std::uint64_t>(fabric.linkCount()));
    for (const Switch &s : fabric.switches())
        f.add(static_cast<std::uint64_t>(s.tier));
    for (const Host &h : fabric.hosts()) {
        f.add(h.nics.size());
        for (const Nic &n : h.nics)
            f.add(static_cast<std::uint64_t>(n.ports) << 8 | static_cast<std::uint64_t>(n.rail + 1));
    }
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
        const Link &k = fabric.link(l);
        f.add(static_cast<std::uint64_t>(static_cast<std::uint32_t>(k.a)) << 32 | static_cast<std::uint32_t>(k.b));
        f.add(static_cast<std::uint64_t>(static_cast<std::uint32_t>(k.portA)) << 32 | static_cast<std::uint32_t>(k.portB));
        f.add((liveLink(view, l) ? 1u : 0u) | (k.state == LinkState::Down ? 2u : 0u));
    }
    return f;
}

} // namespace

struct StaticRoutesBuilder
{
    static std::shared_ptr<const StaticRoutes> build(const Fabric &fabric, const CapacityView &view,
                                                     const std::vector<char> *neededHosts)
    {
        if (view.gbps.size() != static_cast<size_t>(fabric.linkCount()))
            throw std::invalid_argument("static routing: the capacity view does not match the fabric");
        fabric.prepare();
        auto routes = std::shared_ptr<StaticRoutes>(new StaticRoutes);
        StaticRoutes &r = *routes;
        const InfinibandIds ids = InfinibandIds::of(fabric);
        const std::int32_t S = fabric.switchCount();
        r.m_switches = S;
        r.m_hostCount = fabric.hostCount();
        r.m_linkA.resize(static_cast<size_t>(fabric.linkCount()));
        r.m_linkB.resize(static_cast<size_t>(fabric.linkCount()));
        for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
            r.m_linkA[static_cast<size_t>(l)] = fabric.link(l).a;
            r.m_linkB[static_cast<size_t>(l)] = fabric.link(l).b;
        }

        // Compute nodes: every host-to-switch link, hosts in order, each
        // host's links in port order (the HCAs' LID order).
        SubnetGraph graph;
        graph.switches = S;
        r.m_linkCn.assign(static_cast<size_t>(fabric.linkCount()), -1);
        for (std::int32_t h = 0; h < fabric.hostCount(); ++h) {
            std::vector<std::pair<int, std::int32_t>> links; // (host port, link)
            for (std::int32_t l : fabric.incidentLinks(fabric.hostNode(h))) {
                if (!fabric.isSwitch(fabric.otherEnd(l, fabric.hostNode(h))))
                    continue;
                const Link &k = fabric.link(l);
                links.emplace_back(k.a == fabric.hostNode(h) ? k.portA : k.portB, l);
            }
            std::stable_sort(links.begin(), links.end());
            for (const auto &[port, l] : links) {
                const int cn = static_cast<int>(r.m_cnLink.size());
                r.m_cnLink.push_back(l);
                r.m_cnHost.push_back(h);
                r.m_linkCn[static_cast<size_t>(l)] = cn;
                const NodeIndex sw = fabric.otherEnd(l, fabric.hostNode(h));
                r.m_cnSwitch.push_back(fabric.switchIndexOf(sw));
                graph.cnSwitch.push_back(liveLink(view, l) ? fabric.switchIndexOf(sw) : -1);
                const int ca = ids.caOfHostPort(h, std::max(port, 0));
                graph.cnGuid.push_back(ca >= 0 ? ids.cas[static_cast<size_t>(ca)].guid : std::uint64_t(cn));
            }
        }
        const auto cns = static_cast<std::uint64_t>(r.m_cnLink.size());
        if (cns * static_cast<std::uint64_t>(S) > kMaxTableEntries)
            throw std::length_error("static routing: tables for " + std::to_string(cns) + " compute nodes x "
                                    + std::to_string(S) + " switches are too large to compute");

        // Each switch's live ports in port order.
        graph.switchGuid = ids.switchGuid;
        graph.switchTier.resize(static_cast<size_t>(S));
        graph.portBegin.assign(static_cast<size_t>(S) + 1, 0);
        for (std::int32_t s = 0; s < S; ++s) {
            graph.switchTier[static_cast<size_t>(s)] = tierLevel(fabric.switchAt(s).tier);
            const NodeIndex node = fabric.switchNode(s);
            std::vector<std::pair<int, std::int32_t>> ports;
            for (std::int32_t l : fabric.incidentLinks(node)) {
                if (!liveLink(view, l) || fabric.otherEnd(l, node) == node)
                    continue;
                const auto &[pa, pb] = ids.linkPorts[static_cast<size_t>(l)];
                ports.emplace_back(fabric.link(l).a == node ? pa : pb, l);
            }
            std::stable_sort(ports.begin(), ports.end());
            for (const auto &[port, l] : ports) {
                SwitchPort p;
                p.link = l;
                p.port = port;
                const NodeIndex other = fabric.otherEnd(l, node);
                if (fabric.isSwitch(other))
                    p.remoteSw = fabric.switchIndexOf(other);
                else
                    p.remoteCn = r.m_linkCn[static_cast<size_t>(l)];
                graph.ports.push_back(p);
            }
            graph.portBegin[static_cast<size_t>(s) + 1] = static_cast<std::int32_t>(graph.ports.size());
        }
        r.m_slotBegin = graph.portBegin;
        r.m_slotLink.reserve(graph.ports.size());
        for (const SwitchPort &p : graph.ports)
            r.m_slotLink.push_back(p.link);

        // Subnets: the connected parts of the live switch graph.
        std::vector<std::int32_t> parent(static_cast<size_t>(S));
        std::iota(parent.begin(), parent.end(), 0);
        auto find = [&](std::int32_t x) {
            while (parent[static_cast<size_t>(x)] != x)
                x = parent[static_cast<size_t>(x)] = parent[static_cast<size_t>(parent[static_cast<size_t>(x)])];
            return x;
        };
        for (const SwitchPort &p : graph.ports)
            if (p.remoteSw >= 0) {
                const std::int32_t x = find(p.remoteSw);
                const std::int32_t y = find(static_cast<std::int32_t>(
                    std::upper_bound(graph.portBegin.begin(), graph.portBegin.end(),
                                     static_cast<std::int32_t>(&p - graph.ports.data()))
                    - graph.portBegin.begin() - 1));
                if (x != y)
                    parent[static_cast<size_t>(std::max(x, y))] = std::min(x, y);
            }
        std::vector<int> subnetOfRoot(static_cast<size_t>(S), -1);
        std::vector<std::vector<std::int32_t>> subnetSwitches;
        for (std::int32_t s = 0; s < S; ++s) {
            const std::int32_t root = find(s);
            if (subnetOfRoot[static_cast<size_t>(root)] < 0) {
                subnetOfRoot[static_cast<size_t>(root)] = static_cast<int>(subnetSwitches.size());
                subnetSwitches.emplace_back();
            }
            subnetSwitches[static_cast<size_t>(subnetOfRoot[static_cast<size_t>(root)])].push_back(s);
        }
        std::vector<std::vector<int>> subnetCns(subnetSwitches.size());
        r.m_cnSubnet.assign(r.m_cnLink.size(), -1);
        for (size_t cn = 0; cn < r.m_cnLink.size(); ++cn) {
            const std::int32_t s = graph.cnSwitch[cn];
            if (s < 0)
                continue;
            const int subnet = subnetOfRoot[static_cast<size_t>(find(s))];
            r.m_cnSubnet[cn] = subnet;
            subnetCns[static_cast<size_t>(subnet)].push_back(static_cast<int>(cn));
        }

        r.m_table.reset(static_cast<std::uint16_t *>(
            std::calloc(std::max<size_t>(1, static_cast<size_t>(cns) * static_cast<size_t>(S)), sizeof(std::uint16_t))));
        if (!r.m_table)
            throw std::bad_alloc();
        std::vector<char> neededCns;
        if (neededHosts) {
            neededCns.assign(r.m_cnLink.size(), 0);
            for (size_t cn = 0; cn < r.m_cnLink.size(); ++cn) {
                const auto h = static_cast<size_t>(r.m_cnHost[cn]);
                neededCns[cn] = h < neededHosts->size() && (*neededHosts)[h] ? 1 : 0;
            }
            r.m_partial = true;
        }
        r.m_routedCn.assign(r.m_cnLink.size(), 0);
        SubnetTables out{&graph, r.m_table.get(), neededHosts ? &neededCns : nullptr, &r.m_routedCn};
        r.m_subnetEngine.assign(subnetSwitches.size(), StaticRoutes::Engine::Ftree);
        std::string refused;
        for (size_t i = 0; i < subnetSwitches.size(); ++i) {
            if (subnetCns[i].empty())
                continue;
            std::string why;
            if (!routeFtree(graph, subnetSwitches[i], subnetCns[i], out, &why)) {
                // Whatever ftree wrote is discarded: OpenSM's fallback starts afresh.
                for (int cn : subnetCns[i])
                    std::fill_n(r.m_table.get() + static_cast<std::ptrdiff_t>(static_cast<size_t>(cn) * static_cast<size_t>(S)),
                                S, std::uint16_t(0));
                for (int cn : subnetCns[i])
                    r.m_routedCn[static_cast<size_t>(cn)] = 0;
                routeMinHop(graph, subnetSwitches[i], subnetCns[i], out);
                r.m_subnetEngine[i] = StaticRoutes::Engine::MinHop;
                if (refused.empty())
                    refused = why;
            }
        }
        r.m_summary = refused.empty() ? std::string("ftree") : "min-hop (ftree refused the topology: " + refused + ")";
        return routes;
    }
};

std::shared_ptr<const StaticRoutes> StaticRoutes::build(const Fabric &fabric, const CapacityView &view,
                                                       const std::vector<char> *neededHosts)
{
    return StaticRoutesBuilder::build(fabric, view, neededHosts);
}

bool StaticRoutes::coversHosts(const std::vector<char> &neededHosts) const
{
    if (!m_partial)
        return true;
    for (size_t cn = 0; cn < m_cnHost.size(); ++cn) {
        const auto h = static_cast<size_t>(m_cnHost[cn]);
        if (h < neededHosts.size() && neededHosts[h] && !covers(static_cast<int>(cn)))
            return false;
    }
    return true;
}

std::shared_ptr<const StaticRoutes> StaticRoutes::of(const Fabric &fabric, const CapacityView &view,
                                                    const std::vector<char> *neededHosts)
{
    struct Entry
    {
        Fingerprint key;
        std::shared_ptr<const StaticRoutes> routes;
    };
    static std::mutex mutex;
    static std::list<Entry> cache; // most recent first
    constexpr size_t kEntries = 4;
    const Fingerprint key = fingerprintOf(fabric, view);
    {
        std::lock_guard<std::mutex> lock(mutex);
        for (auto it = cache.begin(); it != cache.end(); ++it)
            if (it->key == key && (!neededHosts ? !it->routes->partial() : it->routes->coversHosts(*neededHosts))) {
                cache.splice(cache.begin(), cache, it);
                return cache.front().routes;
            }
    }
    std::shared_ptr<const StaticRoutes> routes = build(fabric, view, neededHosts);
    std::lock_guard<std::mutex> lock(mutex);
    // Tables that cover more replace those of the same design that cover less.
    std::erase_if(cache, [&](const Entry &e) { return e.key == key && e.routes->partial(); });
    cache.push_front({key, routes});
    if (cache.size() > kEntries)
        cache.pop_back();
    return routes;
}

StaticRoutes::Engine StaticRoutes::engineOf(int cn) const
{
    const int subnet = cn >= 0 && static_cast<size_t>(cn) < m_cnSubnet.size() ? m_cnSubnet[static_cast<size_t>(cn)] : -1;
    return subnet >= 0 ? m_subnetEngine[static_cast<size_t>(subnet)] : Engine::Ftree;
}

std::int32_t StaticRoutes::next(std::int32_t sw, int cn) const
{
    if (sw < 0 || sw >= m_switches || cn < 0 || cn >= cnCount())
        return -1;
    const std::uint16_t slot = m_table[static_cast<size_t>(cn) * static_cast<size_t>(m_switches) + static_cast<size_t>(sw)];
    return slot == 0 ? -1 : m_slotLink[static_cast<size_t>(m_slotBegin[static_cast<size_t>(sw)] + slot - 1)];
}

bool StaticRoutes::trace(std::int32_t srcLink, int cn, std::vector<std::int32_t> &links) const
{
    if (srcLink < 0 || static_cast<size_t>(srcLink) >= m_linkA.size() || cn < 0 || cn >= cnCount())
        return false;
    const size_t start = links.size();
    const NodeIndex a = m_linkA[static_cast<size_t>(srcLink)], b = m_linkB[static_cast<size_t>(srcLink)];
    NodeIndex node = a >= m_hostCount ? a : b;
    if (node < m_hostCount)
        return false;
    links.push_back(srcLink);
    const std::int32_t target = m_cnLink[static_cast<size_t>(cn)];
    for (std::int32_t hop = 0; hop <= m_switches; ++hop) {
        const std::int32_t l = next(node - m_hostCount, cn);
        if (l < 0)
            break;
        links.push_back(l);
        const NodeIndex other = m_linkA[static_cast<size_t>(l)] == node ? m_linkB[static_cast<size_t>(l)]
                                                                        : m_linkA[static_cast<size_t>(l)];
        if (other < m_hostCount) {
            if (l == target)
                return true;
            break;
        }
        node = other;
    }
    links.resize(start);
    return false;
}

std::vector<double> StaticRoutes::routesPerLink() const
{
    std::vector<double> routes(m_linkA.size(), 0.0);
    for (int cn = 0; cn < cnCount(); ++cn)
        for (std::int32_t s = 0; s < m_switches; ++s)
            if (const std::int32_t l = next(s, cn); l >= 0)
                routes[static_cast<size_t>(l)] += 1.0;
    return routes;
}

} // namespace Railyard
