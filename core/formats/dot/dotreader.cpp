#include "core/formats/dot/dotreader.h"

#include "core/common/messagetext.h"
#include "core/common/limits.h"

#include <cctype>
#include <unordered_map>

namespace Railyard::Dot {
namespace {

using AttributedGraph::Attributes;

enum class Tok {
    Id,
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    Equals,
    Semi,
    Comma,
    Colon,
    EdgeOp,
    Strict,
    Graph,
    Digraph,
    Node,
    Edge,
    Subgraph,
    End
};

struct Token
{
    Tok kind = Tok::End;
    std::string text; ///< an ID's value (quotes and escapes resolved); the operator for EdgeOp
    int line = 0;
    int column = 0;
};

/// Edges one statement may create (`{a b c} -- {d e f}` multiplies), and in all.
constexpr size_t maxEdgesPerStatement = size_t(1) << 16;
constexpr size_t maxEdges = size_t(1) << 22;

class Lexer
{
public:
    explicit Lexer(std::string_view text)
        : m_text(text)
    { }

    /// The next token; false with *message set on a lexical error (position in *where).
    bool next(Token *out, QString *message);

private:
    char peek(size_t ahead = 0) const { return m_pos + ahead < m_text.size() ? m_text[m_pos + ahead] : '\0'; }
    void advance()
    {
        if (m_text[m_pos] == '\n') {
            ++m_line;
            m_lineStart = m_pos + 1;
        }
        ++m_pos;
    }
    int column() const { return int(m_pos - m_lineStart) + 1; }
    bool skipBlank(QString *message, Token *where);
    bool quoted(std::string *out, QString *message, Token *where);
    static bool idChar(char c)
    {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || (c & 0x80);
    }

