#include "core/formats/graphml/graphmlreader.h"

#include "core/formats/graphml/graphmlcommon.h"
#include "core/formats/graphml/graphmlfast.h"
#include "core/formats/graphml/graphmlforeign.h"
#include "core/formats/graphml/graphmlformat.h"
#include "core/common/messagetext.h"
#include "core/common/limits.h"

#include <QBuffer>
#include <QFileDevice>
#include <QHash>
#include <QSet>
#include <QXmlStreamReader>

#include <algorithm>
#include <cmath>
#include <unordered_map>

// Reading uses QXmlStreamReader rather than Boost's read_graphml: it gives a
// line and column for every error, tolerates foreign namespaces (yEd, Gephi)
// and unknown keys instead of rejecting them, and needs no Boost.Graph
// property maps declared up front.

namespace Railyard {

namespace {

using GraphmlCommon::numberText;
const QString graphmlNamespace = GraphmlCommon::namespaceUri();

/// A <key> declaration.
struct KeyDecl
{
    QString name;   ///< attr.name, or the id when absent; lower case
    QString domain; ///< node, edge, graph or all
    bool hasDefault = false;
    QString defaultValue;
    bool foreign = false; ///< yEd graphics keys and the like: silently ignored
};

/// A <data> value with where it was written.
struct DataItem
{
    QString key;
    QString value;
    qint64 line = 0;
    qint64 column = 0;
};

struct RawElement
{
    QString id;
    QString source; ///< edges only
    QString target;
    qint64 line = 0;
    qint64 column = 0;
    std::vector<DataItem> data;
};

/// A value looked up by key name: from a <data> element or the key's default.
struct Value
{
    const QString *text = nullptr;
    qint64 line = 0;
    qint64 column = 0;
    explicit operator bool() const { return text != nullptr; }
};

class GraphmlReader
{
public:
    GraphmlReader(QIODevice &device, const QString &fileName)
        : m_xml(&device)
        , m_fileName(fileName)
    { }

    ReadResult read();

private:
    void error(qint64 line, qint64 column, const QString &message)
    {
        if (m_errors.size() < size_t(GraphmlFormat::maxErrors))
            m_errors.push_back({m_fileName, int(line), int(column), {}, message});
        else if (m_errors.size() == size_t(GraphmlFormat::maxErrors))
            m_errors.push_back({m_fileName, 0, 0, {}, QStringLiteral("too many errors; giving up")});
    }
    void warning(qint64 line, qint64 column, const QString &message)
    {
        if (m_warnings.size() < size_t(GraphmlFormat::maxErrors))
            m_warnings.push_back({m_fileName, int(line), int(column), {}, message});
    }
    bool full() const { return m_errors.size() > size_t(GraphmlFormat::maxErrors); }
    bool isGraphml() const { return m_xml.namespaceUri().isEmpty() || m_xml.namespaceUri() == graphmlNamespace; }

    bool parse();
    bool readText(QString &out);
    void readKey();
    void readData(std::vector<DataItem> *target);
    void build();
    Value value(const RawElement &element, const QString &domain, const QString &name) const;
    bool toInt(const Value &v, const QString &what, const QString &name, int &out);
    bool toDouble(const Value &v, const QString &what, const QString &name, double &out);
    bool toBool(const Value &v, const QString &what, const QString &name, bool &out);
    void buildNode(const RawElement &node, std::vector<Host> &hosts, std::vector<Switch> &switches,
                   std::vector<const RawElement *> &hostRaw, std::vector<const RawElement *> &switchRaw);
    void warnUnknownKeys();

    QXmlStreamReader m_xml;
    QString m_fileName;
    std::vector<FormatError> m_errors;
    std::vector<FormatError> m_warnings;

    QHash<QString, KeyDecl> m_keys;
    std::vector<RawElement> m_nodes;
    std::vector<RawElement> m_edges;
    RawElement m_graph; ///< data of the outermost <graph>
    QSet<QString> m_usedKeys;
    QSet<QString> m_badNodes; ///< nodes already reported; their edges are skipped quietly

