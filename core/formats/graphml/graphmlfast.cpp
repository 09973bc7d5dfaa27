// The fast path of the GraphML reader. A plainly written file — UTF-8, no
// DTD, CDATA, entity or character references, only GraphML's own elements,
// keys Railyard knows — is read in one pass over the bytes, with no QString
// per value, straight into the model. Anything else makes it give up and the
// full reader (QXmlStreamReader, every message with line and column) reads
// the file. The rules for values (keys by attr.name, "all" domains, defaults,
// generated edge ids, NICs and radix derived from the links) are those of
// graphmlreader.cpp; tst_graphml and the fuzz target read inputs both ways
// and compare.

#include "core/formats/graphml/graphmlfast.h"

#include "core/formats/graphml/graphmlcommon.h"
#include "core/formats/graphml/graphmlscanner.h"
#include "core/common/limits.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace Railyard::GraphmlDetail {

namespace {

// Fields a <data> element can give, by key name.
enum Field : int {
    Role,
    Gpus,
    GpuModel,
    Nvlink,
    Rack,
    Zone,
    Pod,
    Su,
    Radix,
    Model,
    Plane,
    Rail,
    Id,
    Gbps,
    State,
    Degraded,
    PortA,
    PortB,
    Name,
    Description,
    Nvls,
    Sharp,
    NvlinkDomain,
    FieldCount
};
constexpr std::array<std::string_view, FieldCount> fieldNames
    = {"role",   "gpus",   "gpu_model",    "nvlink_gbytes_per_s",
       "rack",   "zone",   "pod",          "su",
       "radix",  "model",  "plane",        "rail",
       "id",     "gbps",   "state",        "degraded_gbps",
       "port_a", "port_b", "name",         "description",
       "nvls",   "sharp",  "nvlink_domain"};

enum Domain : unsigned { NodeDomain = 1, EdgeDomain = 2, GraphDomain = 4, AllDomains = 7 };

int fieldOf(std::string_view lowerName)
{
    for (int f = 0; f < FieldCount; ++f)
        if (fieldNames[size_t(f)] == lowerName)
            return f;
    return -1;
}

struct Key
{
    int field = -1;
    unsigned domains = 0;
    bool hasDefault = false;
    std::string_view defaultValue;
};

struct Data
{
    /// Index into the keys; -1: an undeclared key, `field` from its id; below
    /// -1: not declared yet when read (-2 - index into the unresolved ids).
    std::int32_t key = -1;
    std::int32_t field = -1;
    std::string_view text;
};

struct Element
{
    std::string_view id, source, target;
    std::uint32_t firstData = 0, dataCount = 0;
};

bool toInt(std::string_view s, int &out)
{
    if (s.empty())
        return false;
    for (size_t i = s[0] == '-' ? 1 : 0; i < s.size(); ++i)
        if (s[i] < '0' || s[i] > '9')
            return false;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

bool toDouble(std::string_view s, double &out)
{
    // The JSON number grammar: what both readers convert the same way.
    size_t i = 0;
    auto digits = [&] {
        const size_t start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9')
            ++i;
        return i > start;
    };
    if (i < s.size() && s[i] == '-')
        ++i;
    if (!digits())
        return false;
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (!digits())
            return false;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-'))
            ++i;
        if (!digits())
            return false;
    }
    if (i != s.size())
        return false;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size() && std::isfinite(out);
}

bool toBool(std::string_view s, bool &out)
{
    const std::string t = lower(s);
    if (t == "true" || t == "1")
        out = true;
    else if (t == "false" || t == "0")
        out = false;
    else
        return false;
    return true;
}

class FastReader
{
public:
    explicit FastReader(std::string_view data)
        : m_scan(data)
    { }

