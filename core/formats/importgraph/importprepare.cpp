#include "core/formats/importgraph/importgraph_p.h"

#include <QString>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <unordered_map>

namespace Railyard::ImportGraph {

int trailingNumber(std::string_view name)
{
    size_t start = name.size();
    while (start > 0 && std::isdigit(static_cast<unsigned char>(name[start - 1])))
        --start;
    if (start == name.size() || name.size() - start > 6)
        return -1;
    return std::stoi(std::string(name.substr(start)));
}

namespace Detail {
namespace {

std::string lower(std::string s)
{
    for (char &c : s)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

/// The words of a name: "gpu-r01-n007" → {"gpu", "r01", "n007"}.
std::vector<std::string> words(const std::string &name)
{
    std::vector<std::string> out;
    std::string current;
    for (const char c : name) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            current += char(std::tolower(static_cast<unsigned char>(c)));
        } else if (!current.empty()) {
            out.push_back(std::move(current));
            current.clear();
        }
    }
    if (!current.empty())
        out.push_back(std::move(current));
    return out;
}

/// The letters a word starts with: "leaf01" → "leaf".
std::string stem(const std::string &word)
{
    size_t n = 0;
    while (n < word.size() && std::isalpha(static_cast<unsigned char>(word[n])))
        ++n;
    return word.substr(0, n);
}

const std::set<std::string> &switchWords()
{
    static const std::set<std::string> words{"sw",  "switch", "leaf", "spine", "core", "tor", "agg",       "ssw",
                                             "fsw", "rsw",    "qm",   "sn",    "ibsw", "lsw", "superspine"};
    return words;
}

const std::set<std::string> &hostWords()
{
    static const std::set<std::string> words{"host",   "gpu", "node", "dgx", "hgx", "server",  "srv", "compute", "cn",
                                             "worker", "nid", "hpc",  "mlx", "hca", "trainer", "h",   "n"};
    return words;
}

/// "host", "switch" or "" from the words of a name. A name with words of
/// both kinds (a "node-sw" host?) says nothing.
std::string classFromName(const std::string &name)
{
    bool host = false, sw = false;
    for (const std::string &w : words(name)) {
        const std::string s = stem(w);
        if (switchWords().count(s) && (s.size() > 1 || w.size() > 1))
            sw = true;
        // Single letters ("h12", "n3", "g7") count only as a whole word with digits.
        else if (hostWords().count(s) && (s.size() > 1 || w.size() > 1))
            host = true;
    }
    if (host == sw)
        return {};
    return host ? "host" : "switch";
}

struct Arc
{
    int node, port;
};

} // namespace

std::string roleClass(const std::string &role)
{
    const std::string r = lower(role);
    if (r.empty())
        return {};
    if (roleTier(r) || r == "switch" || r.find("switch") != std::string::npos || r == "router")
        return "switch";
    for (const char *word : {"host", "server", "gpu", "compute", "node", "ca", "hca", "nic", "worker"})
        if (r.find(word) != std::string::npos)
            return "host";
    return {};
}

std::optional<Tier> roleTier(const std::string &role)
{
    const std::string r = lower(role);
    if (r.find("super") != std::string::npos || r.find("core") != std::string::npos)
        return Tier::Core;
    if (r.find("spine") != std::string::npos || r.find("aggregation") != std::string::npos)
        return Tier::Spine;
    if (r.find("leaf") != std::string::npos || r == "tor" || r.find("top-of-rack") != std::string::npos
        || r.find("access") != std::string::npos)
        return Tier::Leaf;
    return std::nullopt;
}

std::string rackFromName(const std::string &name)
{
    // Words separated by - _ . / or space; "rack" may stand apart from its number.
    std::string word;
    std::vector<std::pair<std::string, std::string>> parts; ///< (lowered word, original spelling)
    std::string original;
    auto flush = [&] {
        if (!word.empty())
            parts.emplace_back(word, original);
        word.clear();
        original.clear();
    };
    for (const char c : name) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            word += char(std::tolower(static_cast<unsigned char>(c)));
            original += c;
        } else {
            flush();
        }
    }
    flush();
    for (size_t i = 0; i < parts.size(); ++i) {
        const std::string &w = parts[i].first;
        const std::string s = stem(w);
        const bool digitsAfter = s.size() < w.size() && std::all_of(w.begin() + long(s.size()), w.end(), [](char c) {
                                     return std::isdigit(static_cast<unsigned char>(c));
                                 });
        if ((s == "r" || s == "rack" || s == "rk") && digitsAfter)
            return parts[i].second;
        if ((s == "rack" || s == "rk") && s == w && i + 1 < parts.size()
            && std::all_of(parts[i + 1].first.begin(), parts[i + 1].first.end(),
                           [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
            return parts[i].second + "-" + parts[i + 1].second;
    }
    return {};
}

Prepared prepare(std::vector<Node> &nodes, const QString &fileName)
{
    Prepared out;
    std::unordered_map<std::string, int> byId;
    for (size_t i = 0; i < nodes.size(); ++i)
        byId.emplace(nodes[i].nodeId, int(i));
    const bool anyUnknown
        = std::any_of(nodes.begin(), nodes.end(), [](const Node &n) { return n.type == NodeType::Unknown; });

    // Ports the source does not number (-1): the next free port of the node.
    std::vector<int> nextPort(nodes.size(), 1);
    for (const Node &n : nodes)
        for (const PortLine &p : n.links) {
            nextPort[size_t(&n - nodes.data())] = std::max(nextPort[size_t(&n - nodes.data())], p.port + 1);
            if (const auto r = byId.find(p.remote); r != byId.end())
                nextPort[size_t(r->second)] = std::max(nextPort[size_t(r->second)], p.remotePort + 1);
        }
    int numbered = 0;
    for (Node &n : nodes) {
        const size_t self = size_t(&n - nodes.data());
        for (PortLine &p : n.links) {
            if (p.port < 0) {
                p.port = nextPort[self]++;
                n.ports = std::max(n.ports, p.port);
                ++numbered;
            }
            const auto r = byId.find(p.remote);
            if (r != byId.end() && p.remotePort < 0) {
                Node &peer = nodes[size_t(r->second)];
                p.remotePort = nextPort[size_t(r->second)]++;
                peer.ports = std::max(peer.ports, p.remotePort);
                ++numbered;
            }
        }
    }
    if (numbered > 0)
        out.warnings.push_back(
            {fileName,
             0,
             0,
             {},
             QStringLiteral("%1 link ends carry no port number: numbered in the order listed").arg(numbered)});
    if (!anyUnknown)
        return out;

    // Neighbours of every node (links may be listed from one end only).
    std::vector<std::vector<int>> adjacent(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i)
        for (const PortLine &p : nodes[i].links)
            if (const auto r = byId.find(p.remote); r != byId.end() && r->second != int(i)) {
                adjacent[i].push_back(r->second);
                adjacent[size_t(r->second)].push_back(int(i));
            }
    std::vector<int> degree(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i)
        degree[i] = int(adjacent[i].size());

    enum Class : char { None, Host, Switch };
    std::vector<Class> cls(nodes.size(), None);
    std::vector<QString> why(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) {
        const Node &n = nodes[i];
        if (n.type == NodeType::Switch)
            cls[i] = Switch;
        else if (n.type == NodeType::Ca)
            cls[i] = Host;
        else if (n.type == NodeType::Unknown) {
            if (const std::string c = roleClass(n.role); !c.empty()) {
                cls[i] = c == "host" ? Host : Switch;
                why[i] = QStringLiteral("its role \"%1\"").arg(QString::fromStdString(n.role));
            } else if (const std::string c2 = classFromName(n.nodeId); !c2.empty()) {
                cls[i] = c2 == "host" ? Host : Switch;
                why[i] = QStringLiteral("its name");
            }
        }
    }
    // Names that make two cabled nodes both hosts ("n1" and "n9" of a graph
    // named n1…n12) say nothing: the graph's shape decides for them.
    std::vector<size_t> unnamed;
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].type == NodeType::Unknown && cls[i] == Host && why[i] == QStringLiteral("its name"))
            for (const int j : adjacent[i])
                if (cls[size_t(j)] == Host) {
                    unnamed.push_back(i);
                    break;
                }
    for (const size_t i : unnamed) {
        cls[i] = None;
        why[i].clear();
    }
    // The graph's shape: a node next to a host is a switch (hosts cable to
    // switches); of the rest, the nodes whose neighbours all have more links
    // than they do, and the fewest links of those, are hosts.
    for (size_t i = 0; i < nodes.size(); ++i)
        if (cls[i] == None)
            for (const int j : adjacent[i])
                if (cls[size_t(j)] == Host) {
                    cls[i] = Switch;
                    why[i] = QStringLiteral("it is cabled to a host");
                    break;
                }
    int fewest = -1;
    std::vector<size_t> candidates;
    for (size_t i = 0; i < nodes.size(); ++i) {
        if (cls[i] != None || degree[i] == 0)
            continue;
        const bool below = std::all_of(adjacent[i].begin(), adjacent[i].end(), [&](int j) {
            return cls[size_t(j)] == Switch || (cls[size_t(j)] == None && degree[size_t(j)] > degree[i]);
        });
        if (below) {
            candidates.push_back(i);
            fewest = fewest < 0 ? degree[i] : std::min(fewest, degree[i]);
        }
    }
    for (const size_t i : candidates)
        if (degree[i] == fewest) {
            cls[i] = Host;
            why[i] = QStringLiteral("the graph's shape (%1 link(s), every neighbour has more)").arg(degree[i]);
        }
    for (size_t i = 0; i < nodes.size(); ++i)
        if (cls[i] == None) {
            cls[i] = Switch;
            why[i] = QStringLiteral("the graph's shape (not a host: it has neighbours with fewer links)");
        }

    // Hosts found among the unknown nodes become one CA per link (a NIC each).
    int hostsFound = 0, switchesFound = 0;
    std::vector<Node> result;
    result.reserve(nodes.size());
    std::map<std::pair<std::string, int>, std::string> renamed; ///< (host, port) → its CA's id
    for (size_t i = 0; i < nodes.size(); ++i) {
        Node &n = nodes[i];
        if (n.type != NodeType::Unknown) {
            result.push_back(std::move(n));
            continue;
        }
        out.inferences.push_back(
            Inference{Inference::Kind::Role, n.nodeId, cls[i] == Host ? "host" : "switch",
                      QStringLiteral("a %1 by %2")
                          .arg(cls[i] == Host ? QStringLiteral("host") : QStringLiteral("switch"), why[i])});
        if (cls[i] == Switch) {
            ++switchesFound;
            n.type = NodeType::Switch;
            if (n.desc.empty())
                n.desc = n.nodeId;
            result.push_back(std::move(n));
            continue;
        }
        ++hostsFound;
        // The ports this host uses, from its own lines and its peers'.
        std::map<int, std::string> portNames;
        for (const PortLine &p : n.links)
            portNames.emplace(p.port, p.portName);
        for (const int j : adjacent[i])
            for (const PortLine &p : nodes[size_t(j)].links)
                if (p.remote == n.nodeId)
                    portNames.emplace(p.remotePort, std::string());
        std::set<int> numbers;
        bool numberedNames = true;
        for (const auto &[port, name] : portNames) {
            const int k = name.empty() ? -1 : trailingNumber(name);
            numberedNames = numberedNames && k >= 0 && numbers.insert(k).second;
        }
        int order = 0;
        for (const auto &[port, name] : portNames) {
            Node ca;
            ca.type = NodeType::Ca;
            ca.nodeId = n.nodeId + "#" + std::to_string(port);
            ca.host = n.nodeId;
            ca.device = numberedNames ? trailingNumber(name) : order;
            ca.ports = 1;
            ca.rack = n.rack;
            ca.zone = n.zone;
            ca.model = n.model;
            ca.line = n.line;
            for (const PortLine &p : n.links)
                if (p.port == port) {
                    PortLine q = p;
                    q.port = 1;
                    ca.links.push_back(std::move(q));
                }
            renamed[{n.nodeId, port}] = ca.nodeId;
            result.push_back(std::move(ca));
            ++order;
        }
    }
    for (Node &n : result)
        for (PortLine &p : n.links)
            if (const auto it = renamed.find({p.remote, p.remotePort}); it != renamed.end()) {
                p.remote = it->second;
                p.remotePort = 1;
            }
    nodes = std::move(result);
    out.warnings.push_back({fileName,
                            0,
                            0,
                            {},
                            QStringLiteral("inferred: %1 nodes without a role are hosts and %2 are switches (from "
                                           "role words, names, then the graph's shape; review them in the Problems "
                                           "dock)")
                                .arg(hostsFound)
                                .arg(switchesFound)});
    return out;
}

} // namespace Detail
} // namespace Railyard::ImportGraph
