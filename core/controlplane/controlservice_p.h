#pragma once

// Internal to the control-plane service: JSON rendering of its records and
// the small parsers its handlers share (controlservicejson.cpp), and the
// answers and list pages every handler file builds (ControlHttp,
// controlservice.cpp).

#include "core/controlplane/clustertelemetry.h"
#include "core/controlplane/controlservice.h"
#include "core/intents/intentreview.h"
#include "core/controlplane/controlstore.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace Railyard::ControlJson {

/// Responses: members in the order they are written.
using Json = nlohmann::ordered_json;
/// Request bodies: members in a std::map, so reading n keys is O(n log n)
/// (an insertion-ordered map inserts in O(n): quadratic for a hostile body).
using Body = nlohmann::json;

Json network(const NetworkRecord &network, double observedLossPct);
Json intent(const IntentRecord &intent);
Json incident(const IncidentRecord &incident);
Json audit(const AuditEntry &entry);
/// The telemetry answer; `detections` (oldest first) adds the newest
/// maxListedDetections of them.
Json telemetry(const NetworkRecord &network, const TelemetryWindow &window,
               const std::vector<TelemetryDetection> &detections);
/// Ranks and drained hosts or links listed per detection; the rest are
/// counted (`ranks_total`, `hosts_total`, `links_total`).
constexpr size_t maxListedRanks = 64;
constexpr size_t maxListedDrains = 64;
/// Detections an answer carries (the newest); the rest are counted.
constexpr size_t maxListedDetections = 50;
/// "2026-12-05T12:16:33Z" for an epoch time; "" for 0 or a relative time.
std::string utcText(double epochSeconds);
Json detection(const TelemetryDetection &detection);
Json detections(const std::vector<TelemetryDetection> &detections);

/// The path without its query, and the query's parameters (percent-decoded).
/// std::nullopt for a malformed percent escape.
struct Target
{
    std::vector<std::string> segments;
    std::map<std::string, std::string> query;
};
std::optional<Target> parseTarget(const std::string &target);

/// "15m", "30s", "1h", "900" (seconds). std::nullopt when malformed.
std::optional<double> parseWindow(const std::string &text);

/// Page tokens are opaque to clients: "p" + the last row's sequence number.
std::string pageToken(std::int64_t seq);
std::optional<std::int64_t> parsePageToken(const std::string &text);

/// The string member `name` of an object; std::nullopt when absent or not a string.
std::optional<std::string> stringField(const Body &object, const char *name);

/// A body parsed as a JSON object, or the error text (with the byte offset;
/// nothing of the body is quoted). The body's shape is bounded first
/// (JsonLimits::requestBody()).
std::optional<Body> parseObject(const std::string &body, std::string *error);

} // namespace Railyard::ControlJson

namespace Railyard::ControlHttp {

using ControlJson::Json;

/// The telemetry window of answers that do not name one (15 minutes).
constexpr double defaultWindowSeconds = 15 * 60;

/// A JSON answer with `status`.
ControlResponse jsonResponse(int status, const Json &body);
/// limit=N within [1, max], default `fallback`; std::nullopt and a 400 otherwise.
std::optional<int> pageLimit(const std::map<std::string, std::string> &query, int fallback, int max,
                             ControlResponse *error);
/// page_token=… as given by this service; 0 without one; std::nullopt and a 400 otherwise.
std::optional<std::int64_t> pageAfter(const std::map<std::string, std::string> &query, ControlResponse *error);

/// One page of a list endpoint: `limit` and `page_token` from the query,
/// `fetch(after, count)` the rows after a key, `key(row)` a row's key (its
/// sequence number or version), `toJson(row)` its JSON.
template<class Fetch, class Key, class ToJson>
ControlResponse listPage(const std::map<std::string, std::string> &query, const ControlServiceOptions &options,
                         Fetch fetch, Key key, ToJson toJson)
{
    ControlResponse error;
    const std::optional<int> limit = pageLimit(query, options.pageLimitDefault, options.pageLimitMax, &error);
    const std::optional<std::int64_t> after = limit ? pageAfter(query, &error) : std::nullopt;
    if (!limit || !after)
        return error;
    const auto rows = fetch(*after, *limit + 1);
    Json j;
    j["items"] = Json::array();
    for (size_t i = 0; i < rows.size() && int(i) < *limit; ++i)
        j["items"].push_back(toJson(rows[i]));
    if (int(rows.size()) > *limit)
        j["next_page_token"] = ControlJson::pageToken(key(rows[size_t(*limit) - 1]));
    return jsonResponse(200, j);
}

} // namespace Railyard::ControlHttp

namespace Railyard {

/// The endpoint a request's path and method name.
enum class Route { None, Health, Networks, Network, Intents, Intent, Telemetry, Incidents, Incident, Audit };

/// One request on its way through the service: what routing and admission
/// found, for the handler (controlservice.cpp, controlserviceincidents.cpp).
struct ControlService::Call
{
    Route route = Route::None;
    ControlJson::Target target;
    std::string requestSha; ///< SHA-256 of the body ("" for none)
    std::optional<ControlJson::Body> body;
    ControlCluster *cluster = nullptr; ///< the cluster a POST body names
    std::optional<VerifyResult> verdict;
};

} // namespace Railyard
