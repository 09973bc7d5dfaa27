#include "core/formats/dot/attributedgraph.h"

#include "core/formats/importgraph/importgraph.h"
#include "core/common/messagetext.h"
#include "core/common/limits.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

namespace Railyard::AttributedGraph {
namespace {

using ImportGraph::NodeType;

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

QString q(const std::string &s)
{
    return elided(QString::fromStdString(s));
}

enum class Kind { Host, Switch, Unknown };

struct Role
{
    Kind kind = Kind::Unknown;
    std::string tier; ///< switches: "leaf", "spine", "core" or "switch" (tier unknown)
};

/// The role a word names: a host, a switch of a tier, or nothing Railyard knows.
std::optional<Role> roleFromWord(const std::string &word)
{
    static const std::map<std::string, Role> words = {
        {"host", {Kind::Host, {}}},
        {"server", {Kind::Host, {}}},
        {"gpu", {Kind::Host, {}}},
        {"node", {Kind::Host, {}}},
        {"compute", {Kind::Host, {}}},
        {"switch", {Kind::Switch, "switch"}},
        {"leaf", {Kind::Switch, "leaf"}},
        {"tor", {Kind::Switch, "leaf"}},
        {"spine", {Kind::Switch, "spine"}},
        {"core", {Kind::Switch, "core"}},
        {"superspine", {Kind::Switch, "core"}},
        {"super-spine", {Kind::Switch, "core"}},
        {"1", {Kind::Switch, "leaf"}},
        {"2", {Kind::Switch, "spine"}},
        {"3", {Kind::Switch, "core"}},
    };
    const auto it = words.find(lower(trim(word)));
    if (it == words.end())
        return std::nullopt;
    return it->second;
}

/// A host port: "nic3/2" → (3, 2); a name ending in a number → (number, 1); else nullopt.
std::optional<std::pair<int, int>> hostPort(const std::string &name)
{
    const std::string p = lower(trim(name));
    if (p.rfind("nic", 0) == 0) {
        const size_t slash = p.find('/');
        int nic = -1, port = -1;
        if (slash != std::string::npos) {
            const auto a = std::from_chars(p.data() + 3, p.data() + slash, nic);
            const auto b = std::from_chars(p.data() + slash + 1, p.data() + p.size(), port);
            if (a.ec == std::errc() && a.ptr == p.data() + slash && b.ec == std::errc() && b.ptr == p.data() + p.size()
                && nic >= 0 && nic < Limits::maxNicsPerHost && port >= 1 && port <= Limits::maxNicPorts)
                return std::pair(nic, port);
        }
    }
    const int n = ImportGraph::trailingNumber(p);
    if (n >= 0 && n < Limits::maxNicsPerHost)
        return std::pair(n, 1);
    return std::nullopt;
}

/// Where the ends of an edge go once nodes are known.
struct End
{
    int node = -1;        ///< index into graph.nodes
    std::string portName; ///< as written
    int edge = -1;
    bool isA = true;
    std::string importId; ///< the ImportGraph node the end lands on
    int port = 0;         ///< 1-based on that node
};

struct EdgeFacts
{
    double gbps = 0;
    std::optional<LinkState> state;
    double degradedGbps = 0;
    bool skipped = false;
};

class Builder
{
public:
    Builder(Graph graph, std::vector<FormatError> warnings, const QString &fileName)
        : m_graph(std::move(graph))
        , m_warnings(std::move(warnings))
        , m_file(fileName)
    { }

    ReadResult run();

private:
    void error(int line, int column, const QString &message)
    {
        if (m_errors.size() < 50)
            m_errors.push_back({m_file, line, column, {}, message});
    }
    void warn(int line, int column, const QString &message)
    {
        if (m_warnings.size() < 100)
            m_warnings.push_back({m_file, line, column, {}, message});
    }
    std::string nameOf(int node) const
    {
        const Element &e = m_graph.nodes[size_t(node)];
        return e.name.empty() ? e.key : e.name;
    }
    const std::string *attr(const Attributes &attrs, std::initializer_list<const char *> names) const
    {
        for (const char *n : names)
            if (const auto it = attrs.find(n); it != attrs.end() && !trim(it->second).empty())
                return &it->second;
        return nullptr;
    }
    /// The element's rack, zone and model attributes, where it has them.
    void copyLocation(const Element &e, ImportGraph::Node &n) const
    {
        if (const std::string *v = attr(e.attrs, {"rack"}))
            n.rack = *v;
        if (const std::string *v = attr(e.attrs, {"zone"}))
            n.zone = *v;
        if (const std::string *v = attr(e.attrs, {"model"}))
            n.model = *v;
    }
    bool readInt(const Element &e, const char *name, int low, int high, int *out);
    void classify();
    void readEdges();
    void assignSwitchPorts(int node, std::vector<End *> &ends);
    void assignHostPorts(int node, std::vector<End *> &ends);
    void finish(ReadResult &result);

