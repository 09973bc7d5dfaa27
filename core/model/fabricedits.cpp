// Fabric's structural editing primitives and the local validation of an edit
// (the declarations are in fabric.h; validate() itself is in fabric.cpp).

#include "core/model/fabric.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace Railyard {

namespace {

/// Erases the elements whose indices are listed (sorted ascending).
template<typename T>
void eraseIndices(std::vector<T> &v, const std::vector<std::int32_t> &indices)
{
    if (indices.empty())
        return;
    size_t out = static_cast<size_t>(indices.front());
    size_t next = 0;
    for (size_t i = out; i < v.size(); ++i) {
        if (next < indices.size() && static_cast<size_t>(indices[next]) == i) {
            ++next;
            continue;
        }
        if (out != i)
            v[out] = std::move(v[i]);
        ++out;
    }
    v.resize(out);
}

/// Inserts values at their indices in the resulting vector (sorted ascending).
template<typename T>
void insertAt(std::vector<T> &v, std::vector<std::pair<std::int32_t, T>> &items)
{
    if (items.empty())
        return;
    if (static_cast<size_t>(items.front().first) == v.size()) {
        // Appended (indices are ascending and dense): no element moves.
        for (auto &item : items)
            v.push_back(std::move(item.second));
        return;
    }
    const size_t total = v.size() + items.size();
    std::vector<T> old;
    old.swap(v);
    v.reserve(total);
    size_t from = 0, next = 0;
    for (size_t i = 0; i < total; ++i) {
        if (next < items.size() && static_cast<size_t>(items[next].first) == i)
            v.push_back(std::move(items[next++].second));
        else
            v.push_back(std::move(old[from++]));
    }
}

/// Enters elements inserted from `first` on: appended ones one by one, and
/// when older elements moved (first < oldCount), the whole index again.
template<typename T>
void reindexFrom(const std::vector<T> &v, IdIndex &index, std::int32_t first, std::int32_t oldCount)
{
    if (first >= oldCount) {
        for (auto i = first; i < static_cast<std::int32_t>(v.size()); ++i)
            index.insert(v, i);
    } else {
        index.rebuild(v);
    }
}

} // namespace

void Fabric::removeElements(const std::vector<std::int32_t> &hosts, const std::vector<std::int32_t> &switches,
                            const std::vector<std::int32_t> &links)
{
    if (hosts.empty() && switches.empty() && links.empty())
        return;
    // Elements removed from the end leave their entries; when others move
    // down, the index is rebuilt (its slots name elements by position).
    const bool linksMove = !links.empty() && links.front() != linkCount() - std::int32_t(links.size());
    const bool switchesMove = !switches.empty() && switches.front() != switchCount() - std::int32_t(switches.size());
    const bool hostsMove = !hosts.empty() && hosts.front() != hostCount() - std::int32_t(hosts.size());
    if (!linksMove)
        for (auto l : links)
            m_linkIndex.erase(m_links, l);
    if (!switchesMove)
        for (auto s : switches)
            m_switchIndex.erase(m_switches, s);
    if (!hostsMove)
        for (auto h : hosts)
            m_hostIndex.erase(m_hosts, h);

    eraseIndices(m_links, links);
    if (!hosts.empty() || !switches.empty()) {
        // New node index of every old node (removed ones are never referenced).
        std::vector<NodeIndex> remap(static_cast<size_t>(nodeCount()));
        NodeIndex next = 0;
        size_t h = 0;
        for (NodeIndex n = 0; n < hostCount(); ++n) {
            if (h < hosts.size() && hosts[h] == n) {
                ++h;
                remap[static_cast<size_t>(n)] = -1;
            } else {
                remap[static_cast<size_t>(n)] = next++;
            }
        }
        size_t s = 0;
        for (std::int32_t i = 0; i < switchCount(); ++i) {
            if (s < switches.size() && switches[s] == i) {
                ++s;
                remap[static_cast<size_t>(hostCount() + i)] = -1;
            } else {
                remap[static_cast<size_t>(hostCount() + i)] = next++;
            }
        }
        for (Link &l : m_links) {
            l.a = remap[static_cast<size_t>(l.a)];
            l.b = remap[static_cast<size_t>(l.b)];
        }
        eraseIndices(m_hosts, hosts);
        eraseIndices(m_switches, switches);
        if (hostsMove)
            m_hostIndex.rebuild(m_hosts);
        if (switchesMove)
            m_switchIndex.rebuild(m_switches);
    }
    if (linksMove)
        m_linkIndex.rebuild(m_links);
    invalidateAdjacency();
}

