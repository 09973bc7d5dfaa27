#pragma once

// Describing a JSON value from outside in a message without echoing it:
// containers are named, never serialized (a serializer recurses once per
// level and a value may be megabytes), strings and numbers are cut short.

#include "core/common/messagetext.h"

#include <cmath>
#include <string>

namespace Railyard {

/// "an object", "an array", "null", "true", "string \"abc...\"", "42".
/// Works on any nlohmann::basic_json; O(1) in the size of the value.
template<class Json>
std::string describeJsonValue(const Json &v)
{
    switch (v.type()) {
    case Json::value_t::object: return "an object";
    case Json::value_t::array: return "an array";
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return v.template get<bool>() ? "true" : "false";
    case Json::value_t::string: return "string \"" + elided(v.template get_ref<const std::string &>()) + "\"";
    case Json::value_t::number_integer: return std::to_string(v.template get<long long>());
    case Json::value_t::number_unsigned: return std::to_string(v.template get<unsigned long long>());
    case Json::value_t::number_float: {
        // A scalar: dump() of a number does not recurse, and is short.
        return elided(v.dump(), 32);
    }
    default: return "a value";
    }
}

/// A double as the reports write it: the number, null for NaN (not
/// computed), "inf" / "-inf" for the infinities (cannot run). Any
/// nlohmann::basic_json.
template<class Json>
Json jsonNumber(double v)
{
    if (std::isnan(v))
        return Json(nullptr);
    if (std::isinf(v))
        return Json(v > 0 ? "inf" : "-inf");
    return Json(v);
}

} // namespace Railyard