    Graph m_graph;
    std::vector<FormatError> m_warnings;
    std::vector<FormatError> m_errors;
    QString m_file;
    std::vector<Role> m_roles;
    std::vector<int> m_gpus;  ///< per node; 0 = not given
    std::vector<int> m_radix; ///< per node; 0 = not given
    std::vector<EdgeFacts> m_facts;
    std::vector<End> m_ends; ///< two per edge: a at 2i, b at 2i + 1
    std::vector<ImportGraph::Node> m_out;
    bool m_bareUnitWarned = false;
};

bool Builder::readInt(const Element &e, const char *name, int low, int high, int *out)
{
    const std::string *text = attr(e.attrs, {name});
    if (!text)
        return false;
    const std::string_view t = trim(*text);
    int v = 0;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec != std::errc() || r.ptr != t.data() + t.size() || v < low || v > high) {
        error(e.line, e.column,
              QStringLiteral("node %1: %2 must be a whole number from %3 to %4, got \"%5\"")
                  .arg(q(nameOf(int(&e - m_graph.nodes.data()))), QLatin1String(name), QString::number(low),
                       QString::number(high), q(*text)));
        return false;
    }
    *out = v;
    return true;
}

void Builder::classify()
{
    m_roles.resize(m_graph.nodes.size());
    m_gpus.assign(m_graph.nodes.size(), 0);
    m_radix.assign(m_graph.nodes.size(), 0);
    std::set<std::string> names;
    for (size_t i = 0; i < m_graph.nodes.size(); ++i) {
        const Element &e = m_graph.nodes[i];
        const std::string name = nameOf(int(i));
        if (name.empty() || name.size() > size_t(Limits::maxIdBytes)) {
            error(e.line, e.column, QStringLiteral("a node name must have 1 to %1 bytes").arg(Limits::maxIdBytes));
            continue;
        }
        if (!names.insert(name).second)
            error(e.line, e.column, QStringLiteral("two nodes are named %1").arg(q(name)));
        Role role;
        if (const std::string *word = attr(e.attrs, {"role", "type", "kind"})) {
            if (const auto r = roleFromWord(*word))
                role = *r;
            else
                role.tier = *word; // a hint the builder reads ("router", "gpu-server", "top-of-rack")
        }
        if (const std::string *tier = attr(e.attrs, {"tier"})) {
            const auto r = roleFromWord(*tier);
            if (r && r->kind == Kind::Switch && role.kind != Kind::Host
                && (role.kind == Kind::Unknown || r->tier != "switch"))
                role = *r;
            else if (!r || role.kind == Kind::Host)
                warn(e.line, e.column, QStringLiteral("node %1: tier \"%2\" ignored").arg(q(name), q(*tier)));
        }
        m_roles[i] = role;
        readInt(e, "gpus", 1, Limits::maxGpusPerHost, &m_gpus[i]);
        readInt(e, "radix", 1, Limits::maxRadix, &m_radix[i]);
    }
}

void Builder::readEdges()
{
    std::unordered_map<std::string, int> byKey;
    for (size_t i = 0; i < m_graph.nodes.size(); ++i)
        byKey.emplace(m_graph.nodes[i].key, int(i));
    m_facts.resize(m_graph.edges.size());
    m_ends.resize(m_graph.edges.size() * 2);
    for (size_t i = 0; i < m_graph.edges.size(); ++i) {
        const Edge &e = m_graph.edges[i];
        EdgeFacts &facts = m_facts[i];
        const auto a = byKey.find(e.a), b = byKey.find(e.b);
        if (a == byKey.end() || b == byKey.end()) {
            error(e.line, e.column,
                  QStringLiteral("edge %1 -- %2: no node %3").arg(q(e.a), q(e.b), q(a == byKey.end() ? e.a : e.b)));
            facts.skipped = true;
            continue;
        }
        const QString what = QStringLiteral("edge %1 -- %2").arg(q(nameOf(a->second)), q(nameOf(b->second)));
        if (a->second == b->second) {
            warn(e.line, e.column, QStringLiteral("%1 is a loop on one node: skipped").arg(what));
            facts.skipped = true;
            continue;
        }
        // A speed: `gbps` is Gb/s; speed, bandwidth and capacity take units (attributedgraph.h).
        for (const char *key : {"gbps", "speed_gbps", "speed", "bandwidth", "capacity"}) {
            const std::string *text = attr(e.attrs, {key});
            if (!text)
                continue;
            std::string unit;
            const bool strict = std::string_view(key) == "gbps" || std::string_view(key) == "speed_gbps";
            std::optional<double> gbps = parseGbps(*text, &unit);
            if (strict && !unit.empty())
                gbps.reset();
            if (!gbps) {
                error(e.line, e.column,
                      QStringLiteral("%1: %2 \"%3\" is not a link speed (400, 400G, 400Gbps, 1.6T)")
                          .arg(what, QLatin1String(key), q(*text)));
                facts.skipped = true;
            } else {
                facts.gbps = *gbps;
                if (!unit.empty() && !m_bareUnitWarned) {
                    m_bareUnitWarned = true;
                    warn(e.line, e.column,
                         QStringLiteral("%1: %2 %3 read as %4 (%5 Gb/s): bare numbers above 6400 are Mb/s, above "
                                        "6.4 million b/s")
                             .arg(what, QLatin1String(key), q(*text), QString::fromStdString(unit))
                             .arg(*gbps));
                }
            }
            break;
        }
        if (const std::string *state = attr(e.attrs, {"state", "status"})) {
            facts.state = linkStateFromName(lower(trim(*state)));
            if (!facts.state) {
                error(e.line, e.column,
                      QStringLiteral("%1: state \"%2\" is not up, down or degraded").arg(what, q(*state)));
                facts.skipped = true;
            } else if (*facts.state == LinkState::Degraded) {
                const std::string *rate = attr(e.attrs, {"degraded_gbps"});
                const std::optional<double> g = rate ? parseGbps(*rate) : std::nullopt;
                if (!g) {
                    error(e.line, e.column,
                          QStringLiteral("%1 is degraded: degraded_gbps must give the rate it runs at").arg(what));
                    facts.skipped = true;
                } else {
                    facts.degradedGbps = *g;
                }
            }
        }
        m_ends[2 * i] = End{a->second, e.aPort, int(i), true, {}, 0};
        m_ends[2 * i + 1] = End{b->second, e.bPort, int(i), false, {}, 0};
        if (const std::string *p = attr(e.attrs, {"a_port", "port_a", "tailport"}))
            m_ends[2 * i].portName = std::string(trim(*p));
        if (const std::string *p = attr(e.attrs, {"b_port", "port_b", "headport"}))
            m_ends[2 * i + 1].portName = std::string(trim(*p));
    }
}

void Builder::assignSwitchPorts(int node, std::vector<End *> &ends)
{
    const std::string name = nameOf(node);
    std::vector<int> number(ends.size(), -1);
    bool zero = false;
    for (size_t k = 0; k < ends.size(); ++k) {
        number[k] = ends[k]->portName.empty() ? -1 : ImportGraph::trailingNumber(ends[k]->portName);
        if (number[k] > Limits::maxRadix)
            number[k] = -1;
        zero = zero || number[k] == 0;
    }
    if (zero) {
        // Port 0 is a switch's management port in the builder: a list counting from 0 is shifted.
        for (int &n : number)
            if (n >= 0)
                ++n;
        warn(m_graph.nodes[size_t(node)].line, m_graph.nodes[size_t(node)].column,
             QStringLiteral("node %1 numbers a port 0: its ports are read as counted from 0").arg(q(name)));
    }
    std::set<int> used;
    for (size_t k = 0; k < ends.size(); ++k) {
        if (number[k] < 0)
            continue;
        if (!used.insert(number[k]).second) {
            const Edge &e = m_graph.edges[size_t(ends[k]->edge)];
            warn(e.line, e.column,
                 QStringLiteral("port %1 of %2 is cabled twice: this link gets a free port")
                     .arg(q(ends[k]->portName), q(name)));
            number[k] = -1;
        }
    }
    int next = 1;
    for (size_t k = 0; k < ends.size(); ++k) {
        if (number[k] < 0) {
            while (used.count(next))
                ++next;
            number[k] = next;
            used.insert(next);
        }
        ends[k]->importId = name;
        ends[k]->port = number[k];
    }
    const Element &e = m_graph.nodes[size_t(node)];
    ImportGraph::Node n;
    n.type = m_roles[size_t(node)].kind == Kind::Switch ? NodeType::Switch : NodeType::Unknown;
    n.role = m_roles[size_t(node)].tier;
    n.ports = m_radix[size_t(node)];
    n.nodeId = name;
    n.desc = name;
    n.line = e.line;
    copyLocation(e, n);
    m_out.push_back(std::move(n));
}

void Builder::assignHostPorts(int node, std::vector<End *> &ends)
{
    const std::string name = nameOf(node);
    std::vector<std::pair<int, int>> devicePort(ends.size());
    bool numbered = true;
    std::set<std::pair<int, int>> seen;
    for (size_t k = 0; k < ends.size() && numbered; ++k) {
        const auto p = hostPort(ends[k]->portName);
        numbered = p && seen.insert(*p).second;
        if (p && !numbered)
            warn(m_graph.nodes[size_t(node)].line, m_graph.nodes[size_t(node)].column,
                 QStringLiteral("host %1 has port %2 on two links: its NICs are taken in link order")
                     .arg(q(name), q(ends[k]->portName)));
        if (numbered)
            devicePort[k] = *p;
    }
    if (!numbered)
        for (size_t k = 0; k < ends.size(); ++k)
            devicePort[k] = {int(k), 1};
    const Element &e = m_graph.nodes[size_t(node)];
    std::map<int, size_t> caOf; ///< device → index in m_out
    auto ca = [&](int device) -> ImportGraph::Node & {
        const auto [it, inserted] = caOf.try_emplace(device, m_out.size());
        if (inserted) {
            ImportGraph::Node n;
            n.type = NodeType::Ca;
            n.role = "host";
            n.nodeId = name + "#" + std::to_string(device);
            n.desc = name + " " + std::to_string(device);
            n.host = name;
            n.device = device;
            n.line = e.line;
            copyLocation(e, n);
            m_out.push_back(std::move(n));
        }
        return m_out[it->second];
    };
    if (ends.empty())
        ca(0); // a host without links keeps one NIC
    for (size_t k = 0; k < ends.size(); ++k) {
        ImportGraph::Node &n = ca(devicePort[k].first);
        n.ports = std::max(n.ports, devicePort[k].second);
        ends[k]->importId = n.nodeId;
        ends[k]->port = devicePort[k].second;
    }
}

} // namespace

