#include "core/common/jsonbounds.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

namespace Railyard {

namespace {

/// The deepest nesting the scan tracks, whatever the limits say (its stack
/// lives on the C++ stack: 4 KiB).
constexpr int trackedDepth = 1024;

JsonBoundsError errorAt(std::string_view text, std::size_t offset, std::string message)
{
    const std::size_t end = std::min(offset, text.size());
    const auto line = 1 + std::count(text.begin(), text.begin() + std::ptrdiff_t(end), '\n');
    return {offset, int(line), std::move(message)};
}

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

bool endsScalar(char c)
{
    return isSpace(c) || c == ',' || c == ']' || c == '}' || c == ':' || c == '"' || c == '[' || c == '{';
}

/// Offset just past the string whose opening quote is at `open`, or npos
/// when it is not terminated.
std::size_t stringEnd(std::string_view text, std::size_t open)
{
    const char *begin = text.data();
    const char *end = begin + text.size();
    const char *p = begin + open + 1;
    for (;;) {
        const void *q = std::memchr(p, '"', std::size_t(end - p));
        if (!q)
            return std::string_view::npos;
        const char *quote = static_cast<const char *>(q);
        // Escaped when preceded by an odd run of backslashes.
        const char *b = quote;
        while (b > p && b[-1] == '\\')
            --b;
        if ((quote - b) % 2 == 0)
            return std::size_t(quote - begin) + 1;
        p = quote + 1;
    }
}

} // namespace

JsonLimits JsonLimits::requestBody()
{
    JsonLimits l;
    l.maxDepth = 32;
    l.maxValues = 1u << 18;
    l.maxMembers = 4096;
    l.maxStringBytes = 1u << 20;
    l.maxKeyBytes = 256;
    return l;
}

std::optional<JsonBoundsError> checkJsonBounds(std::string_view text, const JsonLimits &limits)
{
    const int maxDepth = std::clamp(limits.maxDepth, 0, trackedDepth);
    // Per open container: whether it is an object, and its member count.
    std::array<std::uint32_t, trackedDepth + 1> members{};
    std::array<bool, trackedDepth + 1> isObject{};
    int depth = 0;
    bool expectKey = false; // the next string in the current object is a key
    std::size_t values = 0;
    const std::size_t n = text.size();
    std::size_t i = 0;
    const auto countValue = [&](std::size_t at) -> std::optional<JsonBoundsError> {
        if (++values > limits.maxValues)
            return errorAt(text, at, "more than " + std::to_string(limits.maxValues) + " values");
        return std::nullopt;
    };
    while (i < n) {
        const char c = text[i];
        if (isSpace(c) || c == ':') {
            ++i;
            continue;
        }
        if (c == '{' || c == '[') {
            if (auto e = countValue(i))
                return e;
            if (depth >= maxDepth)
                return errorAt(text, i, "values nested deeper than " + std::to_string(maxDepth) + " levels");
            ++depth;
            isObject[size_t(depth)] = c == '{';
            members[size_t(depth)] = 0;
            expectKey = c == '{';
            ++i;
            continue;
        }
        if (c == '}' || c == ']') {
            if (depth > 0)
                --depth;
            expectKey = false;
            ++i;
            continue;
        }
        if (c == ',') {
            expectKey = depth > 0 && isObject[size_t(depth)];
            ++i;
            continue;
        }
        if (c == '"') {
            const std::size_t close = stringEnd(text, i);
            if (close == std::string_view::npos)
                return std::nullopt; // unterminated: the parser reports it
            const std::size_t bytes = close - i - 2;
            if (expectKey) {
                if (bytes > limits.maxKeyBytes)
                    return errorAt(text, i, "an object key longer than " + std::to_string(limits.maxKeyBytes) + " bytes");
                if (++members[size_t(depth)] > limits.maxMembers)
                    return errorAt(text, i,
                                   "an object with more than " + std::to_string(limits.maxMembers) + " members");
                expectKey = false;
            } else {
                if (auto e = countValue(i))
                    return e;
                if (bytes > limits.maxStringBytes)
                    return errorAt(text, i, "a string longer than " + std::to_string(limits.maxStringBytes) + " bytes");
            }
            i = close;
            continue;
        }
        // A number or literal (or stray bytes the parser will refuse).
        if (auto e = countValue(i))
            return e;
        const std::size_t start = i;
        while (i < n && !endsScalar(text[i]))
            ++i;
        if (i - start > limits.maxStringBytes)
            return errorAt(text, start, "a number longer than " + std::to_string(limits.maxStringBytes) + " bytes");
        expectKey = false;
    }
    return std::nullopt;
}

} // namespace Railyard
