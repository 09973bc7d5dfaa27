#pragma once

// Host selectors of intent rules: shell-style globs matched against a host's
// id, its rack name and its location path "zone/pod/su/rack".
//
// Grammar (ASCII only, case-sensitive, whole-string match):
//   *        any run of characters, including none and including '/'
//   ?        exactly one character
//   [set]    one character from the set: single characters and ranges
//            "a-z", "0-9"; "[!set]" or "[^set]" negates; a '-' first or
//            last is literal. ']' cannot be a member.
//   other    itself. '\' (escapes), whitespace, control characters, a stray
//            ']' and '@' (except the whole selector "@public") are errors.
// "@public" names the public internet and is only valid as a rule's "to".

#include "core/model/fabric.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

/// A compiled selector. Matching is O(pattern × text) worst case, linear
/// for patterns with one '*'.
class Selector
{
public:
    /// Compiles a pattern. On a bad glob returns std::nullopt and sets *error
    /// to a sentence naming the problem and its character position.
    static std::optional<Selector> compile(std::string_view pattern, std::string *error);

    const std::string &pattern() const { return m_pattern; }
    /// True for "@public".
    bool isPublic() const { return m_public; }
    /// Whether the glob matches the whole of `text` (never for @public).
    bool matches(std::string_view text) const;
    /// Whether the selector selects a host: its id, its rack name (when not
    /// empty) or its location path zone/pod/su/rack (empty parts kept empty).
    bool matchesHost(const Host &host) const;

    /// "zone/pod/su/rack" of a location, the string hosts are matched by.
    static std::string locationPath(const Location &location);

private:
    struct Token
    {
        enum Kind : std::uint8_t { Literal, AnyOne, AnyRun, Set } kind = Literal;
        char ch = 0; ///< Literal
        bool negated = false;
        std::vector<std::pair<char, char>> ranges; ///< Set: inclusive ranges
    };
    bool matchToken(const Token &token, char c) const;

    std::string m_pattern;
    bool m_public = false;
    std::vector<Token> m_tokens;
};

} // namespace Railyard
