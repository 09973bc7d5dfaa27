#include "core/model/fabric.h"

#include "core/common/limits.h"

#include <algorithm>
#include <iterator>
#include <unordered_map>
#include <unordered_set>

namespace Railyard {

const char *tierName(Tier tier)
{
    switch (tier) {
    case Tier::Leaf: return "leaf";
    case Tier::Spine: return "spine";
    case Tier::Core: return "core";
    case Tier::Unlayered: return "switch";
    }
    return "switch";
}

std::optional<Tier> tierFromName(const std::string &name)
{
    if (name == "leaf")
        return Tier::Leaf;
    if (name == "spine")
        return Tier::Spine;
    if (name == "core")
        return Tier::Core;
    if (name == "switch")
        return Tier::Unlayered;
    return std::nullopt;
}

const char *linkStateName(LinkState state)
{
    switch (state) {
    case LinkState::Up: return "up";
    case LinkState::Down: return "down";
    case LinkState::Degraded: return "degraded";
    }
    return "up";
}

std::optional<LinkState> linkStateFromName(const std::string &name)
{
    if (name == "up")
        return LinkState::Up;
    if (name == "down")
        return LinkState::Down;
    if (name == "degraded")
        return LinkState::Degraded;
    return std::nullopt;
}

const char *transportName(Transport transport)
{
    switch (transport) {
    case Transport::InfiniBand: return "infiniband";
    case Transport::Ethernet: return "ethernet";
    case Transport::Efa: return "efa";
    case Transport::Unspecified: break;
    }
    return "";
}

std::optional<Transport> transportFromName(std::string_view name)
{
    for (Transport t : {Transport::InfiniBand, Transport::Ethernet, Transport::Efa})
        if (name == transportName(t))
            return t;
    if (name == "roce")
        return Transport::Ethernet; // RDMA over Converged Ethernet
    return std::nullopt;
}

const char *fabricRoutingName(FabricRouting routing)
{
    switch (routing) {
    case FabricRouting::Hashed: return "hashed";
    case FabricRouting::Static: return "static";
    case FabricRouting::Adaptive: return "adaptive";
    case FabricRouting::Default: break;
    }
    return "";
}

std::optional<FabricRouting> fabricRoutingFromName(std::string_view name)
{
    for (FabricRouting r : {FabricRouting::Hashed, FabricRouting::Static, FabricRouting::Adaptive})
        if (name == fabricRoutingName(r))
            return r;
    return std::nullopt;
}

FabricRouting Fabric::effectiveRouting() const
{
    if (routing != FabricRouting::Default)
        return routing;
    if (transport == Transport::Efa)
        return FabricRouting::Adaptive; // SRD spreads every connection over the paths
    return transport == Transport::InfiniBand ? FabricRouting::Static : FabricRouting::Hashed;
}

const std::string &Fabric::nodeId(NodeIndex n) const
{
    if (isHost(n))
        return m_hosts[static_cast<size_t>(n)].id;
    return m_switches[static_cast<size_t>(switchIndexOf(n))].id;
}

std::optional<Tier> Fabric::nodeTier(NodeIndex n) const
{
    if (isSwitch(n))
        return m_switches[static_cast<size_t>(switchIndexOf(n))].tier;
    return std::nullopt;
}

NodeIndex Fabric::findNode(std::string_view id) const
{
    if (const auto h = m_hostIndex.find(m_hosts, id); h >= 0)
        return h;
    if (const auto s = m_switchIndex.find(m_switches, id); s >= 0)
        return hostCount() + s;
    return -1;
}

std::int32_t Fabric::findLink(std::string_view id) const
{
    return m_linkIndex.find(m_links, id);
}

bool Fabric::containsId(std::string_view id) const
{
    return idUses(id) > 0;
}

int Fabric::idUses(std::string_view id) const
{
    return m_hostIndex.count(m_hosts, id) + m_switchIndex.count(m_switches, id) + m_linkIndex.count(m_links, id);
}

std::int32_t Fabric::addHost(Host host)
{
    const auto index = hostCount();
    // Switch node indices shift by one: renumber link ends that point at switches.
    if (!m_switches.empty()) {
        for (Link &l : m_links) {
            if (l.a >= index)
                ++l.a;
            if (l.b >= index)
                ++l.b;
        }
    }
    m_hosts.push_back(std::move(host));
    m_hostIndex.insert(m_hosts, index);
    invalidateAdjacency();
    return index;
}

std::int32_t Fabric::addSwitch(Switch sw)
{
    const auto index = switchCount();
    m_switches.push_back(std::move(sw));
    m_switchIndex.insert(m_switches, index);
    invalidateAdjacency();
    return index;
}

std::int32_t Fabric::addLink(Link link)
{
    const auto index = linkCount();
    m_links.push_back(std::move(link));
    m_linkIndex.insert(m_links, index);
    invalidateAdjacency();
    return index;
}

void Fabric::appendLinks(std::vector<Link> &&links)
{
    const auto first = linkCount();
    if (m_links.empty())
        m_links = std::move(links);
    else
        m_links.insert(m_links.end(), std::make_move_iterator(links.begin()), std::make_move_iterator(links.end()));
    m_linkIndex.insertRange(m_links, first, linkCount());
    invalidateAdjacency();
}

void Fabric::reserve(size_t hosts, size_t switches, size_t links)
{
    m_hosts.reserve(hosts);
    m_switches.reserve(switches);
    m_links.reserve(links);
    m_hostIndex.reserve(hosts);
    m_switchIndex.reserve(switches);
    m_linkIndex.reserve(links);
}

void Fabric::buildAdjacency() const
{
    const auto n = static_cast<size_t>(nodeCount());
    m_adjOffsets.assign(n + 1, 0);
    for (const Link &l : m_links) {
        if (l.a >= 0 && static_cast<size_t>(l.a) < n)
            ++m_adjOffsets[static_cast<size_t>(l.a) + 1];
        if (l.b >= 0 && static_cast<size_t>(l.b) < n && l.b != l.a)
            ++m_adjOffsets[static_cast<size_t>(l.b) + 1];
    }
    for (size_t i = 0; i < n; ++i)
        m_adjOffsets[i + 1] += m_adjOffsets[i];
    m_adjLinks.assign(static_cast<size_t>(m_adjOffsets[n]), 0);
    std::vector<std::int32_t> fill(m_adjOffsets.begin(), m_adjOffsets.end() - 1);
    for (std::int32_t i = 0; i < linkCount(); ++i) {
        const Link &l = m_links[static_cast<size_t>(i)];
        if (l.a >= 0 && static_cast<size_t>(l.a) < n)
            m_adjLinks[static_cast<size_t>(fill[static_cast<size_t>(l.a)]++)] = i;
        if (l.b >= 0 && static_cast<size_t>(l.b) < n && l.b != l.a)
            m_adjLinks[static_cast<size_t>(fill[static_cast<size_t>(l.b)]++)] = i;
    }
    m_adjacencyValid = true;
}

std::span<const std::int32_t> Fabric::incidentLinks(NodeIndex n) const
{
    if (!m_adjacencyValid)
        buildAdjacency();
    const auto begin = static_cast<size_t>(m_adjOffsets[static_cast<size_t>(n)]);
    const auto end = static_cast<size_t>(m_adjOffsets[static_cast<size_t>(n) + 1]);
    return {m_adjLinks.data() + begin, end - begin};
}

long long Fabric::gpuCount() const
{
    long long total = 0;
    for (const Host &h : m_hosts)
        total += h.gpus;
    return total;
}

std::string nvlinkDomainNameProblem(std::string_view name)
{
    if (name.empty())
        return "an NVLink domain name must not be empty";
    if (name.size() > size_t(Limits::maxIdBytes))
        return "NVLink domain name longer than " + std::to_string(Limits::maxIdBytes) + " bytes";
    auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); };
    const bool ok = alnum(name.front()) && std::all_of(name.begin(), name.end(), [&](char c) {
                        return alnum(c) || c == '-' || c == '_' || c == '.' || c == ':';
                    });
    if (ok)
        return {};
    size_t cut = std::min(name.size(), size_t(Limits::maxQuotedChars));
    while (cut < name.size() && cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80)
        --cut; // not inside a UTF-8 sequence
    std::string quoted(name.substr(0, cut));
    if (cut < name.size())
        quoted += "...";
    return "NVLink domain name '" + quoted
        + "' is not valid: use ASCII letters, digits, '-', '_', '.' and ':', starting with a letter or digit";
}