    std::string_view m_text;
    size_t m_pos = 0;
    size_t m_lineStart = 0;
    int m_line = 1;
};

bool Lexer::skipBlank(QString *message, Token *where)
{
    while (m_pos < m_text.size()) {
        const char c = peek();
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
            advance();
        } else if (c == '#'
                   && m_text.substr(m_lineStart, m_pos - m_lineStart).find_first_not_of(" \t\r")
                       == std::string_view::npos) {
            while (m_pos < m_text.size() && peek() != '\n') // a C preprocessor line
                advance();
        } else if (c == '/' && peek(1) == '/') {
            while (m_pos < m_text.size() && peek() != '\n')
                advance();
        } else if (c == '/' && peek(1) == '*') {
            where->line = m_line;
            where->column = column();
            advance();
            advance();
            while (m_pos < m_text.size() && !(peek() == '*' && peek(1) == '/'))
                advance();
            if (m_pos >= m_text.size()) {
                *message = QStringLiteral("a /* comment is not closed (it starts here)");
                return false;
            }
            advance();
            advance();
        } else {
            break;
        }
    }
    return true;
}

bool Lexer::quoted(std::string *out, QString *message, Token *where)
{
    const int line = m_line, col = column();
    advance(); // the opening quote
    while (true) {
        if (m_pos >= m_text.size()) {
            where->line = line;
            where->column = col;
            *message = QStringLiteral("a quoted string is not closed (it starts here)");
            return false;
        }
        const char c = peek();
        if (c == '"') {
            advance();
            return true;
        }
        if (c == '\\' && (peek(1) == '"' || peek(1) == '\\')) {
            advance();
            *out += peek();
            advance();
        } else if (c == '\\' && (peek(1) == '\n' || (peek(1) == '\r' && peek(2) == '\n'))) {
            advance(); // a line continuation
            if (peek() == '\r')
                advance();
            advance();
        } else {
            *out += c;
            advance();
        }
        if (out->size() > size_t(Limits::maxInputBytes)) {
            *message = QStringLiteral("a string too long");
            return false;
        }
    }
}

bool Lexer::next(Token *out, QString *message)
{
    *out = Token{};
    if (!skipBlank(message, out))
        return false;
    out->line = m_line;
    out->column = column();
    if (m_pos >= m_text.size()) {
        out->kind = Tok::End;
        return true;
    }
    const char c = peek();
    static const std::string_view singles = "{}[]=;,:";
    static const Tok singleKinds[]
        = {Tok::LBrace, Tok::RBrace, Tok::LBracket, Tok::RBracket, Tok::Equals, Tok::Semi, Tok::Comma, Tok::Colon};
    if (const size_t s = singles.find(c); s != std::string_view::npos) {
        out->kind = singleKinds[s];
        out->text = std::string(1, c);
        advance();
        return true;
    }
    if (c == '-' && (peek(1) == '-' || peek(1) == '>')) {
        out->kind = Tok::EdgeOp;
        out->text = std::string(m_text.substr(m_pos, 2));
        advance();
        advance();
        return true;
    }
    out->kind = Tok::Id;
    if (c == '"') {
        if (!quoted(&out->text, message, out))
            return false;
        // "a" + "b" concatenates.
        while (true) {
            const size_t pos = m_pos, lineStart = m_lineStart;
            const int line = m_line;
            Token ignored;
            if (!skipBlank(message, &ignored))
                return false;
            if (peek() == '+') {
                advance();
                if (!skipBlank(message, &ignored))
                    return false;
                if (peek() == '"') {
                    if (!quoted(&out->text, message, out))
                        return false;
                    continue;
                }
            }
            m_pos = pos; // not a concatenation: back to the end of the string
            m_lineStart = lineStart;
            m_line = line;
            return true;
        }
    }
    if (c == '<') {
        // An HTML-like string: balanced angle brackets, kept as written inside the outer pair.
        int depth = 0;
        const size_t start = m_pos;
        do {
            if (peek() == '<')
                ++depth;
            else if (peek() == '>')
                --depth;
            advance();
        } while (depth > 0 && m_pos < m_text.size());
        if (depth > 0) {
            *message = QStringLiteral("an HTML-like <...> string is not closed (it starts here)");
            return false;
        }
        out->text = std::string(m_text.substr(start + 1, m_pos - start - 2));
        return true;
    }
    if (idChar(c) || (c == '-' && (std::isdigit(static_cast<unsigned char>(peek(1))) || peek(1) == '.'))) {
        const size_t start = m_pos;
        advance();
        while (m_pos < m_text.size()
               && (idChar(peek()) || (peek() == '-' && peek(1) != '-' && peek(1) != '>' && idChar(peek(1)))))
            advance();
        out->text = std::string(m_text.substr(start, m_pos - start));
        std::string lower = out->text;
        for (char &ch : lower)
            ch = char(std::tolower(static_cast<unsigned char>(ch)));
        static const std::pair<const char *, Tok> keywords[]
            = {{"strict", Tok::Strict}, {"graph", Tok::Graph}, {"digraph", Tok::Digraph},
               {"node", Tok::Node},     {"edge", Tok::Edge},   {"subgraph", Tok::Subgraph}};
        for (const auto &[word, kind] : keywords)
            if (lower == word)
                out->kind = kind;
        return true;
    }
    *message = QStringLiteral("unexpected character '%1'")
                   .arg(std::isprint(static_cast<unsigned char>(c))
                            ? QString(QLatin1Char(c))
                            : QStringLiteral("\\x%1").arg(int(uchar(c)), 2, 16, QLatin1Char('0')));
    return false;
}

struct Scope
{
    Attributes nodeDefaults;
    Attributes edgeDefaults;
    std::string label;
};

/// One end of an edge: a node and the port written after it.
struct EndPoint
{
    int node = -1;
    std::string port;
};

class Parser
{
public:
    Parser(std::string_view text, AttributedGraph::Graph *graph)
        : m_lexer(text)
        , m_graph(graph)
    { }

