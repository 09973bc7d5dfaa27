#pragma once

// Typed, strict access to the fields of a parsed JSON object, reporting
// every problem by JSON pointer: the one field reader of the job and intent
// readers (the fabric format's reader has its own accessors over the flat
// values its SAX parser keeps for speed). Messages quote input through
// describeJsonValue: never a serialized container, strings cut short.

#include <nlohmann/json.hpp>

#include <climits>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>

namespace Railyard {

class JsonFields
{
public:
    using json = nlohmann::json;
    /// Receives (JSON pointer, message) of a problem.
    using Report = std::function<void(const std::string &path, std::string message)>;
    /// How a field that is not known is reported.
    enum class Unknown {
        Error,   ///< "unknown field \"x\" (known: a, b)": policy files, where a misspelt field must not pass
        Warning, ///< "unknown field \"x\" ignored"
    };

    explicit JsonFields(Report error, Report warning = {});

    void error(const std::string &path, std::string message) const { m_error(path, std::move(message)); }

    /// The member `key` of `obj` (at `path`), or nullptr; missing and required is an error.
    const json *find(const json &obj, const std::string &path, const char *key, bool required) const;
    const json *object(const json &obj, const std::string &path, const char *key, bool required) const;
    const json *array(const json &obj, const std::string &path, const char *key, bool required) const;
    bool string(const json &obj, const std::string &path, const char *key, std::string &out, bool required) const;
    bool boolean(const json &obj, const std::string &path, const char *key, bool &out, bool required) const;
    /// An integer in [minimum, maximum], written as 8 or 8.0 (8.5 is an error).
    bool integer(const json &obj, const std::string &path, const char *key, int &out, bool required, int minimum,
                 int maximum = INT_MAX) const;
    /// Any finite number.
    bool number(const json &obj, const std::string &path, const char *key, double &out, bool required) const;
    /// A finite number > 0.
    bool positiveNumber(const json &obj, const std::string &path, const char *key, double &out, bool required) const;
    /// Reports every member of `obj` not in `known`.
    void unknownFields(const json &obj, const std::string &path, std::initializer_list<std::string_view> known,
                       Unknown how) const;

    /// Escapes a key for a JSON pointer ('~' -> "~0", '/' -> "~1").
    static std::string pointerKey(std::string_view key);

private:
    Report m_error;
    Report m_warning;
};

} // namespace Railyard