/// The rack a cluster stands for: `cluster_rack_r01`, `cluster_r01`, label "rack r01", "r01"; empty if none.
std::string groupRack(const std::string &name, const std::string &label)
{
    auto lower = [](std::string s) {
        for (char &c : s)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        return s;
    };
    auto rackNumber = [&](const std::string &s) { // r01, R-12, r_3
        const std::string l = lower(s);
        size_t i = 1;
        if (l.size() < 2 || l[0] != 'r')
            return false;
        if (l[i] == '-' || l[i] == '_')
            ++i;
        return i < l.size() && l.find_first_not_of("0123456789", i) == std::string::npos;
    };
    auto afterRack = [&](const std::string &s) -> std::string { // "rack r01", "rack_12", "Rack-3"
        const std::string l = lower(s);
        if (l.rfind("rack", 0) != 0)
            return {};
        const size_t start = s.find_first_not_of(" _-:", 4);
        return start == 4 || start == std::string::npos ? std::string() : s.substr(start);
    };
    if (!label.empty()) {
        if (std::string r = afterRack(label); !r.empty())
            return r;
        if (rackNumber(label))
            return label;
    }
    if (lower(name).rfind("cluster", 0) == 0) {
        const size_t start = name.find_first_not_of("_-", 7);
        const std::string rest = start == std::string::npos ? std::string() : name.substr(start);
        if (std::string r = afterRack(rest); !r.empty())
            return r;
        if (rackNumber(rest))
            return rest;
    }
    return {};
}