    bool run();
    int errorLine = 0, errorColumn = 0;
    QString errorMessage;
    std::vector<std::pair<int, QString>> notes; ///< warnings: line, text

private:
    bool advance()
    {
        m_token = m_next;
        QString message;
        if (!m_lexer.next(&m_next, &message)) {
            if (!m_failed) {
                errorLine = m_next.line;
                errorColumn = m_next.column;
                errorMessage = message;
                m_failed = true;
            }
            m_next.kind = Tok::End; // every loop of the parser stops at the end
            return false;
        }
        return true;
    }
    bool fail(const Token &at, const QString &message)
    {
        if (!m_failed) {
            errorLine = at.line;
            errorColumn = at.column;
            errorMessage = message;
            m_failed = true;
        }
        return false;
    }
    static QString describe(const Token &t)
    {
        if (t.kind == Tok::End)
            return QStringLiteral("the end of the file");
        return QStringLiteral("'%1'").arg(elided(QString::fromStdString(t.text)));
    }
    bool expect(Tok kind, const char *what)
    {
        if (m_next.kind != kind)
            return fail(m_next, QStringLiteral("expected %1, found %2").arg(QLatin1String(what), describe(m_next)));
        return advance();
    }
    bool isId(const Token &t) const { return t.kind == Tok::Id; }
    bool statements(Scope &scope, int depth, std::vector<int> *members);
    bool attrList(Attributes *attrs);
    bool subgraph(Scope &scope, int depth, std::vector<int> *members);
    bool endpoint(Scope &scope, int depth, std::vector<EndPoint> *out, std::vector<int> *members);
    bool port(EndPoint *p);
    bool edgeChain(Scope &scope, int depth, std::vector<EndPoint> first, const Token &firstAt,
                   std::vector<int> *members);
    int touch(const Token &id, const Scope &scope);

