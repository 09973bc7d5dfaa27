#pragma once

// The control-plane API's answers read back into the service's own record
// types (controlstore.h), for its clients: the desktop app's Control Plane
// dock and `railyard-cli remote` decode the same JSON the same way.

#include "core/controlplane/controlstore.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace Railyard {

/// A network as GET /v1/training-networks/{id} (or one item of the list)
/// answers it; std::nullopt when it has no network_id.
struct NetworkAnswer
{
    NetworkRecord network;
    double observedLossPct = 0;
};
std::optional<NetworkAnswer> networkFromJson(const QJsonObject &object);
/// The items of a page of networks (items that are not networks skipped).
std::vector<NetworkAnswer> networksFromJson(const QJsonObject &page);

/// A detection as the telemetry and incident answers carry it.
struct DetectionAnswer
{
    struct Job
    {
        std::string name;
        double slowdown = 1;         ///< as routed; +inf when stalled
        double adaptiveSlowdown = 1; ///< with adaptive routing
        std::string routing;         ///< "hashed", "static", "adaptive", "fluid"
        int ranks = 0;               ///< ranks behind the element (all of them, also beyond those listed)
    };
    std::string kind;
    std::string element;
    std::string symptom;
    std::int64_t firstInterval = 0;
    std::string firstTimeUtc; ///< "2026-12-05T12:16:33Z"; empty when the source has no wall clock
    bool active = true;
    std::string severity; ///< "none", "slowdown", "stalled"
    std::vector<Job> jobs;
    std::vector<std::string> drainHosts;
    std::vector<std::string> drainLinks;
    /// One line: "link_degraded on gpu001--leaf-0001 since 12:16:33 UTC: slowdown, llama 1.93× (1.00× adaptive)".
    QString summary() const;
    /// The jobs as "llama 1.93× as routed (1.00× adaptive), 8 ranks; …", "none".
    QString jobsText() const;
};
std::optional<DetectionAnswer> detectionFromJson(const QJsonObject &object);
std::vector<DetectionAnswer> detectionsFromJson(const QJsonArray &list);

/// An incident as POST/GET /v1/incidents/network answers it.
struct IncidentAnswer
{
    IncidentRecord incident;
    std::vector<DetectionAnswer> detections; ///< linked detections
};
std::optional<IncidentAnswer> incidentFromJson(const QJsonObject &object);
std::vector<IncidentAnswer> incidentsFromJson(const QJsonObject &page);

/// The answer to POST /v1/training-networks/{id}/intents.
struct IntentPushAnswer
{
    int version = 0;
    std::string status; ///< "applied" or "unchanged"
    std::string contentSha256;
    std::string author;
    std::string reviewer;
};
std::optional<IntentPushAnswer> intentPushFromJson(const QJsonObject &object);

} // namespace Railyard
