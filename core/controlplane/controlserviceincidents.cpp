// The control-plane service's telemetry and incident handlers (docs/api.md):
// the aggregates and detections of a network's cluster, and incidents filed
// against them with the runbook of their costliest detection.

#include "core/controlplane/controlservice.h"

#include "core/controlplane/controlservice_p.h"
#include "core/common/messagetext.h"
#include "core/health/healthincident.h"
#include "core/health/runbooks.h"

#include <algorithm>
#include <set>

namespace Railyard {

using ControlHttp::jsonResponse;
using ControlJson::Json;

namespace {

constexpr size_t maxSummaryBytes = 4096;
constexpr size_t maxElementBytes = 256;

} // namespace

ControlResponse ControlService::telemetry(const std::string &id, const std::map<std::string, std::string> &query)
{
    const std::optional<NetworkRecord> n = m_store.network(id);
    if (!n)
        return controlError(404, "not_found", "no training network " + elided(id, 64));
    double window = ControlHttp::defaultWindowSeconds;
    if (const auto it = query.find("window"); it != query.end()) {
        const std::optional<double> parsed = ControlJson::parseWindow(it->second);
        if (!parsed || *parsed < 1 || *parsed > ClusterTelemetry::maxWindowSeconds)
            return controlError(400, "bad_request", "window: give a duration from 1s to 24h, such as 15m, 30s or 1h");
        window = *parsed;
    }
    const ControlCluster *c = cluster(n->cluster);
    if (!c)
        return controlError(409, "unknown_cluster",
                            "cluster " + n->cluster + " is not served by this run of the service");
    return jsonResponse(200,
                        ControlJson::telemetry(*n, c->telemetry->window(window), c->telemetry->detections(window)));
}

ControlResponse ControlService::createIncident(const Call &call, const Principal &principal)
{
    const std::optional<ControlJson::Body> &body = call.body;
    ControlCluster *c = call.cluster;
    const std::string clusterName = c->name;
    auto stringField = [&](const char *name) { return ControlJson::stringField(*body, name); };
    const std::optional<std::string> symptom = stringField("symptom");
    if (!symptom || !runbookTemplate(*symptom))
        return controlError(
            422, "invalid_field",
            "symptom: one of allreduce_stall, link_degraded, link_flapping, pfc_storm, rank_hang is required");
    std::string networkId;
    if (body->contains("network_id")) {
        const std::optional<std::string> given = stringField("network_id");
        const std::optional<NetworkRecord> n = given ? m_store.network(*given) : std::nullopt;
        if (!n || n->cluster != clusterName)
            return controlError(422, "invalid_field", "network_id: not a network of cluster " + clusterName);
        networkId = n->id;
    }
    std::string summary;
    if (body->contains("summary")) {
        const std::optional<std::string> given = stringField("summary");
        if (!given || given->size() > maxSummaryBytes)
            return controlError(422, "invalid_field", "summary: a string of at most 4096 bytes");
        summary = *given;
    }
    // "element" files the incident for one detection (the Control Plane
    // dock's selected alarm); without it, every detection of the symptom in
    // the last hour is linked.
    std::string element;
    if (body->contains("element")) {
        const std::optional<std::string> given = stringField("element");
        if (!given || given->empty() || given->size() > maxElementBytes)
            return controlError(422, "invalid_field", "element: a link, switch, host or rank id of at most 256 bytes");
        element = *given;
    }
    std::vector<TelemetryDetection> linked = c->telemetry->detections(3600);
    std::erase_if(linked, [&](const TelemetryDetection &d) {
        return d.symptom != *symptom || (!element.empty() && d.element != element);
    });
    if (!element.empty() && linked.empty())
        return controlError(422, "invalid_field",
                            "element: no " + *symptom + " detection on " + elided(element, 64)
                                + " in cluster " + clusterName + " in the last hour");
    if (linked.size() > ControlJson::maxListedDetections)
        linked.erase(linked.begin(), linked.end() - std::ptrdiff_t(ControlJson::maxListedDetections));
    // The runbook speaks of the costliest detection (stalled, then slowed,
    // then the newest) and drains what every active one recommends.
    const TelemetryDetection *primary = nullptr;
    std::set<std::string> hosts, links;
    for (const TelemetryDetection &d : linked) {
        if (!primary || d.severity >= primary->severity)
            primary = &d;
        if (d.active) {
            hosts.insert(d.exclusions.hosts.begin(), d.exclusions.hosts.end());
            links.insert(d.exclusions.links.begin(), d.exclusions.links.end());
        }
    }
    if (summary.empty())
        summary = "Filed by " + principal.name + " through the control-plane API; " + std::to_string(linked.size())
            + " matching detection(s) in the last hour.";
    IncidentRecord record;
    record.id = ControlStore::newId("ni_");
    record.cluster = clusterName;
    record.symptom = *symptom;
    record.networkId = networkId;
    record.detectionsJson = ControlJson::detections(linked).dump(-1, ' ', false, Json::error_handler_t::replace);
    if (primary) {
        HealthExclusions drain{{hosts.begin(), hosts.end()}, {links.begin(), links.end()}};
        const AlarmSeverity severity = primary->severity;
        record.runbook = renderRunbook(*symptom, clusterName, primary->element, primary->firstInterval, summary,
                                       jobImpactsText(primary->jobs), exclusionsText(drain),
                                       alarmSeverityName(severity), severityAction(severity),
                                       sourceTimeText(primary->firstTime));
    } else {
        record.runbook = renderRunbook(*symptom, clusterName, "(no detection yet)", 0, summary,
                                       "none detected yet", "none", "unknown");
    }
    record.createdUtc = ControlStore::nowUtc();
    record.createdBy = principal.name;
    m_store.addIncident(record);
    ControlResponse r = jsonResponse(201, ControlJson::incident(record));
    r.headers.emplace_back("Location", "/v1/incidents/network/" + record.id);
    return r;
}

ControlResponse ControlService::getIncident(const std::string &id)
{
    const std::optional<IncidentRecord> record = m_store.incident(id);
    if (!record)
        return controlError(404, "not_found", "no incident " + elided(id, 64));
    return jsonResponse(200, ControlJson::incident(*record));
}

ControlResponse ControlService::listIncidents(const std::map<std::string, std::string> &query)
{
    return ControlHttp::listPage(
        query, m_options, [this](std::int64_t after, int count) { return m_store.incidents(after, count); },
        [](const IncidentRecord &i) { return i.seq; }, ControlJson::incident);
}

} // namespace Railyard
