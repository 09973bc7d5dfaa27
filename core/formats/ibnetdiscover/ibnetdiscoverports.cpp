// ibnetdiscover's ports report (`ibnetdiscover -p`) and the node-name map
// (ibnetdiscoverreader.h).

#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"
#include "core/formats/importgraph/importgraph.h"
#include "core/formats/textlines.h"

#include <cctype>
#include <cstdlib>
#include <unordered_map>

namespace Railyard::Ibnetdiscover {

namespace {

using ImportGraph::Node;
using ImportGraph::NodeType;
using ImportGraph::PortLine;

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

/// The next blank-separated token, removed from s.
std::string_view token(std::string_view &s)
{
    s = trimmed(s);
    size_t n = 0;
    while (n < s.size() && s[n] != ' ' && s[n] != '\t')
        ++n;
    const std::string_view t = s.substr(0, n);
    s.remove_prefix(n);
    return t;
}

bool number(std::string_view t, int *value)
{
    if (t.empty() || t.size() > 9)
        return false;
    int v = 0;
    for (const char c : t) {
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    *value = v;
    return true;
}

/// "0x0002c90300aa0010" → 0x0002c90300aa0010; false for anything else.
bool guidOf(std::string_view t, std::uint64_t *guid)
{
    if (t.size() < 3 || t.size() > 18 || t[0] != '0' || (t[1] != 'x' && t[1] != 'X'))
        return false;
    std::uint64_t v = 0;
    for (const char c : t.substr(2)) {
        const int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
            : (c >= 'a' && c <= 'f')                              ? c - 'a' + 10
            : (c >= 'A' && c <= 'F')                              ? c - 'A' + 10
                                                                  : -1;
        if (d < 0)
            return false;
        v = v * 16 + std::uint64_t(d);
    }
    *guid = v;
    return true;
}

std::string nodeIdFor(bool isSwitch, std::uint64_t guid)
{
    char text[24];
    std::snprintf(text, sizeof text, "%c-%016llx", isSwitch ? 'S' : 'H', static_cast<unsigned long long>(guid));
    return text;
}

/// The quoted names at the end of a report line: ( 'a' - 'b' ) or 'a'.
std::vector<std::string> quotedNames(std::string_view s)
{
    std::vector<std::string> names;
    for (;;) {
        const size_t open = s.find('\'');
        if (open == std::string_view::npos)
            break;
        const size_t close = s.find('\'', open + 1);
        if (close == std::string_view::npos)
            break;
        names.emplace_back(trimmed(s.substr(open + 1, close - open - 1)));
        s.remove_prefix(close + 1);
    }
    return names;
}

} // namespace

bool isPortsReport(std::string_view text)
{
    // The first line that is not blank or a comment: "CA|SW|RT LID PORT 0xGUID …".
    while (!text.empty()) {
        std::string_view line = trimmed(takeLine(text));
        if (line.empty() || line.front() == '#')
            continue;
        const std::string_view type = token(line);
        int lid = 0, port = 0;
        std::uint64_t guid = 0;
        return (type == "CA" || type == "SW" || type == "RT") && number(token(line), &lid) && number(token(line), &port)
            && guidOf(token(line), &guid);
    }
    return false;
}

ReadResult readPortsReport(std::string_view text, const QString &fileName, const NodeNameMap *map)
{
    std::vector<Node> nodes;
    std::unordered_map<std::string, int> byId;
    std::vector<FormatError> errors, warnings;
    auto nodeFor = [&](bool isSwitch, std::uint64_t guid, int line) -> Node & {
        const std::string id = nodeIdFor(isSwitch, guid);
        auto [it, inserted] = byId.try_emplace(id, int(nodes.size()));
        if (inserted) {
            Node n;
            n.type = isSwitch ? NodeType::Switch : NodeType::Ca;
            n.nodeId = id;
            n.line = line;
            nodes.push_back(std::move(n));
        }
        return nodes[size_t(it->second)];
    };
    int lineNo = 0, routers = 0;
    auto error = [&](const QString &message) {
        if (errors.size() < 50)
            errors.push_back({fileName, lineNo, 0, {}, message});
    };
    // As in a dump, where a node declares at most kMaxPorts.
    auto portInRange = [&](int port, const char *whose) {
        if (port >= 1 && port <= kMaxPorts)
            return true;
        error(QStringLiteral("%1 %2 is outside 1–%3").arg(QLatin1String(whose)).arg(port).arg(kMaxPorts));
        return false;
    };
    while (!text.empty()) {
        std::string_view line = trimmed(takeLine(text));
        ++lineNo;
        if (line.empty() || line.front() == '#')
            continue;
        std::string_view s = line;
        const std::string_view type = token(s);
        int lid = 0, port = 0;
        std::uint64_t guid = 0;
        if ((type != "CA" && type != "SW" && type != "RT") || !number(token(s), &lid) || !number(token(s), &port)
            || !guidOf(token(s), &guid)) {
            error(QStringLiteral("a ports-report line must be: CA|SW LID PORT 0xGUID WIDTH SPEED "
                                 "[- CA|SW LID PORT 0xGUID] ( 'NAME' - 'PEER' )"));
            continue;
        }
        if (type == "RT") {
            ++routers;
            continue;
        }
        if (!portInRange(port, "port"))
            continue;
        const std::string width(token(s));
        const std::string speed(token(s));
        const std::vector<std::string> names = quotedNames(s);
        Node &self = nodeFor(type == "SW", guid, lineNo);
        self.ports = std::max(self.ports, port);
        if (self.desc.empty() && !names.empty())
            self.desc = names.front();
        const size_t dash = s.find(" - ");
        const size_t paren = s.find('(');
        if (dash == std::string_view::npos || (paren != std::string_view::npos && dash > paren))
            continue; // a port with nothing cabled
        std::string_view peer = s.substr(dash + 3);
        const std::string_view peerType = token(peer);
        int peerLid = 0, peerPort = 0;
        std::uint64_t peerGuid = 0;
        if ((peerType != "CA" && peerType != "SW" && peerType != "RT") || !number(token(peer), &peerLid)
            || !number(token(peer), &peerPort) || !guidOf(token(peer), &peerGuid)) {
            error(QStringLiteral("the peer after \" - \" must be: CA|SW LID PORT 0xGUID"));
            continue;
        }
        if (peerType == "RT")
            continue;
        if (!portInRange(peerPort, "the peer's port"))
            continue;
        Node &other = nodeFor(peerType == "SW", peerGuid, lineNo);
        other.ports = std::max(other.ports, peerPort);
        if (other.desc.empty() && names.size() > 1)
            other.desc = names[1];
        PortLine link;
        link.port = port;
        link.remote = other.nodeId;
        link.remotePort = peerPort;
        link.rate = width + speed; // "4x" + "NDR"
        link.line = lineNo;
        nodes[size_t(byId[nodeIdFor(type == "SW", guid)])].links.push_back(std::move(link));
    }
    if (!errors.empty()) {
        ReadResult r;
        r.errors = std::move(errors);
        return r;
    }
    if (routers > 0)
        warnings.push_back({fileName, 0, 0, {}, QStringLiteral("%1 router ports (RT) are not imported").arg(routers)});
    if (map)
        applyNodeNameMap(nodes, *map, fileName, &warnings);
    ReadResult built = ImportGraph::build(std::move(nodes), std::move(warnings), fileName);
    if (built.fabric)
        built.fabric->transport = Transport::InfiniBand; // the dump is of an InfiniBand subnet
    return built;
}

std::optional<NodeNameMap> NodeNameMap::parse(std::string_view text, const QString &fileName,
                                              std::vector<FormatError> *errors)
{
    NodeNameMap map;
    int lineNo = 0;
    const size_t before = errors->size();
    while (!text.empty()) {
        std::string_view line = trimmed(takeLine(text));
        ++lineNo;
        if (line.empty() || line.front() == '#')
            continue;
        std::uint64_t guid = 0;
        if (!guidOf(token(line), &guid)) {
            errors->push_back(
                {fileName, lineNo, 0, {}, QStringLiteral("a node-name map line must be: 0xGUID \"NAME\"")});
            continue;
        }
        line = trimmed(line);
        std::string name;
        if (!line.empty() && line.front() == '"') {
            const size_t close = line.find('"', 1);
            if (close == std::string_view::npos) {
                errors->push_back({fileName, lineNo, 0, {}, QStringLiteral("the name's closing quote is missing")});
                continue;
            }
            name = std::string(trimmed(line.substr(1, close - 1)));
        } else {
            name = std::string(token(line));
        }
        if (name.empty()) {
            errors->push_back({fileName, lineNo, 0, {}, QStringLiteral("the GUID has no name")});
            continue;
        }
        map.names[guid] = std::move(name);
    }
    if (errors->size() > before)
        return std::nullopt;
    return map;
}

void applyNodeNameMap(std::vector<ImportGraph::Node> &nodes, const NodeNameMap &map, const QString &fileName,
                      std::vector<FormatError> *warnings)
{
    int renamed = 0;
    for (Node &n : nodes) {
        std::uint64_t guid = 0;
        // "S-0002c9…"/"H-…" carry the node GUID; iblinkinfo keys nodes by description instead.
        if (n.nodeId.size() < 3 || n.nodeId[1] != '-' || !guidOf("0x" + n.nodeId.substr(2), &guid))
            continue;
        if (const auto it = map.names.find(guid); it != map.names.end()) {
            n.desc = it->second;
            ++renamed;
        }
    }
    warnings->push_back({fileName,
                         0,
                         0,
                         {},
                         QStringLiteral("%1 of %2 nodes named from the node-name map").arg(renamed).arg(nodes.size())});
}

} // namespace Railyard::Ibnetdiscover
