#pragma once

// The control-plane API's answers read back into the service's own record
// types (controlstore.h), for its clients: the desktop app's Control Plane
// dock and `railyard-cli remote` decode the same JSON the same way.

#include "core/controlplane/controlstore.h"

#include <QJsonObject>

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

/// An incident as POST/GET /v1/incidents/network answers it.
struct IncidentAnswer
{
    IncidentRecord incident;
    int detections = 0; ///< linked detections
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
