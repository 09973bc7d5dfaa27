#include "core/formats/importgraph/importgraph.h"

#include "core/formats/ibnetdiscover/infinibandrates.h"
#include "core/formats/importgraph/importgraph_p.h"

#include <QFileInfo>

#include <algorithm>
#include <cctype>
#include <map>
#include <unordered_map>

namespace Railyard::ImportGraph {
namespace {

constexpr int maxWarnings = 200;

bool endsWithNoCase(const std::string &text, std::string_view what)
{
    if (text.size() < what.size())
        return false;
    return std::equal(what.begin(), what.end(), text.end() - long(what.size()),
                      [](char a, char b) { return std::tolower(a) == std::tolower(b); });
}

/// "dgx-04 mlx5_5" → ("dgx-04", 5): a host name and a device with a trailing number.
bool splitHostDevice(const std::string &desc, std::string *host, int *device)
{
    const size_t space = desc.find_last_of(" \t");
    if (space == std::string::npos || space == 0)
        return false;
    const std::string_view dev = std::string_view(desc).substr(space + 1);
    std::string_view name = std::string_view(desc).substr(0, space);
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t'))
        name.remove_suffix(1);
    if (name.empty() || name.find_first_of(" \t") != std::string_view::npos)
        return false;
    // mlx5_0, hfi1_0, bnxt_re0, irdma3: letters and digits, ending in digits.
    if (dev.empty() || !std::isalpha(static_cast<unsigned char>(dev[0])))
        return false;
    const int number = trailingNumber(dev);
    if (number < 0)
        return false;
    *host = std::string(name);
    *device = number;
    return true;
}

/// Builds a fabric from the parsed nodes in eight phases (build() calls them
/// in order); each phase reads what the earlier ones left in the members.
class Builder
{
public:
    explicit Builder(const QString &fileName)
        : m_file(fileName)
    { }

    ReadResult run(std::vector<Node> nodes, std::vector<FormatError> warnings);

private:
    void warn(int line, const QString &message)
    {
        if (int(m_result.warnings.size()) < maxWarnings)
            m_result.warnings.push_back(FormatError{m_file, line, 0, {}, message});
        else
            ++m_moreWarnings;
    }
    void error(int line, const QString &message)
    {
        if (m_result.errors.size() < 50)
            m_result.errors.push_back(FormatError{m_file, line, 0, {}, message});
    }
    void infer(Inference::Kind kind, std::string id, std::string value, QString reason)
    {
        m_result.inferences.push_back(Inference{kind, std::move(id), std::move(value), std::move(reason)});
    }

    void build();
    void classifyNodes();   ///< 1. SHARP aggregation nodes, routers, CAs grouped into hosts
    void countPorts();      ///< 2. ports each node uses; peer ports beyond a node's count are errors
    void makeSwitches();    ///< 3. switch ids, radix, tiers from the file's roles
    void makeHosts();       ///< 4. hosts with one NIC per CA (the rails), then the fabric's nodes
    void collectLinks();    ///< 5. links from both ends, loopbacks, SHARP marks
    void inferTiers();      ///< 6. tiers by distance from the hosts
    void inferRacks();      ///< 7. racks from names
    void assignRates();     ///< 8. nominal rate per tier pair, degraded links, ids, NIC speeds

    NodeIndex nodeIndex(int node) const
    {
        if (m_switchOf[size_t(node)] >= 0)
            return m_built.switchNode(m_switchOf[size_t(node)]);
        if (m_hostOf[size_t(node)] >= 0)
            return m_built.hostNode(m_hostOf[size_t(node)]);
        return -1;
    }
    /// A CA's port as the port index of its host (the NICs' ports in order).
    int hostPort(int node, int caPort) const
    {
        const Host &h = m_built.host(m_hostOf[size_t(node)]);
        int offset = 0;
        for (int k = 0; k < m_nicOf[size_t(node)]; ++k)
            offset += h.nics[size_t(k)].ports;
        return offset + caPort - 1;
    }
    int groupOf(const Link &l) const
    {
        const std::int32_t hostCount = m_built.hostCount();
        auto levelOf = [&](NodeIndex n) { return m_built.isHost(n) ? 0 : m_level[size_t(n - hostCount)]; };
        const int x = levelOf(l.a), y = levelOf(l.b);
        return std::min(x, y) * 16 + std::max(x, y);
    }