std::optional<double> parseGbps(const std::string &text, std::string *bareUnit)
{
    const std::string t = lower(trim(text));
    double v = 0;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec != std::errc() || !std::isfinite(v))
        return std::nullopt;
    const std::string unit(trim(std::string_view(r.ptr, size_t(t.data() + t.size() - r.ptr))));
    double scale = 1;
    if (unit.empty()) {
        if (v > 6.4e6) {
            scale = 1e-9;
            if (bareUnit)
                *bareUnit = "b/s";
        } else if (v > 6400) {
            scale = 1e-3;
            if (bareUnit)
                *bareUnit = "Mb/s";
        }
    } else {
        static const std::map<std::string, double> prefixes = {{"t", 1e3}, {"g", 1}, {"m", 1e-3}, {"k", 1e-6}};
        const auto p = prefixes.find(unit.substr(0, 1));
        const std::string rest = unit.substr(1);
        static const std::set<std::string> tails = {"", "b", "bps", "b/s", "bit", "bit/s", "bits/s", "bits", "be"};
        if (p == prefixes.end() || !tails.count(rest))
            return std::nullopt;
        scale = p->second;
    }
    const double gbps = v * scale;
    if (!Limits::isValidGbps(gbps))
        return std::nullopt;
    return gbps;
}