    Fabric m_fabric;
    std::vector<std::pair<qint64, qint64>> m_nodeWhere; ///< node index -> line, column
    std::vector<std::pair<qint64, qint64>> m_linkWhere; ///< link index -> line, column
};

bool GraphmlReader::parse()
{
    enum class Context { Graph, Node, Edge };
    std::vector<std::pair<Context, size_t>> context;
    int graphDepth = 0;
    bool sawRoot = false;

    while (!m_xml.atEnd()) {
        const auto token = m_xml.readNext();
        if (token == QXmlStreamReader::DTD) {
            // Entity declarations make tiny files expand to gigabytes, and
            // external entities read other files: GraphML needs neither.
            m_xml.raiseError(QStringLiteral("a DOCTYPE (DTD) with entity declarations is not accepted in GraphML"));
            break;
        }
        if (token == QXmlStreamReader::EntityReference) {
            m_xml.raiseError(
                QStringLiteral("entity reference '&%1;' is not accepted").arg(elided(m_xml.name().toString())));
            break;
        }
        if (token == QXmlStreamReader::EndElement && isGraphml()) {
            const auto name = m_xml.name();
            if ((name == u"node" || name == u"edge" || name == u"graph") && !context.empty()) {
                if (context.back().first == Context::Graph)
                    --graphDepth;
                context.pop_back();
            }
            continue;
        }
        if (token != QXmlStreamReader::StartElement)
            continue;
        if (!sawRoot) {
            sawRoot = true;
            if (m_xml.name() != u"graphml") {
                error(m_xml.lineNumber(), m_xml.columnNumber(),
                      QStringLiteral("not a GraphML document: the root element is <%1>, expected <graphml>")
                          .arg(elided(m_xml.qualifiedName().toString())));
                return false;
            }
            // A near miss ("…/xmlns/", https) would make every element foreign
            // and read as an empty fabric: require the namespace exactly.
            if (!isGraphml()) {
                error(m_xml.lineNumber(), m_xml.columnNumber(),
                      QStringLiteral("not a GraphML document: the namespace is '%1', expected '%2'")
                          .arg(elided(m_xml.namespaceUri().toString()), graphmlNamespace));
                return false;
            }
            continue;
        }
        if (!isGraphml()) { // yEd, Gephi and other extensions
            m_xml.skipCurrentElement();
            continue;
        }
        const auto name = m_xml.name();
        const auto attrs = m_xml.attributes();
        if (name == u"key") {
            readKey();
        } else if (name == u"graph") {
            if (context.size() >= size_t(Limits::maxNesting)) {
                m_xml.raiseError(QStringLiteral("graphs nested deeper than %1 levels").arg(Limits::maxNesting));
                break;
            }
            context.emplace_back(Context::Graph, 0);
            ++graphDepth;
        } else if (name == u"node" || name == u"edge") {
            if (context.size() >= size_t(Limits::maxNesting)) {
                m_xml.raiseError(QStringLiteral("elements nested deeper than %1 levels").arg(Limits::maxNesting));
                break;
            }
            RawElement e;
            e.id = attrs.value(QStringLiteral("id")).toString();
            e.line = m_xml.lineNumber();
            e.column = m_xml.columnNumber();
            if (name == u"edge") {
                e.source = attrs.value(QStringLiteral("source")).toString();
                e.target = attrs.value(QStringLiteral("target")).toString();
                m_edges.push_back(std::move(e));
                context.emplace_back(Context::Edge, m_edges.size() - 1);
            } else {
                m_nodes.push_back(std::move(e));
                context.emplace_back(Context::Node, m_nodes.size() - 1);
            }
        } else if (name == u"data") {
            std::vector<DataItem> *target = nullptr;
            if (!context.empty()) {
                const auto [kind, index] = context.back();
                if (kind == Context::Node)
                    target = &m_nodes[index].data;
                else if (kind == Context::Edge)
                    target = &m_edges[index].data;
                else if (graphDepth == 1)
                    target = &m_graph.data;
            }
            readData(target);
        } else if (name == u"hyperedge") {
            warning(m_xml.lineNumber(), m_xml.columnNumber(), QStringLiteral("hyperedge ignored"));
            m_xml.skipCurrentElement();
        } else if (name != u"graphml") {
            m_xml.skipCurrentElement(); // desc, port, locator, ...
        }
    }
    if (m_xml.hasError()) {
        error(m_xml.lineNumber(), m_xml.columnNumber(),
              QStringLiteral("XML error: %1").arg(elided(m_xml.errorString(), 200)));
        return false;
    }
    if (!sawRoot) {
        error(0, 0, QStringLiteral("not a GraphML document: no root element"));
        return false;
    }
    return true;
}

void GraphmlReader::readKey()
{
    const auto attrs = m_xml.attributes();
    const QString id = attrs.value(QStringLiteral("id")).toString();
    KeyDecl decl;
    decl.name = attrs.value(QStringLiteral("attr.name")).toString().toLower();
    decl.foreign = decl.name.isEmpty() && attrs.hasAttribute(QStringLiteral("yfiles.type"));
    if (decl.name.isEmpty())
        decl.name = id.toLower();
    decl.domain = attrs.value(QStringLiteral("for")).toString();
    if (decl.domain.isEmpty())
        decl.domain = QStringLiteral("all");
    while (m_xml.readNextStartElement()) {
        if (isGraphml() && m_xml.name() == u"default") {
            decl.hasDefault = true;
            if (!readText(decl.defaultValue))
                return;
            decl.defaultValue = decl.defaultValue.trimmed();
        } else {
            m_xml.skipCurrentElement();
        }
    }
    m_keys.insert(id, decl);
}

const QStringList &knownNames()
{
    static const QStringList names = {QStringLiteral("role"),         QStringLiteral("gpus"),
                                      QStringLiteral("gpu_model"),    QStringLiteral("nvlink_gbytes_per_s"),
                                      QStringLiteral("rack"),         QStringLiteral("zone"),
                                      QStringLiteral("pod"),          QStringLiteral("su"),
                                      QStringLiteral("radix"),        QStringLiteral("model"),
                                      QStringLiteral("plane"),        QStringLiteral("rail"),
                                      QStringLiteral("id"),           QStringLiteral("gbps"),
                                      QStringLiteral("state"),        QStringLiteral("degraded_gbps"),
                                      QStringLiteral("port_a"),       QStringLiteral("port_b"),
                                      QStringLiteral("name"),         QStringLiteral("description"),
                                      QStringLiteral("nvls"),         QStringLiteral("sharp"),
                                      QStringLiteral("nvlink_domain")};
    return names;
}

void GraphmlReader::readData(std::vector<DataItem> *target)
{
    DataItem item;
    item.key = m_xml.attributes().value(QStringLiteral("key")).toString();
    item.line = m_xml.lineNumber();
    item.column = m_xml.columnNumber();
    const auto decl = m_keys.constFind(item.key);
    if (!target || (decl != m_keys.cend() && (decl->foreign || !knownNames().contains(decl->name)))) {
        m_usedKeys.insert(item.key);
        m_xml.skipCurrentElement(); // not ours (graphics, labels, ...)
        return;
    }
    if (!readText(item.value))
        return;
    item.value = item.value.trimmed();
    target->push_back(std::move(item));
}

bool GraphmlReader::readText(QString &out)
{
    // readElementText(IncludeChildElements) recurses once per nested element;
    // this loop keeps a counter instead and bounds depth and length.
    int depth = 1;
    while (!m_xml.atEnd()) {
        switch (m_xml.readNext()) {
        case QXmlStreamReader::Characters:
            if (out.size() + m_xml.text().size() > GraphmlFormat::maxTextChars) {
                m_xml.raiseError(QStringLiteral("a value longer than %1 characters").arg(GraphmlFormat::maxTextChars));
                return false;
            }
            out += m_xml.text();
            break;
        case QXmlStreamReader::EntityReference:
            m_xml.raiseError(
                QStringLiteral("entity reference '&%1;' is not accepted").arg(elided(m_xml.name().toString())));
            return false;
        case QXmlStreamReader::StartElement:
            if (++depth > Limits::maxNesting) {
                m_xml.raiseError(QStringLiteral("elements nested deeper than %1 levels").arg(Limits::maxNesting));
                return false;
            }
            break;
        case QXmlStreamReader::EndElement:
            if (--depth == 0)
                return true;
            break;
        default: break;
        }
    }
    return false;
}

Value GraphmlReader::value(const RawElement &element, const QString &domain, const QString &name) const
{
    auto applies = [&](const KeyDecl &k) { return k.name == name && (k.domain == domain || k.domain == u"all"); };
    for (const DataItem &d : element.data) {
        const auto decl = m_keys.constFind(d.key);
        // An undeclared key is taken by its id (lenient towards hand-written files).
        if (decl == m_keys.cend() ? d.key.toLower() == name : applies(*decl))
            return {&d.value, d.line, d.column};
    }
    for (auto it = m_keys.cbegin(); it != m_keys.cend(); ++it) {
        if (it->hasDefault && applies(*it))
            return {&it->defaultValue, element.line, element.column};
    }
    return {};
}

bool GraphmlReader::toInt(const Value &v, const QString &what, const QString &name, int &out)
{
    if (!v)
        return false;
    bool ok = false;
    const int n = v.text->toInt(&ok);
    if (!ok) {
        error(v.line, v.column, QStringLiteral("%1: %2 must be an integer, got '%3'").arg(what, name, elided(*v.text)));
        return false;
    }
    out = n;
    return true;
}

bool GraphmlReader::toDouble(const Value &v, const QString &what, const QString &name, double &out)
{
    if (!v)
        return false;
    bool ok = false;
    const double d = v.text->toDouble(&ok);
    if (!ok || !std::isfinite(d)) {
        error(v.line, v.column, QStringLiteral("%1: %2 must be a number, got '%3'").arg(what, name, elided(*v.text)));
        return false;
    }
    out = d;
    return true;
}

bool GraphmlReader::toBool(const Value &v, const QString &what, const QString &name, bool &out)
{
    if (!v)
        return false;
    const QString t = v.text->trimmed().toLower();
    if (t == u"true" || t == u"1") {
        out = true;
    } else if (t == u"false" || t == u"0") {
        out = false;
    } else {
        error(v.line, v.column,
              QStringLiteral("%1: %2 must be true or false, got '%3'").arg(what, name, elided(*v.text)));
        return false;
    }
    return true;
}

void GraphmlReader::buildNode(const RawElement &node, std::vector<Host> &hosts, std::vector<Switch> &switches,
                              std::vector<const RawElement *> &hostRaw, std::vector<const RawElement *> &switchRaw)
{
    const QString node_ = QStringLiteral("node");
    const QString what = QStringLiteral("node '%1'").arg(elided(node.id));
    m_badNodes.insert(node.id); // until it is built
    if (node.id.isEmpty()) {
        error(node.line, node.column, QStringLiteral("a node has no id attribute"));
        return;
    }
    if (node.id.toUtf8().size() > Limits::maxIdBytes) {
        error(node.line, node.column,
              QStringLiteral("%1: id longer than %2 bytes").arg(what, QString::number(Limits::maxIdBytes)));
        return;
    }
    const Value role = value(node, node_, QStringLiteral("role"));
    if (!role) {
        error(node.line, node.column,
              QStringLiteral("%1 has no role; give it a 'role' data key: host, leaf, spine, core or switch").arg(what));
        return;
    }
    Location loc;
    auto readString = [&](const char *key, std::string &out) {
        if (const Value v = value(node, node_, QLatin1String(key)))
            out = v.text->toStdString();
    };
    readString("rack", loc.rack);
    readString("zone", loc.zone);
    readString("pod", loc.pod);
    readString("su", loc.su);

    if (*role.text == u"host") {
        Host h;
        h.id = node.id.toStdString();
        h.location = std::move(loc);
        readString("gpu_model", h.gpuModel);
        const Value gpus = value(node, node_, QStringLiteral("gpus"));
        if (toInt(gpus, what, QStringLiteral("gpus"), h.gpus) && (h.gpus < 1 || h.gpus > Limits::maxGpusPerHost)) {
            // One multi-arg call: a "%1" inside the id must stay text.
            error(gpus.line, gpus.column,
                  QStringLiteral("%1: a host needs 1 to %2 GPUs, got %3")
                      .arg(what, QString::number(Limits::maxGpusPerHost), QString::number(h.gpus)));
            h.gpus = 1; // reported; keep validate() from repeating it
        }
        const Value nvlink = value(node, node_, QStringLiteral("nvlink_gbytes_per_s"));
        if (toDouble(nvlink, what, QStringLiteral("nvlink_gbytes_per_s"), h.nvlinkGBps)
            && !(h.nvlinkGBps >= 0 && h.nvlinkGBps <= Limits::maxNvlinkGBps)) {
            error(nvlink.line, nvlink.column,
                  QStringLiteral("%1: nvlink_gbytes_per_s must be in [0, 1e6], got %2")
                      .arg(what, numberText(h.nvlinkGBps)));
            h.nvlinkGBps = 0;
        }
        toBool(value(node, node_, QStringLiteral("nvls")), what, QStringLiteral("nvls"), h.nvls);
        if (const Value domain = value(node, node_, QStringLiteral("nvlink_domain"));
            domain && !domain.text->isEmpty()) {
            const std::string name = domain.text->toStdString();
            if (const std::string why = nvlinkDomainNameProblem(name); !why.empty())
                error(domain.line, domain.column, QStringLiteral("%1: %2").arg(what, QString::fromStdString(why)));
            else
                h.nvlinkDomain = name; // an invalid one is reported here, not again by validate()
        }
        hosts.push_back(std::move(h));
        hostRaw.push_back(&node);
        m_badNodes.remove(node.id);
        return;
    }
    const auto tier = tierFromName(role.text->toStdString());
    if (!tier) {
        error(role.line, role.column,
              QStringLiteral("%1: unknown role '%2'; expected host, leaf, spine, core or switch")
                  .arg(what, elided(*role.text)));
        return;
    }
    Switch s;
    s.id = node.id.toStdString();
    s.tier = *tier;
    s.location = std::move(loc);
    s.radix = 0; // 0 = derive from the degree once links are known
    const Value radix = value(node, node_, QStringLiteral("radix"));
    if (toInt(radix, what, QStringLiteral("radix"), s.radix) && (s.radix < 1 || s.radix > Limits::maxRadix)) {
        error(radix.line, radix.column,
              QStringLiteral("%1: radix must be in [1, %2], got %3")
                  .arg(what, QString::number(Limits::maxRadix), QString::number(s.radix)));
        s.radix = Limits::maxRadix; // reported; keep validate() from adding port errors
    }
    readString("model", s.model);
    toInt(value(node, node_, QStringLiteral("plane")), what, QStringLiteral("plane"), s.plane);
    toInt(value(node, node_, QStringLiteral("rail")), what, QStringLiteral("rail"), s.rail);
    toBool(value(node, node_, QStringLiteral("sharp")), what, QStringLiteral("sharp"), s.sharp);
    switches.push_back(std::move(s));
    switchRaw.push_back(&node);
    m_badNodes.remove(node.id);
}

void GraphmlReader::build()
{
    if (const Value v = value(m_graph, QStringLiteral("graph"), QStringLiteral("name")))
        m_fabric.name = v.text->toStdString();
    if (const Value v = value(m_graph, QStringLiteral("graph"), QStringLiteral("description")))
        m_fabric.description = v.text->toStdString();

    // Hosts first, then switches, each in document order.
    std::vector<Host> hosts;
    std::vector<Switch> switches;
    std::vector<const RawElement *> hostRaw;
    std::vector<const RawElement *> switchRaw;
    for (const RawElement &node : m_nodes) {
        buildNode(node, hosts, switches, hostRaw, switchRaw);
        if (full())
            return;
    }
    m_fabric.reserve(hosts.size(), switches.size(), m_edges.size());
    for (size_t i = 0; i < hosts.size(); ++i) {
        if (m_fabric.containsId(hosts[i].id)) {
            error(hostRaw[i]->line, hostRaw[i]->column,
                  QStringLiteral("duplicate node id '%1'").arg(elided(hostRaw[i]->id)));
            continue;
        }
        m_fabric.addHost(std::move(hosts[i]));
        m_nodeWhere.emplace_back(hostRaw[i]->line, hostRaw[i]->column);
    }
    for (size_t i = 0; i < switches.size(); ++i) {
        if (m_fabric.containsId(switches[i].id)) {
            error(switchRaw[i]->line, switchRaw[i]->column,
                  QStringLiteral("duplicate node id '%1'").arg(elided(switchRaw[i]->id)));
            continue;
        }
        m_fabric.addSwitch(std::move(switches[i]));
        m_nodeWhere.emplace_back(switchRaw[i]->line, switchRaw[i]->column);
    }

    // Explicit edge ids are reserved first so generated ones never collide.
    const QString edge_ = QStringLiteral("edge");
    std::vector<QString> explicitIds(m_edges.size());
    QSet<QString> taken;
    for (size_t i = 0; i < m_edges.size(); ++i) {
        explicitIds[i] = m_edges[i].id;
        if (explicitIds[i].isEmpty()) {
            if (const Value v = value(m_edges[i], edge_, QStringLiteral("id")))
                explicitIds[i] = *v.text;
        }
        if (!explicitIds[i].isEmpty())
            taken.insert(explicitIds[i]);
    }
    std::unordered_map<std::string, int> parallel;
    for (size_t i = 0; i < m_edges.size() && !full(); ++i) {
        const RawElement &e = m_edges[i];
        QString id = explicitIds[i];
        if (id.isEmpty()) {
            const QString base = e.source + QStringLiteral("--") + e.target;
            int &n = parallel[base.toStdString()];
            do {
                ++n;
                id = n == 1 ? base : base + QStringLiteral("#%1").arg(n);
            } while (taken.contains(id) || m_fabric.findNode(id.toStdString()) >= 0);
            taken.insert(id);
        }
        const QString what = QStringLiteral("edge '%1'").arg(elided(id));
        if (id.toUtf8().size() > Limits::maxIdBytes) {
            error(e.line, e.column,
                  QStringLiteral("%1: id longer than %2 bytes").arg(what, QString::number(Limits::maxIdBytes)));
            continue;
        }
        Link l;
        l.id = id.toStdString();
        bool ok = true;
        for (const auto &[end, name, index] :
             {std::tuple{&e.source, "source", &l.a}, std::tuple{&e.target, "target", &l.b}}) {
            if (end->isEmpty()) {
                error(e.line, e.column, QStringLiteral("%1 has no %2 attribute").arg(what, QLatin1String(name)));
                ok = false;
                continue;
            }
            *index = m_fabric.findNode(end->toStdString());
            if (*index < 0 && m_badNodes.contains(*end)) {
                ok = false;
            } else if (*index < 0) {
                error(e.line, e.column,
                      QStringLiteral("%1: unknown %2 node '%3'").arg(what, QLatin1String(name), elided(*end)));
                ok = false;
            }
        }
        const Value gbps = value(e, edge_, QStringLiteral("gbps"));
        if (!gbps) {
            error(e.line, e.column,
                  QStringLiteral("%1 has no gbps; give each edge a 'gbps' data key or declare a <default>").arg(what));
            ok = false;
        } else if (toDouble(gbps, what, QStringLiteral("gbps"), l.capacityGbps)) {
            if (!Limits::isValidGbps(l.capacityGbps)) {
                error(gbps.line, gbps.column,
                      QStringLiteral("%1: capacity must be in [%2, %3] Gbit/s, got %4")
                          .arg(what, numberText(Limits::minGbps), numberText(Limits::maxGbps),
                               numberText(l.capacityGbps)));
                ok = false;
            }
        } else {
            ok = false;
        }
        if (const Value state = value(e, edge_, QStringLiteral("state"))) {
            if (const auto s = linkStateFromName(state.text->toStdString())) {
                l.state = *s;
            } else {
                error(state.line, state.column,
                      QStringLiteral("%1: unknown state '%2'; expected up, down or degraded")
                          .arg(what, elided(*state.text)));
                ok = false;
            }
        }
        const Value degraded = value(e, edge_, QStringLiteral("degraded_gbps"));
        if (toDouble(degraded, what, QStringLiteral("degraded_gbps"), l.degradedGbps)) {
            if (l.state == LinkState::Degraded
                && !(l.degradedGbps >= Limits::minGbps && l.degradedGbps <= l.capacityGbps)) {
                error(degraded.line, degraded.column,
                      QStringLiteral("%1: degraded rate must be in (0, capacity], got %2")
                          .arg(what, numberText(l.degradedGbps)));
                ok = false;
            }
        } else if (l.state == LinkState::Degraded) {
            if (!degraded)
                error(e.line, e.column, QStringLiteral("%1 is degraded but has no degraded_gbps").arg(what));
            ok = false;
        }
        ok = (!value(e, edge_, QStringLiteral("port_a"))
              || toInt(value(e, edge_, QStringLiteral("port_a")), what, QStringLiteral("port_a"), l.portA))
            && ok;
        ok = (!value(e, edge_, QStringLiteral("port_b"))
              || toInt(value(e, edge_, QStringLiteral("port_b")), what, QStringLiteral("port_b"), l.portB))
            && ok;
        ok = (!value(e, edge_, QStringLiteral("plane"))
              || toInt(value(e, edge_, QStringLiteral("plane")), what, QStringLiteral("plane"), l.plane))
            && ok;
        for (const auto &[field, number, low, high] : {std::tuple{"port_a", l.portA, -1, Limits::maxRadix - 1},
                                                       std::tuple{"port_b", l.portB, -1, Limits::maxRadix - 1},
                                                       std::tuple{"plane", l.plane, 0, Limits::maxIndexField}}) {
            if (number < low || number > high) {
                error(e.line, e.column,
                      QStringLiteral("%1: %2 must be in [%3, %4], got %5")
                          .arg(what, QLatin1String(field), QString::number(low), QString::number(high),
                               QString::number(number)));
                ok = false;
            }
        }
        if (!ok)
            continue;
        if (m_fabric.containsId(l.id)) {
            error(e.line, e.column, QStringLiteral("duplicate id '%1'").arg(elided(id)));
            continue;
        }
        m_fabric.addLink(std::move(l));
        m_linkWhere.emplace_back(e.line, e.column);
    }

    GraphmlCommon::deriveFromLinks(m_fabric);
}

void GraphmlReader::warnUnknownKeys()
{
    for (auto it = m_keys.cbegin(); it != m_keys.cend(); ++it) {
        if (!it->foreign && !knownNames().contains(it->name) && m_usedKeys.contains(it.key()))
            warning(0, 0, QStringLiteral("key '%1' is not used by Railyard; ignored").arg(elided(it->name)));
    }
}

ReadResult GraphmlReader::read()
{
    ReadResult result;
    if (parse()) {
        warnUnknownKeys();
        build();
        if (!full()) {
            for (const Problem &p : m_fabric.validate()) {
                std::pair<qint64, qint64> where{0, 0};
                if (const NodeIndex n = m_fabric.findNode(p.elementId); n >= 0)
                    where = m_nodeWhere[size_t(n)];
                else if (const auto l = m_fabric.findLink(p.elementId); l >= 0)
                    where = m_linkWhere[size_t(l)];
                if (p.severity == Problem::Severity::Warning)
                    warning(where.first, where.second, QString::fromStdString(p.message));
                else
                    error(where.first, where.second, QString::fromStdString(p.message));
                if (full())
                    break;
            }
        }
    }
    result.warnings = std::move(m_warnings);
    if (m_errors.empty())
        result.fabric = std::move(m_fabric);
    else
        result.errors = std::move(m_errors);
    return result;
}

} // namespace

ReadResult readGraphml(QIODevice &device, const QString &fileName, bool fastPath)
{
    // A plainly written file is read in place by the fast path; anything it
    // does not take is read again here by QXmlStreamReader.
    auto *file = qobject_cast<QFileDevice *>(&device);
    const bool text = device.openMode().testFlag(QIODevice::Text);
    if (fastPath && !text && !device.isSequential() && device.size() > device.pos()) {
        ReadResult fast;
        fast.fabric.emplace();
        bool read = false;
        if (file) {
            const qint64 size = file->size() - file->pos();
            if (uchar *mapped = file->map(file->pos(), size)) {
                read = GraphmlDetail::readPlain(std::string_view(reinterpret_cast<const char *>(mapped), size_t(size)),
                                                *fast.fabric);
                file->unmap(mapped);
            }
        } else if (auto *buffer = qobject_cast<QBuffer *>(&device)) {
            const QByteArray &all = buffer->data();
            read = GraphmlDetail::readPlain(
                std::string_view(all.constData() + buffer->pos(), size_t(all.size() - buffer->pos())), *fast.fabric);
        }
        if (read) {
            device.seek(device.size());
            return fast;
        }
    }
    // GraphML from yEd, NetworkX, Gephi or igraph without Railyard's keys is
    // a discovered graph: read through the shared builder (graphmlforeign.h).
    // A pipe is read whole first so the keys can be looked at and read again.
    QBuffer whole;
    QIODevice *source = &device;
    if (device.isSequential()) {
        whole.setData(device.readAll());
        whole.open(QIODevice::ReadOnly);
        source = &whole;
    }
    if (GraphmlForeign::isForeign(*source))
        return GraphmlForeign::read(*source, fileName);
    return GraphmlReader(*source, fileName).read();
}

} // namespace Railyard
