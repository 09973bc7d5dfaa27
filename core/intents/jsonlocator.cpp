#include "core/intents/jsonlocator.h"

#include <stdexcept>

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

} // namespace

JsonLocator::JsonLocator(std::string_view text)
    : m_text(text)
{
    try {
        skipWhitespace();
        value("");
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

JsonLocator::Position JsonLocator::find(const std::string &pointer) const
{
    std::string p = pointer == "/" ? std::string() : pointer;
    while (true) {
        const auto it = m_positions.find(p);
        if (it != m_positions.end())
            return it->second;
        if (p.empty())
            return {};
        p.erase(p.rfind('/'));
    }
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

std::string JsonLocator::string()
{
    if (m_pos >= m_text.size() || m_text[m_pos] != '"')
        throw ScanError{};
    ++m_pos;
    std::string out;
    while (m_pos < m_text.size() && m_text[m_pos] != '"') {
        const char c = m_text[m_pos++];
        if (c != '\\') {
            out += c;
            continue;
        }
        if (m_pos >= m_text.size())
            throw ScanError{};
        const char e = m_text[m_pos++];
        switch (e) {
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
            const auto hex4 = [this]() {
                if (m_pos + 4 > m_text.size())
                    throw ScanError{};
                const unsigned v = unsigned(std::stoul(std::string(m_text.substr(m_pos, 4)), nullptr, 16));
                m_pos += 4;
                return v;
            };
            unsigned code = hex4();
            if (code >= 0xd800 && code < 0xdc00 && m_pos + 6 <= m_text.size() && m_text[m_pos] == '\\'
                && m_text[m_pos + 1] == 'u') {
                m_pos += 2;
                const unsigned low = hex4();
                code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
            }
            appendUtf8(out, code);
            break;
        }
        default: out += e;
        }
    }
    if (m_pos >= m_text.size())
        throw ScanError{};
    ++m_pos;
    return out;
}

void JsonLocator::value(const std::string &pointer)
{
    if (m_pos >= m_text.size() || ++m_depth > 512)
        throw ScanError{};
    m_positions.emplace(pointer, here());
    const char c = m_text[m_pos];
    if (c == '{') {
        ++m_pos;
        skipWhitespace();
        if (m_pos < m_text.size() && m_text[m_pos] == '}') {
            ++m_pos;
        } else {
            while (true) {
                skipWhitespace();
                const std::string key = string();
                skipWhitespace();
                if (m_pos >= m_text.size() || m_text[m_pos] != ':')
                    throw ScanError{};
                ++m_pos;
                skipWhitespace();
                value(pointer + "/" + escapeKey(key));
                skipWhitespace();
                if (m_pos < m_text.size() && m_text[m_pos] == ',') {
                    ++m_pos;
                    continue;
                }
                if (m_pos < m_text.size() && m_text[m_pos] == '}') {
                    ++m_pos;
                    break;
                }
                throw ScanError{};
            }
        }
    } else if (c == '[') {
        ++m_pos;
        skipWhitespace();
        if (m_pos < m_text.size() && m_text[m_pos] == ']') {
            ++m_pos;
        } else {
            for (size_t index = 0;; ++index) {
                skipWhitespace();
                value(pointer + "/" + std::to_string(index));
                skipWhitespace();
                if (m_pos < m_text.size() && m_text[m_pos] == ',') {
                    ++m_pos;
                    continue;
                }
                if (m_pos < m_text.size() && m_text[m_pos] == ']') {
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
}

} // namespace Railyard