bool isValidNvlinkDomainName(std::string_view name)
{
    return nvlinkDomainNameProblem(name).empty();
}

std::vector<NvlinkDomain> Fabric::nvlinkDomains() const
{
    std::vector<NvlinkDomain> domains;
    std::unordered_map<std::string_view, size_t> index;
    for (std::int32_t i = 0; i < hostCount(); ++i) {
        const Host &h = m_hosts[static_cast<size_t>(i)];
        if (h.nvlinkDomain.empty())
            continue;
        const auto [it, added] = index.try_emplace(h.nvlinkDomain, domains.size());
        if (added)
            domains.push_back(NvlinkDomain{h.nvlinkDomain, {}, 0});
        NvlinkDomain &d = domains[it->second];
        d.hosts.push_back(i);
        d.gpus += h.gpus;
    }
    return domains;
}

std::vector<Problem> Fabric::validate() const
{
    std::vector<Problem> problems;
    auto error = [&](const std::string &id, std::string message) {
        problems.push_back({Problem::Severity::Error, id, std::move(message)});
    };

    // Ids: the indexes count the ids entered twice; when there are any, an
    // element the index does not name first is a duplicate. Ids shared
    // between hosts, switches and links are duplicates too.
    auto checkId = [&](const std::string &id, const char *what, bool ownEntry, bool elsewhere) {
        if (id.empty())
            error(id, std::string("a ") + what + " has an empty id");
        else if (!ownEntry || elsewhere)
            error(id, "duplicate id '" + id + "'");
    };
    for (std::int32_t i = 0; i < hostCount(); ++i) {
        const Host &h = m_hosts[static_cast<size_t>(i)];
        checkId(h.id, "host", m_hostIndex.duplicates() == 0 || m_hostIndex.find(m_hosts, h.id) == i, false);
        if (h.gpus <= 0)
            error(h.id, "host '" + h.id + "' has " + std::to_string(h.gpus) + " GPUs; needs at least 1");
        else if (h.gpus > Limits::maxGpusPerHost)
            error(h.id, "host '" + h.id + "' has " + std::to_string(h.gpus) + " GPUs; at most "
                            + std::to_string(Limits::maxGpusPerHost) + " are allowed");
        if (!(h.nvlinkGBps >= 0 && h.nvlinkGBps <= Limits::maxNvlinkGBps))
            error(h.id, "host '" + h.id + "' has an NVLink bandwidth outside [0, 1e6] GB/s");
        if (!h.nvlinkDomain.empty()) {
            if (!isValidNvlinkDomainName(h.nvlinkDomain))
                error(h.id, "host '" + h.id + "': " + nvlinkDomainNameProblem(h.nvlinkDomain));
            else if (!(h.nvlinkGBps > 0))
                error(h.id,
                      "host '" + h.id + "' is in NVLink domain '" + h.nvlinkDomain
                          + "' but has no NVLink (nvlink_gbytes_per_s is 0)");
        }
        if (h.nics.size() > size_t(Limits::maxNicsPerHost))
            error(h.id, "host '" + h.id + "' has " + std::to_string(h.nics.size()) + " NICs; at most "
                            + std::to_string(Limits::maxNicsPerHost) + " are allowed");
        for (const Nic &nic : h.nics) {
            if (nic.speedGbps <= 0)
                error(h.id, "host '" + h.id + "': NIC of rail " + std::to_string(nic.rail) + " has a non-positive speed");
            else if (!Limits::isValidGbps(nic.speedGbps))
                error(h.id, "host '" + h.id + "': NIC of rail " + std::to_string(nic.rail)
                                + " has a speed outside [0.001, 1e6] Gbit/s");
            if (nic.ports < 1)
                error(h.id, "host '" + h.id + "': NIC of rail " + std::to_string(nic.rail) + " has no port");
            else if (nic.ports > Limits::maxNicPorts)
                error(h.id, "host '" + h.id + "': NIC of rail " + std::to_string(nic.rail) + " has "
                                + std::to_string(nic.ports) + " ports; at most " + std::to_string(Limits::maxNicPorts));
        }
    }
    for (std::int32_t i = 0; i < switchCount(); ++i) {
        const Switch &s = m_switches[static_cast<size_t>(i)];
        checkId(s.id, "switch", m_switchIndex.duplicates() == 0 || m_switchIndex.find(m_switches, s.id) == i,
                m_hostIndex.count(m_hosts, s.id) > 0);
        if (s.radix <= 0)
            error(s.id, "switch '" + s.id + "' has radix " + std::to_string(s.radix) + "; needs at least 1");
        else if (s.radix > Limits::maxRadix)
            error(s.id, "switch '" + s.id + "' has radix " + std::to_string(s.radix) + "; at most "
                            + std::to_string(Limits::maxRadix) + " is allowed");
    }

    const NodeIndex nodes = nodeCount();
    std::vector<int> linksPerNode(static_cast<size_t>(nodes), 0);
    // Ports in use, one bit per (switch, port) for ports within the radix.
    std::vector<size_t> portBase(m_switches.size() + 1, 0);
    for (size_t s = 0; s < m_switches.size(); ++s)
        portBase[s + 1] = portBase[s] + static_cast<size_t>(std::max(0, m_switches[s].radix));
    // One bit per port when the radices are modest; a hash of the ports in
    // use otherwise, so memory follows the links, never a huge radix.
    const size_t linkPorts = 2 * m_links.size() + 1024;
    const bool bitmap = portBase.back() <= 64 * linkPorts;
    std::vector<bool> usedPorts(bitmap ? portBase.back() : 0, false);
    std::unordered_set<size_t> usedPortSet;
    auto checkPort = [&](const Link &l, NodeIndex node, int port) {
        if (!isSwitch(node) || port < 0)
            return;
        const auto si = static_cast<size_t>(switchIndexOf(node));
        const Switch &s = m_switches[si];
        if (port >= s.radix) {
            error(l.id, "link '" + l.id + "' uses port " + std::to_string(port) + " of switch '" + s.id
                            + "', beyond its radix " + std::to_string(s.radix));
            return;
        }
        const size_t slot = portBase[si] + static_cast<size_t>(port);
        bool reused = false;
        if (bitmap) {
            auto bit = usedPorts[slot];
            reused = bit;
            bit = true;
        } else {
            reused = !usedPortSet.insert(slot).second;
        }
        if (reused)
            error(l.id, "link '" + l.id + "' reuses port " + std::to_string(port) + " of switch '" + s.id + "'");
    };

    for (std::int32_t i = 0; i < linkCount(); ++i) {
        const Link &l = m_links[static_cast<size_t>(i)];
        checkId(l.id, "link", m_linkIndex.duplicates() == 0 || m_linkIndex.find(m_links, l.id) == i,
                m_hostIndex.count(m_hosts, l.id) > 0 || m_switchIndex.count(m_switches, l.id) > 0);
        const bool aOk = l.a >= 0 && l.a < nodes;
        const bool bOk = l.b >= 0 && l.b < nodes;
        if (!aOk || !bOk) {
            error(l.id, "link '" + l.id + "' has a dangling end");
            continue;
        }
        if (l.a == l.b)
            error(l.id, "link '" + l.id + "' connects '" + nodeId(l.a) + "' to itself");
        if (isHost(l.a) && isHost(l.b))
            error(l.id, "link '" + l.id + "' joins two hosts; hosts connect to switches");
        if (!(l.capacityGbps > 0))
            error(l.id, "link '" + l.id + "' has capacity " + std::to_string(l.capacityGbps)
                            + " Gbit/s; capacity must be positive");
        else if (!Limits::isValidGbps(l.capacityGbps))
            error(l.id, "link '" + l.id + "' has a capacity outside [0.001, 1e6] Gbit/s");
        if (l.state == LinkState::Degraded && !(l.degradedGbps > 0 && l.degradedGbps <= l.capacityGbps))
            error(l.id, "link '" + l.id + "' is degraded to " + std::to_string(l.degradedGbps)
                            + " Gbit/s; the degraded rate must be in (0, capacity]");
        ++linksPerNode[static_cast<size_t>(l.a)];
        ++linksPerNode[static_cast<size_t>(l.b)];
        checkPort(l, l.a, l.portA);
        checkPort(l, l.b, l.portB);
    }
    for (std::int32_t s = 0; s < switchCount(); ++s) {
        const Switch &sw = m_switches[static_cast<size_t>(s)];
        const int used = linksPerNode[static_cast<size_t>(switchNode(s))];
        if (sw.radix > 0 && used > sw.radix)
            error(sw.id, "switch '" + sw.id + "' has " + std::to_string(used) + " links but only "
                             + std::to_string(sw.radix) + " ports");
    }
    return problems;
}