void Fabric::insertNodes(std::vector<std::pair<std::int32_t, Host>> hosts,
                         std::vector<std::pair<std::int32_t, Switch>> switches)
{
    if (hosts.empty() && switches.empty())
        return;
    const std::int32_t oldHosts = hostCount();
    const std::int32_t oldSwitches = switchCount();
    const std::int32_t newHosts = oldHosts + static_cast<std::int32_t>(hosts.size());
    // Switches appended after the last one move no existing node.
    const bool appendOnly = hosts.empty() && (switches.empty() || switches.front().first >= switchCount());
    if (!m_links.empty() && !appendOnly) {
        // Old node index -> new: count inserted elements at or before each position.
        std::vector<NodeIndex> remap(static_cast<size_t>(nodeCount()));
        {
            NodeIndex out = 0;
            size_t next = 0;
            for (NodeIndex n = 0; n < oldHosts; ++n) {
                while (next < hosts.size() && hosts[next].first == out) {
                    ++next;
                    ++out;
                }
                remap[static_cast<size_t>(n)] = out++;
            }
        }
        {
            std::int32_t out = 0;
            size_t next = 0;
            for (std::int32_t i = 0; i < switchCount(); ++i) {
                while (next < switches.size() && switches[next].first == out) {
                    ++next;
                    ++out;
                }
                remap[static_cast<size_t>(oldHosts + i)] = newHosts + out++;
            }
        }
        for (Link &l : m_links) {
            l.a = remap[static_cast<size_t>(l.a)];
            l.b = remap[static_cast<size_t>(l.b)];
        }
    }
    const std::int32_t firstHost = hosts.empty() ? hostCount() : hosts.front().first;
    const std::int32_t firstSwitch = switches.empty() ? switchCount() : switches.front().first;
    insertAt(m_hosts, hosts);
    insertAt(m_switches, switches);
    reindexFrom(m_hosts, m_hostIndex, firstHost, oldHosts);
    reindexFrom(m_switches, m_switchIndex, firstSwitch, oldSwitches);
    invalidateAdjacency();
}

void Fabric::insertLinks(std::vector<std::pair<std::int32_t, Link>> links)
{
    if (links.empty())
        return;
    const std::int32_t first = links.front().first;
    const std::int32_t old = linkCount();
    insertAt(m_links, links);
    reindexFrom(m_links, m_linkIndex, first, old);
    invalidateAdjacency();
}

namespace {

/// Replaces element i, moving its id index entry when the id changes.
template<typename T>
void replaceElement(std::vector<T> &v, IdIndex &index, std::int32_t i, T value)
{
    T &old = v[static_cast<size_t>(i)];
    if (old.id == value.id) {
        old = std::move(value);
        return;
    }
    index.erase(v, i);
    old = std::move(value);
    index.insert(v, i);
}

} // namespace

void Fabric::replaceHost(std::int32_t i, Host host)
{
    replaceElement(m_hosts, m_hostIndex, i, std::move(host));
}

void Fabric::replaceSwitch(std::int32_t i, Switch sw)
{
    replaceElement(m_switches, m_switchIndex, i, std::move(sw));
}

void Fabric::replaceLink(std::int32_t i, Link link)
{
    const Link &l = m_links[static_cast<size_t>(i)];
    const bool endsChanged = l.a != link.a || l.b != link.b;
    replaceElement(m_links, m_linkIndex, i, std::move(link));
    if (endsChanged)
        invalidateAdjacency();
}

int Fabric::nicPorts(const Host &host)
{
    int ports = 0;
    for (const Nic &nic : host.nics)
        ports += std::max(0, nic.ports);
    return ports;
}

int Fabric::portCount(NodeIndex node) const
{
    if (isSwitch(node))
        return std::max(0, switchAt(switchIndexOf(node)).radix);
    if (isHost(node))
        return nicPorts(host(node));
    return 0;
}

int Fabric::freePort(NodeIndex node, const std::vector<int> &reserved, std::int32_t ignoreLink) const
{
    const int limit = std::min(portCount(node), 1 << 20);
    if (limit <= 0)
        return -1;
    std::vector<char> used(static_cast<size_t>(limit), 0);
    for (const auto l : incidentLinks(node)) {
        if (l == ignoreLink)
            continue;
        const Link &k = m_links[static_cast<size_t>(l)];
        const int port = k.a == node ? k.portA : k.portB;
        if (port >= 0 && port < limit)
            used[static_cast<size_t>(port)] = 1;
    }
    for (const int p : reserved)
        if (p >= 0 && p < limit)
            used[static_cast<size_t>(p)] = 1;
    const auto it = std::find(used.begin(), used.end(), 0);
    return it == used.end() ? -1 : static_cast<int>(it - used.begin());
}

