#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"

#include "core/formats/ibnetdiscover/ibnetdiscoverreader_p.h"
#include "core/formats/ibnetdiscover/infinibandrates.h"

#include <QFileInfo>

#include <algorithm>
#include <cctype>
#include <map>
#include <unordered_map>

namespace Railyard::Ibnetdiscover {
namespace {

constexpr int maxWarnings = 200;

using Detail::Node;
using Detail::NodeType;
using Detail::PortLine;

bool isSpace(char c)
{
    return c == ' ' || c == '\t';
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (isSpace(s.front()) || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (isSpace(s.back()) || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

void skipSpace(std::string_view &s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
}

bool readInt(std::string_view &s, int *value)
{
    size_t n = 0;
    long v = 0;
    while (n < s.size() && n < 9 && s[n] >= '0' && s[n] <= '9')
        v = v * 10 + (s[n++] - '0');
    if (n == 0)
        return false;
    *value = int(v);
    s.remove_prefix(n);
    return true;
}

/// A quoted name, or a bare word; sets *irregular when it was unquoted or padded.
bool readName(std::string_view &s, std::string *name, bool *irregular)
{
    skipSpace(s);
    if (s.empty())
        return false;
    if (s.front() == '"') {
        const size_t close = s.find('"', 1);
        if (close == std::string_view::npos)
            return false;
        const std::string_view raw = s.substr(1, close - 1);
        const std::string_view trimmed = trim(raw);
        if (trimmed.size() != raw.size())
            *irregular = true;
        *name = std::string(trimmed);
        s.remove_prefix(close + 1);
        return !name->empty();
    }
    size_t n = 0;
    while (n < s.size() && !isSpace(s[n]) && s[n] != '[' && s[n] != '#')
        ++n;
    if (n == 0)
        return false;
    *name = std::string(s.substr(0, n));
    *irregular = true;
    s.remove_prefix(n);
    return true;
}

/// "(hex)" after a port: skipped.
void skipGuid(std::string_view &s)
{
    if (!s.empty() && s.front() == '(') {
        const size_t close = s.find(')');
        s.remove_prefix(close == std::string_view::npos ? s.size() : close + 1);
    }
}

/// The last "<width>x<speed>" token of a comment ("4xNDR", "4x???").
std::string rateOf(std::string_view comment)
{
    std::string found;
    size_t i = 0;
    while (i < comment.size()) {
        while (i < comment.size() && isSpace(comment[i]))
            ++i;
        const size_t start = i;
        while (i < comment.size() && !isSpace(comment[i]))
            ++i;
        const std::string_view token = comment.substr(start, i - start);
        const size_t x = token.find_first_of("xX");
        if (x > 0 && x <= 2 && x + 1 < token.size() && std::isdigit(static_cast<unsigned char>(token[0])))
            found = std::string(token);
    }
    return found;
}

/// The first quoted string of a comment.
std::string quotedIn(std::string_view comment, std::string_view *after)
{
    const size_t open = comment.find('"');
    if (open == std::string_view::npos) {
        *after = comment;
        return {};
    }
    const size_t close = comment.find('"', open + 1);
    if (close == std::string_view::npos) {
        *after = comment;
        return {};
    }
    *after = comment.substr(close + 1);
    return std::string(trim(comment.substr(open + 1, close - open - 1)));
}

bool startsWithWord(std::string_view line, std::string_view word)
{
    return line.size() > word.size() && line.substr(0, word.size()) == word && isSpace(line[word.size()]);
}

bool endsWithNoCase(const std::string &text, std::string_view what)
{
    return text.size() >= what.size()
        && std::equal(what.begin(), what.end(), text.end() - std::ptrdiff_t(what.size()), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
           });
}

/// "dgx-04 mlx5_5" → ("dgx-04", 5): a host name and a device with a trailing number.
bool splitHostDevice(const std::string &desc, std::string *host, int *device)
{
    const size_t space = desc.find_last_of(" \t");
    if (space == std::string::npos || space == 0)
        return false;
    const std::string_view dev = std::string_view(desc).substr(space + 1);
    const std::string_view name = trim(std::string_view(desc).substr(0, space));
    if (name.empty() || name.find_first_of(" \t") != std::string_view::npos)
        return false;
    // mlx5_0, hfi1_0, bnxt_re0, irdma3: letters and digits, ending in digits.
    size_t digits = dev.size();
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(dev[digits - 1])))
        --digits;
    if (digits == dev.size() || digits == 0 || !std::isalpha(static_cast<unsigned char>(dev[0])))
        return false;
    *host = std::string(name);
    *device = std::stoi(std::string(dev.substr(digits, 9)));
    return true;
}

class Reader
{
public:
    Reader(const QString &fileName)
        : m_file(fileName)
    { }