ReadResult Builder::run()
{
    classify();
    readEdges();
    if (!m_errors.empty()) {
        ReadResult r;
        r.errors = std::move(m_errors);
        return r;
    }
    // Every node's link ends in edge order, then ports and ImportGraph nodes.
    std::vector<std::vector<End *>> endsOf(m_graph.nodes.size());
    for (size_t i = 0; i < m_graph.edges.size(); ++i)
        if (!m_facts[i].skipped) {
            endsOf[size_t(m_ends[2 * i].node)].push_back(&m_ends[2 * i]);
            endsOf[size_t(m_ends[2 * i + 1].node)].push_back(&m_ends[2 * i + 1]);
        }
    for (size_t i = 0; i < m_graph.nodes.size(); ++i) {
        if (m_roles[i].kind == Kind::Host)
            assignHostPorts(int(i), endsOf[i]);
        else
            assignSwitchPorts(int(i), endsOf[i]);
    }
    std::unordered_map<std::string, size_t> outIndex;
    for (size_t i = 0; i < m_out.size(); ++i)
        outIndex.emplace(m_out[i].nodeId, i);
    // Speeds: where no link has one, 400 Gb/s for all.
    const bool anySpeed
        = std::any_of(m_facts.begin(), m_facts.end(), [](const EdgeFacts &f) { return !f.skipped && f.gbps > 0; });
    int links = 0;
    for (size_t i = 0; i < m_graph.edges.size(); ++i) {
        if (m_facts[i].skipped)
            continue;
        ++links;
        const double gbps = anySpeed ? m_facts[i].gbps : 400.0;
        const End &a = m_ends[2 * i], &b = m_ends[2 * i + 1];
        const int line = m_graph.edges[i].line;
        // Listed from both ends, so each keeps its own port name.
        m_out[outIndex[a.importId]].links.push_back(
            ImportGraph::PortLine{a.port, b.importId, b.port, {}, gbps, a.portName, line});
        m_out[outIndex[b.importId]].links.push_back(
            ImportGraph::PortLine{b.port, a.importId, a.port, {}, gbps, b.portName, line});
    }
    if (!anySpeed && links > 0)
        warn(0, 0,
             QStringLiteral("no link gives a speed (gbps, speed, bandwidth or capacity): %1 links read as 400 Gb/s")
                 .arg(links));
    ReadResult result = ImportGraph::build(std::move(m_out), std::move(m_warnings), m_file);
    if (result.ok())
        finish(result);
    return result;
}