std::vector<Problem> Fabric::validateElements(const std::vector<NodeIndex> &nodes,
                                              const std::vector<std::int32_t> &links) const
{
    std::vector<Problem> problems;
    auto error = [&](const std::string &id, std::string message) {
        problems.push_back({Problem::Severity::Error, id, std::move(message)});
    };
    const NodeIndex count = nodeCount();
    std::unordered_set<std::int32_t> linkSet(links.begin(), links.end());
    std::unordered_set<NodeIndex> nodeSet;
    for (const NodeIndex n : nodes)
        if (n >= 0 && n < count)
            nodeSet.insert(n);

    for (const auto l : links) {
        if (l < 0 || l >= linkCount())
            continue;
        const Link &k = m_links[static_cast<size_t>(l)];
        if (k.id.empty())
            error(k.id, "a link needs an id");
        else if (idUses(k.id) > 1)
            error(k.id, "the id '" + k.id + "' is already used");
        if (k.a < 0 || k.a >= count || k.b < 0 || k.b >= count) {
            error(k.id, "link '" + k.id + "' has an end that does not exist");
            continue;
        }
        nodeSet.insert(k.a);
        nodeSet.insert(k.b);
        if (k.a == k.b)
            error(k.id, "link '" + k.id + "' would connect '" + nodeId(k.a) + "' to itself");
        if (isHost(k.a) && isHost(k.b))
            error(k.id, "link '" + k.id + "' would join two hosts; hosts connect to switches");
        if (!(k.capacityGbps > 0) || !std::isfinite(k.capacityGbps))
            error(k.id, "link '" + k.id + "' needs a positive capacity");
        if (k.state == LinkState::Degraded && !(k.degradedGbps > 0 && k.degradedGbps <= k.capacityGbps))
            error(k.id, "link '" + k.id + "': the degraded rate must be in (0, capacity]");
    }

    std::vector<NodeIndex> touched(nodeSet.begin(), nodeSet.end());
    std::sort(touched.begin(), touched.end());
    for (const NodeIndex n : touched) {
        const auto incident = incidentLinks(n);
        std::unordered_set<int> used;
        if (isHost(n)) {
            const Host &h = m_hosts[static_cast<size_t>(n)];
            if (h.id.empty())
                error(h.id, "a host needs an id");
            else if (idUses(h.id) > 1)
                error(h.id, "the id '" + h.id + "' is already used");
            if (h.gpus <= 0)
                error(h.id, "host '" + h.id + "' needs at least 1 GPU");
            if (!h.nvlinkDomain.empty()) {
                if (const std::string why = nvlinkDomainNameProblem(h.nvlinkDomain); !why.empty())
                    error(h.id, "host '" + h.id + "': " + why);
                else if (!(h.nvlinkGBps > 0))
                    error(h.id,
                          "host '" + h.id + "' has no NVLink, so it cannot join NVLink domain '" + h.nvlinkDomain
                              + "'");
            }
            for (const Nic &nic : h.nics) {
                if (!(nic.speedGbps > 0) || !std::isfinite(nic.speedGbps))
                    error(h.id, "host '" + h.id + "': a NIC needs a positive speed");
                if (nic.ports < 1)
                    error(h.id, "host '" + h.id + "': a NIC needs at least one port");
            }
            const int ports = nicPorts(h);
            if (ports > 0 && static_cast<int>(incident.size()) > ports)
                error(h.id, "host '" + h.id + "' has " + std::to_string(ports) + " NIC ports; "
                                + std::to_string(incident.size()) + " links do not fit");
            for (const auto l : incident) {
                const Link &k = m_links[static_cast<size_t>(l)];
                const int port = k.a == n ? k.portA : k.portB;
                if (port < 0)
                    continue;
                if (ports > 0 && port >= ports)
                    error(k.id, "link '" + k.id + "' uses NIC port " + std::to_string(port) + " of host '" + h.id
                                    + "', which has " + std::to_string(ports));
                else if (!used.insert(port).second)
                    error(k.id, "NIC port " + std::to_string(port) + " of host '" + h.id + "' is already in use");
            }
            continue;
        }
        const Switch &s = m_switches[static_cast<size_t>(switchIndexOf(n))];
        if (s.id.empty())
            error(s.id, "a switch needs an id");
        else if (idUses(s.id) > 1)
            error(s.id, "the id '" + s.id + "' is already used");
        if (s.radix <= 0) {
            error(s.id, "switch '" + s.id + "' needs a radix of at least 1");
            continue;
        }
        if (static_cast<int>(incident.size()) > s.radix)
            error(s.id, "switch '" + s.id + "' has " + std::to_string(s.radix) + " ports; "
                            + std::to_string(incident.size()) + " links do not fit");
        for (const auto l : incident) {
            const Link &k = m_links[static_cast<size_t>(l)];
            const int port = k.a == n ? k.portA : k.portB;
            if (port < 0)
                continue;
            if (port >= s.radix)
                error(k.id, "link '" + k.id + "' uses port " + std::to_string(port) + " of switch '" + s.id
                                + "', beyond its radix " + std::to_string(s.radix));
            else if (!used.insert(port).second)
                error(k.id, "port " + std::to_string(port) + " of switch '" + s.id + "' is already in use");
        }
    }
    return problems;
}

} // namespace Railyard
