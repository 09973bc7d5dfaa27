#include "core/common/jsonfields.h"

#include "core/common/jsontext.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace Railyard {

JsonFields::JsonFields(Report error, Report warning)
    : m_error(std::move(error))
    , m_warning(warning ? std::move(warning) : m_error)
{ }

std::string JsonFields::pointerKey(std::string_view key)
{
    std::string out;
    for (const char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

const JsonFields::json *JsonFields::find(const json &obj, const std::string &path, const char *key,
                                         bool required) const
{
    const auto it = obj.find(key);
    if (it == obj.end()) {
        if (required)
            error(path, std::string("missing required field \"") + key + "\"");
        return nullptr;
    }
    return &*it;
}

const JsonFields::json *JsonFields::object(const json &obj, const std::string &path, const char *key,
                                           bool required) const
{
    const json *v = find(obj, path, key, required);
    if (v && !v->is_object()) {
        error(path + "/" + key, "expected an object, got " + describeJsonValue(*v));
        return nullptr;
    }
    return v;
}

const JsonFields::json *JsonFields::array(const json &obj, const std::string &path, const char *key,
                                          bool required) const
{
    const json *v = find(obj, path, key, required);
    if (v && !v->is_array()) {
        error(path + "/" + key, "expected an array, got " + describeJsonValue(*v));
        return nullptr;
    }
    return v;
}

bool JsonFields::string(const json &obj, const std::string &path, const char *key, std::string &out,
                        bool required) const
{
    const json *v = find(obj, path, key, required);
    if (!v)
        return false;
    if (!v->is_string()) {
        error(path + "/" + key, "expected a string, got " + describeJsonValue(*v));
        return false;
    }
    out = v->get<std::string>();
    return true;
}

bool JsonFields::boolean(const json &obj, const std::string &path, const char *key, bool &out, bool required) const
{
    const json *v = find(obj, path, key, required);
    if (!v)
        return false;
    if (!v->is_boolean()) {
        error(path + "/" + key, "expected true or false, got " + describeJsonValue(*v));
        return false;
    }
    out = v->get<bool>();
    return true;
}

bool JsonFields::integer(const json &obj, const std::string &path, const char *key, int &out, bool required,
                         int minimum, int maximum) const
{
    const json *v = find(obj, path, key, required);
    if (!v)
        return false;
    const std::string where = path + "/" + key;
    if (!v->is_number()) {
        error(where, "expected an integer, got " + describeJsonValue(*v));
        return false;
    }
    const double d = v->get<double>();
    if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > double(std::numeric_limits<int>::max())) {
        error(where, "expected an integer, got " + describeJsonValue(*v));
        return false;
    }
    if (d < minimum || d > maximum) {
        error(where, maximum == INT_MAX ? "must be at least " + std::to_string(minimum) + ", got " + describeJsonValue(*v)
                                        : "must be between " + std::to_string(minimum) + " and "
                                              + std::to_string(maximum) + ", got " + describeJsonValue(*v));
        return false;
    }
    out = int(d);
    return true;
}

bool JsonFields::number(const json &obj, const std::string &path, const char *key, double &out, bool required) const
{
    const json *v = find(obj, path, key, required);
    if (!v)
        return false;
    if (!v->is_number() || !std::isfinite(v->get<double>())) {
        error(path + "/" + key, "expected a number, got " + describeJsonValue(*v));
        return false;
    }
    out = v->get<double>();
    return true;
}

bool JsonFields::positiveNumber(const json &obj, const std::string &path, const char *key, double &out,
                                bool required) const
{
    const json *v = find(obj, path, key, required);
    if (!v)
        return false;
    if (!v->is_number()) {
        error(path + "/" + key, "expected a number, got " + describeJsonValue(*v));
        return false;
    }
    const double d = v->get<double>();
    if (!std::isfinite(d) || d <= 0) {
        error(path + "/" + key, "must be a positive number, got " + describeJsonValue(*v));
        return false;
    }
    out = d;
    return true;
}

void JsonFields::unknownFields(const json &obj, const std::string &path, std::initializer_list<std::string_view> known,
                               Unknown how) const
{
    for (const auto &item : obj.items()) {
        if (std::find(known.begin(), known.end(), item.key()) != known.end())
            continue;
        if (how == Unknown::Warning) {
            m_warning(path + "/" + elided(item.key()), "unknown field \"" + elided(item.key()) + "\" ignored");
            continue;
        }
        std::string list;
        for (const std::string_view k : known)
            list += (list.empty() ? "" : ", ") + std::string(k);
        error(path + "/" + pointerKey(item.key()), "unknown field \"" + elided(item.key()) + "\" (known: " + list + ")");
    }
}

} // namespace Railyard