    struct HostPlan
    {
        std::string id;
        std::vector<std::pair<int, int>> cas; ///< (device number, node)
        bool numbered = false;                ///< devices from names (the rails)
        std::string rack, zone;
        int line = 0;
    };
    struct Pending
    {
        Link link;
        std::optional<double> rate;
        int line = 0;
        int nicHost = -1, nic = -1; ///< host NIC the link serves
    };

    QString m_file;
    ReadResult m_result;
    int m_moreWarnings = 0;
    std::vector<Node> m_nodes;
    std::unordered_map<std::string, int> m_byId;

    // Per parsed node.
    std::vector<int> m_hostOf;  ///< CA → host index
    std::vector<int> m_nicOf;   ///< CA → NIC index in its host
    std::vector<int> m_switchOf;
    std::vector<bool> m_aggregation;
    std::vector<int> m_portsUsed;
    std::vector<bool> m_roleTiered;
    std::map<std::string, int> m_descUses;

    std::vector<HostPlan> m_hosts;
    std::map<std::string, int> m_hostByName;
    std::vector<Switch> m_switches;
    Fabric m_built;
    std::vector<Pending> m_links;
    std::vector<int> m_level; ///< per switch: hops from the nearest host (1 = leaf)
};

ReadResult Builder::run(std::vector<Node> nodes, std::vector<FormatError> warnings)
{
    m_result.warnings = std::move(warnings);
    std::unordered_map<std::string, int> seenIds;
    for (const Node &n : nodes)
        if (!seenIds.emplace(n.nodeId, n.line).second)
            error(n.line,
                  QStringLiteral("node \"%1\" appears twice: names must be unique to tell the nodes apart")
                      .arg(QString::fromStdString(n.nodeId)));
    if (nodes.empty())
        error(0, QStringLiteral("no node found"));
    if (m_result.errors.empty()) {
        Detail::Prepared prepared = Detail::prepare(nodes, m_file);
        for (FormatError &w : prepared.warnings)
            m_result.warnings.push_back(std::move(w));
        m_result.inferences = std::move(prepared.inferences);
        m_nodes = std::move(nodes);
        for (size_t i = 0; i < m_nodes.size(); ++i)
            m_byId.emplace(m_nodes[i].nodeId, int(i));
        build();
        // Every node skipped (SHARP aggregation nodes, links to nodes the dump
        // lacks): an empty fabric would be an import that silently lost it all.
        if (m_result.fabric && m_result.fabric->hostCount() == 0 && m_result.fabric->switchCount() == 0)
            error(0, QStringLiteral("no host or switch left to import: every node was skipped (the warnings say why)"));
    }
    if (m_moreWarnings > 0)
        m_result.warnings.push_back(
            FormatError{m_file, 0, 0, {}, QStringLiteral("%1 more warnings not listed").arg(m_moreWarnings)});
    if (!m_result.errors.empty()) {
        m_result.fabric.reset();
        m_result.inferences.clear();
    }
    return std::move(m_result);
}

void Builder::build()
{
    classifyNodes();
    countPorts();
    if (!m_result.errors.empty())
        return;
    makeSwitches();
    makeHosts();
    collectLinks();
    inferTiers();
    inferRacks();
    assignRates();
}

void Builder::classifyNodes()
{
    m_hostOf.assign(m_nodes.size(), -1);
    m_nicOf.assign(m_nodes.size(), -1);
    m_switchOf.assign(m_nodes.size(), -1);
    m_aggregation.assign(m_nodes.size(), false);
    for (const Node &n : m_nodes)
        if (!n.desc.empty())
            ++m_descUses[n.desc];

    int grouped = 0, guidNamed = 0, routers = 0;
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        const Node &n = m_nodes[i];
        if (n.type == NodeType::Router) {
            ++routers;
            continue;
        }
        if (n.type != NodeType::Ca)
            continue;
        if (endsWithNoCase(n.desc, "aggregation node")) {
            m_aggregation[i] = true;
            continue;
        }
        std::string name;
        int device = -1;
        if (!n.host.empty()) {
            name = n.host;
            device = n.device;
        } else if (splitHostDevice(n.desc, &name, &device)) {
            ++grouped;
        } else if (!n.desc.empty() && m_descUses[n.desc] == 1 && n.desc.find_first_of(" \t") == std::string::npos) {
            name = n.desc;
        } else if (n.desc.empty() && n.nodeId.rfind("H-", 0) != 0) {
            name = n.nodeId;
        } else {
            name = n.nodeId; // a default description ("MT4129 ConnectX7 Mellanox Technologies") says nothing
            ++guidNamed;
        }
        auto [it, inserted] = m_hostByName.try_emplace(name, int(m_hosts.size()));
        HostPlan &plan
            = inserted ? m_hosts.emplace_back(HostPlan{name, {}, false, {}, {}, n.line}) : m_hosts[size_t(it->second)];
        if (device < 0)
            device = 1'000'000 + int(plan.cas.size()); // after the numbered ones, in order of appearance
        else
            plan.numbered = true;
        plan.cas.emplace_back(device, int(i));
        if (plan.rack.empty())
            plan.rack = n.rack;
        if (plan.zone.empty())
            plan.zone = n.zone;
    }
    if (grouped > 0)
        warn(0,
             QStringLiteral("inferred: %1 HCAs described \"HOST DEVICE\" grouped into hosts by host name, one NIC "
                            "per HCA in device order (the rails)")
                 .arg(grouped));
    if (guidNamed > 0)
        warn(0,
             QStringLiteral("%1 HCAs have a default or shared node description: each is a host of its own, named "
                            "by its GUID (give them descriptions, or a node-name map, to group them)")
                 .arg(guidNamed));
    if (routers > 0)
        warn(0, QStringLiteral("%1 routers (Rt) are not imported").arg(routers));
}

void Builder::countPorts()
{
    // Ports each node uses, from its own lines and from its peers' (a CA's
    // NIC has as many ports as are cabled); a peer port beyond the peer's
    // port count is an error.
    m_portsUsed.assign(m_nodes.size(), 1);
    for (const Node &n : m_nodes) {
        for (const PortLine &p : n.links) {
            const auto remote = m_byId.find(p.remote);
            if (remote == m_byId.end())
                continue;
            const Node &peer = m_nodes[size_t(remote->second)];
            if ((peer.ports > 0 && p.remotePort > peer.ports) || (peer.type != NodeType::Switch && p.remotePort < 1)) {
                error(p.line,
                      QStringLiteral("port %1 of %2 is outside its %3 ports")
                          .arg(p.remotePort)
                          .arg(QString::fromStdString(peer.nodeId))
                          .arg(peer.ports));
                continue;
            }
            m_portsUsed[size_t(remote->second)] = std::max(m_portsUsed[size_t(remote->second)], p.remotePort);
            m_portsUsed[size_t(&n - m_nodes.data())] = std::max(m_portsUsed[size_t(&n - m_nodes.data())], p.port);
        }
    }
}

void Builder::makeSwitches()
{
    // Switch ids: the description when unique, else the node id.
    m_roleTiered.assign(m_nodes.size(), false);
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        const Node &n = m_nodes[i];
        if (n.type != NodeType::Switch)
            continue;
        Switch sw;
        const bool usable = !n.desc.empty() && m_descUses[n.desc] == 1 && !m_hostByName.count(n.desc);
        sw.id = usable ? n.desc : n.nodeId;
        sw.radix = std::max(n.ports, m_portsUsed[i]);
        sw.tier = Tier::Unlayered;
        sw.model = n.model;
        sw.location.rack = n.rack;
        sw.location.zone = n.zone;
        if (const auto tier = Detail::roleTier(n.role)) {
            sw.tier = *tier;
            m_roleTiered[i] = true;
        }
        if (!usable && n.nodeId.rfind("S-", 0) == 0)
            warn(n.line,
                 QStringLiteral("switch %1 has no unique description: named by its GUID")
                     .arg(QString::fromStdString(n.nodeId)));
        m_switchOf[i] = int(m_switches.size());
        m_switches.push_back(std::move(sw));
    }
}

