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

    QString m_file;
    ReadResult m_result;
    int m_moreWarnings = 0;
    std::vector<Node> m_nodes;
    std::unordered_map<std::string, int> m_byId;
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
    std::vector<Switch> switches;

    // Which nodes are SHARP aggregation nodes, hosts (grouped), switches.
    std::vector<int> hostOf(m_nodes.size(), -1); ///< CA → host index
    std::vector<int> nicOf(m_nodes.size(), -1);  ///< CA → NIC index in its host
    std::vector<int> switchOf(m_nodes.size(), -1);
    std::vector<bool> aggregation(m_nodes.size(), false);
    std::map<std::string, int> descUses;
    for (const Node &n : m_nodes)
        if (!n.desc.empty())
            ++descUses[n.desc];

    struct HostPlan
    {
        std::string id;
        std::vector<std::pair<int, int>> cas; ///< (device number, node)
        bool numbered = false;                ///< devices from names (the rails)
        std::string rack, zone;
        int line = 0;
    };
    std::vector<HostPlan> hosts;
    std::map<std::string, int> hostByName;
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
            aggregation[i] = true;
            continue;
        }
        std::string name;
        int device = -1;
        if (!n.host.empty()) {
            name = n.host;
            device = n.device;
        } else if (splitHostDevice(n.desc, &name, &device)) {
            ++grouped;
        } else if (!n.desc.empty() && descUses[n.desc] == 1 && n.desc.find_first_of(" \t") == std::string::npos) {
            name = n.desc;
        } else if (n.desc.empty() && n.nodeId.rfind("H-", 0) != 0) {
            name = n.nodeId;
        } else {
            name = n.nodeId; // a default description ("MT4129 ConnectX7 Mellanox Technologies") says nothing
            ++guidNamed;
        }
        auto [it, inserted] = hostByName.try_emplace(name, int(hosts.size()));
        HostPlan &plan
            = inserted ? hosts.emplace_back(HostPlan{name, {}, false, {}, {}, n.line}) : hosts[size_t(it->second)];
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

    // Ports each node uses, from its own lines and from its peers' (a CA's
    // NIC has as many ports as are cabled); a peer port beyond the peer's
    // port count is an error.
    std::vector<int> portsUsed(m_nodes.size(), 1);
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
            portsUsed[size_t(remote->second)] = std::max(portsUsed[size_t(remote->second)], p.remotePort);
            portsUsed[size_t(&n - m_nodes.data())] = std::max(portsUsed[size_t(&n - m_nodes.data())], p.port);
        }
    }
    if (!m_result.errors.empty())
        return;

    // Switch ids: the description when unique, else the node id.
    std::vector<bool> roleTiered(m_nodes.size(), false);
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        const Node &n = m_nodes[i];
        if (n.type != NodeType::Switch)
            continue;
        Switch sw;
        const bool usable = !n.desc.empty() && descUses[n.desc] == 1 && !hostByName.count(n.desc);
        sw.id = usable ? n.desc : n.nodeId;
        sw.radix = std::max(n.ports, portsUsed[i]);
        sw.tier = Tier::Unlayered;
        sw.model = n.model;
        sw.location.rack = n.rack;
        sw.location.zone = n.zone;
        if (const auto tier = Detail::roleTier(n.role)) {
            sw.tier = *tier;
            roleTiered[i] = true;
        }
        if (!usable && n.nodeId.rfind("S-", 0) == 0)
            warn(n.line,
                 QStringLiteral("switch %1 has no unique description: named by its GUID")
                     .arg(QString::fromStdString(n.nodeId)));
        switchOf[i] = int(switches.size());
        switches.push_back(std::move(sw));
    }
    // Hosts before links (adding a host renumbers switch nodes, so all hosts go first).
    std::vector<Host> hostList;
    for (HostPlan &plan : hosts) {
        std::sort(plan.cas.begin(), plan.cas.end());
        Host h;
        h.id = plan.id;
        h.location.rack = plan.rack;
        h.location.zone = plan.zone;
        for (size_t k = 0; k < plan.cas.size(); ++k) {
            const int node = plan.cas[k].second;
            hostOf[size_t(node)] = int(hostList.size());
            nicOf[size_t(node)] = int(k);
            h.nics.push_back(Nic{int(k), 0, portsUsed[size_t(node)]});
        }
        if (plan.numbered && plan.cas.size() > 1)
            infer(Inference::Kind::Rail, h.id, std::to_string(plan.cas.size()),
                  QStringLiteral("%1 NICs, rails 0–%2 in the order of their device numbers")
                      .arg(plan.cas.size())
                      .arg(plan.cas.size() - 1));
        hostList.push_back(std::move(h));
    }
    Fabric built;
    built.name = QFileInfo(m_file).completeBaseName().toStdString();
    for (Host &h : hostList)
        built.addHost(std::move(h));
    for (Switch &s : switches)
        built.addSwitch(std::move(s));

    auto nodeIndex = [&](int node) -> NodeIndex {
        if (switchOf[size_t(node)] >= 0)
            return built.switchNode(switchOf[size_t(node)]);
        if (hostOf[size_t(node)] >= 0)
            return built.hostNode(hostOf[size_t(node)]);
        return -1;
    };
    auto hostPort = [&](int node, int caPort) {
        const Host &h = built.host(hostOf[size_t(node)]);
        int offset = 0;
        for (int k = 0; k < nicOf[size_t(node)]; ++k)
            offset += h.nics[size_t(k)].ports;
        return offset + caPort - 1;
    };

    // Links, each listed from both ends or from one: keep the first, check the second.
    struct Pending
    {
        Link link;
        std::optional<double> rate;
        int line = 0;
        int nicHost = -1, nic = -1; ///< host NIC the link serves
    };
    std::vector<Pending> links;
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
            if (aggregation[i] || aggregation[size_t(r)]) {
                const int sw = aggregation[i] ? r : int(i);
                if (switchOf[size_t(sw)] >= 0 && !built.switchAt(switchOf[size_t(sw)]).sharp) {
                    Switch &target = built.switchAt(switchOf[size_t(sw)]);
                    target.sharp = true;
                    const int port = aggregation[i] ? p.remotePort : p.port;
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
                Pending &first = links[size_t(it->second)];
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
            const bool flip = built.isSwitch(na) && built.isHost(nb);
            Link &l = pending.link;
            l.a = flip ? nb : na;
            l.b = flip ? na : nb;
            const int nodeA = flip ? r : int(i), nodeB = flip ? int(i) : r;
            const int portA = flip ? p.remotePort : p.port, portB = flip ? p.port : p.remotePort;
            l.portA = built.isHost(l.a) ? hostPort(nodeA, portA) : portA - 1;
            l.portB = built.isHost(l.b) ? hostPort(nodeB, portB) : portB - 1;
            if (built.isHost(l.a)) {
                pending.nicHost = hostOf[size_t(nodeA)];
                pending.nic = nicOf[size_t(nodeA)];
            }
            seen.emplace(std::pair(key.first, key.second), int(links.size()));
            links.push_back(std::move(pending));
        }
    }

    // Tiers by distance from the hosts, where the file names no role.
    const std::int32_t hostCount = built.hostCount();
    std::vector<std::vector<std::int32_t>> adjacent(size_t(built.switchCount()));
    std::vector<int> level(size_t(built.switchCount()), 0);
    std::vector<std::int32_t> frontier;
    for (const Pending &p : links) {
        const Link &l = p.link;
        if (built.isSwitch(l.a) && built.isSwitch(l.b)) {
            adjacent[size_t(l.a - hostCount)].push_back(l.b - hostCount);
            adjacent[size_t(l.b - hostCount)].push_back(l.a - hostCount);
        } else if (built.isSwitch(l.b) && level[size_t(l.b - hostCount)] == 0) {
            level[size_t(l.b - hostCount)] = 1;
            frontier.push_back(l.b - hostCount);
        }
    }
    for (int depth = 2; !frontier.empty(); ++depth) {
        std::vector<std::int32_t> next;
        for (std::int32_t s : frontier)
            for (std::int32_t t : adjacent[size_t(s)])
                if (level[size_t(t)] == 0) {
                    level[size_t(t)] = depth;
                    next.push_back(t);
                }
        frontier = std::move(next);
    }
    std::vector<int> switchNodeOf(size_t(built.switchCount()), -1);
    for (size_t i = 0; i < m_nodes.size(); ++i)
        if (switchOf[i] >= 0)
            switchNodeOf[size_t(switchOf[i])] = int(i);
    int counts[4] = {0, 0, 0, 0};
    int deeper = 0, named = 0;
    for (std::int32_t s = 0; s < built.switchCount(); ++s) {
        Switch &sw = built.switchAt(s);
        if (roleTiered[size_t(switchNodeOf[size_t(s)])]) {
            level[size_t(s)] = tierLevel(sw.tier); // the file's role decides, also for the rates below
            ++named;
            continue;
        }
        const int d = level[size_t(s)];
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
    for (std::int32_t h = 0; h < built.hostCount(); ++h)
        rackFromName(built.host(h).id, built.host(h).location);
    for (std::int32_t s = 0; s < built.switchCount(); ++s)
        rackFromName(built.switchAt(s).id, built.switchAt(s).location);
    if (racks > 0)
        warn(0, QStringLiteral("inferred: the rack of %1 hosts and switches from their names").arg(racks));

    // Rates: the most common rate of each tier pair is its nominal rate.
    auto groupOf = [&](const Link &l) {
        auto levelOf = [&](NodeIndex n) { return built.isHost(n) ? 0 : level[size_t(n - hostCount)]; };
        const int x = levelOf(l.a), y = levelOf(l.b);
        return std::min(x, y) * 16 + std::max(x, y);
    };
    std::map<int, std::map<double, int>> rates;
    for (const Pending &p : links)
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
    finalLinks.reserve(links.size());
    for (Pending &p : links) {
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
        std::string id = built.nodeId(l.a) + "--" + built.nodeId(l.b);
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
            Nic &nic = built.host(p.nicHost).nics[size_t(p.nic)];
            nic.speedGbps = std::max(nic.speedGbps, l.capacityGbps * nic.ports);
        }
        finalLinks.push_back(std::move(l));
    }
    for (std::int32_t h = 0; h < built.hostCount(); ++h)
        for (Nic &nic : built.host(h).nics)
            if (nic.speedGbps <= 0)
                nic.speedGbps = 400; // an HCA with no link: the model needs a speed; nothing uses it
    if (!m_result.errors.empty())
        return;
    built.appendLinks(std::move(finalLinks));
    for (const Problem &problem : built.validate())
        if (problem.severity == Problem::Severity::Error)
            error(0,
                  QStringLiteral("%1: %2").arg(QString::fromStdString(problem.elementId),
                                               QString::fromStdString(problem.message)));
    if (m_result.errors.empty())
        m_result.fabric = std::move(built);
}

} // namespace

ReadResult build(std::vector<Node> nodes, std::vector<FormatError> warnings, const QString &fileName)
{
    return Builder(fileName).run(std::move(nodes), std::move(warnings));
}

} // namespace Railyard::ImportGraph
