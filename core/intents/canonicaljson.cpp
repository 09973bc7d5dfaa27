#include "core/intents/canonicaljson.h"

#include "core/intents/canonicaljson_p.h"

#include "core/common/jsonbounds.h"
#include "core/common/messagetext.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <openssl/evp.h>
#include <stdexcept>
#include <unordered_set>

namespace Railyard {

namespace CanonicalJsonDetail {

namespace {

using json = nlohmann::json;

void appendString(std::string &out, const std::string &s)
{
    static const char hex[] = "0123456789abcdef";
    out += '"';
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20) {
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 0xf];
            } else {
                out += ch;
            }
        }
    }
    out += '"';
}

void appendDouble(std::string &out, double v)
{
    if (!std::isfinite(v))
        throw std::invalid_argument("a number is not finite");
    constexpr double exactLimit = 9007199254740992.0; // 2^53
    if (v == std::floor(v) && std::fabs(v) <= exactLimit) {
        out += std::to_string(static_cast<long long>(v) + 0); // -0.0 becomes 0
        return;
    }
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
    std::string text(buffer, result.ptr);
    const size_t e = text.find('e');
    if (e != std::string::npos) {
        std::string mantissa = text.substr(0, e);
        std::string exponent = text.substr(e + 1);
        bool negative = false;
        if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) {
            negative = exponent[0] == '-';
            exponent.erase(0, 1);
        }
        const size_t nonZero = exponent.find_first_not_of('0');
        exponent = nonZero == std::string::npos ? "0" : exponent.substr(nonZero);
        text = mantissa + "e" + (negative ? "-" : "") + exponent;
    }
    out += text;
}

void appendScalar(std::string &out, const json &v)
{
    switch (v.type()) {
    case json::value_t::null: out += "null"; break;
    case json::value_t::boolean: out += v.get<bool>() ? "true" : "false"; break;
    case json::value_t::number_integer: out += std::to_string(v.get<std::int64_t>()); break;
    case json::value_t::number_unsigned: out += std::to_string(v.get<std::uint64_t>()); break;
    case json::value_t::number_float: appendDouble(out, v.get<double>()); break;
    case json::value_t::string: appendString(out, v.get_ref<const std::string &>()); break;
    default: throw std::invalid_argument("unsupported JSON value");
    }
}

/// Writes `v`; indent < 0 is the canonical form, else the layout at that depth.
void append(std::string &out, const json &v, int indent)
{
    const bool pretty = indent >= 0;
    const auto newline = [&out](int depth) {
        out += '\n';
        out.append(size_t(depth) * 2, ' ');
    };
    if (v.is_object()) {
        // nlohmann::json keeps object members in a std::map: sorted by bytes.
        if (v.empty()) {
            out += "{}";
            return;
        }
        out += '{';
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (!first)
                out += ',';
            first = false;
            if (pretty)
                newline(indent + 1);
            appendString(out, it.key());
            out += pretty ? ": " : ":";
            append(out, it.value(), pretty ? indent + 1 : -1);
        }
        if (pretty)
            newline(indent);
        out += '}';
    } else if (v.is_array()) {
        if (v.empty()) {
            out += "[]";
            return;
        }
        out += '[';
        bool first = true;
        for (const json &element : v) {
            if (!first)
                out += ',';
            first = false;
            if (pretty)
                newline(indent + 1);
            append(out, element, pretty ? indent + 1 : -1);
        }
        if (pretty)
            newline(indent);
        out += ']';
    } else {
        appendScalar(out, v);
    }
}

} // namespace

std::string dumpCanonical(const nlohmann::json &value)
{
    std::string out;
    append(out, value, -1);
    return out;
}

std::string dumpLayout(const nlohmann::json &value)
{
    std::string out;
    append(out, value, 0);
    out += '\n';
    return out;
}

json parseStrict(std::string_view text, const JsonLimits &limits)
{
    // The shape is bounded before any value is built: the writers below and
    // nlohmann's own copy and compare recurse once per level.
    if (const std::optional<JsonBoundsError> bounds = checkJsonBounds(text, limits))
        throw std::invalid_argument("line " + std::to_string(bounds->line) + ": " + bounds->message
                                    + "; refusing the text");
    // A parser callback sees every key as it is read; duplicates would
    // otherwise be silently collapsed (the last one wins), so two texts with
    // different meanings to other parsers would hash the same. One hash set
    // per open object: linear in the number of keys.
    std::vector<std::unordered_set<std::string>> keysPerDepth;
    std::string duplicate;
    const json::parser_callback_t callback = [&](int depth, json::parse_event_t event, json &parsed) {
        const auto d = size_t(depth);
        if (event == json::parse_event_t::object_start) {
            if (keysPerDepth.size() <= d + 1)
                keysPerDepth.resize(d + 2);
            keysPerDepth[d + 1].clear();
        } else if (event == json::parse_event_t::key && duplicate.empty()) {
            if (keysPerDepth.size() <= d)
                keysPerDepth.resize(d + 1);
            const std::string &key = parsed.get_ref<const std::string &>();
            if (!keysPerDepth[d].insert(key).second)
                duplicate = key;
        }
        return true;
    };
    json value = json::parse(text.begin(), text.end(), callback);
    if (!duplicate.empty())
        throw std::invalid_argument("duplicate key \"" + elided(duplicate) + "\"");
    return value;
}

} // namespace CanonicalJsonDetail

namespace {

std::optional<std::string> serialize(std::string_view text, std::string *error, bool layout)
{
    try {
        const nlohmann::json value = CanonicalJsonDetail::parseStrict(text);
        return layout ? CanonicalJsonDetail::dumpLayout(value) : CanonicalJsonDetail::dumpCanonical(value);
    } catch (const nlohmann::json::parse_error &e) {
        if (error)
            *error = e.what();
    } catch (const std::exception &e) {
        if (error)
            *error = e.what();
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> CanonicalJson::canonicalize(std::string_view jsonText, std::string *error)
{
    return serialize(jsonText, error, false);
}

std::optional<std::string> CanonicalJson::layout(std::string_view jsonText, std::string *error)
{
    return serialize(jsonText, error, true);
}

std::string CanonicalJson::sha256Hex(std::string_view bytes)
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 failed (OpenSSL EVP_Digest)");
    static const char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(size_t(length) * 2);
    for (unsigned int i = 0; i < length; ++i) {
        out += hex[digest[i] >> 4];
        out += hex[digest[i] & 0xf];
    }
    return out;
}

} // namespace Railyard