    Lexer m_lexer;
    AttributedGraph::Graph *m_graph;
    Token m_token, m_next;
    bool m_failed = false;
    std::unordered_map<std::string, int> m_byKey;
    std::vector<std::string> m_rackOf; ///< per node: the innermost rack cluster it is in
};

int Parser::touch(const Token &id, const Scope &scope)
{
    const auto [it, inserted] = m_byKey.try_emplace(id.text, int(m_graph->nodes.size()));
    if (inserted) {
        AttributedGraph::Element e;
        e.key = id.text;
        e.attrs = scope.nodeDefaults;
        e.line = id.line;
        e.column = id.column;
        m_graph->nodes.push_back(std::move(e));
        m_rackOf.emplace_back();
    }
    return it->second;
}

bool Parser::attrList(Attributes *attrs)
{
    while (m_next.kind == Tok::LBracket) {
        advance();
        while (m_next.kind != Tok::RBracket) {
            if (!isId(m_next))
                return fail(m_next,
                            QStringLiteral("expected an attribute name or ']', found %1").arg(describe(m_next)));
            advance();
            std::string name = m_token.text;
            for (char &c : name)
                c = char(std::tolower(static_cast<unsigned char>(c)));
            std::string value = "true";
            if (m_next.kind == Tok::Equals) {
                advance();
                if (!isId(m_next))
                    return fail(m_next,
                                QStringLiteral("expected a value after '%1=', found %2")
                                    .arg(elided(QString::fromStdString(name)), describe(m_next)));
                advance();
                value = m_token.text;
            }
            (*attrs)[name] = std::move(value);
            if (m_next.kind == Tok::Comma || m_next.kind == Tok::Semi)
                advance();
        }
        advance();
    }
    return !m_failed;
}

bool Parser::subgraph(Scope &parent, int depth, std::vector<int> *members)
{
    if (depth >= Limits::maxNesting)
        return fail(m_next, QStringLiteral("subgraphs nested deeper than %1 levels").arg(Limits::maxNesting));
    std::string name;
    if (m_next.kind == Tok::Subgraph) {
        advance();
        if (isId(m_next)) {
            advance();
            name = m_token.text;
        }
    }
    if (!expect(Tok::LBrace, "'{' to open the subgraph"))
        return false;
    const Token open = m_token;
    Scope scope = parent;
    scope.label.clear();
    std::vector<int> inside;
    if (!statements(scope, depth + 1, &inside))
        return false;
    if (m_next.kind != Tok::RBrace)
        return fail(m_next.kind == Tok::End ? open : m_next,
                    m_next.kind == Tok::End ? QStringLiteral("this '{' is never closed by a '}'")
                                            : QStringLiteral("expected '}', found %1").arg(describe(m_next)));
    advance();
    if (const std::string rack = AttributedGraph::groupRack(name, scope.label); !rack.empty())
        for (int n : inside)
            if (m_rackOf[size_t(n)].empty())
                m_rackOf[size_t(n)] = rack;
    members->insert(members->end(), inside.begin(), inside.end());
    return true;
}

bool Parser::port(EndPoint *p)
{
    if (m_next.kind != Tok::Colon)
        return true;
    advance();
    if (!isId(m_next))
        return fail(m_next, QStringLiteral("expected a port name after ':', found %1").arg(describe(m_next)));
    advance();
    p->port = m_token.text;
    if (m_next.kind == Tok::Colon) { // a:port:compass
        advance();
        if (!isId(m_next))
            return fail(m_next, QStringLiteral("expected a compass point after ':', found %1").arg(describe(m_next)));
        advance();
    }
    for (const char *c : {"n", "ne", "e", "se", "s", "sw", "w", "nw", "c", "_"})
        if (p->port == c)
            p->port.clear(); // a:n is a side of the shape, not a port
    return true;
}

bool Parser::endpoint(Scope &scope, int depth, std::vector<EndPoint> *out, std::vector<int> *members)
{
    if (m_next.kind == Tok::Subgraph || m_next.kind == Tok::LBrace) {
        std::vector<int> inside;
        if (!subgraph(scope, depth, &inside))
            return false;
        for (int n : inside)
            out->push_back({n, {}});
        members->insert(members->end(), inside.begin(), inside.end());
        return true;
    }
    if (!isId(m_next))
        return fail(m_next, QStringLiteral("an edge needs a node or subgraph here, found %1").arg(describe(m_next)));
    advance();
    EndPoint p{touch(m_token, scope), {}};
    members->push_back(p.node);
    if (!port(&p))
        return false;
    out->push_back(std::move(p));
    return true;
}

bool Parser::edgeChain(Scope &scope, int depth, std::vector<EndPoint> first, const Token &firstAt,
                       std::vector<int> *members)
{
    std::vector<std::vector<EndPoint>> ends;
    std::vector<Token> where{firstAt};
    ends.push_back(std::move(first));
    while (m_next.kind == Tok::EdgeOp) {
        advance();
        where.push_back(m_next);
        ends.emplace_back();
        if (!endpoint(scope, depth, &ends.back(), members))
            return false;
    }
    Attributes attrs = scope.edgeDefaults;
    Attributes own;
    if (!attrList(&own))
        return false;
    // A speed the edge gives beats a default speed given under another name.
    static const char *speeds[] = {"gbps", "speed_gbps", "speed", "bandwidth", "capacity"};
    for (const char *key : speeds)
        if (own.count(key)) {
            for (const char *other : speeds)
                attrs.erase(other);
            break;
        }
    for (auto &[k, v] : own)
        attrs[k] = v;
    // a -- b -- c is a -- b and b -- c, each with the list's attributes.
    for (size_t hop = 0; hop + 1 < ends.size(); ++hop) {
        const size_t count = ends[hop].size() * ends[hop + 1].size();
        if (count > maxEdgesPerStatement || m_graph->edges.size() + count > maxEdges)
            return fail(where[hop], QStringLiteral("this edge statement makes too many edges"));
        for (const EndPoint &x : ends[hop])
            for (const EndPoint &y : ends[hop + 1])
                m_graph->edges.push_back({m_graph->nodes[size_t(x.node)].key, m_graph->nodes[size_t(y.node)].key,
                                          x.port, y.port, attrs, where[hop].line, where[hop].column});
    }
    return true;
}

bool Parser::statements(Scope &scope, int depth, std::vector<int> *members)
{
    while (m_next.kind != Tok::RBrace && m_next.kind != Tok::End && !m_failed) {
        const Tok kind = m_next.kind;
        if (kind == Tok::Graph || kind == Tok::Node || kind == Tok::Edge) {
            advance();
            if (m_next.kind != Tok::LBracket)
                return fail(m_next,
                            QStringLiteral("expected '[' after '%1', found %2")
                                .arg(QString::fromStdString(m_token.text), describe(m_next)));
            Attributes attrs;
            if (!attrList(&attrs))
                return false;
            if (kind == Tok::Graph) {
                if (const auto it = attrs.find("label"); it != attrs.end())
                    scope.label = it->second;
            } else {
                Attributes &target = kind == Tok::Node ? scope.nodeDefaults : scope.edgeDefaults;
                for (auto &[k, v] : attrs)
                    target[k] = v;
            }
        } else if (isId(m_next)) {
            advance();
            const Token first = m_token;
            if (m_next.kind == Tok::Equals) { // ID = ID: a graph attribute
                advance();
                if (!isId(m_next))
                    return fail(m_next, QStringLiteral("expected a value after '=', found %1").arg(describe(m_next)));
                advance();
                std::string key = first.text;
                for (char &c : key)
                    c = char(std::tolower(static_cast<unsigned char>(c)));
                if (key == "label")
                    scope.label = m_token.text;
            } else {
                EndPoint p{touch(first, scope), {}};
                members->push_back(p.node);
                if (!port(&p))
                    return false;
                if (m_next.kind == Tok::EdgeOp) {
                    if (!edgeChain(scope, depth, {p}, first, members))
                        return false;
                } else { // a node statement (a port written on it means nothing)
                    Attributes attrs;
                    if (!attrList(&attrs))
                        return false;
                    for (auto &[k, v] : attrs)
                        m_graph->nodes[size_t(p.node)].attrs[k] = v;
                }
            }
        } else if (kind == Tok::Subgraph || kind == Tok::LBrace) {
            const Token first = m_next;
            std::vector<EndPoint> ends;
            if (!endpoint(scope, depth, &ends, members))
                return false;
            if (m_next.kind == Tok::EdgeOp && !edgeChain(scope, depth, std::move(ends), first, members))
                return false;
        } else {
            return fail(m_next,
                        QStringLiteral("expected a statement (a node, an edge, an attribute or a subgraph), "
                                       "found %1")
                            .arg(describe(m_next)));
        }
        if (m_next.kind == Tok::Semi)
            advance();
    }
    return !m_failed;
}

bool Parser::run()
{
    if (!advance()) // load the lookahead
        return false;
    if (m_next.kind == Tok::Strict)
        advance();
    if (m_next.kind != Tok::Graph && m_next.kind != Tok::Digraph)
        return fail(m_next,
                    QStringLiteral("expected 'graph' or 'digraph' (a DOT file starts with one), found %1")
                        .arg(describe(m_next)));
    advance();
    if (isId(m_next)) {
        advance();
        m_graph->name = m_token.text;
    }
    if (!expect(Tok::LBrace, "'{' to open the graph"))
        return false;
    const Token open = m_token;
    Scope scope;
    std::vector<int> members;
    if (!statements(scope, 0, &members))
        return false;
    if (m_next.kind != Tok::RBrace)
        return fail(open, QStringLiteral("this '{' is never closed by a '}'"));
    advance();
    for (size_t i = 0; i < m_rackOf.size(); ++i)
        if (!m_rackOf[i].empty() && !m_graph->nodes[i].attrs.count("rack"))
            m_graph->nodes[i].attrs["rack"] = m_rackOf[i];
    if (m_next.kind == Tok::Strict || m_next.kind == Tok::Graph || m_next.kind == Tok::Digraph)
        notes.emplace_back(m_next.line, QStringLiteral("more than one graph in the file: only the first is read"));
    else if (m_next.kind != Tok::End)
        return fail(m_next, QStringLiteral("unexpected %1 after the graph's closing '}'").arg(describe(m_next)));
    return true;
}

} // namespace

bool parse(std::string_view text, const QString &fileName, AttributedGraph::Graph *graph,
           std::vector<FormatError> *errors, std::vector<FormatError> *warnings)
{
    Parser parser(text, graph);
    if (!parser.run()) {
        errors->push_back({fileName, parser.errorLine, parser.errorColumn, {}, parser.errorMessage});
        return false;
    }
    for (const auto &[line, message] : parser.notes)
        warnings->push_back({fileName, line, 0, {}, message});
    return true;
}

ReadResult read(std::string_view text, const QString &fileName)
{
    AttributedGraph::Graph graph;
    std::vector<FormatError> errors, warnings;
    if (!parse(text, fileName, &graph, &errors, &warnings)) {
        ReadResult r;
        r.errors = std::move(errors);
        return r;
    }
    if (graph.nodes.empty()) {
        ReadResult r;
        r.errors.push_back({fileName, 0, 0, {}, QStringLiteral("the graph has no nodes")});
        return r;
    }
    return AttributedGraph::build(std::move(graph), std::move(warnings), fileName);
}

} // namespace Railyard::Dot
