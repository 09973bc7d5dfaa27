#include "core/export/hostlist.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <tuple>

namespace Railyard {

namespace {

// Longer digit runs do not fit in 64 bits; such names are kept as they are.
constexpr size_t kMaxDigits = 18;

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isSpecial(char c)
{
    return c == '[' || c == ']' || c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::string padded(std::uint64_t value, size_t width)
{
    std::string digits = std::to_string(value);
    if (digits.size() < width)
        digits.insert(0, width - digits.size(), '0');
    return digits;
}

/// One maximal run of consecutive numbers written with the same width.
struct Range
{
    std::uint64_t lo = 0;
    std::uint64_t hi = 0;
    size_t width = 0;
};

/// Ranges of one (prefix, suffix) group, as text: "001-032,040".
std::string rangesText(std::vector<std::pair<std::uint64_t, std::string>> numbers)
{
    // Ascending by value; for equal values (gpu1, gpu01) the narrower first.
    std::sort(numbers.begin(), numbers.end(), [](const auto &a, const auto &b) {
        if (a.first != b.first)
            return a.first < b.first;
        if (a.second.size() != b.second.size())
            return a.second.size() < b.second.size();
        return a.second < b.second;
    });
    std::vector<Range> ranges;
    std::vector<size_t> open; // indices into ranges that may still grow
    for (const auto &number : numbers) {
        const std::uint64_t value = number.first; // not a structured binding: clang 14 cannot capture those
        const std::string &digits = number.second;
        bool extended = false;
        for (size_t r : open) {
            Range &range = ranges[r];
            // Expanding "[lo-hi]" writes every number padded to the width of lo,
            // so value joins only if that padding reproduces its digits exactly.
            if (range.hi + 1 == value && padded(value, range.width) == digits) {
                range.hi = value;
                extended = true;
                break;
            }
        }
        if (extended)
            continue;
        ranges.push_back({value, value, digits.size()});
        open.push_back(ranges.size() - 1);
        // Runs that ended below this value can never grow again.
        std::erase_if(open, [&](size_t r) { return ranges[r].hi + 1 < value; });
    }
    std::sort(ranges.begin(), ranges.end(),
              [](const Range &a, const Range &b) { return std::tie(a.lo, a.width) < std::tie(b.lo, b.width); });
    std::string text;
    for (const Range &range : ranges) {
        if (!text.empty())
            text += ',';
        text += padded(range.lo, range.width);
        if (range.hi != range.lo)
            text += '-' + padded(range.hi, range.width);
    }
    return text;
}

[[noreturn]] void fail(const std::string &expression, const std::string &message)
{
    throw HostlistError("hostlist '" + expression + "': " + message);
}

std::uint64_t parseNumber(const std::string &expression, const std::string &digits)
{
    if (digits.empty())
        fail(expression, "empty range bound");
    if (digits.size() > kMaxDigits)
        fail(expression, "number '" + digits + "' has more than 18 digits");
    std::uint64_t value = 0;
    for (char c : digits) {
        if (!isDigit(c))
            fail(expression, "range bound '" + digits + "' is not a number");
        value = value * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return value;
}

/// Expands one term (no top-level commas) and appends to out.
void expandTerm(const std::string &expression, const std::string &term, size_t maxNames, std::vector<std::string> &out)
{
    const size_t open = term.find('[');
    if (open == std::string::npos) {
        if (term.find(']') != std::string::npos)
            fail(expression, "']' without '['");
        out.push_back(term);
        if (out.size() > maxNames)
            fail(expression, "expands to more than " + std::to_string(maxNames) + " names");
        return;
    }
    const std::string prefix = term.substr(0, open);
    if (prefix.find(']') != std::string::npos)
        fail(expression, "']' without '['");
    const size_t close = term.find(']', open);
    if (close == std::string::npos)
        fail(expression, "'[' without ']'");
    const std::string inner = term.substr(open + 1, close - open - 1);
    if (inner.find('[') != std::string::npos)
        fail(expression, "nested '['");
    if (inner.empty())
        fail(expression, "empty brackets");
    const std::string rest = term.substr(close + 1);
    std::vector<std::string> tails;
    if (rest.empty())
        tails.emplace_back();
    else
        expandTerm(expression, rest, maxNames, tails);

    size_t start = 0;
    while (start <= inner.size()) {
        size_t comma = inner.find(',', start);
        if (comma == std::string::npos)
            comma = inner.size();
        const std::string range = inner.substr(start, comma - start);
        if (range.empty())
            fail(expression, "empty range");
        const size_t dash = range.find('-');
        const std::string loText = range.substr(0, dash);
        const std::uint64_t lo = parseNumber(expression, loText);
        const std::uint64_t hi = dash == std::string::npos ? lo : parseNumber(expression, range.substr(dash + 1));
        if (hi < lo)
            fail(expression, "range '" + range + "' runs backwards");
        if ((hi - lo + 1) * tails.size() > maxNames - std::min(maxNames, out.size()))
            fail(expression, "expands to more than " + std::to_string(maxNames) + " names");
        for (std::uint64_t v = lo;; ++v) {
            const std::string number = padded(v, loText.size());
            for (const std::string &tail : tails)
                out.push_back(prefix + number + tail);
            if (v == hi)
                break;
        }
        start = comma + 1;
    }
}

} // namespace

std::string compressHostlist(std::vector<std::string> names)
{
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());

    // (prefix, suffix) -> numbers; names without a usable number are kept verbatim
    // under (name, "").
    std::map<std::pair<std::string, std::string>, std::vector<std::pair<std::uint64_t, std::string>>> groups;
    std::set<std::string> verbatim;
    for (const std::string &name : names) {
        if (name.empty())
            throw HostlistError("hostlist: empty host name");
        if (std::any_of(name.begin(), name.end(), isSpecial))
            throw HostlistError("hostlist: host name '" + name
                                + "' contains '[', ']', ',' or whitespace and cannot be written in a hostlist");
        size_t end = name.size();
        while (end > 0 && !isDigit(name[end - 1]))
            --end;
        size_t begin = end;
        while (begin > 0 && isDigit(name[begin - 1]))
            --begin;
        if (begin == end || end - begin > kMaxDigits) {
            verbatim.insert(name);
            continue;
        }
        const std::string digits = name.substr(begin, end - begin);
        groups[{name.substr(0, begin), name.substr(end)}].emplace_back(std::stoull(digits), digits);
    }

    // Merge both kinds in one deterministic order: by prefix (or verbatim name),
    // then suffix; a verbatim name sorts before a group with the same key.
    std::vector<std::tuple<std::string, std::string, int, std::string>> terms;
    for (const std::string &name : verbatim)
        terms.emplace_back(name, std::string(), 0, name);
    for (auto &[key, numbers] : groups) {
        if (numbers.size() == 1) {
            terms.emplace_back(key.first, key.second, 1, key.first + numbers.front().second + key.second);
            continue;
        }
        const std::string text = rangesText(std::move(numbers));
        terms.emplace_back(key.first, key.second, 1, key.first + "[" + text + "]" + key.second);
    }
    std::sort(terms.begin(), terms.end());
    std::string result;
    for (const auto &term : terms) {
        if (!result.empty())
            result += ',';
        result += std::get<3>(term);
    }
    return result;
}

std::vector<std::string> splitHostlist(const std::string &expression)
{
    std::vector<std::string> terms;
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i <= expression.size(); ++i) {
        const char c = i < expression.size() ? expression[i] : ',';
        if (c == '[')
            ++depth;
        else if (c == ']')
            --depth;
        if (depth < 0)
            fail(expression, "']' without '['");
        if (c != ',' || depth > 0)
            continue;
        terms.push_back(expression.substr(start, i - start));
        start = i + 1;
    }
    if (depth != 0)
        fail(expression, "'[' without ']'");
    return terms;
}

std::vector<std::string> expandHostlist(const std::string &expression, size_t maxNames)
{
    std::vector<std::string> names;
    if (expression.empty())
        return names;
    if (std::any_of(expression.begin(), expression.end(),
                    [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }))
        fail(expression, "contains whitespace");
    for (const std::string &term : splitHostlist(expression)) {
        if (term.empty())
            fail(expression, "empty name");
        expandTerm(expression, term, maxNames, names);
    }
    return names;
}

} // namespace Railyard