void Builder::makeHosts()
{
    // Hosts before links (adding a host renumbers switch nodes, so all hosts go first).
    std::vector<Host> hostList;
    for (HostPlan &plan : m_hosts) {
        std::sort(plan.cas.begin(), plan.cas.end());
        Host h;
        h.id = plan.id;
        h.location.rack = plan.rack;
        h.location.zone = plan.zone;
        for (size_t k = 0; k < plan.cas.size(); ++k) {
            const int node = plan.cas[k].second;
            m_hostOf[size_t(node)] = int(hostList.size());
            m_nicOf[size_t(node)] = int(k);
            h.nics.push_back(Nic{int(k), 0, m_portsUsed[size_t(node)]});
        }
        if (plan.numbered && plan.cas.size() > 1)
            infer(Inference::Kind::Rail, h.id, std::to_string(plan.cas.size()),
                  QStringLiteral("%1 NICs, rails 0–%2 in the order of their device numbers")
                      .arg(plan.cas.size())
                      .arg(plan.cas.size() - 1));
        hostList.push_back(std::move(h));
    }
    m_built.name = QFileInfo(m_file).completeBaseName().toStdString();
    for (Host &h : hostList)
        m_built.addHost(std::move(h));
    for (Switch &s : m_switches)
        m_built.addSwitch(std::move(s));
}

