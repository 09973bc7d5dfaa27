// What Prometheus says of its targets: the scrape interval that sizes the
// rate() window of the Prometheus source (prometheussource.h).

#include "core/health/prometheusmapping.h"

#include "core/common/jsonbounds.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace Railyard {

std::optional<double> parsePromDuration(std::string_view text)
{
    // Prometheus' model.ParseDuration: units y w d h m s ms, largest first.
    if (text.empty() || text.size() > 32)
        return std::nullopt;
    double total = 0;
    size_t i = 0;
    while (i < text.size()) {
        size_t j = i;
        double value = 0;
        while (j < text.size() && text[j] >= '0' && text[j] <= '9')
            value = value * 10 + (text[j++] - '0');
        if (j == i)
            return std::nullopt;
        size_t k = j;
        while (k < text.size() && (text[k] < '0' || text[k] > '9'))
            ++k;
        const std::string_view unit = text.substr(j, k - j);
        double scale = 0;
        if (unit == "ms")
            scale = 1e-3;
        else if (unit == "s")
            scale = 1;
        else if (unit == "m")
            scale = 60;
        else if (unit == "h")
            scale = 3600;
        else if (unit == "d")
            scale = 86400;
        else if (unit == "w")
            scale = 7 * 86400;
        else if (unit == "y")
            scale = 365 * 86400;
        else
            return std::nullopt;
        total += value * scale;
        i = k;
    }
    return total;
}

std::optional<double> longestScrapeInterval(std::string_view body, std::string *error)
{
    using nlohmann::json;
    auto fail = [&](std::string message) -> std::optional<double> {
        if (error)
            *error = std::move(message);
        return std::nullopt;
    };
    JsonLimits limits;
    limits.maxDepth = 16;
    limits.maxStringBytes = 64 << 10;
    if (const auto bad = checkJsonBounds(body, limits))
        return fail("the targets answer is not bounded JSON: " + bad->message);
    const json j = json::parse(body.begin(), body.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return fail("the targets answer is not a JSON object");
    const auto data = j.find("data");
    if (data == j.end() || !data->is_object())
        return fail("the targets answer has no data object");
    const auto active = data->find("activeTargets");
    if (active == data->end() || !active->is_array())
        return fail("the targets answer has no activeTargets array");
    double longest = 0;
    for (const json &t : *active) {
        if (!t.is_object())
            continue;
        const auto it = t.find("scrapeInterval");
        if (it == t.end() || !it->is_string())
            continue;
        if (const auto seconds = parsePromDuration(it->get_ref<const std::string &>()))
            longest = std::max(longest, *seconds);
    }
    if (longest <= 0)
        return fail("no active target states its scrape interval");
    return longest;
}

} // namespace Railyard
