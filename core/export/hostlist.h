#pragma once

// Slurm-style hostlist expressions: "gpu[001-032,040]" for gpu001 ... gpu032
// and gpu040. Used by the scheduler exports (core/export/schedulerexport.h).
//
// Grammar handled by both directions (a subset of Slurm's, the part every
// Slurm release accepts):
//   list  := term ("," term)*
//   term  := text | text "[" range ("," range)* "]" term?
//   range := digits | digits "-" digits
// The width of a range is the length of its lower bound as written: "[001-032]"
// writes every number with 3 digits (zero-padded), "[9-10]" unpadded.

#include <stdexcept>
#include <string>
#include <vector>

namespace Railyard {

/// A malformed hostlist expression or a name that cannot be written in one.
class HostlistError : public std::invalid_argument
{
public:
    using std::invalid_argument::invalid_argument;
};

/// Compresses host names into one hostlist expression. Names are grouped by
/// the text around their last run of digits (prefix and suffix) and written as
/// numeric ranges, sorted numerically, keeping each name's zero padding exactly:
/// {"gpu001",...,"gpu032","gpu040"} -> "gpu[001-032,040]"; {"gpu9","gpu10"} ->
/// "gpu[9-10]"; {"gpu09","gpu10"} -> "gpu[09-10]"; {"gpu9","gpu010"} ->
/// "gpu[9,010]". Groups are ordered by prefix, then suffix; names without digits
/// are kept as they are, in the same order. Duplicates are written once.
/// expandHostlist(compressHostlist(names)) gives the distinct names back.
/// Throws HostlistError for an empty name or one containing '[', ']', ',' or
/// whitespace. O(n log n).
std::string compressHostlist(std::vector<std::string> names);

/// Splits a hostlist expression at the commas outside brackets, in order,
/// keeping empty terms ("a[1-2,4],b" -> "a[1-2,4]", "b"; "a,,b" -> "a", "", "b").
/// Throws HostlistError for a ']' without '[' or a '[' without ']'.
std::vector<std::string> splitHostlist(const std::string &expression);

/// Expands a hostlist expression into names, in the order written
/// ("a[1-2],b5" -> a1, a2, b5; "r[1-2]n[1-2]" -> r1n1, r1n2, r2n1, r2n2).
/// Throws HostlistError for unbalanced or nested brackets, empty terms, non-digit
/// range bounds, a lower bound above the upper bound, or more than `maxNames`
/// names in total.
std::vector<std::string> expandHostlist(const std::string &expression, size_t maxNames = 10'000'000);

} // namespace Railyard