void Builder::collectLinks()
{
    // Links, each listed from both ends or from one: keep the first, check the second.
    std::map<std::pair<std::int64_t, std::int64_t>, int> seen; ///< (node << 16 | port) pairs
    std::map<std::string, int> missing;
    auto rateOf = [](const PortLine &p) -> std::optional<double> {
        if (p.gbps > 0)
            return p.gbps;
        if (p.rate.empty())
            return std::nullopt;
        return InfinibandRates::linkGbps(p.rate);
    };
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        const Node &n = m_nodes[i];
        for (const PortLine &p : n.links) {
            const auto remote = m_byId.find(p.remote);
            if (remote == m_byId.end()) {
                if (missing.emplace(p.remote, p.line).second)
                    warn(p.line,
                         QStringLiteral("link to %1, which the dump does not list: not imported (a partial "
                                        "dump?)")
                             .arg(QString::fromStdString(p.remote)));
                continue;
            }
            const int r = remote->second;
            if (r == int(i)) {
                if (p.port < p.remotePort || n.type != NodeType::Switch) {
                    warn(p.line,
                         QStringLiteral("loopback cable: %1 port %2 is cabled to its own port %3; not "
                                        "imported as a link")
                             .arg(QString::fromStdString(n.desc.empty() ? n.nodeId : n.desc))
                             .arg(p.port)
                             .arg(p.remotePort));
                }
                continue;
            }
            if (m_aggregation[i] || m_aggregation[size_t(r)]) {
                const int sw = m_aggregation[i] ? r : int(i);
                if (m_switchOf[size_t(sw)] >= 0 && !m_built.switchAt(m_switchOf[size_t(sw)]).sharp) {
                    Switch &target = m_built.switchAt(m_switchOf[size_t(sw)]);
                    target.sharp = true;
                    const int port = m_aggregation[i] ? p.remotePort : p.port;
                    warn(p.line,
                         QStringLiteral("inferred: %1 is SHARP-capable (a SHARP aggregation node on its port "
                                        "%2); the aggregation node is not a host")
                             .arg(QString::fromStdString(target.id))
                             .arg(port));
                    infer(Inference::Kind::Sharp, target.id, "sharp",
                          QStringLiteral("a SHARP aggregation node hangs off its port %1").arg(port));
                }
                continue;
            }
            const std::int64_t a = (std::int64_t(i) << 16) | p.port;
            const std::int64_t b = (std::int64_t(r) << 16) | p.remotePort;
            const auto key = std::minmax(a, b);
            if (const auto it = seen.find({key.first, key.second}); it != seen.end()) {
                Pending &first = m_links[size_t(it->second)];
                if (!first.rate)
                    first.rate = rateOf(p);
                continue;
            }
            const NodeIndex na = nodeIndex(int(i));
            const NodeIndex nb = nodeIndex(r);
            if (na < 0 || nb < 0)
                continue; // a router
            Pending pending;
            pending.line = p.line;
            pending.rate = rateOf(p);
            if (!p.rate.empty() && !pending.rate)
                warn(p.line,
                     QStringLiteral("unknown link speed \"%1\": the link takes its peers' rate")
                         .arg(QString::fromStdString(p.rate)));
            // Hosts are the a end, as the generator writes them.
            const bool flip = m_built.isSwitch(na) && m_built.isHost(nb);
            Link &l = pending.link;
            l.a = flip ? nb : na;
            l.b = flip ? na : nb;
            const int nodeA = flip ? r : int(i), nodeB = flip ? int(i) : r;
            const int portA = flip ? p.remotePort : p.port, portB = flip ? p.port : p.remotePort;
            l.portA = m_built.isHost(l.a) ? hostPort(nodeA, portA) : portA - 1;
            l.portB = m_built.isHost(l.b) ? hostPort(nodeB, portB) : portB - 1;
            if (m_built.isHost(l.a)) {
                pending.nicHost = m_hostOf[size_t(nodeA)];
                pending.nic = m_nicOf[size_t(nodeA)];
            }
            seen.emplace(std::pair(key.first, key.second), int(m_links.size()));
            m_links.push_back(std::move(pending));
        }
    }
}

