#pragma once

// The tag scanner of the GraphML fast path (graphmlfast.cpp): one pass over
// the bytes of a plainly written XML document, failing (ok = false) on
// anything outside that subset. Internal to the format.

#include "core/formats/plainjson.h"

#include <array>
#include <string>
#include <string_view>
#include <utility>

namespace Railyard::GraphmlDetail {

inline std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    return out;
}

inline bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

inline std::string_view trimmedLeft(std::string_view s)
{
    while (!s.empty() && isBlank(s.front()))
        s.remove_prefix(1);
    return s;
}

inline std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && isBlank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isBlank(s.back()))
        s.remove_suffix(1);
    return s;
}

/// Steps over one non-ASCII character of UTF-8 that XML 1.0 allows.
inline bool xmlChar(const char *&p, const char *end)
{
    char32_t code = 0;
    const int n = utf8Sequence(p, end, code);
    if (n == 0 || code == 0xfffe || code == 0xffff)
        return false;
    p += n;
    return true;
}

/// Blanks and XML characters, no other controls.
inline bool plainText(std::string_view s)
{
    const char *p = s.data();
    const char *end = p + s.size();
    while (p != end) {
        const auto c = static_cast<unsigned char>(*p);
        if (c < 0x20 && !isBlank(char(c)))
            return false;
        if (c < 0x80)
            ++p;
        else if (!xmlChar(p, end))
            return false;
    }
    return true;
}

/// One pass over the tags. Fails (ok = false) on anything outside plain GraphML.
class Scanner
{
public:
    explicit Scanner(std::string_view data)
        : m_p(data.data())
        , m_end(data.data() + data.size())
    { }

    bool ok = true;

    struct Tag
    {
        std::string_view name;
        bool end = false;         ///< </name>
        bool selfClosing = false; ///< <name/>
        std::array<std::pair<std::string_view, std::string_view>, 8> attrs;
        int attrCount = 0;
        std::string_view attr(std::string_view n) const
        {
            for (int i = 0; i < attrCount; ++i)
                if (attrs[size_t(i)].first == n)
                    return attrs[size_t(i)].second;
            return {};
        }
        bool has(std::string_view n) const
        {
            for (int i = 0; i < attrCount; ++i)
                if (attrs[size_t(i)].first == n)
                    return true;
            return false;
        }
    };

    bool fail()
    {
        ok = false;
        m_p = m_end;
        return false;
    }
    bool atEnd() const { return m_p == m_end; }
    size_t size() const { return size_t(m_end - m_p); }

    /// Skips the XML declaration (UTF-8 or no encoding) and comments before the root.
    bool prolog()
    {
        if (m_end - m_p >= 5 && std::string_view(m_p, 5) == "<?xml") {
            const std::string_view rest(m_p, size_t(m_end - m_p));
            const size_t close = rest.find("?>");
            if (close == std::string_view::npos)
                return fail();
            // Exactly: version="1.0" [encoding="UTF-8"] [standalone="yes|no"].
            std::string_view decl = rest.substr(5, close - 5);
            const std::string_view names[] = {"version", "encoding", "standalone"};
            int next = 0;
            while (!trimmedLeft(decl).empty()) {
                if (decl.empty() || !isBlank(decl.front()))
                    return fail();
                decl = trimmedLeft(decl);
                const size_t eq = decl.find('=');
                if (eq == std::string_view::npos)
                    return fail();
                const std::string_view name = trimmed(decl.substr(0, eq));
                decl = trimmedLeft(decl.substr(eq + 1));
                if (decl.empty() || (decl.front() != '"' && decl.front() != '\''))
                    return fail();
                const size_t end = decl.find(decl.front(), 1);
                if (end == std::string_view::npos)
                    return fail();
                const std::string_view value = decl.substr(1, end - 1);
                decl = decl.substr(end + 1);
                if (next == 0 && name != names[0])
                    return fail(); // the version comes first
                while (next < 3 && names[next] != name)
                    ++next;
                if (next == 3 || (next == 0 && value != "1.0") || (next == 1 && lower(value) != "utf-8")
                    || (next == 2 && value != "yes" && value != "no"))
                    return fail();
                ++next;
            }
            if (next == 0)
                return fail(); // the version is required
            m_p += close + 2;
        }
        return true;
    }