std::vector<Problem> Fabric::reachabilityProblems(int maxGroups) const
{
    std::vector<Problem> problems;
    if (hostCount() < 2)
        return problems;
    // Union-find over every node, joined by the links with valid ends.
    const NodeIndex nodes = nodeCount();
    std::vector<NodeIndex> parent(static_cast<size_t>(nodes));
    for (NodeIndex n = 0; n < nodes; ++n)
        parent[static_cast<size_t>(n)] = n;
    auto find = [&](NodeIndex n) {
        while (parent[static_cast<size_t>(n)] != n) {
            parent[static_cast<size_t>(n)] = parent[static_cast<size_t>(parent[static_cast<size_t>(n)])];
            n = parent[static_cast<size_t>(n)];
        }
        return n;
    };
    for (const Link &l : m_links) {
        if (l.a < 0 || l.a >= nodes || l.b < 0 || l.b >= nodes)
            continue;
        const NodeIndex a = find(l.a), b = find(l.b);
        if (a != b)
            parent[static_cast<size_t>(std::max(a, b))] = std::min(a, b);
    }
    // The hosts of each group, in host order; the largest group is the fabric.
    std::unordered_map<NodeIndex, std::vector<std::int32_t>> groups;
    std::vector<NodeIndex> order; // groups by their first host
    for (std::int32_t h = 0; h < hostCount(); ++h) {
        const NodeIndex root = find(hostNode(h));
        auto [it, inserted] = groups.try_emplace(root);
        if (inserted)
            order.push_back(root);
        it->second.push_back(h);
    }
    if (groups.size() < 2)
        return problems;
    NodeIndex main = order.front();
    for (NodeIndex root : order)
        if (groups[root].size() > groups[main].size())
            main = root;
    const size_t others = static_cast<size_t>(hostCount()) - groups[main].size();
    int named = 0, left = 0;
    for (NodeIndex root : order) {
        if (root == main)
            continue;
        const std::vector<std::int32_t> &g = groups[root];
        if (named >= maxGroups) {
            left += int(g.size());
            continue;
        }
        ++named;
        const std::string &first = m_hosts[static_cast<size_t>(g.front())].id;
        const std::string who = g.size() == 1
            ? "host '" + first + "'"
            : "hosts '" + first + "' … '" + m_hosts[static_cast<size_t>(g.back())].id + "' ("
                + std::to_string(g.size()) + ")";
        problems.push_back({Problem::Severity::Error, first,
                            who + " reach no host outside " + (g.size() == 1 ? "itself" : "their group")
                                + ": the fabric is partitioned; " + std::to_string(groups[main].size())
                                + " hosts are in its largest part and " + std::to_string(others)
                                + " outside it"});
    }
    if (left > 0)
        problems.push_back({Problem::Severity::Error, std::string(),
                            std::to_string(left) + " more hosts in " + std::to_string(groups.size() - 1 - size_t(named))
                                + " more cut-off groups"});
    return problems;
}

} // namespace Railyard
