#pragma once

// Line-by-line reading of the text formats (ibnetdiscover, iblinkinfo, LLDP
// key=value, node-name maps).

#include <string_view>

namespace Railyard {

/// The next line of `text`, without its '\n'; `text` moves past it. Call while
/// `text` is not empty.
inline std::string_view takeLine(std::string_view &text)
{
    const size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    return line;
}

} // namespace Railyard
