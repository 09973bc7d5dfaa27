#pragma once

// Internal to core/intents: canonical and signed-layout serialization of an
// already parsed nlohmann::json value (see canonicaljson.h for the rules),
// and a parser that rejects duplicate keys.

#include "core/common/jsonbounds.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace Railyard::CanonicalJsonDetail {

/// Canonical bytes of `value`. Throws std::invalid_argument for non-finite numbers.
std::string dumpCanonical(const nlohmann::json &value);
/// Signed layout of `value`, ending in a newline.
std::string dumpLayout(const nlohmann::json &value);
/// Parses JSON text, throwing nlohmann::json::parse_error on bad syntax or
/// invalid UTF-8 and std::invalid_argument naming a duplicate key or a shape
/// beyond `limits` (checked before parsing: core/common/jsonbounds.h).
nlohmann::json parseStrict(std::string_view text, const JsonLimits &limits = JsonLimits());

} // namespace Railyard::CanonicalJsonDetail
