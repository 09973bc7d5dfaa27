#pragma once

// Canonical JSON: the byte form that identifies an intent version and that
// signatures cover (docs/intent-format.md, "Canonical form"):
//  * object keys sorted by their UTF-8 bytes (= by code point), no duplicates;
//  * no whitespace outside strings; ',' and ':' without spaces;
//  * strings: UTF-8 as is, escaping only '"' and '\' and control characters
//    (\b \f \n \r \t, others as \u00xx with lowercase hex);
//  * numbers: integers as written (exact 64-bit); a number with a fraction or
//    exponent whose value is an integer of magnitude <= 2^53 as that integer
//    (1.0 -> 1, 1e3 -> 1000, -0.0 -> 0); any other the shortest decimal that
//    reads back as the same double, plain or with an exponent (whichever is
//    shorter, plain on a tie), exponent as "e" [-] digits without '+' or
//    leading zeros (1e-07 -> 1e-7, 1.5e+300 -> 1.5e300);
//  * literals true, false, null.
// The "signed layout" is the same value indented for people: two spaces per
// level, one member or element per line, ": " after keys, "{}" and "[]" for
// empty containers and a final newline. Reviewed intent files are written
// in it, so verification can require every byte to be where signing put it.

#include <optional>
#include <string>
#include <string_view>

namespace Railyard {

/// Canonicalization and hashing. Stateless; every function is thread-safe.
class CanonicalJson
{
public:
    /// The canonical form of a JSON text. Returns std::nullopt and sets
    /// *error (with the byte offset) for invalid JSON, invalid UTF-8,
    /// duplicate keys or non-finite numbers.
    static std::optional<std::string> canonicalize(std::string_view jsonText, std::string *error);
    /// The signed layout of a JSON text (see above); same errors.
    static std::optional<std::string> layout(std::string_view jsonText, std::string *error);

    /// SHA-256 of bytes as 64 lowercase hex digits (OpenSSL EVP).
    static std::string sha256Hex(std::string_view bytes);
};

} // namespace Railyard
