#include "core/controlplane/controlservice_p.h"

#include "core/common/jsonbounds.h"

#include <cmath>
#include <cstdlib>
#include <ctime>

namespace Railyard::ControlJson {
namespace {

double rounded(double value, double scale)
{
    return std::round(value * scale) / scale;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

std::optional<std::string> percentDecode(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '+') {
            out += ' ';
        } else if (text[i] == '%') {
            if (i + 2 >= text.size())
                return std::nullopt;
            const int hi = hexValue(text[i + 1]);
            const int lo = hexValue(text[i + 2]);
            if (hi < 0 || lo < 0)
                return std::nullopt;
            out += char(hi * 16 + lo);
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

} // namespace

Json network(const NetworkRecord &n, double observedLossPct)
{
    Json j;
    j["network_id"] = n.id;
    j["cluster"] = n.cluster;
    j["backend"] = n.backend;
    j["rails"] = n.rails;
    j["topology"] = n.topology;
    j["status"] = n.status;
    if (!n.statusReason.empty())
        j["status_reason"] = n.statusReason;
    j["bandwidth_gbps_per_host"] = n.bandwidthGbpsPerHost;
    j["observed_loss_pct"] = rounded(observedLossPct, 1e6);
    j["intent_version"] = n.intentVersion;
    j["created_utc"] = n.createdUtc;
    j["created_by"] = n.createdBy;
    return j;
}

Json intent(const IntentRecord &i)
{
    Json j;
    j["network_id"] = i.networkId;
    j["intent_version"] = i.version;
    j["content_sha256"] = i.contentSha256;
    j["author"] = i.author;
    j["reviewer"] = i.reviewer;
    j["applied_utc"] = i.appliedUtc;
    j["applied_by"] = i.appliedBy;
    return j;
}

Json incident(const IncidentRecord &i)
{
    Json j;
    j["incident_id"] = i.id;
    j["cluster"] = i.cluster;
    j["symptom"] = i.symptom;
    if (!i.networkId.empty())
        j["network_id"] = i.networkId;
    j["detections"] = Json::parse(i.detectionsJson, nullptr, false);
    if (j["detections"].is_discarded())
        j["detections"] = Json::array();
    j["runbook"] = i.runbook;
    j["created_utc"] = i.createdUtc;
    j["created_by"] = i.createdBy;
    return j;
}

Json audit(const AuditEntry &e)
{
    Json j;
    j["seq"] = e.seq;
    j["time_utc"] = e.timeUtc;
    j["principal"] = e.principal;
    j["role"] = e.role;
    j["remote"] = e.remote;
    j["method"] = e.method;
    j["path"] = e.path;
    j["status"] = e.status;
    j["count"] = e.count;
    j["request_sha256"] = e.requestSha256;
    j["error_code"] = e.errorCode.empty() ? Json(nullptr) : Json(e.errorCode);
    j["detail"] = e.detail.empty() ? Json(nullptr) : Json(e.detail);
    j["chain"] = e.chain;
    return j;
}

Json telemetry(const NetworkRecord &n, const TelemetryWindow &w, const std::vector<TelemetryDetection> &detections)
{
    Json j;
    j["p99_rtt_us"] = rounded(w.p99RttUs, 100);
    j["ecn_ce_rate"] = rounded(w.ecnCeRate, 1e9);
    j["retransmits"] = rounded(w.retransmitsPerSecond, 1e3);
    j["collective_hang_suspects"] = w.collectiveHangSuspects;
    j["observed_loss_pct"] = rounded(w.observedLossPct, 1e6);
    j["network_id"] = n.id;
    j["cluster"] = n.cluster;
    j["window_seconds"] = w.windowSeconds;
    j["samples"] = w.samples;
    j["stale_samples"] = w.staleSamples;
    j["source"] = w.source;
    j["rtt_estimated"] = true;
    if (!w.staleReason.empty())
        j["stale_reason"] = w.staleReason;
    Json list = Json::array();
    const size_t first = detections.size() > maxListedDetections ? detections.size() - maxListedDetections : 0;
    for (size_t i = first; i < detections.size(); ++i)
        list.push_back(detection(detections[i]));
    j["detections"] = std::move(list);
    j["detections_total"] = detections.size();
    return j;
}

namespace {

/// At most `limit` items of a list, and its full size beside them: a leaf
/// uplink alarm on a large job names thousands of ranks.
template<typename T>
void putBounded(Json &j, const char *key, const std::vector<T> &items, size_t limit)
{
    Json list = Json::array();
    for (size_t i = 0; i < items.size() && i < limit; ++i)
        list.push_back(items[i]);
    j[key] = std::move(list);
    if (items.size() > limit)
        j[std::string(key) + "_total"] = items.size();
}

Json finiteOrNull(double value)
{
    return std::isfinite(value) ? Json(rounded(value, 1e4)) : Json(nullptr);
}

} // namespace

std::string utcText(double epochSeconds)
{
    if (!(epochSeconds >= 1e9) || !std::isfinite(epochSeconds))
        return {};
    const std::time_t t = std::time_t(std::floor(epochSeconds));
    std::tm tm{};
    gmtime_r(&t, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

Json detection(const TelemetryDetection &d)
{
    Json j;
    j["kind"] = d.kind;
    j["element"] = d.element;
    j["symptom"] = d.symptom;
    j["first_interval"] = d.firstInterval;
    if (const std::string utc = utcText(d.firstTime); !utc.empty())
        j["first_time_utc"] = utc;
    j["active"] = d.active;
    j["severity"] = alarmSeverityName(d.severity);
    Json jobs = Json::array();
    for (const JobImpact &job : d.jobs) {
        Json o;
        o["name"] = job.name;
        o["slowdown"] = finiteOrNull(job.slowdown);
        o["stalled"] = !std::isfinite(job.slowdown);
        o["routing"] = routingModeName(job.routing);
        o["adaptive_slowdown"] = finiteOrNull(job.adaptiveSlowdown);
        o["communication_slowdown"] = finiteOrNull(job.commSlowdown);
        o["healthy_step_time_ms"] = rounded(job.healthyStepSeconds * 1e3, 1e4);
        putBounded(o, "ranks", job.ranks, maxListedRanks);
        jobs.push_back(std::move(o));
    }
    j["jobs"] = std::move(jobs);
    Json drain;
    putBounded(drain, "hosts", d.exclusions.hosts, maxListedDrains);
    putBounded(drain, "links", d.exclusions.links, maxListedDrains);
    j["drain"] = std::move(drain);
    return j;
}

Json detections(const std::vector<TelemetryDetection> &detections)
{
    Json list = Json::array();
    for (const TelemetryDetection &d : detections)
        list.push_back(detection(d));
    return list;
}

std::optional<Target> parseTarget(const std::string &target)
{
    Target t;
    const size_t question = target.find('?');
    const std::string_view path = std::string_view(target).substr(0, question);
    size_t start = 0;
    while (start <= path.size()) {
        const size_t slash = path.find('/', start);
        const std::string_view segment
            = path.substr(start, slash == std::string_view::npos ? path.npos : slash - start);
        if (!segment.empty()) {
            std::optional<std::string> decoded = percentDecode(segment);
            if (!decoded)
                return std::nullopt;
            t.segments.push_back(std::move(*decoded));
        }
        if (slash == std::string_view::npos)
            break;
        start = slash + 1;
    }
    if (question != std::string::npos) {
        std::string_view query = std::string_view(target).substr(question + 1);
        while (!query.empty()) {
            const size_t amp = query.find('&');
            const std::string_view pair = query.substr(0, amp);
            const size_t eq = pair.find('=');
            std::optional<std::string> key = percentDecode(pair.substr(0, eq));
            std::optional<std::string> value
                = eq == std::string_view::npos ? std::optional<std::string>("") : percentDecode(pair.substr(eq + 1));
            if (!key || !value)
                return std::nullopt;
            if (!key->empty())
                t.query[*key] = *value;
            if (amp == std::string_view::npos)
                break;
            query.remove_prefix(amp + 1);
        }
    }
    return t;
}

std::optional<double> parseWindow(const std::string &text)
{
    if (text.empty() || text.size() > 12)
        return std::nullopt;
    double unit = 1;
    std::string digits = text;
    switch (text.back()) {
    case 's': digits.pop_back(); break;
    case 'm':
        unit = 60;
        digits.pop_back();
        break;
    case 'h':
        unit = 3600;
        digits.pop_back();
        break;
    default: break;
    }
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::strtod(digits.c_str(), nullptr) * unit;
}

std::string pageToken(std::int64_t seq)
{
    return "p" + std::to_string(seq);
}

std::optional<std::int64_t> parsePageToken(const std::string &text)
{
    if (text.size() < 2 || text.size() > 19 || text[0] != 'p'
        || text.find_first_not_of("0123456789", 1) != std::string::npos)
        return std::nullopt;
    return std::strtoll(text.c_str() + 1, nullptr, 10);
}

std::optional<std::string> stringField(const Body &object, const char *name)
{
    const auto it = object.find(name);
    if (it == object.end() || !it->is_string())
        return std::nullopt;
    return it->get<std::string>();
}

std::optional<Body> parseObject(const std::string &body, std::string *error)
{
    if (const std::optional<JsonBoundsError> bounds = checkJsonBounds(body, JsonLimits::requestBody())) {
        *error = "the body is refused: " + bounds->message + " (byte " + std::to_string(bounds->offset) + ")";
        return std::nullopt;
    }
    try {
        Body j = Body::parse(body);
        if (!j.is_object()) {
            *error = "the body must be a JSON object";
            return std::nullopt;
        }
        return j;
    } catch (const nlohmann::json::parse_error &e) {
        *error = "the body is not valid JSON (byte " + std::to_string(e.byte) + ")";
        return std::nullopt;
    } catch (const nlohmann::json::exception &e) {
        // out_of_range.406 (a number such as 1e400) and the like: named by
        // its id, never by the exception's text, which quotes the input.
        *error = "the body is not valid JSON (" + std::string(e.id == 406 ? "a number out of range" : "a bad value")
            + ")";
        return std::nullopt;
    }
}

} // namespace Railyard::ControlJson