void Builder::inferTiers()
{
    // Tiers by distance from the hosts, where the file names no role.
    const std::int32_t hostCount = m_built.hostCount();
    std::vector<std::vector<std::int32_t>> adjacent(size_t(m_built.switchCount()));
    m_level.assign(size_t(m_built.switchCount()), 0);
    std::vector<std::int32_t> frontier;
    for (const Pending &p : m_links) {
        const Link &l = p.link;
        if (m_built.isSwitch(l.a) && m_built.isSwitch(l.b)) {
            adjacent[size_t(l.a - hostCount)].push_back(l.b - hostCount);
            adjacent[size_t(l.b - hostCount)].push_back(l.a - hostCount);
        } else if (m_built.isSwitch(l.b) && m_level[size_t(l.b - hostCount)] == 0) {
            m_level[size_t(l.b - hostCount)] = 1;
            frontier.push_back(l.b - hostCount);
        }
    }
    for (int depth = 2; !frontier.empty(); ++depth) {
        std::vector<std::int32_t> next;
        for (std::int32_t s : frontier)
            for (std::int32_t t : adjacent[size_t(s)])
                if (m_level[size_t(t)] == 0) {
                    m_level[size_t(t)] = depth;
                    next.push_back(t);
                }
        frontier = std::move(next);
    }
    std::vector<int> switchNodeOf(size_t(m_built.switchCount()), -1);
    for (size_t i = 0; i < m_nodes.size(); ++i)
        if (m_switchOf[i] >= 0)
            switchNodeOf[size_t(m_switchOf[i])] = int(i);
    int counts[4] = {0, 0, 0, 0};
    int deeper = 0, named = 0;
    for (std::int32_t s = 0; s < m_built.switchCount(); ++s) {
        Switch &sw = m_built.switchAt(s);
        if (m_roleTiered[size_t(switchNodeOf[size_t(s)])]) {
            m_level[size_t(s)] = tierLevel(sw.tier); // the file's role decides, also for the rates below
            ++named;
            continue;
        }
        const int d = m_level[size_t(s)];
        sw.tier = d == 1 ? Tier::Leaf : d == 2 ? Tier::Spine : d == 3 ? Tier::Core : Tier::Unlayered;
        if (d >= 1 && d <= 3) {
            ++counts[d];
            infer(Inference::Kind::Tier, sw.id, tierName(sw.tier),
                  d == 1 ? QStringLiteral("hosts are cabled to it")
                         : QStringLiteral("%1 hops from the nearest host").arg(d));
        } else {
            ++deeper;
            infer(Inference::Kind::Tier, sw.id, tierName(sw.tier),
                  QStringLiteral("no host below it, or more than three tiers: left without a tier"));
        }
    }
    if (counts[1] + counts[2] + counts[3] + deeper > 0)
        warn(0,
             QStringLiteral("inferred from the distance to the hosts: %1 leaf, %2 spine, %3 core switches%4")
                 .arg(counts[1])
                 .arg(counts[2])
                 .arg(counts[3])
                 .arg(deeper ? QStringLiteral(", %1 unlayered (no host below, or more than three tiers)").arg(deeper)
                             : QString()));
    if (named > 0 && counts[1] + counts[2] + counts[3] + deeper > 0)
        warn(0, QStringLiteral("%1 switches have their tier from the file's roles").arg(named));
}