    ReadResult run(std::string_view text);
    /// Builds the fabric from nodes another reader parsed (iblinkinfo).
    ReadResult runParsed(std::vector<Node> nodes, std::vector<FormatError> warnings);

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
    bool parse(std::string_view text);
    void build();

    QString m_file;
    ReadResult m_result;
    int m_moreWarnings = 0;
    std::vector<Node> m_nodes;
    std::unordered_map<std::string, int> m_byId;
};

bool Reader::parse(std::string_view text)
{
    int lineNo = 0;
    int current = -1;
    bool seenBlock = false;
    bool irregularNames = false;
    int irregularLine = 0;
    while (!text.empty()) {
        const size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        ++lineNo;
        line = trim(line);
        if (line.empty()) {
            current = -1;
            continue;
        }
        if (line.front() == '#')
            continue;
        if (line.front() == '[') {
            if (current < 0) {
                error(lineNo, QStringLiteral("a port line outside a node block (a Switch or Ca line must come first)"));
                continue;
            }
            std::string_view s = line.substr(1);
            PortLine p;
            p.line = lineNo;
            bool irregular = false;
            if (!readInt(s, &p.port) || s.empty() || s.front() != ']') {
                error(lineNo, QStringLiteral("a port line must start with [PORT]"));
                continue;
            }
            s.remove_prefix(1);
            skipGuid(s);
            if (!readName(s, &p.remote, &irregular)) {
                error(lineNo, QStringLiteral("a port line must name the peer node (\"S-…\" or \"H-…\")"));
                continue;
            }
            skipSpace(s);
            if (s.empty() || s.front() != '[' || (s.remove_prefix(1), !readInt(s, &p.remotePort)) || s.empty()
                || s.front() != ']') {
                error(lineNo, QStringLiteral("the peer's port must follow its name as [PORT]"));
                continue;
            }
            s.remove_prefix(1);
            skipGuid(s);
            skipSpace(s);
            if (!s.empty() && s.front() == '#')
                p.rate = rateOf(s.substr(1));
            Node &node = m_nodes[size_t(current)];
            if (p.port < (node.type == NodeType::Switch ? 0 : 1) || p.port > node.ports) {
                error(lineNo,
                      QStringLiteral("port %1 is outside the %2 ports of %3")
                          .arg(p.port)
                          .arg(node.ports)
                          .arg(QString::fromStdString(node.nodeId)));
                continue;
            }
            if (irregular && !irregularNames) {
                irregularNames = true;
                irregularLine = lineNo;
            }
            node.links.push_back(std::move(p));
            continue;
        }
        NodeType type;
        std::string_view s = line;
        if (startsWithWord(line, "Switch")) {
            type = NodeType::Switch;
            s.remove_prefix(6);
        } else if (startsWithWord(line, "Ca") || startsWithWord(line, "Hca")) {
            type = NodeType::Ca;
            s.remove_prefix(line[0] == 'H' ? 3 : 2);
        } else if (startsWithWord(line, "Rt")) {
            type = NodeType::Router;
            s.remove_prefix(2);
        } else {
            const size_t eq = line.find('=');
            const std::string_view key = eq == std::string_view::npos ? std::string_view() : trim(line.substr(0, eq));
            if (key == "vendid" || key == "devid" || key == "sysimgguid" || key == "switchguid" || key == "caguid"
                || key == "rtguid" || key == "hcaguids")
                continue;
            warn(lineNo,
                 seenBlock ? QStringLiteral("skipped a line that is not part of a topology file: %1")
                                 .arg(QString::fromUtf8(line.data(), int(std::min<size_t>(line.size(), 120))))
                           : QStringLiteral("skipped text before the topology (a message from the tool?): %1")
                                 .arg(QString::fromUtf8(line.data(), int(std::min<size_t>(line.size(), 120)))));
            continue;
        }
        Node node;
        node.type = type;
        node.line = lineNo;
        skipSpace(s);
        bool irregular = false;
        if (!readInt(s, &node.ports) || node.ports < 1 || node.ports > 4096 || !readName(s, &node.nodeId, &irregular)) {
            error(lineNo, QStringLiteral("a node line must be: Switch|Ca PORTS \"NODE-ID\" # \"description\""));
            current = -1;
            continue;
        }
        skipSpace(s);
        if (!s.empty() && s.front() == '#') {
            std::string_view after;
            node.desc = quotedIn(s.substr(1), &after);
        }
        if (irregular && !irregularNames) {
            irregularNames = true;
            irregularLine = lineNo;
        }
        if (m_byId.count(node.nodeId)) {
            error(lineNo,
                  QStringLiteral("node %1 is listed twice (first on line %2)")
                      .arg(QString::fromStdString(node.nodeId))
                      .arg(m_nodes[size_t(m_byId[node.nodeId])].line));
            current = -1;
            continue;
        }
        seenBlock = true;
        m_byId.emplace(node.nodeId, int(m_nodes.size()));
        current = int(m_nodes.size());
        m_nodes.push_back(std::move(node));
    }
    if (irregularNames)
        warn(irregularLine,
             QStringLiteral("names without quotes or with spaces inside the quotes were read as "
                            "their trimmed text (first here)"));
    if (m_nodes.empty() && m_result.errors.empty())
        error(0, QStringLiteral("no Switch or Ca node: this is not an ibnetdiscover topology"));
    return m_result.errors.empty();
}

ReadResult Reader::run(std::string_view text)
{
    if (parse(text))
        build();
    if (m_moreWarnings > 0)
        m_result.warnings.push_back(
            FormatError{m_file, 0, 0, {}, QStringLiteral("%1 more warnings not listed").arg(m_moreWarnings)});
    if (!m_result.errors.empty())
        m_result.fabric.reset();
    return std::move(m_result);
}

ReadResult Reader::runParsed(std::vector<Node> nodes, std::vector<FormatError> warnings)
{
    m_result.warnings = std::move(warnings);
    for (Node &n : nodes) {
        if (m_byId.count(n.nodeId)) {
            error(n.line,
                  QStringLiteral("node \"%1\" appears twice: names must be unique to tell the nodes apart")
                      .arg(QString::fromStdString(n.nodeId)));
            continue;
        }
        m_byId.emplace(n.nodeId, int(m_nodes.size()));
        m_nodes.push_back(std::move(n));
    }
    if (m_nodes.empty() && m_result.errors.empty())
        error(0, QStringLiteral("no node found"));
    if (m_result.errors.empty())
        build();
    if (!m_result.errors.empty())
        m_result.fabric.reset();
    return std::move(m_result);
}

void Reader::build()
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
        int device = 0;
        if (splitHostDevice(n.desc, &name, &device)) {
            ++grouped;
        } else if (!n.desc.empty() && descUses[n.desc] == 1 && n.desc.find_first_of(" \t") == std::string::npos) {
            name = n.desc;
        } else {
            name = n.nodeId; // a default description ("MT4129 ConnectX7 Mellanox Technologies") says nothing
            ++guidNamed;
        }
        auto [it, inserted] = hostByName.try_emplace(name, int(hosts.size()));
        if (inserted)
            hosts.push_back({name, {}, n.line});
        hosts[size_t(it->second)].cas.emplace_back(device, int(i));
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
            if (p.remotePort > peer.ports || (peer.type != NodeType::Switch && p.remotePort < 1)) {
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

    // Switch ids: the description when unique, else the GUID id.
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        const Node &n = m_nodes[i];
        if (n.type != NodeType::Switch)
            continue;
        Switch sw;
        const bool usable = !n.desc.empty() && descUses[n.desc] == 1 && !hostByName.count(n.desc);
        sw.id = usable ? n.desc : n.nodeId;
        sw.radix = n.ports;
        sw.tier = Tier::Unlayered;
        if (!usable)
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
        for (size_t k = 0; k < plan.cas.size(); ++k) {
            const int node = plan.cas[k].second;
            hostOf[size_t(node)] = int(hostList.size());
            nicOf[size_t(node)] = int(k);
            h.nics.push_back(Nic{int(k), 0, portsUsed[size_t(node)]});
        }
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

    // Links, each listed from both ends: keep the first, check the second.
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
                    built.switchAt(switchOf[size_t(sw)]).sharp = true;
                    warn(p.line,
                         QStringLiteral("inferred: %1 is SHARP-capable (a SHARP aggregation node on its port "
                                        "%2); the aggregation node is not a host")
                             .arg(QString::fromStdString(built.switchAt(switchOf[size_t(sw)]).id))
                             .arg(aggregation[i] ? p.remotePort : p.port));
                }
                continue;
            }
            const std::int64_t a = (std::int64_t(i) << 16) | p.port;
            const std::int64_t b = (std::int64_t(r) << 16) | p.remotePort;
            const auto key = std::minmax(a, b);
            if (const auto it = seen.find({key.first, key.second}); it != seen.end()) {
                Pending &first = links[size_t(it->second)];
                if (!first.rate && !p.rate.empty())
                    first.rate = InfinibandRates::linkGbps(p.rate);
                continue;
            }
            const NodeIndex na = nodeIndex(int(i));
            const NodeIndex nb = nodeIndex(r);
            if (na < 0 || nb < 0)
                continue; // a router
            Pending pending;
            pending.line = p.line;
            pending.rate = p.rate.empty() ? std::nullopt : InfinibandRates::linkGbps(p.rate);
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