    /// Text up to the next '<' (checked: XML characters in UTF-8, no
    /// references); then the tag.
    bool next(std::string_view &text, Tag &tag)
    {
        for (;;) {
            const char *begin = m_p;
            while (m_p != m_end && *m_p != '<') {
                const auto c = static_cast<unsigned char>(*m_p);
                if (c == '&' || c == '>' || (c < 0x20 && !isBlank(char(c))))
                    return fail();
                if (c < 0x80)
                    ++m_p;
                else if (!xmlChar(m_p, m_end))
                    return fail();
            }
            text = std::string_view(begin, size_t(m_p - begin));
            if (m_p == m_end)
                return false;
            if (m_end - m_p >= 4 && std::string_view(m_p, 4) == "<!--") {
                if (inText)
                    return fail(); // a comment inside a value: the full reader joins the text around it
                if (!comment())
                    return false;
                continue;
            }
            return readTag(tag);
        }
    }
    bool inText = false;

private:
    bool comment()
    {
        const std::string_view rest(m_p + 4, size_t(m_end - m_p - 4));
        const size_t close = rest.find("--");
        if (close == std::string_view::npos || close + 2 >= rest.size() || rest[close + 2] != '>')
            return fail(); // unterminated, or "--" inside: not well-formed
        if (!plainText(rest.substr(0, close)))
            return fail();
        m_p += 4 + close + 3;
        return true;
    }
    static bool nameChar(char c)
    {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
            || c == '.' || c == ':';
    }
    std::string_view name()
    {
        const char *begin = m_p;
        if (m_p == m_end || !((*m_p >= 'a' && *m_p <= 'z') || (*m_p >= 'A' && *m_p <= 'Z') || *m_p == '_'))
            return fail(), std::string_view();
        while (m_p != m_end && nameChar(*m_p))
            ++m_p;
        return std::string_view(begin, size_t(m_p - begin));
    }
    void blanks()
    {
        while (m_p != m_end && isBlank(*m_p))
            ++m_p;
    }
    bool readTag(Tag &tag)
    {
        ++m_p; // '<'
        tag.end = m_p != m_end && *m_p == '/';
        if (tag.end)
            ++m_p;
        tag.selfClosing = false;
        tag.attrCount = 0;
        tag.name = name();
        if (!ok)
            return false;
        for (;;) {
            const char *before = m_p;
            blanks();
            if (m_p == m_end)
                return fail();
            if (*m_p == '>') {
                ++m_p;
                return true;
            }
            if (*m_p == '/' && !tag.end) {
                if (m_end - m_p < 2 || m_p[1] != '>')
                    return fail();
                m_p += 2;
                tag.selfClosing = true;
                return true;
            }
            if (tag.end || before == m_p || tag.attrCount == int(tag.attrs.size()))
                return fail(); // attributes need a blank before them; end tags have none
            const std::string_view n = name();
            blanks();
            if (!ok || m_p == m_end || *m_p != '=')
                return fail();
            ++m_p;
            blanks();
            if (m_p == m_end || (*m_p != '"' && *m_p != '\''))
                return fail();
            const char quote = *m_p++;
            const char *begin = m_p;
            while (m_p != m_end && *m_p != quote) {
                const auto c = static_cast<unsigned char>(*m_p);
                if (c == '&' || c == '<' || c < 0x20)
                    return fail(); // references and normalised blanks: the full reader's business
                if (c < 0x80)
                    ++m_p;
                else if (!xmlChar(m_p, m_end))
                    return fail();
            }
            if (m_p == m_end || tag.has(n))
                return fail();
            tag.attrs[size_t(tag.attrCount++)] = {n, std::string_view(begin, size_t(m_p - begin))};
            ++m_p;
        }
    }

    const char *m_p;
    const char *m_end;
};

} // namespace Railyard::GraphmlDetail
