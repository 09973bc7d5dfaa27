#pragma once

// A pull reader for "plain" JSON: the strict grammar of RFC 8259, with
// strings restricted to printable ASCII without escapes. It reads straight
// from the caller's bytes, allocates nothing and stops at the first thing
// outside that subset (ok() turns false), so a format's fast path can hand
// the file to its full reader, which then reports precisely.
//
// Numbers follow nlohmann's reading: a number without fraction or exponent is
// an integer (so "-0" is 0), others are doubles rounded as strtod would.

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace Railyard {

/// Length of the well-formed UTF-8 sequence at p (RFC 3629: no overlong
/// forms, surrogates or code points above U+10FFFF), 0 if there is none.
/// `code` receives its code point.
inline int utf8Sequence(const char *p, const char *end, char32_t &code)
{
    const auto b0 = static_cast<unsigned char>(*p);
    int n = 0;
    char32_t min = 0;
    if (b0 < 0x80) {
        code = b0;
        return 1;
    }
    if ((b0 & 0xe0) == 0xc0) {
        n = 2;
        code = b0 & 0x1f;
        min = 0x80;
    } else if ((b0 & 0xf0) == 0xe0) {
        n = 3;
        code = b0 & 0x0f;
        min = 0x800;
    } else if ((b0 & 0xf8) == 0xf0) {
        n = 4;
        code = b0 & 0x07;
        min = 0x10000;
    } else {
        return 0;
    }
    if (end - p < n)
        return 0;
    for (int i = 1; i < n; ++i) {
        const auto b = static_cast<unsigned char>(p[i]);
        if ((b & 0xc0) != 0x80)
            return 0;
        code = (code << 6) | (b & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return 0;
    return n;
}

class PlainJson
{
public:
    explicit PlainJson(std::string_view data)
        : m_p(data.data())
        , m_end(data.data() + data.size())
    { }

    bool ok() const { return m_ok; }
    /// Gives up: everything after returns false.
    bool fail()
    {
        m_ok = false;
        m_p = m_end;
        return false;
    }

    /// Reads '{'. Then `while (json.key(first, k)) { value }` visits the members.
    bool beginObject() { return punct('{'); }
    /// The next member's key, or false at the closing '}' (consumed) or on failure.
    bool key(bool &first, std::string_view &out)
    {
        skipWs();
        if (m_p == m_end)
            return fail();
        if (*m_p == '}') {
            ++m_p;
            return false;
        }
        if (!first && !punct(','))
            return false;
        first = false;
        return string(out) && punct(':');
    }
    /// Reads '['. Then `while (json.element(first)) { value }` visits the elements.
    bool beginArray() { return punct('['); }
    bool element(bool &first)
    {
        skipWs();
        if (m_p == m_end)
            return fail();
        if (*m_p == ']') {
            ++m_p;
            return false;
        }
        if (!first && !punct(','))
            return false;
        first = false;
        return true;
    }

    bool string(std::string_view &out)
    {
        skipWs();
        if (m_p == m_end || *m_p != '"')
            return fail();
        const char *begin = ++m_p;
        while (m_p != m_end) {
            // Eight plain bytes at a time (no quote, backslash, control or
            // non-ASCII byte among them), then byte by byte.
            while (m_end - m_p >= 8 && plainWord(m_p))
                m_p += 8;
            if (m_p == m_end)
                break;
            const auto c = static_cast<unsigned char>(*m_p);
            if (c == '"') {
                out = std::string_view(begin, static_cast<size_t>(m_p - begin));
                ++m_p;
                return true;
            }
            if (c < 0x20 || c == '\\')
                return fail(); // control or escaped: the full reader's business
            if (c < 0x80) {
                ++m_p;
                continue;
            }
            char32_t code = 0;
            const int n = utf8Sequence(m_p, m_end, code);
            if (n == 0)
                return fail();
            m_p += n;
        }
        return fail();
    }
    /// An integer token (no fraction or exponent) within int64.
    bool integer(std::int64_t &out)
    {
        bool fractional = false;
        const char *begin = numberToken(fractional);
        if (!begin || fractional)
            return fail();
        const auto r = std::from_chars(begin, m_p, out);
        return (r.ec == std::errc() && r.ptr == m_p) || fail();
    }
    /// Any number, as nlohmann would hand it to a double.
    bool number(double &out)
    {
        bool fractional = false;
        const char *begin = numberToken(fractional);
        if (!begin)
            return false;
        if (!fractional) {
            std::int64_t i = 0;
            const auto r = std::from_chars(begin, m_p, i);
            if (r.ec != std::errc() || r.ptr != m_p)
                return fail();
            out = static_cast<double>(i);
            return true;
        }
        const auto r = std::from_chars(begin, m_p, out);
        return (r.ec == std::errc() && r.ptr == m_p) || fail();
    }
    bool boolean(bool &out)
    {
        skipWs();
        if (literal("true"))
            out = true;
        else if (literal("false"))
            out = false;
        else
            return fail();
        return true;
    }
    /// Only blanks remain.
    /// Skips one value of any kind (nested at most `maxDepth` deep) and hands
    /// back its text, for a section another reader parses (a fabric's floor).
    bool rawValue(std::string_view &out, int maxDepth = 64)
    {
        skipWs();
        const char *begin = m_p;
        if (!skipValue(maxDepth))
            return false;
        out = std::string_view(begin, static_cast<size_t>(m_p - begin));
        return true;
    }
    bool atEnd()
    {
        skipWs();
        return m_ok && m_p == m_end;
    }

private:
    /// True when none of the 8 bytes at p is '"', '\\', below 0x20 or above 0x7f.
    static bool plainWord(const char *p)
    {
        std::uint64_t x;
        std::memcpy(&x, p, sizeof x);
        constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
        const auto zeroByte = [](std::uint64_t v) { return (v - ones) & ~v & highs; };
        const std::uint64_t below = (x - ones * 0x20) & ~x & highs; // some byte < 0x20 (or >= 0x80)
        return ((x & highs) | below | zeroByte(x ^ (ones * '"')) | zeroByte(x ^ (ones * '\\'))) == 0;
    }
    bool skipValue(int depthLeft)
    {
        skipWs();
        if (m_p == m_end || depthLeft < 0)
            return fail();
        bool first = true;
        switch (*m_p) {
        case '{': {
            ++m_p;
            std::string_view k;
            while (key(first, k))
                if (!skipValue(depthLeft - 1))
                    return false;
            return m_ok;
        }
        case '[':
            ++m_p;
            while (element(first))
                if (!skipValue(depthLeft - 1))
                    return false;
            return m_ok;
        case '"': {
            std::string_view s;
            return string(s);
        }
        case 't': return literal("true") || fail();
        case 'f': return literal("false") || fail();
        case 'n': return literal("null") || fail();
        default: {
            bool fractional = false;
            return numberToken(fractional) != nullptr;
        }
        }
    }
    void skipWs()
    {
        while (m_p != m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
            ++m_p;
    }
    bool punct(char c)
    {
        skipWs();
        if (m_p == m_end || *m_p != c)
            return fail();
        ++m_p;
        return true;
    }
    bool literal(std::string_view word)
    {
        if (static_cast<size_t>(m_end - m_p) < word.size() || std::string_view(m_p, word.size()) != word)
            return false;
        m_p += word.size();
        return true;
    }
    static bool digit(char c) { return c >= '0' && c <= '9'; }
    /// Checks the JSON number grammar; returns its start with m_p past it.
    const char *numberToken(bool &fractional)
    {
        skipWs();
        const char *begin = m_p;
        if (m_p != m_end && *m_p == '-')
            ++m_p;
        if (m_p == m_end || !digit(*m_p))
            return fail(), nullptr;
        if (*m_p == '0')
            ++m_p;
        else
            while (m_p != m_end && digit(*m_p))
                ++m_p;
        if (m_p != m_end && *m_p == '.') {
            fractional = true;
            ++m_p;
            if (m_p == m_end || !digit(*m_p))
                return fail(), nullptr;
            while (m_p != m_end && digit(*m_p))
                ++m_p;
        }
        if (m_p != m_end && (*m_p == 'e' || *m_p == 'E')) {
            fractional = true;
            ++m_p;
            if (m_p != m_end && (*m_p == '+' || *m_p == '-'))
                ++m_p;
            if (m_p == m_end || !digit(*m_p))
                return fail(), nullptr;
            while (m_p != m_end && digit(*m_p))
                ++m_p;
        }
        return begin;
    }

    const char *m_p;
    const char *m_end;
    bool m_ok = true;
};

} // namespace Railyard
