#pragma once

// Describing a JSON value from outside in a message without echoing it:
// containers are named, never serialized (a serializer recurses once per
// level and a value may be megabytes), strings and numbers are cut short.

#include "core/common/messagetext.h"

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

} // namespace Railyard
