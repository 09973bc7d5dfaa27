#include "core/formats/graphml/graphmlforeign.h"

#include "core/formats/dot/attributedgraph.h"
#include "core/formats/graphml/graphmlcommon.h"
#include "core/formats/graphml/graphmlformat.h"
#include "core/common/messagetext.h"
#include "core/common/limits.h"

#include <QHash>
#include <QSet>
#include <QXmlStreamReader>

#include <map>
#include <set>

namespace Railyard::GraphmlForeign {
namespace {

struct Key
{
    std::string name;   ///< attr.name, else the id; lower case
    QString domain;     ///< node, edge, graph, all
    QString yfilesType; ///< yEd's "nodegraphics", "edgegraphics", …; empty for data keys
    bool hasDefault = false;
    std::string defaultValue;
};

bool inGraphml(const QXmlStreamReader &xml)
{
    return xml.namespaceUri().isEmpty() || xml.namespaceUri() == GraphmlCommon::namespaceUri();
}

Key readKeyAttributes(const QXmlStreamReader &xml, QString *id)
{
    const auto attrs = xml.attributes();
    *id = attrs.value(QStringLiteral("id")).toString();
    Key k;
    k.name = attrs.value(QStringLiteral("attr.name")).toString().toLower().toStdString();
    if (k.name.empty())
        k.name = id->toLower().toStdString();
    k.domain = attrs.value(QStringLiteral("for")).toString();
    if (k.domain.isEmpty())
        k.domain = QStringLiteral("all");
    k.yfilesType = attrs.value(QStringLiteral("yfiles.type")).toString();
    return k;
}

class Reader
{
public:
    Reader(QIODevice &device, const QString &fileName)
        : m_xml(&device)
        , m_file(fileName)
    { }

    ReadResult run();

private:
    void error(qint64 line, qint64 column, const QString &message)
    {
        if (m_errors.size() < size_t(GraphmlFormat::maxErrors))
            m_errors.push_back({m_file, int(line), int(column), {}, message});
    }
    bool parse();
    bool readText(std::string *out, std::string *label);
    void readKey();

