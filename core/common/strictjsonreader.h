#pragma once

// A field reader for small requirement and layout objects that stops at the
// first problem: every error names the JSON pointer, and input is quoted only
// through elided() (a key) or not at all. The design explorer's requirements
// and the floor read their objects with it; readers that collect every
// problem use JsonFields (core/common/jsonfields.h) instead.

#include "core/common/messagetext.h"

#include <cmath>
#include <cstdio>
#include <exception>
#include <functional>
#include <set>
#include <string>

namespace Railyard {

template<typename Json>
class StrictJsonReader
{
public:
    /// Receives (JSON pointer, message) and throws the reader's own error.
    using Fail = std::function<void(const std::string &pointer, const std::string &message)>;

    explicit StrictJsonReader(Fail fail)
        : m_fail(std::move(fail))
    { }

    [[noreturn]] void fail(const std::string &pointer, const std::string &message) const
    {
        m_fail(pointer, message);
        std::terminate(); // Fail must throw
    }

    /// `v` is an object whose every member is one of `keys`.
    void known(const Json &v, const std::string &pointer, const std::set<std::string> &keys) const
    {
        if (!v.is_object())
            fail(pointer, "expected an object");
        for (const auto &[key, value] : v.items())
            if (!keys.count(key)) {
                std::string list;
                for (const std::string &k : keys)
                    list += (list.empty() ? "" : ", ") + k;
                fail(pointer + "/" + elided(key, 40), "unknown field (known: " + list + ")");
            }
    }

    const Json *find(const Json &object, const char *key) const
    {
        auto it = object.find(key);
        return it == object.end() ? nullptr : &*it;
    }

    std::string string(const Json &v, const std::string &pointer) const
    {
        if (!v.is_string())
            fail(pointer, "expected a string");
        return v.template get<std::string>();
    }

    /// A string of 1 to `maxBytes` bytes (a name or an id).
    std::string id(const Json &v, const std::string &pointer, std::size_t maxBytes) const
    {
        const std::string s = string(v, pointer);
        if (s.empty() || s.size() > maxBytes)
            fail(pointer, "expected 1 to " + std::to_string(maxBytes) + " bytes");
        return s;
    }

    /// A finite number above `minimum` (or at least it, when not strict).
    double number(const Json &v, const std::string &pointer, double minimum, bool strict) const
    {
        if (!v.is_number())
            fail(pointer, "expected a number");
        const double x = v.template get<double>();
        if (!std::isfinite(x) || (strict ? x <= minimum : x < minimum)) {
            char bound[32];
            std::snprintf(bound, sizeof bound, "%g", minimum);
            fail(pointer, std::string("must be a number ") + (strict ? "> " : "≥ ") + bound);
        }
        return x;
    }

    /// A whole number (8 or 8.0) in [minimum, maximum].
    int integer(const Json &v, const std::string &pointer, int minimum, int maximum) const
    {
        if (!v.is_number_integer()
            && !(v.is_number_float() && std::floor(v.template get<double>()) == v.template get<double>()))
            fail(pointer, "expected a whole number");
        const double x = v.template get<double>();
        if (x < minimum || x > maximum)
            fail(pointer, "must be between " + std::to_string(minimum) + " and " + std::to_string(maximum));
        return int(x);
    }

    const Json &array(const Json &v, const std::string &pointer) const
    {
        if (!v.is_array())
            fail(pointer, "expected an array");
        return v;
    }

    /// An array of items, or one item standing for a one-element array.
    template<typename F>
    void list(const Json &v, const std::string &pointer, F each) const
    {
        if (!v.is_array()) {
            each(v, pointer);
            return;
        }
        if (v.empty())
            fail(pointer, "must not be empty");
        for (std::size_t i = 0; i < v.size(); ++i)
            each(v[i], pointer + "/" + std::to_string(i));
    }

private:
    Fail m_fail;
};

} // namespace Railyard
