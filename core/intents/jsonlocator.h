#pragma once

// Where each value of a JSON text starts, by JSON pointer, so that errors
// found on the parsed value can name a line and column as well as the path.

#include <string>
#include <string_view>
#include <unordered_map>

namespace Railyard {

/// Line/column index of a syntactically valid JSON text. Built in one pass,
/// O(text); lookups are O(1).
class JsonLocator
{
public:
    struct Position
    {
        int line = 0;   ///< 1-based; 0 = unknown
        int column = 0; ///< 1-based, in bytes
    };

    /// Indexes `text`. For invalid JSON the index is partial (lookups of
    /// later pointers return an unknown position).
    explicit JsonLocator(std::string_view text);

    /// Position of the value at `pointer` ("" is the root, "/allow/0/from").
    /// For a pointer that does not exist, the position of its nearest
    /// existing ancestor (a missing field is reported at its object).
    Position find(const std::string &pointer) const;

    /// Escapes a key for use in a JSON pointer ('~' -> "~0", '/' -> "~1").
    static std::string escapeKey(std::string_view key);

private:
    void value(const std::string &pointer);
    void skipWhitespace();
    std::string string();
    Position here() const { return {m_line, int(m_pos - m_lineStart) + 1}; }

    std::string_view m_text;
    size_t m_pos = 0;
    size_t m_lineStart = 0;
    int m_line = 1;
    int m_depth = 0;
    std::unordered_map<std::string, Position> m_positions;
};

} // namespace Railyard