    bool read(Fabric &fabric);

private:
    bool parse();
    bool openElement(const Scanner::Tag &tag, std::vector<std::string_view> &stack);
    /// The value of `field` for an element of `domain`: its own data first, then a default.
    bool value(const Element &e, unsigned domain, int field, std::string_view &out) const;
    void location(const Element &e, Location &loc) const;
    bool buildHost(const Element &e, Fabric &fabric) const;
    bool buildSwitch(const Element &e, Fabric &fabric) const;
    bool buildLink(const Element &e, std::string_view id, const Fabric &fabric, std::vector<Link> &links) const;

    Scanner m_scan;
    std::vector<Key> m_keys;
    std::vector<std::string_view> m_keyIds; ///< per key; files declare a few dozen at most
    std::vector<std::string_view> m_unresolved;
    int keyIndex(std::string_view id) const
    {
        for (size_t i = 0; i < m_keyIds.size(); ++i)
            if (m_keyIds[i] == id)
                return int(i);
        return -1;
    }
    std::vector<Data> m_data;
    std::vector<Element> m_nodes;
    std::vector<Element> m_edges;
    Element m_graph;
    int m_graphs = 0;
};

bool FastReader::value(const Element &e, unsigned domain, int field, std::string_view &out) const
{
    for (std::uint32_t i = e.firstData; i < e.firstData + e.dataCount; ++i) {
        const Data &d = m_data[i];
        const bool applies = d.key < 0
            ? d.field == field
            : m_keys[size_t(d.key)].field == field && (m_keys[size_t(d.key)].domains & domain);
        if (applies) {
            out = d.text;
            return true;
        }
    }
    // Defaults: at most one key may give one for this field (checked on parsing).
    for (const Key &k : m_keys) {
        if (k.hasDefault && k.field == field && (k.domains & domain)) {
            out = k.defaultValue;
            return true;
        }
    }
    return false;
}

bool FastReader::parse()
{
    if (!m_scan.prolog())
        return false;
    // A <data> line takes at least 30 bytes, an element 150: reserve address
    // space once (pages are touched only as they fill).
    m_data.reserve(m_scan.size() / 30);
    m_nodes.reserve(m_scan.size() / 1000);
    m_edges.reserve(m_scan.size() / 150);
    std::vector<std::string_view> stack; // open elements
    std::string_view text;
    Scanner::Tag tag;
    bool sawRoot = false;
    Element *current = nullptr; ///< node, edge or graph receiving <data>
    Key *openKey = nullptr;
    enum class Text { None, Data, Default } collecting = Text::None;
    Data pending;
    while (m_scan.next(text, tag)) {
        if (collecting != Text::None) {
            // <data> and <default> hold text only: the next tag must close them.
            if (!tag.end || text.find('\r') != std::string_view::npos)
                return false; // a nested element, or line ends XML would normalise
            if (collecting == Text::Data) {
                pending.text = trimmed(text);
                m_data.push_back(pending);
                ++current->dataCount;
            } else {
                openKey->hasDefault = true;
                openKey->defaultValue = trimmed(text);
            }
            collecting = Text::None;
            m_scan.inText = false;
        } else if (!trimmed(text).empty()) {
            return false; // text between elements: keep to the plain case
        }
        if (tag.end) {
            if (stack.empty() || stack.back() != tag.name)
                return false;
            stack.pop_back();
            if (tag.name == "node" || tag.name == "edge")
                current = m_graphs == 1 ? &m_graph : nullptr;
            else if (tag.name == "key")
                openKey = nullptr;
            continue;
        }
        if (!sawRoot) {
            if (tag.name != "graphml" || tag.selfClosing
                || tag.attr("xmlns") != "http://graphml.graphdrawing.org/xmlns")
                return false;
            for (int i = 0; i < tag.attrCount; ++i) {
                const auto n = tag.attrs[size_t(i)].first;
                if (n != "xmlns" && n != "xmlns:xsi" && n != "xsi:schemaLocation")
                    return false; // other namespace declarations: the full reader sorts out prefixes
            }
            if (tag.has("xsi:schemaLocation") && !tag.has("xmlns:xsi"))
                return false; // an undeclared prefix
            sawRoot = true;
            stack.push_back(tag.name);
            continue;
        }
        if (stack.empty())
            return false; // a second root
        for (int i = 0; i < tag.attrCount; ++i) {
            const std::string_view n = tag.attrs[size_t(i)].first;
            if (n.substr(0, 5) == "xmlns" || n.find(':') != std::string_view::npos)
                return false; // namespaces declared or used inside: the full reader resolves them
        }
        const std::string_view parent = stack.back();
        if (tag.name == "key" && parent == "graphml") {
            const std::string_view id = tag.attr("id");
            const std::string_view domain = tag.attr("for");
            const std::string name = lower(tag.attr("attr.name").empty() ? id : tag.attr("attr.name"));
            Key k;
            k.field = fieldOf(name);
            k.domains = domain.empty() || domain == "all" ? unsigned(AllDomains)
                : domain == "node"                        ? unsigned(NodeDomain)
                : domain == "edge"                        ? unsigned(EdgeDomain)
                : domain == "graph"                       ? unsigned(GraphDomain)
                                                          : 0u;
            if (id.empty() || tag.has("yfiles.type") || k.field < 0 || k.domains == 0 || name.empty())
                return false; // foreign or unknown keys: warnings are the full reader's
            if (keyIndex(id) >= 0 || m_keys.size() == 1024)
                return false;
            m_keyIds.push_back(id);
            m_keys.push_back(k);
            if (!tag.selfClosing) {
                openKey = &m_keys.back();
                stack.push_back(tag.name);
            }
        } else if (tag.name == "default" && parent == "key" && openKey && !openKey->hasDefault) {
            if (tag.selfClosing)
                return false;
            collecting = Text::Default;
            m_scan.inText = true;
            stack.push_back(tag.name);
        } else if (tag.name == "graph" && parent == "graphml" && m_graphs == 0) {
            ++m_graphs;
            current = &m_graph;
            m_graph.firstData = std::uint32_t(m_data.size());
            if (!tag.selfClosing)
                stack.push_back(tag.name);
        } else if ((tag.name == "node" || tag.name == "edge") && parent == "graph") {
            if (current != &m_graph)
                return false;
            Element e;
            e.id = tag.attr("id");
            e.firstData = std::uint32_t(m_data.size());
            if (tag.name == "edge") {
                e.source = tag.attr("source");
                e.target = tag.attr("target");
                m_edges.push_back(e);
                current = &m_edges.back();
            } else {
                m_nodes.push_back(e);
                current = &m_nodes.back();
            }
            if (tag.selfClosing)
                current = &m_graph;
            else
                stack.push_back(tag.name);
        } else if (tag.name == "data" && current && (parent == "node" || parent == "edge" || parent == "graph")) {
            if (current == &m_graph && m_data.size() != m_graph.firstData + m_graph.dataCount)
                return false; // graph data after elements: keep to the plain order
            pending = Data{};
            const std::string_view keyId = tag.attr("key");
            if (keyId.empty())
                return false;
            pending.key = keyIndex(keyId);
            if (pending.key < 0) {
                pending.key = -2 - std::int32_t(m_unresolved.size());
                m_unresolved.push_back(keyId);
            }
            if (tag.selfClosing) {
                pending.text = {};
                m_data.push_back(pending);
                ++current->dataCount;
            } else {
                collecting = Text::Data;
                m_scan.inText = true;
                stack.push_back(tag.name);
            }
        } else {
            return false; // hyperedges, ports, nested graphs, foreign elements
        }
    }
    if (!m_scan.ok || !sawRoot || !stack.empty() || m_graphs != 1 || !trimmed(text).empty())
        return false; // the last text is what follows the root: blanks only
    // Data refer to keys by id, wherever the key is declared; an undeclared
    // key counts by its id as a name.
    if (!m_unresolved.empty()) {
        for (Data &d : m_data) {
            if (d.key >= -1)
                continue;
            const std::string_view id = m_unresolved[size_t(-2 - d.key)];
            d.key = keyIndex(id);
            if (d.key < 0)
                d.field = fieldOf(lower(id));
        }
    }
    // Two defaults for one field make the full reader's answer depend on
    // its hash order: leave those to it.
    for (size_t i = 0; i < m_keys.size(); ++i)
        for (size_t j = i + 1; j < m_keys.size(); ++j)
            if (m_keys[i].hasDefault && m_keys[j].hasDefault && m_keys[i].field == m_keys[j].field
                && (m_keys[i].domains & m_keys[j].domains))
                return false;
    return true;
}

void FastReader::location(const Element &e, Location &loc) const
{
    std::string_view v;
    if (value(e, NodeDomain, Rack, v))
        loc.rack.assign(v);
    if (value(e, NodeDomain, Zone, v))
        loc.zone.assign(v);
    if (value(e, NodeDomain, Pod, v))
        loc.pod.assign(v);
    if (value(e, NodeDomain, Su, v))
        loc.su.assign(v);
}

bool FastReader::buildHost(const Element &e, Fabric &fabric) const
{
    Host h;
    h.id.assign(e.id);
    std::string_view v;
    location(e, h.location);
    if (value(e, NodeDomain, GpuModel, v))
        h.gpuModel.assign(v);
    if (value(e, NodeDomain, Gpus, v) && !(toInt(v, h.gpus) && h.gpus >= 1 && h.gpus <= Limits::maxGpusPerHost))
        return false;
    if (value(e, NodeDomain, Nvlink, v)
        && !(toDouble(v, h.nvlinkGBps) && h.nvlinkGBps >= 0 && h.nvlinkGBps <= Limits::maxNvlinkGBps))
        return false;
    if (value(e, NodeDomain, Nvls, v) && !toBool(v, h.nvls))
        return false;
    if (value(e, NodeDomain, NvlinkDomain, v)) // validate() checks the name
        h.nvlinkDomain.assign(v);
    fabric.addHost(std::move(h));
    return true;
}

bool FastReader::buildSwitch(const Element &e, Fabric &fabric) const
{
    Switch s;
    s.id.assign(e.id);
    std::string_view v;
    if (!value(e, NodeDomain, Role, v))
        return false;
    const auto tier = tierFromName(std::string(v));
    if (!tier)
        return false;
    s.tier = *tier;
    location(e, s.location);
    s.radix = 0; // derived from the degree once the links are known
    if (value(e, NodeDomain, Radix, v) && !(toInt(v, s.radix) && s.radix >= 1 && s.radix <= Limits::maxRadix))
        return false;
    if (value(e, NodeDomain, Model, v))
        s.model.assign(v);
    if (value(e, NodeDomain, Plane, v) && !toInt(v, s.plane))
        return false;
    if (value(e, NodeDomain, Rail, v) && !toInt(v, s.rail))
        return false;
    if (value(e, NodeDomain, Sharp, v) && !toBool(v, s.sharp))
        return false;
    fabric.addSwitch(std::move(s));
    return true;
}

bool FastReader::buildLink(const Element &e, std::string_view id, const Fabric &fabric, std::vector<Link> &links) const
{
    if (id.size() > size_t(Limits::maxIdBytes) || e.source.empty() || e.target.empty())
        return false;
    Link l;
    l.id.assign(id);
    l.a = fabric.findNode(e.source);
    l.b = fabric.findNode(e.target);
    if (l.a < 0 || l.b < 0)
        return false;
    std::string_view v;
    if (!value(e, EdgeDomain, Gbps, v) || !toDouble(v, l.capacityGbps) || !Limits::isValidGbps(l.capacityGbps))
        return false;
    if (value(e, EdgeDomain, State, v)) {
        const auto state = linkStateFromName(std::string(v));
        if (!state)
            return false;
        l.state = *state;
    }
    const bool hasDegraded = value(e, EdgeDomain, Degraded, v);
    if (hasDegraded && !toDouble(v, l.degradedGbps))
        return false;
    if (l.state == LinkState::Degraded
        && !(hasDegraded && l.degradedGbps >= Limits::minGbps && l.degradedGbps <= l.capacityGbps))
        return false;
    if (value(e, EdgeDomain, PortA, v) && !(toInt(v, l.portA) && l.portA >= -1 && l.portA < Limits::maxRadix))
        return false;
    if (value(e, EdgeDomain, PortB, v) && !(toInt(v, l.portB) && l.portB >= -1 && l.portB < Limits::maxRadix))
        return false;
    if (value(e, EdgeDomain, Plane, v) && !(toInt(v, l.plane) && l.plane >= 0 && l.plane <= Limits::maxIndexField))
        return false;
    links.push_back(std::move(l)); // a duplicate id is found by validate()
    return true;
}

bool FastReader::read(Fabric &fabric)
{
    if (!parse())
        return false;
    std::string_view v;
    if (value(m_graph, GraphDomain, Name, v))
        fabric.name.assign(v);
    if (value(m_graph, GraphDomain, Description, v))
        fabric.description.assign(v);

    // Hosts first, then switches, each in document order.
    std::vector<const Element *> switches;
    fabric.reserve(m_nodes.size(), 0, m_edges.size());
    for (const Element &node : m_nodes) {
        if (node.id.empty() || node.id.size() > size_t(Limits::maxIdBytes) || !value(node, NodeDomain, Role, v))
            return false;
        if (v != "host") {
            switches.push_back(&node);
            continue;
        }
        if (fabric.containsId(node.id) || !buildHost(node, fabric))
            return false;
    }
    for (const Element *node : switches)
        if (fabric.containsId(node->id) || !buildSwitch(*node, fabric))
            return false;

    // Edges without an id are named "source--target" ("#2", "#3" for
    // parallel ones), skipping ids given explicitly anywhere in the file.
    std::vector<std::string_view> explicitIds(m_edges.size());
    std::unordered_set<std::string_view> taken;
    bool anyGenerated = false;
    for (size_t i = 0; i < m_edges.size(); ++i) {
        explicitIds[i] = m_edges[i].id;
        if (explicitIds[i].empty() && value(m_edges[i], EdgeDomain, Id, v))
            explicitIds[i] = v;
        if (explicitIds[i].empty())
            anyGenerated = true;
    }
    std::unordered_set<std::string> generated;
    std::unordered_map<std::string, int> parallel;
    if (anyGenerated) {
        taken.reserve(m_edges.size());
        for (const std::string_view id : explicitIds)
            if (!id.empty())
                taken.insert(id);
    }
    std::vector<Link> links;
    links.reserve(m_edges.size());
    for (size_t i = 0; i < m_edges.size(); ++i) {
        const Element &e = m_edges[i];
        std::string_view id = explicitIds[i];
        std::string made;
        if (id.empty()) {
            const std::string base = std::string(e.source) + "--" + std::string(e.target);
            int &n = parallel[base];
            do {
                ++n;
                made = n == 1 ? base : base + "#" + std::to_string(n);
            } while (taken.count(made) || generated.count(made) || fabric.findNode(made) >= 0);
            id = *generated.insert(made).first;
        }
        if (!buildLink(e, id, fabric, links))
            return false;
    }
    fabric.appendLinks(std::move(links));

    GraphmlCommon::deriveFromLinks(fabric);
    return fabric.validate().empty();
}

} // namespace

bool readPlain(std::string_view data, Fabric &fabric)
{
    return FastReader(data).read(fabric);
}

} // namespace Railyard::GraphmlDetail
