#pragma once

// Throwing access to the fields of a parsed JSON document, for inputs where
// the first problem ends the read (the validation tables): each message
// names the field by its path ("runs.json/runs/3/cluster: missing \"gpu\"").
// Readers that collect every problem use JsonFields (jsonfields.h).

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

namespace Railyard::JsonGet {

[[noreturn]] inline void fail(const std::string &where, const std::string &what)
{
    throw std::runtime_error(where + ": " + what);
}

/// The member `key` of `obj`; throws naming `where` when it is missing.
inline const nlohmann::json &field(const nlohmann::json &obj, const char *key, const std::string &where)
{
    if (!obj.is_object() || !obj.contains(key))
        fail(where, std::string("missing \"") + key + "\"");
    return obj.at(key);
}

/// The member `key` of `obj` as a T; throws when missing or of another type.
template<typename T>
T value(const nlohmann::json &obj, const char *key, const std::string &where)
{
    try {
        return field(obj, key, where).get<T>();
    } catch (const nlohmann::json::exception &) {
        fail(where + "/" + key, "wrong type");
    }
}

/// The same, or `fallback` when `obj` has no member `key`.
template<typename T>
T valueOr(const nlohmann::json &obj, const char *key, T fallback, const std::string &where)
{
    if (!obj.is_object() || !obj.contains(key))
        return fallback;
    return value<T>(obj, key, where);
}

} // namespace Railyard::JsonGet