    QXmlStreamReader m_xml;
    QString m_file;
    std::vector<FormatError> m_errors, m_warnings;
    QHash<QString, Key> m_keys;
    AttributedGraph::Graph m_graph;
    std::vector<int> m_groupOf; ///< per node: the group node it is drawn in, -1 if none
    std::set<int> m_groups;     ///< nodes holding a nested graph (yEd groups): not devices
};

/// Reads the text of the current element (its children's too); `label`, when
/// given, receives the first y:NodeLabel found (yEd's visible name).
bool Reader::readText(std::string *out, std::string *label)
{
    QString text;
    int depth = 1;
    bool inLabel = false;
    QString labelText;
    while (!m_xml.atEnd()) {
        switch (m_xml.readNext()) {
        case QXmlStreamReader::Characters:
            if (text.size() + m_xml.text().size() > GraphmlFormat::maxTextChars) {
                m_xml.raiseError(QStringLiteral("a value longer than %1 characters").arg(GraphmlFormat::maxTextChars));
                return false;
            }
            if (inLabel)
                labelText += m_xml.text();
            else
                text += m_xml.text();
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
            if (label && label->empty() && m_xml.name() == u"NodeLabel")
                inLabel = true;
            break;
        case QXmlStreamReader::EndElement:
            if (inLabel && m_xml.name() == u"NodeLabel") {
                inLabel = false;
                *label = labelText.trimmed().toStdString();
                labelText.clear();
            }
            if (--depth == 0) {
                *out = text.trimmed().toStdString();
                return true;
            }
            break;
        default: break;
        }
    }
    return false;
}

void Reader::readKey()
{
    QString id;
    Key k = readKeyAttributes(m_xml, &id);
    while (m_xml.readNextStartElement()) {
        if (inGraphml(m_xml) && m_xml.name() == u"default") {
            k.hasDefault = readText(&k.defaultValue, nullptr);
            if (!k.hasDefault)
                return;
        } else {
            m_xml.skipCurrentElement();
        }
    }
    m_keys.insert(id, k);
}

bool Reader::parse()
{
    enum class Ctx { Graph, Node, Edge };
    std::vector<std::pair<Ctx, int>> stack; ///< context and node/edge index
    bool sawRoot = false;
    while (!m_xml.atEnd()) {
        const auto token = m_xml.readNext();
        if (token == QXmlStreamReader::DTD) {
            m_xml.raiseError(QStringLiteral("a DOCTYPE (DTD) with entity declarations is not accepted in GraphML"));
            break;
        }
        if (token == QXmlStreamReader::EntityReference) {
            m_xml.raiseError(
                QStringLiteral("entity reference '&%1;' is not accepted").arg(elided(m_xml.name().toString())));
            break;
        }
        if (token == QXmlStreamReader::EndElement && inGraphml(m_xml)) {
            const auto name = m_xml.name();
            if ((name == u"node" || name == u"edge" || name == u"graph") && !stack.empty())
                stack.pop_back();
            continue;
        }
        if (token != QXmlStreamReader::StartElement)
            continue;
        if (!sawRoot) {
            sawRoot = true;
            if (m_xml.name() != u"graphml" || !inGraphml(m_xml)) {
                error(m_xml.lineNumber(), m_xml.columnNumber(),
                      QStringLiteral("not a GraphML document: the root element is <%1>")
                          .arg(elided(m_xml.qualifiedName().toString())));
                return false;
            }
            continue;
        }
        if (!inGraphml(m_xml)) { // yEd, Gephi (viz:) and other extensions
            m_xml.skipCurrentElement();
            continue;
        }
        if (stack.size() >= size_t(Limits::maxNesting)) {
            m_xml.raiseError(QStringLiteral("elements nested deeper than %1 levels").arg(Limits::maxNesting));
            break;
        }
        const auto name = m_xml.name();
        const auto attrs = m_xml.attributes();
        const int line = int(m_xml.lineNumber()), column = int(m_xml.columnNumber());
        if (name == u"key") {
            readKey();
        } else if (name == u"graph") {
            if (!stack.empty() && stack.back().first == Ctx::Node)
                m_groups.insert(stack.back().second);
            stack.emplace_back(Ctx::Graph, -1);
        } else if (name == u"node") {
            int group = -1;
            for (auto it = stack.rbegin(); it != stack.rend() && group < 0; ++it)
                if (it->first == Ctx::Node)
                    group = it->second;
            AttributedGraph::Element e;
            e.key = attrs.value(QStringLiteral("id")).toString().toStdString();
            e.line = line;
            e.column = column;
            if (e.key.empty())
                error(line, column, QStringLiteral("a node has no id attribute"));
            m_graph.nodes.push_back(std::move(e));
            m_groupOf.push_back(group);
            stack.emplace_back(Ctx::Node, int(m_graph.nodes.size()) - 1);
        } else if (name == u"edge") {
            AttributedGraph::Edge e;
            e.a = attrs.value(QStringLiteral("source")).toString().toStdString();
            e.b = attrs.value(QStringLiteral("target")).toString().toStdString();
            e.aPort = attrs.value(QStringLiteral("sourceport")).toString().toStdString();
            e.bPort = attrs.value(QStringLiteral("targetport")).toString().toStdString();
            e.line = line;
            e.column = column;
            if (e.a.empty() || e.b.empty())
                error(line, column, QStringLiteral("an edge needs a source and a target attribute"));
            m_graph.edges.push_back(std::move(e));
            stack.emplace_back(Ctx::Edge, int(m_graph.edges.size()) - 1);
        } else if (name == u"data") {
            const QString keyId = attrs.value(QStringLiteral("key")).toString();
            const auto key = m_keys.constFind(keyId);
            std::string keyName = key == m_keys.cend() ? keyId.toLower().toStdString() : key->name;
            std::string value, label;
            const bool graphics = key != m_keys.cend() && !key->yfilesType.isEmpty();
            if (!readText(&value, graphics ? &label : nullptr))
                break;
            AttributedGraph::Attributes *target = nullptr;
            if (!stack.empty() && stack.back().first == Ctx::Node)
                target = &m_graph.nodes[size_t(stack.back().second)].attrs;
            else if (!stack.empty() && stack.back().first == Ctx::Edge)
                target = &m_graph.edges[size_t(stack.back().second)].attrs;
            else if (stack.size() == 1 && (keyName == "name" || keyName == "label") && m_graph.name.empty())
                m_graph.name = value;
            if (!target)
                continue;
            if (graphics) {
                if (!label.empty() && !target->count("label"))
                    (*target)["label"] = label;
            } else if (!value.empty()) {
                (*target)[keyName] = value;
            }
        } else if (name != u"graphml") {
            m_xml.skipCurrentElement(); // desc, port, hyperedge, locator
        }
    }
    if (m_xml.hasError()) {
        error(m_xml.lineNumber(), m_xml.columnNumber(),
              QStringLiteral("XML error: %1").arg(elided(m_xml.errorString(), 200)));
        return false;
    }
    return m_errors.empty();
}

ReadResult Reader::run()
{
    ReadResult result;
    if (!parse()) {
        result.errors = std::move(m_errors);
        return result;
    }
    // Key defaults fill what a node or edge does not say.
    for (auto it = m_keys.cbegin(); it != m_keys.cend(); ++it) {
        if (!it->hasDefault || it->yfilesType.size())
            continue;
        if (it->domain == u"node" || it->domain == u"all")
            for (AttributedGraph::Element &n : m_graph.nodes)
                n.attrs.try_emplace(it->name, it->defaultValue);
        if (it->domain == u"edge" || it->domain == u"all")
            for (AttributedGraph::Edge &e : m_graph.edges)
                e.attrs.try_emplace(it->name, it->defaultValue);
    }
    // Groups (yEd) are drawings around devices: the innermost one labelled
    // like a rack gives its devices their rack.
    std::set<std::string> groupKeys;
    auto groupRack = [&](int g) {
        const AttributedGraph::Element &group = m_graph.nodes[size_t(g)];
        const auto label = group.attrs.find("label");
        return AttributedGraph::groupRack({}, label == group.attrs.end() ? group.key : label->second);
    };
    for (const int g : m_groups)
        groupKeys.insert(m_graph.nodes[size_t(g)].key);
    for (size_t i = 0; i < m_graph.nodes.size(); ++i) {
        if (m_groups.count(int(i)) || m_graph.nodes[i].attrs.count("rack"))
            continue;
        for (int up = m_groupOf[i]; up >= 0; up = m_groupOf[size_t(up)])
            if (const std::string rack = groupRack(up); !rack.empty()) {
                m_graph.nodes[i].attrs["rack"] = rack;
                break;
            }
    }
    // Names: igraph's `name`, else a label (yEd, Gephi) when it is one word
    // and unique, else the GraphML id ("n0" says nothing the builder can use).
    std::map<std::string, int> uses;
    auto candidate = [](const AttributedGraph::Element &e) {
        for (const char *key : {"name", "label"})
            if (const auto it = e.attrs.find(key); it != e.attrs.end()) {
                const std::string &v = it->second;
                if (!v.empty() && v.size() <= 256 && v.find_first_of(" \t\r\n<>") == std::string::npos)
                    return v;
            }
        return e.key;
    };
    for (size_t i = 0; i < m_graph.nodes.size(); ++i)
        if (!m_groups.count(int(i)))
            ++uses[candidate(m_graph.nodes[i])];
    int labelled = 0;
    std::vector<AttributedGraph::Element> devices;
    for (size_t i = 0; i < m_graph.nodes.size(); ++i) {
        if (m_groups.count(int(i)))
            continue;
        AttributedGraph::Element &e = m_graph.nodes[i];
        const std::string c = candidate(e);
        if (c != e.key && uses[c] == 1) {
            e.name = c;
            ++labelled;
        }
        devices.push_back(std::move(e));
    }
    if (labelled > 0)
        m_warnings.push_back({m_file,
                              0,
                              0,
                              {},
                              QStringLiteral("%1 nodes are named by their name or label attribute, not their GraphML "
                                             "id")
                                  .arg(labelled)});
    if (!m_groups.empty())
        m_warnings.push_back(
            {m_file,
             0,
             0,
             {},
             QStringLiteral("%1 group nodes are drawings, not devices: not imported").arg(m_groups.size())});
    m_graph.nodes = std::move(devices);
    std::erase_if(m_graph.edges, [&](const AttributedGraph::Edge &e) {
        if (!groupKeys.count(e.a) && !groupKeys.count(e.b))
            return false;
        m_warnings.push_back(
            {m_file, e.line, e.column, {}, QStringLiteral("an edge to a group node is not a cable: skipped")});
        return true;
    });
    if (m_graph.nodes.empty()) {
        result.errors.push_back({m_file, 0, 0, {}, QStringLiteral("the graph has no nodes")});
        return result;
    }
    return AttributedGraph::build(std::move(m_graph), std::move(m_warnings), m_file);
}

} // namespace

bool isForeign(QIODevice &device)
{
    if (device.isSequential())
        return false;
    const qint64 start = device.pos();
    QXmlStreamReader xml(&device);
    bool roleKey = false, gbpsKey = false, speedKey = false, inNode = false;
    QSet<QString> declared;
    std::optional<bool> answer;
    while (!xml.atEnd() && !answer) {
        const auto token = xml.readNext();
        if (token == QXmlStreamReader::DTD || token == QXmlStreamReader::EntityReference)
            break;
        if (token == QXmlStreamReader::EndElement && inNode && xml.name() == u"node" && inGraphml(xml))
            answer = true; // a first node without role data
        if (token != QXmlStreamReader::StartElement || !inGraphml(xml))
            continue;
        if (xml.name() == u"key") {
            QString id;
            const Key k = readKeyAttributes(xml, &id);
            declared.insert(id);
            const bool node = k.domain == u"node" || k.domain == u"all";
            const bool edge = k.domain == u"edge" || k.domain == u"all";
            roleKey = roleKey || (node && k.name == "role");
            gbpsKey = gbpsKey || (edge && k.name == "gbps");
            speedKey = speedKey || (edge && (k.name == "capacity" || k.name == "bandwidth" || k.name == "speed"));
        } else if (xml.name() == u"node" && !inNode) {
            if (roleKey)
                answer = speedKey && !gbpsKey;
            inNode = true;
        } else if (xml.name() == u"data" && inNode) {
            const QString key = xml.attributes().value(QStringLiteral("key")).toString();
            if (!declared.contains(key) && key.toLower() == u"role")
                answer = false; // Railyard's reader takes an undeclared key by its id
        }
    }
    device.seek(start);
    return answer.value_or(false);
}

ReadResult read(QIODevice &device, const QString &fileName)
{
    return Reader(device, fileName).run();
}

} // namespace Railyard::GraphmlForeign
