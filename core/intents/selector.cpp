#include "core/intents/selector.h"

#include "core/intents/intent.h"

namespace Railyard {

namespace {

std::string at(size_t index)
{
    return " at character " + std::to_string(index + 1);
}

} // namespace

std::optional<Selector> Selector::compile(std::string_view pattern, std::string *error)
{
    const auto fail = [error](std::string message) -> std::optional<Selector> {
        if (error)
            *error = std::move(message);
        return std::nullopt;
    };
    Selector s;
    s.m_pattern = std::string(pattern);
    if (pattern.empty())
        return fail("empty selector");
    if (pattern == publicSelector) {
        s.m_public = true;
        return s;
    }
    for (size_t i = 0; i < pattern.size(); ++i) {
        const auto c = static_cast<unsigned char>(pattern[i]);
        if (c >= 0x80)
            return fail("non-ASCII character" + at(i) + " (selectors are ASCII)");
        if (c <= 0x20 || c == 0x7f)
            return fail("whitespace or control character" + at(i));
        if (c == '\\')
            return fail("'\\'" + at(i) + ": escapes are not supported");
        if (c == '@')
            return fail("'@'" + at(i) + ": the only reserved selector is \"@public\"");
        if (c == ']')
            return fail("']'" + at(i) + " without an opening '['");
        Token token;
        if (c == '*') {
            token.kind = Token::AnyRun;
            if (!s.m_tokens.empty() && s.m_tokens.back().kind == Token::AnyRun)
                continue; // "**" is "*"
        } else if (c == '?') {
            token.kind = Token::AnyOne;
        } else if (c == '[') {
            token.kind = Token::Set;
            const size_t open = i;
            size_t j = i + 1;
            if (j < pattern.size() && (pattern[j] == '!' || pattern[j] == '^')) {
                token.negated = true;
                ++j;
            }
            while (j < pattern.size() && pattern[j] != ']') {
                const auto m = static_cast<unsigned char>(pattern[j]);
                if (m >= 0x80 || m <= 0x20 || m == 0x7f || m == '\\' || m == '[')
                    return fail("character '" + std::string(1, char(m)) + "'" + at(j) + " is not allowed in a set");
                // "a-z" is a range; a '-' first or last ("[-a]", "[a-]") is literal.
                const bool range = j + 2 < pattern.size() && pattern[j + 1] == '-' && pattern[j + 2] != ']';
                if (range) {
                    const char lo = pattern[j];
                    const char hi = pattern[j + 2];
                    if (static_cast<unsigned char>(hi) >= 0x80 || static_cast<unsigned char>(hi) <= 0x20 || hi == '\\'
                        || hi == '[')
                        return fail("character '" + std::string(1, hi) + "'" + at(j + 2) + " is not allowed in a set");
                    if (lo > hi)
                        return fail("range '" + std::string(1, lo) + "-" + std::string(1, hi) + "'" + at(j)
                                    + " is reversed");
                    token.ranges.emplace_back(lo, hi);
                    j += 3;
                } else {
                    token.ranges.emplace_back(pattern[j], pattern[j]);
                    ++j;
                }
            }
            if (j >= pattern.size())
                return fail("'['" + at(open) + " is not closed");
            if (token.ranges.empty())
                return fail("empty set '" + std::string(pattern.substr(open, j - open + 1)) + "'" + at(open));
            i = j;
        } else {
            token.ch = char(c);
        }
        s.m_tokens.push_back(std::move(token));
    }
    return s;
}

bool Selector::matchToken(const Token &token, char c) const
{
    switch (token.kind) {
    case Token::Literal: return token.ch == c;
    case Token::AnyOne: return true;
    case Token::Set: {
        bool in = false;
        for (const auto &[lo, hi] : token.ranges) {
            if (c >= lo && c <= hi) {
                in = true;
                break;
            }
        }
        return in != token.negated;
    }
    case Token::AnyRun: break;
    }
    return false;
}

bool Selector::matches(std::string_view text) const
{
    if (m_public)
        return false;
    // Iterative glob matching with one backtrack point (the last '*'):
    // O(pattern × text) worst case, no recursion.
    size_t p = 0, t = 0;
    size_t starP = std::string::npos, starT = 0;
    const size_t n = m_tokens.size();
    while (t < text.size()) {
        if (p < n && m_tokens[p].kind == Token::AnyRun) {
            starP = p++;
            starT = t;
        } else if (p < n && matchToken(m_tokens[p], text[t])) {
            ++p;
            ++t;
        } else if (starP != std::string::npos) {
            p = starP + 1;
            t = ++starT;
        } else {
            return false;
        }
    }
    while (p < n && m_tokens[p].kind == Token::AnyRun)
        ++p;
    return p == n;
}

std::string Selector::locationPath(const Location &location)
{
    std::string path;
    path.reserve(location.zone.size() + location.pod.size() + location.su.size() + location.rack.size() + 3);
    path += location.zone;
    path += '/';
    path += location.pod;
    path += '/';
    path += location.su;
    path += '/';
    path += location.rack;
    return path;
}

bool Selector::matchesHost(const Host &host) const
{
    if (m_public)
        return false;
    return matches(host.id) || (!host.location.rack.empty() && matches(host.location.rack))
        || matches(locationPath(host.location));
}

} // namespace Railyard
