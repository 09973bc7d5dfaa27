#pragma once

// Where each value of a JSON text starts, by JSON pointer, so that errors
// found on the parsed value can name a line and column as well as the path.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

/// Line/column index of a syntactically valid JSON text. Built in one pass,
/// O(text), as a tree of values (28 bytes each) whose keys point into the
/// text: memory is linear in the number of values, whatever the keys'
/// lengths or the nesting (a map of full pointers would hold key length ×
/// depth bytes per value). A lookup walks the pointer down the tree:
/// O(segments + members and elements passed on the way).
class JsonLocator
{
public:
    struct Position
    {
        int line = 0;   ///< 1-based; 0 = unknown
        int column = 0; ///< 1-based, in bytes
    };

    /// Values indexed at most; a larger text is indexed partially.
    static constexpr std::size_t maxNodes = std::size_t(1) << 24;

    /// Indexes `text`, which must outlive the locator. For invalid JSON the
    /// index is partial (lookups of later pointers return an unknown
    /// position).
    explicit JsonLocator(std::string_view text);

    /// Position of the value at `pointer` ("" is the root, "/allow/0/from").
    /// For a pointer that does not exist, the position of its nearest
    /// existing ancestor (a missing field is reported at its object).
    Position find(const std::string &pointer) const;

    /// Escapes a key for use in a JSON pointer ('~' -> "~0", '/' -> "~1").
    static std::string escapeKey(std::string_view key);

    /// Values indexed (for tests of the memory bound).
    std::size_t nodeCount() const { return m_nodes.size(); }

private:
    static constexpr std::uint32_t none = 0xffffffffu;
    struct Node
    {
        std::uint32_t line = 0;
        std::uint32_t column = 0;
        std::uint32_t keyOffset = 0; ///< raw key (between its quotes) in the text, for members
        std::uint32_t keyLength = 0;
        std::uint32_t firstChild = none;
        std::uint32_t nextSibling = none;
        bool array = false; ///< an array (children are elements, without keys)
    };

    std::uint32_t value(std::uint32_t keyOffset, std::uint32_t keyLength);
    void skipWhitespace();
    /// Skips a string; returns the offset and length of its raw contents.
    std::pair<std::uint32_t, std::uint32_t> string();
    bool keyEquals(const Node &node, std::string_view segment) const;

    std::string_view m_text;
    std::size_t m_pos = 0;
    std::size_t m_lineStart = 0;
    int m_line = 1;
    int m_depth = 0;
    std::vector<Node> m_nodes;
};

} // namespace Railyard
