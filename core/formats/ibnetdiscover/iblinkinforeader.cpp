#include "core/formats/ibnetdiscover/iblinkinforeader.h"

#include "core/formats/importgraph/importgraph.h"
#include "core/formats/textlines.h"

#include <cmath>
#include <cstdlib>
#include <map>

namespace Railyard::Iblinkinfo {
namespace {

using ImportGraph::Node;
using ImportGraph::NodeType;
using ImportGraph::PortLine;

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

/// The speed name of a lane's signalling rate as iblinkinfo prints it.
std::string laneName(double gbps)
{
    struct Lane
    {
        double signalling;
        const char *name;
    };
    static constexpr Lane lanes[]
        = {{2.5, "SDR"},      {5.0, "DDR"},    {10.0, "QDR"},   {10.3125, "FDR10"}, {14.0625, "FDR"},
           {25.78125, "EDR"}, {53.125, "HDR"}, {106.25, "NDR"}, {212.5, "XDR"}};
    for (const Lane &l : lanes)
        if (std::abs(l.signalling - gbps) < 1e-3)
            return l.name;
    return "???";
}

/// The local port: the number before the first '[' of the text before "==(".
int localPort(std::string_view before)
{
    const size_t bracket = before.rfind('[');
    if (bracket == std::string_view::npos)
        return -1;
    size_t start = bracket;
    while (start > 0 && before[start - 1] >= '0' && before[start - 1] <= '9')
        --start;
    if (start == bracket)
        return -1;
    return std::atoi(std::string(before.substr(start, bracket - start)).c_str());
}

struct Parsed
{
    int port = -1;
    std::string rate; ///< "4xHDR"; empty when down
    bool down = false;
    int peerPort = -1;
    std::string peer; ///< the peer's description
};

/// "==( 4X 53.125 Gbps Active/ LinkUp)==> [0xGUID] LID PORT[ ] "desc" ( … )"
bool parseLink(std::string_view before, std::string_view rest, Parsed *out)
{
    out->port = localPort(before);
    if (out->port < 0)
        return false;
    const size_t close = rest.find(")==>");
    if (close == std::string_view::npos)
        return false;
    const std::string_view inside = rest.substr(0, close);
    std::string_view after = rest.substr(close + 4);
    if (inside.find("Down") != std::string_view::npos || inside.find("Polling") != std::string_view::npos) {
        out->down = true;
        return true;
    }
    // Width ("4X") and the number before "Gbps".
    int width = 0;
    double lane = 0;
    size_t i = 0;
    std::string previous;
    while (i < inside.size()) {
        while (i < inside.size() && (inside[i] == ' ' || inside[i] == '\t'))
            ++i;
        const size_t start = i;
        while (i < inside.size() && inside[i] != ' ' && inside[i] != '\t')
            ++i;
        const std::string token(inside.substr(start, i - start));
        if (!token.empty() && (token.back() == 'X' || token.back() == 'x') && width == 0)
            width = std::atoi(token.c_str());
        if (token == "Gbps")
            lane = std::atof(previous.c_str());
        previous = token;
    }
    out->rate = width > 0 && lane > 0 ? std::to_string(width) + "x" + laneName(lane) : std::string("4x???");
    const size_t quote = after.find('"');
    const size_t endQuote = quote == std::string_view::npos ? quote : after.find('"', quote + 1);
    if (endQuote == std::string_view::npos)
        return false;
    out->peer = std::string(trim(after.substr(quote + 1, endQuote - quote - 1)));
    out->peerPort = localPort(after.substr(0, quote));
    return !out->peer.empty() && out->peerPort > 0;
}

} // namespace

ReadResult read(std::string_view text, const QString &fileName)
{
    std::vector<FormatError> warnings;
    std::vector<FormatError> errors;
    std::vector<Node> nodes;
    std::map<std::string, int> byName;
    std::map<std::string, int> lineCount; ///< -l mode: lines per node, to tell switches from CAs
    bool lineMode = false;
    int current = -1;
    int lineNo = 0;
    auto nodeNamed = [&](const std::string &name, NodeType type, int line) {
        auto [it, inserted] = byName.try_emplace(name, int(nodes.size()));
        if (inserted) {
            Node n;
            n.type = type;
            n.nodeId = name;
            n.desc = name;
            n.line = line;
            nodes.push_back(std::move(n));
        }
        return it->second;
    };
    while (!text.empty()) {
        std::string_view line = trim(takeLine(text));
        ++lineNo;
        if (line.empty() || line.front() == '#')
            continue;
        if (line.substr(0, 3) == "CA:" && line.back() == ':') {
            current = nodeNamed(std::string(trim(line.substr(3, line.size() - 4))), NodeType::Ca, lineNo);
            continue;
        }
        if (line.substr(0, 7) == "Switch:" && line.back() == ':') {
            std::string_view rest = trim(line.substr(7, line.size() - 8));
            if (rest.substr(0, 2) == "0x") {
                const size_t space = rest.find_first_of(" \t");
                rest = space == std::string_view::npos ? std::string_view() : trim(rest.substr(space));
            }
            current = nodeNamed(std::string(rest), NodeType::Switch, lineNo);
            nodes[size_t(current)].type = NodeType::Switch;
            continue;
        }
        const size_t arrow = line.find("==(");
        if (arrow == std::string_view::npos) {
            warnings.push_back({fileName,
                                lineNo,
                                0,
                                {},
                                QStringLiteral("skipped a line that is not iblinkinfo output: %1")
                                    .arg(QString::fromUtf8(line.data(), int(std::min<size_t>(line.size(), 120))))});
            continue;
        }
        std::string_view before = line.substr(0, arrow);
        int node = current;
        // -l: the line names its own node: 0xGUID "desc" LID PORT[ ]
        if (const size_t quote = before.find('"'); quote != std::string_view::npos) {
            const size_t endQuote = before.find('"', quote + 1);
            if (endQuote == std::string_view::npos) {
                errors.push_back({fileName, lineNo, 0, {}, QStringLiteral("an unterminated node description")});
                continue;
            }
            const std::string name(trim(before.substr(quote + 1, endQuote - quote - 1)));
            lineMode = true;
            node = nodeNamed(name, NodeType::Ca, lineNo);
            ++lineCount[name];
            before = before.substr(endQuote + 1);
        }
        if (node < 0) {
            errors.push_back(
                {fileName, lineNo, 0, {}, QStringLiteral("a port line before any \"Switch:\" or \"CA:\" header")});
            continue;
        }
        Parsed p;
        if (!parseLink(before, line.substr(arrow + 3), &p)) {
            errors.push_back({fileName,
                              lineNo,
                              0,
                              {},
                              QStringLiteral("cannot read this port line: PORT[ ] ==( WIDTH SPEED Gbps STATE )==> "
                                             "PEER-LID PEER-PORT[ ] \"PEER\" expected")});
            continue;
        }
        Node &n = nodes[size_t(node)];
        n.ports = std::max(n.ports, p.port);
        if (p.down)
            continue;
        nodeNamed(p.peer, NodeType::Ca, lineNo);
        PortLine link;
        link.port = p.port;
        link.remote = p.peer;
        link.remotePort = p.peerPort;
        link.rate = p.rate;
        link.line = lineNo;
        nodes[size_t(node)].links.push_back(std::move(link));
    }
    if (!errors.empty()) {
        ReadResult r;
        r.errors = std::move(errors);
        return r;
    }
    // Peers seen only from the other end: their port counts from the references.
    for (const Node &n : nodes)
        for (const PortLine &l : n.links) {
            Node &peer = nodes[size_t(byName[l.remote])];
            peer.ports = std::max(peer.ports, l.remotePort);
        }
    if (lineMode) {
        // Line mode has no headers: a switch lists every port (down ones too); an HCA one or two.
        int switches = 0;
        for (Node &n : nodes)
            if (lineCount[n.nodeId] >= 3) {
                n.type = NodeType::Switch;
                ++switches;
            }
        warnings.push_back({fileName,
                            0,
                            0,
                            {},
                            QStringLiteral("inferred: %1 switches (nodes listing three ports or more); the others are "
                                           "HCAs")
                                .arg(switches)});
    }
    ReadResult built = ImportGraph::build(std::move(nodes), std::move(warnings), fileName);
    if (built.fabric)
        built.fabric->transport = Transport::InfiniBand; // the dump is of an InfiniBand subnet
    return built;
}

} // namespace Railyard::Iblinkinfo
