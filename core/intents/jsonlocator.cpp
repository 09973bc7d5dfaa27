#include "core/intents/jsonlocator.h"

namespace Railyard {

namespace {

/// Thrown inside the scanner on malformed input; ends indexing.
struct ScanError
{ };

void appendUtf8(std::string &out, unsigned code)
{
    if (code < 0x80) {
        out += char(code);
    } else if (code < 0x800) {
        out += char(0xc0 | (code >> 6));
        out += char(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
        out += char(0xe0 | (code >> 12));
        out += char(0x80 | ((code >> 6) & 0x3f));
        out += char(0x80 | (code & 0x3f));
    } else {
        out += char(0xf0 | (code >> 18));
        out += char(0x80 | ((code >> 12) & 0x3f));
        out += char(0x80 | ((code >> 6) & 0x3f));
        out += char(0x80 | (code & 0x3f));
    }
}

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/// The raw contents of a JSON string (escapes as written) decoded to UTF-8.
std::string unescape(std::string_view raw)
{
    std::string out;
    out.reserve(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c != '\\' || i + 1 >= raw.size()) {
            out += c;
            continue;
        }
        const char e = raw[++i];
        switch (e) {
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
            const auto hex4 = [&](size_t at) -> int {
                if (at + 4 > raw.size())
                    return -1;
                int v = 0;
                for (size_t k = at; k < at + 4; ++k) {
                    const int d = hexDigit(raw[k]);
                    if (d < 0)
                        return -1;
                    v = v * 16 + d;
                }
                return v;
            };
            int code = hex4(i + 1);
            if (code < 0)
                return out;
            i += 4;
            if (code >= 0xd800 && code < 0xdc00 && i + 6 < raw.size() && raw[i + 1] == '\\' && raw[i + 2] == 'u') {
                const int low = hex4(i + 3);
                if (low >= 0xdc00 && low < 0xe000) {
                    code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
                    i += 6;
                }
            }
            appendUtf8(out, unsigned(code));
            break;
        }
        default: out += e;
        }
    }
    return out;
}

/// One pointer segment ("a~1b" → "a/b").
std::string unescapeSegment(std::string_view segment)
{
    std::string out;
    for (size_t i = 0; i < segment.size(); ++i) {
        if (segment[i] == '~' && i + 1 < segment.size() && (segment[i + 1] == '0' || segment[i + 1] == '1')) {
            out += segment[i + 1] == '0' ? '~' : '/';
            ++i;
        } else {
            out += segment[i];
        }
    }
    return out;
}

} // namespace

JsonLocator::JsonLocator(std::string_view text)
    : m_text(text)
{
    // Offsets are 32-bit: a longer text is indexed up to 4 GiB.
    if (m_text.size() >= none)
        m_text = m_text.substr(0, none - 1);
    try {
        skipWhitespace();
        value(0, 0);
    } catch (...) {
        // Partial index: positions found so far stay usable.
    }
}

