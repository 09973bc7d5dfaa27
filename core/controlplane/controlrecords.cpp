#include "core/controlplane/controlrecords.h"

#include <QJsonArray>

namespace Railyard {

namespace {

std::string text(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toString().toStdString();
}

} // namespace

std::optional<NetworkAnswer> networkFromJson(const QJsonObject &o)
{
    if (!o.value(QLatin1String("network_id")).isString())
        return std::nullopt;
    NetworkAnswer a;
    NetworkRecord &n = a.network;
    n.id = text(o, "network_id");
    n.cluster = text(o, "cluster");
    n.backend = text(o, "backend");
    n.rails = o.value(QLatin1String("rails")).toInt();
    n.topology = text(o, "topology");
    n.status = text(o, "status");
    n.statusReason = text(o, "status_reason");
    n.bandwidthGbpsPerHost = o.value(QLatin1String("bandwidth_gbps_per_host")).toDouble();
    n.intentVersion = o.value(QLatin1String("intent_version")).toInt();
    n.createdUtc = text(o, "created_utc");
    n.createdBy = text(o, "created_by");
    a.observedLossPct = o.value(QLatin1String("observed_loss_pct")).toDouble();
    return a;
}

std::vector<NetworkAnswer> networksFromJson(const QJsonObject &page)
{
    std::vector<NetworkAnswer> out;
    for (const QJsonValue &v : page.value(QLatin1String("items")).toArray())
        if (std::optional<NetworkAnswer> n = networkFromJson(v.toObject()))
            out.push_back(std::move(*n));
    return out;
}

std::optional<IncidentAnswer> incidentFromJson(const QJsonObject &o)
{
    if (!o.value(QLatin1String("incident_id")).isString())
        return std::nullopt;
    IncidentAnswer a;
    IncidentRecord &i = a.incident;
    i.id = text(o, "incident_id");
    i.cluster = text(o, "cluster");
    i.symptom = text(o, "symptom");
    i.networkId = text(o, "network_id");
    i.runbook = text(o, "runbook");
    i.createdUtc = text(o, "created_utc");
    i.createdBy = text(o, "created_by");
    a.detections = int(o.value(QLatin1String("detections")).toArray().size());
    return a;
}

std::vector<IncidentAnswer> incidentsFromJson(const QJsonObject &page)
{
    std::vector<IncidentAnswer> out;
    for (const QJsonValue &v : page.value(QLatin1String("items")).toArray())
        if (std::optional<IncidentAnswer> i = incidentFromJson(v.toObject()))
            out.push_back(std::move(*i));
    return out;
}

std::optional<IntentPushAnswer> intentPushFromJson(const QJsonObject &o)
{
    if (!o.value(QLatin1String("intent_version")).isDouble())
        return std::nullopt;
    IntentPushAnswer a;
    a.version = o.value(QLatin1String("intent_version")).toInt();
    a.status = text(o, "status");
    a.contentSha256 = text(o, "content_sha256");
    a.author = text(o, "author");
    a.reviewer = text(o, "reviewer");
    return a;
}

} // namespace Railyard