void Builder::finish(ReadResult &result)
{
    Fabric &f = *result.fabric;
    if (!m_graph.name.empty() && m_graph.name.size() <= size_t(Limits::maxIdBytes))
        f.name = m_graph.name;
    // What ImportGraph::Node does not carry: GPUs per host, GPU and switch models.
    for (size_t i = 0; i < m_graph.nodes.size(); ++i) {
        const NodeIndex n = f.findNode(nameOf(int(i)));
        const Attributes &attrs = m_graph.nodes[i].attrs;
        if (f.isHost(n)) {
            Host &h = f.host(n);
            if (m_gpus[i] > 0)
                h.gpus = m_gpus[i];
            if (const std::string *v = attr(attrs, {"gpu_model"}))
                h.gpuModel = *v;
        } else if (f.isSwitch(n)) {
            Switch &s = f.switchAt(f.switchIndexOf(n));
            if (const std::string *v = attr(attrs, {"model"}); v && s.model.empty())
                s.model = *v;
        }
    }
    // The file's speeds are capacities, not rates a link trained at: a link
    // slower than its tier's usual rate is not degraded unless the file says
    // so. Edges are found by a switch end and its port (unique in a valid fabric).
    std::map<std::pair<std::string, int>, size_t> byPort;
    for (size_t i = 0; i < m_graph.edges.size(); ++i) {
        if (m_facts[i].skipped)
            continue;
        for (const End *end : {&m_ends[2 * i], &m_ends[2 * i + 1]})
            if (m_roles[size_t(end->node)].kind != Kind::Host)
                byPort.emplace(std::pair(end->importId, end->port - 1), i);
    }
    bool changed = false;
    std::set<std::string> undone; ///< links whose speed inference no longer holds
    for (std::int32_t l = 0; l < f.linkCount(); ++l) {
        Link &link = f.link(l);
        for (const auto &[node, port] : {std::pair(link.a, link.portA), std::pair(link.b, link.portB)}) {
            const auto it = f.isSwitch(node) ? byPort.find({f.nodeId(node), port}) : byPort.end();
            if (it == byPort.end())
                continue;
            const EdgeFacts &facts = m_facts[it->second];
            if (facts.gbps > 0 && (link.capacityGbps != facts.gbps || link.state != LinkState::Up)) {
                link.capacityGbps = facts.gbps;
                link.state = LinkState::Up;
                link.degradedGbps = 0;
                undone.insert(link.id);
                changed = true;
            }
            if (!facts.state)
                break;
            if (*facts.state == LinkState::Degraded && facts.degradedGbps > link.capacityGbps) {
                const Edge &e = m_graph.edges[it->second];
                result.errors.push_back({m_file,
                                         e.line,
                                         e.column,
                                         {},
                                         QStringLiteral("link %1: degraded_gbps is above its %2 Gb/s")
                                             .arg(q(link.id))
                                             .arg(link.capacityGbps)});
                break;
            }
            link.state = *facts.state;
            link.degradedGbps = *facts.state == LinkState::Degraded ? facts.degradedGbps : 0.0;
            break;
        }
    }
    if (!result.errors.empty()) {
        result.fabric.reset();
        return;
    }
    if (!changed)
        return;
    std::erase_if(result.inferences,
                  [&](const Inference &i) { return i.kind == Inference::Kind::Speed && undone.count(i.elementId); });
    std::erase_if(result.warnings, [&](const FormatError &w) {
        if (!w.message.contains(QLatin1String("imported as degraded")))
            return false;
        for (const std::string &id : undone)
            if (w.message.startsWith(QString::fromStdString(id) + QLatin1Char(' ')))
                return true;
        return false;
    });
    // NIC speeds follow their links' capacities again.
    for (std::int32_t h = 0; h < f.hostCount(); ++h) {
        Host &host = f.host(h);
        std::vector<double> speed(host.nics.size(), 0.0);
        for (const std::int32_t l : f.incidentLinks(f.hostNode(h))) {
            const Link &link = f.link(l);
            int port = link.a == f.hostNode(h) ? link.portA : link.portB;
            for (size_t k = 0; k < host.nics.size() && port >= 0; ++k) {
                if (port < host.nics[k].ports) {
                    speed[k] = std::max(speed[k], link.capacityGbps * host.nics[k].ports);
                    break;
                }
                port -= host.nics[k].ports;
            }
        }
        for (size_t k = 0; k < host.nics.size(); ++k)
            if (speed[k] > 0)
                host.nics[k].speedGbps = speed[k];
    }
}

ReadResult build(Graph graph, std::vector<FormatError> warnings, const QString &fileName)
{
    return Builder(std::move(graph), std::move(warnings), fileName).run();
}

} // namespace Railyard::AttributedGraph
