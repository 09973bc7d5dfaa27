#pragma once

// The bounded pre-scan every JSON text from outside passes before it is
// parsed (docs/security.md, "Hostile files and bodies"). A JSON parser turns
// bytes into a tree whose cost is not the cost of the bytes: 400,000 nested
// brackets make a tree that every recursive walk (serializing, copying,
// comparing) overflows the stack on; 100,000 keys in one object make an
// insertion-ordered map quadratic; a long key repeated at every level makes
// anything that stores paths quadratic in memory. This scan reads the bytes
// once, allocates nothing, and refuses a text whose shape exceeds the limits
// before any parser sees it.
//
// It does not validate JSON: a malformed text within the limits passes, and
// the parser that follows reports the syntax error. Strings are skipped
// exactly (escapes included), so brackets inside strings do not count.

#include "core/common/limits.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace Railyard {

/// The shape a JSON text may have. The defaults suit files (fabrics, jobs,
/// intents, mappings, catalogues): shallow, with at most a few million values.
struct JsonLimits
{
    int maxDepth = Limits::maxNesting;     ///< nested arrays and objects
    std::size_t maxValues = 64u << 20;     ///< values in the whole text (members and elements)
    std::size_t maxMembers = 1u << 20;     ///< members of one object
    std::size_t maxStringBytes = 16u << 20; ///< bytes of one string value, as written
    std::size_t maxKeyBytes = 1u << 20;    ///< bytes of one object key, as written

    /// Limits for a request body of the control-plane service: a handful of
    /// fields, or one reviewed intent file.
    static JsonLimits requestBody();
};

/// Where and why a text exceeds its limits. The message quotes nothing of
/// the text: it names the limit and the byte offset.
struct JsonBoundsError
{
    std::size_t offset = 0; ///< byte offset of the value that went past the limit
    int line = 1;           ///< 1-based line of that byte
    std::string message;    ///< "values nested deeper than 64 levels", ...
};

/// Scans `text` once (O(bytes), no allocation). std::nullopt when it is
/// within `limits`.
std::optional<JsonBoundsError> checkJsonBounds(std::string_view text, const JsonLimits &limits = {});

} // namespace Railyard