std::string JsonLocator::escapeKey(std::string_view key)
{
    std::string out;
    for (const char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

bool JsonLocator::keyEquals(const Node &node, std::string_view segment) const
{
    const std::string_view raw = m_text.substr(node.keyOffset, node.keyLength);
    if (raw.find('\\') == std::string_view::npos)
        return raw == segment;
    return unescape(raw) == segment;
}

JsonLocator::Position JsonLocator::find(const std::string &pointer) const
{
    if (m_nodes.empty())
        return {};
    std::uint32_t at = 0;
    std::string_view rest(pointer);
    if (rest == "/")
        rest = {};
    while (!rest.empty()) {
        if (rest.front() != '/')
            break;
        rest.remove_prefix(1);
        const size_t slash = rest.find('/');
        const std::string segment = unescapeSegment(rest.substr(0, slash));
        rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
        const Node &parent = m_nodes[at];
        std::uint32_t child = parent.firstChild;
        if (parent.array) {
            if (segment.empty() || segment.find_first_not_of("0123456789") != std::string::npos)
                break;
            // Elements carry no key; walk to the index.
            size_t index = 0;
            for (const char d : segment) {
                index = index * 10 + size_t(d - '0');
                if (index > m_nodes.size())
                    break;
            }
            for (size_t i = 0; child != none && i < index; ++i)
                child = m_nodes[child].nextSibling;
        } else {
            while (child != none && !keyEquals(m_nodes[child], segment))
                child = m_nodes[child].nextSibling;
        }
        if (child == none)
            break; // the nearest existing ancestor
        at = child;
    }
    return {int(m_nodes[at].line), int(m_nodes[at].column)};
}

void JsonLocator::skipWhitespace()
{
    while (m_pos < m_text.size()) {
        const char c = m_text[m_pos];
        if (c == '\n') {
            ++m_line;
            m_lineStart = m_pos + 1;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            return;
        }
        ++m_pos;
    }
}

std::pair<std::uint32_t, std::uint32_t> JsonLocator::string()
{
    if (m_pos >= m_text.size() || m_text[m_pos] != '"')
        throw ScanError{};
    ++m_pos;
    const size_t start = m_pos;
    while (m_pos < m_text.size() && m_text[m_pos] != '"') {
        if (m_text[m_pos] == '\\')
            ++m_pos;
        ++m_pos;
    }
    if (m_pos >= m_text.size())
        throw ScanError{};
    const size_t length = m_pos - start;
    ++m_pos;
    return {std::uint32_t(start), std::uint32_t(length)};
}

std::uint32_t JsonLocator::value(std::uint32_t keyOffset, std::uint32_t keyLength)
{
    if (m_pos >= m_text.size() || ++m_depth > 512 || m_nodes.size() >= maxNodes)
        throw ScanError{};
    const auto self = std::uint32_t(m_nodes.size());
    Node node;
    node.line = std::uint32_t(m_line);
    node.column = std::uint32_t(m_pos - m_lineStart) + 1;
    node.keyOffset = keyOffset;
    node.keyLength = keyLength;
    m_nodes.push_back(node);
    std::uint32_t last = none;
    const auto link = [&](std::uint32_t child) {
        if (last == none)
            m_nodes[self].firstChild = child;
        else
            m_nodes[last].nextSibling = child;
        last = child;
    };
    const char c = m_text[m_pos];
    if (c == '{' || c == '[') {
        const bool object = c == '{';
        const char close = object ? '}' : ']';
        m_nodes[self].array = !object;
        ++m_pos;
        skipWhitespace();
        if (m_pos < m_text.size() && m_text[m_pos] == close) {
            ++m_pos;
        } else {
            while (true) {
                skipWhitespace();
                std::pair<std::uint32_t, std::uint32_t> key{std::uint32_t(m_pos), 0};
                if (object) {
                    key = string();
                    skipWhitespace();
                    if (m_pos >= m_text.size() || m_text[m_pos] != ':')
                        throw ScanError{};
                    ++m_pos;
                    skipWhitespace();
                } else {
                    key = {std::uint32_t(m_pos), 0}; // an element: no key (offset at its first byte)
                }
                link(value(key.first, key.second));
                skipWhitespace();
                if (m_pos < m_text.size() && m_text[m_pos] == ',') {
                    ++m_pos;
                    continue;
                }
                if (m_pos < m_text.size() && m_text[m_pos] == close) {
                    ++m_pos;
                    break;
                }
                throw ScanError{};
            }
        }
    } else if (c == '"') {
        string();
    } else {
        // Number or literal: up to the next delimiter.
        while (m_pos < m_text.size()) {
            const char d = m_text[m_pos];
            if (d == ',' || d == '}' || d == ']' || d == ' ' || d == '\n' || d == '\t' || d == '\r')
                break;
            ++m_pos;
        }
    }
    --m_depth;
    return self;
}

} // namespace Railyard
