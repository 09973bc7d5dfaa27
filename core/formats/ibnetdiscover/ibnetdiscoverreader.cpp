#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"

#include "core/formats/ibnetdiscover/infinibandrates.h"
#include "core/formats/importgraph/importgraph.h"
#include "core/formats/textlines.h"

#include <QFileInfo>

#include <algorithm>
#include <cctype>
#include <map>
#include <unordered_map>

namespace Railyard::Ibnetdiscover {
namespace {

constexpr int maxWarnings = 200;

using ImportGraph::Node;
using ImportGraph::NodeType;
using ImportGraph::PortLine;

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

class Reader
{
public:
    Reader(const QString &fileName)
        : m_file(fileName)
    { }

    ReadResult run(std::string_view text, const NodeNameMap *map);

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
        std::string_view line = takeLine(text);
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
        if (!readInt(s, &node.ports) || node.ports < 1 || node.ports > kMaxPorts || !readName(s, &node.nodeId, &irregular)) {
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

ReadResult Reader::run(std::string_view text, const NodeNameMap *map)
{
    if (!parse(text)) {
        m_result.fabric.reset();
        return std::move(m_result);
    }
    if (m_moreWarnings > 0)
        m_result.warnings.push_back(
            FormatError{m_file, 0, 0, {}, QStringLiteral("%1 more warnings not listed").arg(m_moreWarnings)});
    if (map)
        applyNodeNameMap(m_nodes, *map, m_file, &m_result.warnings);
    ReadResult built = ImportGraph::build(std::move(m_nodes), std::move(m_result.warnings), m_file);
    if (built.fabric)
        built.fabric->transport = Transport::InfiniBand; // the dump is of an InfiniBand subnet
    return built;
}

} // namespace

ReadResult read(std::string_view text, const QString &fileName, const NodeNameMap *map)
{
    if (isPortsReport(text))
        return readPortsReport(text, fileName, map);
    return Reader(fileName).run(text, map);
}

} // namespace Railyard::Ibnetdiscover