void Builder::inferRacks()
{
    // Racks from names, where the file gives none.
    int racks = 0;
    auto rackFromName = [&](const std::string &id, Location &location) {
        if (!location.rack.empty())
            return;
        std::string rack = Detail::rackFromName(id);
        if (rack.empty())
            return;
        infer(Inference::Kind::Rack, id, rack, QStringLiteral("its name"));
        location.rack = std::move(rack);
        ++racks;
    };
    for (std::int32_t h = 0; h < m_built.hostCount(); ++h)
        rackFromName(m_built.host(h).id, m_built.host(h).location);
    for (std::int32_t s = 0; s < m_built.switchCount(); ++s)
        rackFromName(m_built.switchAt(s).id, m_built.switchAt(s).location);
    if (racks > 0)
        warn(0, QStringLiteral("inferred: the rack of %1 hosts and switches from their names").arg(racks));
}

void Builder::assignRates()
{
    // Rates: the most common rate of each tier pair is its nominal rate.
    std::map<int, std::map<double, int>> rates;
    for (const Pending &p : m_links)
        if (p.rate)
            ++rates[groupOf(p.link)][*p.rate];
    std::map<int, double> nominal;
    for (const auto &[group, byRate] : rates) {
        double best = 0;
        int most = -1;
        for (const auto &[rate, count] : byRate)
            if (count > most || (count == most && rate > best)) {
                best = rate;
                most = count;
            }
        nominal[group] = best;
    }
    std::map<std::string, int> idUses;
    std::vector<Link> finalLinks;
    finalLinks.reserve(m_links.size());
    for (Pending &p : m_links) {
        Link &l = p.link;
        const auto it = nominal.find(groupOf(l));
        const double peer = it == nominal.end() ? 0 : it->second;
        if (!p.rate && peer <= 0) {
            error(p.line, QStringLiteral("the link's speed is unknown and no link of its tier has one to take"));
            continue;
        }
        const double actual = p.rate.value_or(peer);
        l.capacityGbps = std::max(actual, peer);
        if (actual < peer) {
            l.state = LinkState::Degraded;
            l.degradedGbps = actual;
        }
        std::string id = m_built.nodeId(l.a) + "--" + m_built.nodeId(l.b);
        const int use = ++idUses[id];
        if (use > 1)
            id += "#" + std::to_string(use);
        l.id = std::move(id);
        if (l.state == LinkState::Degraded) {
            warn(p.line,
                 QStringLiteral("%1 trained at %2 Gb/s while its peers run %3 Gb/s: imported as degraded")
                     .arg(QString::fromStdString(l.id))
                     .arg(actual)
                     .arg(peer));
            char value[32];
            std::snprintf(value, sizeof value, "%g", actual);
            infer(Inference::Kind::Speed, l.id, value,
                  QStringLiteral("trained at %1 Gb/s while its peers run %2 Gb/s: degraded").arg(actual).arg(peer));
        }
        if (p.nicHost >= 0) {
            Nic &nic = m_built.host(p.nicHost).nics[size_t(p.nic)];
            nic.speedGbps = std::max(nic.speedGbps, l.capacityGbps * nic.ports);
        }
        finalLinks.push_back(std::move(l));
    }
    for (std::int32_t h = 0; h < m_built.hostCount(); ++h)
        for (Nic &nic : m_built.host(h).nics)
            if (nic.speedGbps <= 0)
                nic.speedGbps = 400; // an HCA with no link: the model needs a speed; nothing uses it
    if (!m_result.errors.empty())
        return;
    m_built.appendLinks(std::move(finalLinks));
    for (const Problem &problem : m_built.validate())
        if (problem.severity == Problem::Severity::Error)
            error(0,
                  QStringLiteral("%1: %2").arg(QString::fromStdString(problem.elementId),
                                               QString::fromStdString(problem.message)));
    if (m_result.errors.empty())
        m_result.fabric = std::move(m_built);
}

} // namespace

ReadResult build(std::vector<Node> nodes, std::vector<FormatError> warnings, const QString &fileName)
{
    return Builder(fileName).run(std::move(nodes), std::move(warnings));
}

} // namespace Railyard::ImportGraph