    // Tiers by distance from the hosts.
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
    int counts[4] = {0, 0, 0, 0};
    int deeper = 0;
    for (std::int32_t s = 0; s < built.switchCount(); ++s) {
        const int d = level[size_t(s)];
        built.switchAt(s).tier = d == 1 ? Tier::Leaf : d == 2 ? Tier::Spine : d == 3 ? Tier::Core : Tier::Unlayered;
        if (d >= 1 && d <= 3)
            ++counts[d];
        else
            ++deeper;
    }
    warn(0,
         QStringLiteral("inferred from the distance to the hosts: %1 leaf, %2 spine, %3 core switches%4")
             .arg(counts[1])
             .arg(counts[2])
             .arg(counts[3])
             .arg(deeper ? QStringLiteral(", %1 unlayered (no host below, or more than three tiers)").arg(deeper)
                         : QString()));

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
        if (l.state == LinkState::Degraded)
            warn(p.line,
                 QStringLiteral("%1 trained at %2 Gb/s while its peers run %3 Gb/s: imported as degraded")
                     .arg(QString::fromStdString(l.id))
                     .arg(actual)
                     .arg(peer));
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

ReadResult read(std::string_view text, const QString &fileName)
{
    return Reader(fileName).run(text);
}

ReadResult Detail::buildFromNodes(std::vector<Node> nodes, std::vector<FormatError> warnings, const QString &fileName)
{
    return Reader(fileName).runParsed(std::move(nodes), std::move(warnings));
}

} // namespace Railyard::Ibnetdiscover
