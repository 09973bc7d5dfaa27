#include "core/controlplane/controlrecords.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>
#include <QStringList>

#include <cmath>
#include <limits>

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

std::optional<DetectionAnswer> detectionFromJson(const QJsonObject &o)
{
    if (!o.value(QLatin1String("kind")).isString() || !o.value(QLatin1String("element")).isString())
        return std::nullopt;
    DetectionAnswer d;
    d.kind = text(o, "kind");
    d.element = text(o, "element");
    d.symptom = text(o, "symptom");
    d.firstInterval = qint64(o.value(QLatin1String("first_interval")).toDouble());
    d.firstTimeUtc = text(o, "first_time_utc");
    d.active = o.value(QLatin1String("active")).toBool(true);
    d.severity = text(o, "severity");
    for (const QJsonValue &v : o.value(QLatin1String("jobs")).toArray()) {
        const QJsonObject j = v.toObject();
        DetectionAnswer::Job job;
        job.name = text(j, "name");
        const bool stalled = j.value(QLatin1String("stalled")).toBool();
        job.slowdown = stalled ? std::numeric_limits<double>::infinity()
                               : j.value(QLatin1String("slowdown")).toDouble(1);
        job.adaptiveSlowdown = j.value(QLatin1String("adaptive_slowdown")).isDouble()
            ? j.value(QLatin1String("adaptive_slowdown")).toDouble()
            : job.slowdown;
        job.routing = text(j, "routing");
        job.ranks = j.value(QLatin1String("ranks_total")).isDouble()
            ? j.value(QLatin1String("ranks_total")).toInt()
            : int(j.value(QLatin1String("ranks")).toArray().size());
        d.jobs.push_back(std::move(job));
    }
    const QJsonObject drain = o.value(QLatin1String("drain")).toObject();
    for (const QJsonValue &v : drain.value(QLatin1String("hosts")).toArray())
        d.drainHosts.push_back(v.toString().toStdString());
    for (const QJsonValue &v : drain.value(QLatin1String("links")).toArray())
        d.drainLinks.push_back(v.toString().toStdString());
    return d;
}

std::vector<DetectionAnswer> detectionsFromJson(const QJsonArray &list)
{
    std::vector<DetectionAnswer> out;
    for (const QJsonValue &v : list)
        if (std::optional<DetectionAnswer> d = detectionFromJson(v.toObject()))
            out.push_back(std::move(*d));
    return out;
}

QString DetectionAnswer::jobsText() const
{
    QStringList parts;
    const QLocale locale;
    for (const Job &j : jobs) {
        const QString ranksText = QCoreApplication::translate("DetectionAnswer", "%n rank(s)", nullptr, j.ranks);
        if (!std::isfinite(j.slowdown))
            parts << QCoreApplication::translate("DetectionAnswer", "%1 stalled, %2")
                         .arg(QString::fromStdString(j.name), ranksText);
        else
            parts << QCoreApplication::translate("DetectionAnswer", "%1 %2× as routed (%3× adaptive), %4")
                         .arg(QString::fromStdString(j.name), locale.toString(j.slowdown, 'f', 2),
                              locale.toString(j.adaptiveSlowdown, 'f', 2), ranksText);
    }
    return parts.isEmpty() ? QCoreApplication::translate("DetectionAnswer", "no job") : parts.join(QStringLiteral("; "));
}

QString DetectionAnswer::summary() const
{
    const QString since = firstTimeUtc.empty()
        ? QCoreApplication::translate("DetectionAnswer", "interval %1").arg(firstInterval)
        : QString::fromStdString(firstTimeUtc);
    return QCoreApplication::translate("DetectionAnswer", "%1 on %2 since %3%4: %5, %6")
        .arg(QString::fromStdString(kind), QString::fromStdString(element), since,
             active ? QString() : QCoreApplication::translate("DetectionAnswer", " (cleared)"),
             QString::fromStdString(severity), jobsText());
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
    a.detections = detectionsFromJson(o.value(QLatin1String("detections")).toArray());
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
