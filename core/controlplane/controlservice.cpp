#include "core/controlplane/controlservice.h"

#include "core/controlplane/controlservice_p.h"
#include "core/health/healthincident.h"
#include "core/health/runbooks.h"
#include "core/intents/canonicaljson.h"
#include "core/controlplane/intentjobcheck.h"
#include "core/intents/intentreview.h"
#include "core/intents/keyring.h"
#include "core/common/jsonbounds.h"
#include "core/common/messagetext.h"
#include "core/common/storageexception.h"
#include "core/common/sqlitestatement.h"

#include <QDateTime>

#include <algorithm>
#include <cstdio>

namespace Railyard {

using ControlJson::Json;
using ControlHttp::jsonResponse;
using ControlHttp::listPage;
using ControlHttp::defaultWindowSeconds;

namespace {

const char *const topologies[] = {"rail_optimized", "fat_tree", "clos"};
const char *const backends[] = {"roce", "infiniband"};

bool isOneOf(const std::string &value, const auto &list)
{
    return std::any_of(std::begin(list), std::end(list), [&](const char *item) { return value == item; });
}

std::string joined(const auto &list)
{
    std::string out;
    for (const char *item : list)
        out += (out.empty() ? "" : ", ") + std::string(item);
    return out;
}

/// The body as a JSON object holding only `fields`; std::nullopt and the
/// error response (400 unparsable, 422 an unknown field) otherwise.
std::optional<ControlJson::Body> requestObject(const std::string &text, std::initializer_list<std::string_view> fields,
                                               ControlResponse *error)
{
    std::string why;
    std::optional<ControlJson::Body> body = ControlJson::parseObject(text, &why);
    if (!body) {
        *error = controlError(400, "bad_request", why);
        return std::nullopt;
    }
    for (const auto &[key, value] : body->items()) {
        if (std::find(fields.begin(), fields.end(), key) == fields.end()) {
            *error = controlError(422, "invalid_field", "unknown field \"" + elided(key) + "\"");
            return std::nullopt;
        }
    }
    return body;
}

/// The cluster a request body names in "cluster"; nullptr and a 422 when
/// it is missing or not one of `clusters`.
ControlCluster *bodyCluster(const std::vector<ControlCluster *> &clusters, const ControlJson::Body &body,
                            ControlResponse *error)
{
    const std::optional<std::string> name = ControlJson::stringField(body, "cluster");
    if (!name) {
        *error = controlError(422, "invalid_field", "cluster: a string is required");
        return nullptr;
    }
    const auto it
        = std::find_if(clusters.begin(), clusters.end(), [&](const ControlCluster *c) { return c->name == *name; });
    ControlCluster *c = it == clusters.end() ? nullptr : *it;
    if (!c)
        *error = controlError(422, "unknown_cluster",
                              "cluster: \"" + elided(*name) + "\" is not a cluster this service manages");
    return c;
}

/// Per host: the sum of its NICs' speeds; the median over hosts.
double bandwidthPerHost(const Fabric &fabric)
{
    std::vector<double> perHost;
    perHost.reserve(fabric.hosts().size());
    for (const Host &h : fabric.hosts()) {
        double sum = 0;
        for (const Nic &nic : h.nics)
            sum += nic.speedGbps;
        perHost.push_back(sum);
    }
    if (perHost.empty())
        return 0;
    std::nth_element(perHost.begin(), perHost.begin() + std::ptrdiff_t(perHost.size() / 2), perHost.end());
    return perHost[perHost.size() / 2];
}

int railsPerHost(const Fabric &fabric)
{
    size_t rails = 0;
    for (const Host &h : fabric.hosts())
        rails = std::max(rails, h.nics.size());
    return int(rails);
}

} // namespace

namespace ControlHttp {

ControlResponse jsonResponse(int status, const Json &body)
{
    ControlResponse r;
    r.status = status;
    // Messages quote what the client sent (paths, names), which need not be
    // UTF-8: invalid bytes become U+FFFD instead of failing the answer.
    r.body = body.dump(-1, ' ', false, Json::error_handler_t::replace);
    return r;
}

/// limit=N within [1, max], default `fallback`.
std::optional<int> pageLimit(const std::map<std::string, std::string> &query, int fallback, int max,
                             ControlResponse *error)
{
    const auto it = query.find("limit");
    if (it == query.end())
        return fallback;
    const std::string &text = it->second;
    if (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos
        || std::stoi(text) < 1 || std::stoi(text) > max) {
        *error = controlError(400, "bad_request", "limit must be an integer from 1 to " + std::to_string(max));
        return std::nullopt;
    }
    return std::stoi(text);
}

std::optional<std::int64_t> pageAfter(const std::map<std::string, std::string> &query, ControlResponse *error)
{
    const auto it = query.find("page_token");
    if (it == query.end())
        return 0;
    std::optional<std::int64_t> after = ControlJson::parsePageToken(it->second);
    if (!after)
        *error = controlError(400, "bad_request", "page_token is not one this service gave");
    return after;
}

} // namespace ControlHttp

ControlResponse controlError(int status, const std::string &code, const std::string &message)
{
    Json error;
    error["code"] = code;
    error["message"] = message;
    Json body;
    body["error"] = std::move(error);
    ControlResponse response = jsonResponse(status, body);
    response.errorCode = code.substr(0, 64);
    return response;
}

ControlService::ControlService(ControlStore &store, std::vector<ControlCluster *> clusters,
                               ControlServiceOptions options)
    : m_store(store)
    , m_clusters(std::move(clusters))
    , m_options(std::move(options))
{
    // The token cache's own connection: authentication never waits for a
    // request that holds the serving connection.
    m_authDb.open(m_store.path(), SqliteDatabase::Mode::ReadWrite);
    m_authDb.exec("PRAGMA query_only = ON");
    for (const NetworkRecord &n : m_store.networksWithStatus("provisioning"))
        m_provisionQueue.push_back(n.id);
    m_provisioner = std::thread([this] { provisionLoop(); });
    m_maintenance = std::thread([this] { maintenanceLoop(); });
}

ControlService::~ControlService()
{
    {
        std::lock_guard lock(m_provisionMutex);
        m_stop = true;
    }
    m_provisionWake.notify_all();
    m_provisioner.join();
    {
        std::lock_guard lock(m_maintenanceMutex);
        m_stopMaintenance = true;
    }
    m_maintenanceWake.notify_all();
    m_maintenance.join();
    flushRollups();
}

ControlCluster *ControlService::cluster(const std::string &name) const
{
    for (ControlCluster *c : m_clusters)
        if (c->name == name)
            return c;
    return nullptr;
}

ControlResponse ControlService::handle(const ControlRequest &request)
{
    Principal principal;
    try {
        if (!authenticate(request.authorization, principal, !request.admitted))
            return refuseAnonymous(request.authorization, request.remote);
        if (!allowRate("token " + principal.tokenId)) {
            countRefused(principal, request.remote, 429);
            ControlResponse r = controlError(429, "rate_limited", "too many requests for this token");
            r.headers.emplace_back("Retry-After", "1");
            return r;
        }
        return handleAuthenticated(request, principal);
    } catch (const StorageException &e) {
        // The token cache's connection failed: the database's words stay in the log.
        std::fprintf(stderr, "railyard-controld: database error: %s\n", qPrintable(elided(e.message(), 300)));
        auditFailure(request, principal, 503);
        return controlError(503, "unavailable", "the service's database is unavailable; try again later");
    } catch (const std::exception &e) {
        // Nothing of the exception reaches the client: it may quote input.
        std::fprintf(stderr, "railyard-controld: internal error: %s\n", elided(std::string_view(e.what()), 200).c_str());
        auditFailure(request, principal, 500);
        return controlError(500, "internal", "internal error");
    }
}

std::string ControlService::auditDetail(const Call &call)
{
    // What a reviewer looks for in the log: which intent version a push
    // carried and why a forced one went ahead (bounded: the reason is the
    // client's words).
    std::string detail;
    if (call.verdict && call.verdict->version > 0)
        detail = "intent v" + std::to_string(call.verdict->version);
    if (const auto force = call.target.query.find("force_reason"); force != call.target.query.end())
        detail += (detail.empty() ? "" : "; ") + std::string("forced: ") + elided(force->second, 200);
    return detail;
}

void ControlService::auditFailure(const ControlRequest &request, const Principal &principal, int status)
{
    {
        std::lock_guard lock(m_rollupMutex);
        ++m_counters.internalErrors;
    }
    std::lock_guard lock(m_mutex);
    try {
        ControlStore::Transaction transaction(m_store, false);
        AuditEntry entry;
        entry.timeUtc = ControlStore::nowUtc();
        entry.principal = principal.name;
        entry.role = principal.role;
        entry.remote = request.remote.substr(0, 64);
        entry.method = request.method.substr(0, 16);
        entry.path = request.target.substr(0, 512);
        entry.status = status;
        m_store.appendAudit(std::move(entry));
        transaction.commit();
    } catch (const std::exception &) {
        // The database itself failed: stderr has said so already.
    }
}

ControlResponse ControlService::handleAuthenticated(const ControlRequest &request, Principal &principal)
{
    Call call;
    call.requestSha = request.body.empty() ? std::string() : CanonicalJson::sha256Hex(request.body);
    std::optional<ControlResponse> refused = route(request, principal, call);
    if (!refused)
        refused = prepare(request, call);
    const bool post = request.method == "POST";
    std::string created;
    ControlResponse response;
    bool replay = false;
    {
        std::lock_guard lock(m_mutex);
        try {
            // Durable only for what changes state; reads and refusals are
            // logged without an fsync.
            ControlStore::Transaction transaction(m_store, post && !refused);
            m_createdNetwork.clear();
            if (refused) {
                response = *refused;
            } else if (post && !request.idempotencyKey.empty()) {
                if (std::optional<StoredResponse> stored
                    = m_store.storedResponse(principal.tokenId, request.idempotencyKey)) {
                    if (stored->method != request.method || stored->path != request.target
                        || stored->requestSha256 != call.requestSha) {
                        response = controlError(422, "idempotency_key_reused",
                                                "this Idempotency-Key was used for a different request");
                    } else {
                        replay = true;
                        response.status = stored->status;
                        response.body = stored->body;
                        response.headers.emplace_back("Idempotent-Replayed", "true");
                    }
                } else {
                    response = execute(request, principal, call);
                }
            } else {
                response = execute(request, principal, call);
            }
            AuditEntry entry;
            entry.timeUtc = ControlStore::nowUtc();
            entry.principal = principal.name;
            entry.role = principal.role;
            entry.remote = request.remote.substr(0, 64);
            entry.method = request.method.substr(0, 16);
            entry.path = request.target.substr(0, 512);
            entry.status = response.status;
            entry.requestSha256 = call.requestSha;
            entry.errorCode = response.errorCode;
            entry.detail = auditDetail(call);
            m_store.appendAudit(std::move(entry));
            if (post && !replay && !refused && !request.idempotencyKey.empty() && response.status >= 200
                && response.status < 300)
                m_store.storeResponse(principal.tokenId, request.idempotencyKey,
                                      {request.method, request.target, call.requestSha, response.status, response.body});
            transaction.commit();
            created = m_createdNetwork;
        } catch (const StorageException &e) {
            // The database's own words stay in the service's log.
            std::fprintf(stderr, "railyard-controld: database error: %s\n", qPrintable(elided(e.message(), 300)));
            response = controlError(503, "unavailable", "the service's database is unavailable; try again later");
        }
    }
    if (response.status == 503 || response.status == 500)
        auditFailure(request, principal, response.status);
    if (!created.empty()) {
        {
            std::lock_guard provisionLock(m_provisionMutex);
            m_provisionQueue.push_back(created);
        }
        m_provisionWake.notify_one();
    }
    return response;
}

std::optional<ControlResponse> ControlService::route(const ControlRequest &request, const Principal &principal,
                                                     Call &call)
{
    std::optional<ControlJson::Target> target = ControlJson::parseTarget(request.target);
    if (!target)
        return controlError(400, "bad_request", "the request target has a malformed percent escape");
    call.target = std::move(*target);
    const std::vector<std::string> &s = call.target.segments;
    const std::string &method = request.method;
    Route r = Route::None;
    if (s.size() >= 1 && s[0] == "v1") {
        if (s.size() == 2 && s[1] == "healthz")
            r = Route::Health;
        else if (s.size() == 2 && s[1] == "training-networks")
            r = Route::Networks;
        else if (s.size() == 3 && s[1] == "training-networks")
            r = Route::Network;
        else if (s.size() == 4 && s[1] == "training-networks" && s[3] == "intents")
            r = Route::Intents;
        else if (s.size() == 5 && s[1] == "training-networks" && s[3] == "intents")
            r = Route::Intent;
        else if (s.size() == 4 && s[1] == "training-networks" && s[3] == "telemetry")
            r = Route::Telemetry;
        else if (s.size() == 3 && s[1] == "incidents" && s[2] == "network")
            r = Route::Incidents;
        else if (s.size() == 4 && s[1] == "incidents" && s[2] == "network")
            r = Route::Incident;
        else if (s.size() == 2 && s[1] == "audit")
            r = Route::Audit;
    }
    call.route = r;
    if (r == Route::None)
        return controlError(404, "not_found", "no such endpoint: " + elided(request.target, 200));
    const bool post = r == Route::Networks || r == Route::Intents || r == Route::Incidents;
    if (method != "GET" && !(post && method == "POST")) {
        ControlResponse response
            = controlError(405, "method_not_allowed", elided(method, 16) + " is not allowed here");
        response.headers.emplace_back("Allow", post ? "GET, POST" : "GET");
        return response;
    }
    ControlPermission permission = ControlPermission::Read;
    if (method == "POST")
        permission = r == Route::Networks ? ControlPermission::CreateNetwork
            : r == Route::Intents         ? ControlPermission::ApplyIntent
                                          : ControlPermission::CreateIncident;
    else if (r == Route::Audit)
        permission = ControlPermission::ReadAudit;
    if (!roleAllows(principal.controlRole, permission))
        return controlError(403, "forbidden",
                            "the role " + principal.role + " may not " + method + " " + elided(s.back(), 64));
    if (method == "POST") {
        const std::string &key = request.idempotencyKey;
        if (!key.empty()
            && (key.size() > 255
                || std::any_of(key.begin(), key.end(), [](unsigned char c) { return c < 0x21 || c > 0x7e; })))
            return controlError(400, "bad_request", "Idempotency-Key must be 1 to 255 printable ASCII characters");
        if (request.contentType.rfind("application/json", 0) != 0)
            return controlError(415, "unsupported_media_type", "the body must be application/json");
    }
    return std::nullopt;
}

std::optional<ControlResponse> ControlService::prepare(const ControlRequest &request, Call &call)
{
    if (request.method != "POST")
        return std::nullopt;
    ControlResponse error;
    switch (call.route) {
    case Route::Networks:
        call.body = requestObject(request.body, {"cluster", "backend", "rails", "topology"}, &error);
        break;
    case Route::Incidents:
        call.body = requestObject(request.body, {"cluster", "symptom", "network_id", "summary", "element"}, &error);
        break;
    case Route::Intents: {
        // Reading the keyring and checking two signatures: CPU only, and
        // done before the database's lock so other calls go on meanwhile.
        QString keyringError;
        const std::optional<Keyring> keyring = Keyring::load(m_options.keyringDir, &keyringError);
        if (!keyring) {
            std::fprintf(stderr, "railyard-controld: the keyring cannot be read: %s\n", qPrintable(keyringError));
            return controlError(503, "unavailable", "the service's keyring cannot be read; see the service's log");
        }
        call.verdict = IntentReview::verify(request.body, *keyring, {}, JsonLimits::requestBody());
        return std::nullopt;
    }
    default: return std::nullopt;
    }
    if (!call.body)
        return error;
    call.cluster = bodyCluster(m_clusters, *call.body, &error);
    if (!call.cluster)
        return error;
    return std::nullopt;
}

ControlResponse ControlService::execute(const ControlRequest &request, const Principal &principal, Call &call)
{
    const std::vector<std::string> &s = call.target.segments;
    const bool post = request.method == "POST";
    const auto &query = call.target.query;
    switch (call.route) {
    case Route::Health: {
        Json j;
        j["status"] = "ok";
        Json names = Json::array();
        for (const ControlCluster *c : m_clusters)
            names.push_back(c->name);
        j["clusters"] = std::move(names);
        return jsonResponse(200, j);
    }
    case Route::Networks: return post ? createNetwork(call, principal) : listNetworks(query);
    case Route::Network: return getNetwork(s[2]);
    case Route::Intents: return post ? applyIntent(s[2], request, call, principal) : listIntents(s[2], query);
    case Route::Intent: return getIntent(s[2], s[4]);
    case Route::Telemetry: return telemetry(s[2], query);
    case Route::Incidents: return post ? createIncident(call, principal) : listIncidents(query);
    case Route::Incident: return getIncident(s[3]);
    case Route::Audit: return listAudit(query);
    case Route::None: break;
    }
    return controlError(404, "not_found", "no such endpoint");
}

ControlResponse ControlService::createNetwork(const Call &call, const Principal &principal)
{
    const ControlJson::Body &body = *call.body;
    const std::string clusterName = call.cluster->name;
    auto stringField = [&](const char *name) { return ControlJson::stringField(body, name); };
    const std::optional<std::string> backend = stringField("backend");
    if (!backend || !isOneOf(*backend, backends))
        return controlError(422, "invalid_field", "backend: one of " + joined(backends) + " is required");
    const std::optional<std::string> topology = stringField("topology");
    if (!topology || !isOneOf(*topology, topologies))
        return controlError(422, "invalid_field", "topology: one of " + joined(topologies) + " is required");
    const auto rails = body.find("rails");
    if (rails == body.end() || !rails->is_number_integer() || rails->get<std::int64_t>() < 1
        || rails->get<std::int64_t>() > 64)
        return controlError(422, "invalid_field", "rails: an integer from 1 to 64 is required");

    const NetworkRecord n
        = m_store.createNetwork(clusterName, *backend, int(rails->get<std::int64_t>()), *topology, principal.name);
    m_createdNetwork = n.id;
    Json j;
    j["network_id"] = n.id;
    j["status"] = n.status;
    ControlResponse r = jsonResponse(201, j);
    r.headers.emplace_back("Location", "/v1/training-networks/" + n.id);
    return r;
}

ControlResponse ControlService::getNetwork(const std::string &id)
{
    const std::optional<NetworkRecord> n = m_store.network(id);
    if (!n)
        return controlError(404, "not_found", "no training network " + elided(id, 64));
    const ControlCluster *c = cluster(n->cluster);
    const double loss = c ? c->telemetry->window(defaultWindowSeconds).observedLossPct : 0;
    return jsonResponse(200, ControlJson::network(*n, loss));
}

ControlResponse ControlService::listNetworks(const std::map<std::string, std::string> &query)
{
    return listPage(
        query, m_options, [this](std::int64_t after, int count) { return m_store.networks(after, count); },
        [](const NetworkRecord &n) { return n.seq; },
        [this](const NetworkRecord &n) {
            const ControlCluster *c = cluster(n.cluster);
            return ControlJson::network(n, c ? c->telemetry->window(defaultWindowSeconds).observedLossPct : 0);
        });
}

ControlResponse ControlService::applyIntent(const std::string &id, const ControlRequest &request, const Call &call,
                                            const Principal &principal)
{
    const std::optional<NetworkRecord> n = m_store.network(id);
    if (!n)
        return controlError(404, "not_found", "no training network " + elided(id, 64));
    if (n->status == "failed")
        return controlError(409, "network_failed", "network " + id + " failed to provision: " + n->statusReason);
    const VerifyResult &verdict = *call.verdict;
    if (!verdict.valid) {
        // Every reason of a well-meant file; the first ten of a hostile one.
        std::string reasons;
        const size_t shown = std::min<size_t>(verdict.failures.size(), 10);
        for (size_t i = 0; i < shown; ++i)
            reasons += (reasons.empty() ? "" : "; ") + verdict.failures[i];
        if (verdict.failures.size() > shown)
            reasons += "; and " + std::to_string(verdict.failures.size() - shown) + " more";
        return controlError(422, "intent_refused", "the intent was refused: " + elided(reasons, 1000));
    }
    if (verdict.cluster != n->cluster)
        return controlError(422, "intent_cluster_mismatch",
                            "the intent is for cluster \"" + elided(verdict.cluster) + "\"; network " + id
                                + " is cluster \"" + n->cluster + "\"");
    // The reviewed shape must be the network's: an approval of a RoCE rail
    // design says nothing about an InfiniBand fat-tree.
    std::vector<std::string> mismatches;
    if (verdict.backend != n->backend)
        mismatches.push_back("backend " + verdict.backend + " (the network is " + n->backend + ")");
    if (verdict.topology != n->topology)
        mismatches.push_back("topology " + verdict.topology + " (the network is " + n->topology + ")");
    if (verdict.rails != n->rails)
        mismatches.push_back("rails " + std::to_string(verdict.rails) + " (the network has "
                             + std::to_string(n->rails) + ")");
    if (!mismatches.empty()) {
        std::string text;
        for (const std::string &m : mismatches)
            text += (text.empty() ? "" : "; ") + m;
        return controlError(422, "intent_network_mismatch", "the intent does not describe network " + id + ": " + text);
    }
    Json j;
    j["intent_version"] = verdict.version;
    j["content_sha256"] = verdict.contentSha256;
    j["author"] = verdict.author;
    j["reviewer"] = verdict.reviewer;
    const std::optional<IntentRecord> latest = m_store.latestIntent(id, false);
    if (latest) {
        if (latest->version == verdict.version && latest->contentSha256 == verdict.contentSha256) {
            j["status"] = "unchanged";
            return jsonResponse(200, j);
        }
        if (verdict.version <= latest->version)
            return controlError(409, "stale_intent_version",
                                "intent version " + std::to_string(verdict.version)
                                    + " is not newer than the applied version " + std::to_string(latest->version));
        // The reviewer approved a change from a parent: it must be what runs.
        if (verdict.parent != latest->version)
            return controlError(409, "intent_parent_mismatch",
                                "intent version " + std::to_string(verdict.version) + " was edited from "
                                    + (verdict.parent ? "version " + std::to_string(*verdict.parent)
                                                      : std::string("no earlier version"))
                                    + ", but network " + id + " runs version " + std::to_string(latest->version)
                                    + ": review a version edited from it");
    }
    // A cluster's high-water mark: an approval superseded on any network of
    // the cluster is not applied anywhere else.
    if (const std::optional<IntentRecord> newest = m_store.latestClusterIntent(n->cluster)) {
        const bool sameAsNewest
            = newest->version == verdict.version && newest->contentSha256 == verdict.contentSha256;
        if (verdict.version < newest->version || (verdict.version == newest->version && !sameAsNewest))
            return controlError(409, "superseded_intent_version",
                                "intent version " + std::to_string(verdict.version) + " of cluster " + n->cluster
                                    + " is superseded: version " + std::to_string(newest->version)
                                    + " was applied to network " + newest->networkId);
    }
    // The running jobs: an intent that would cut their RDMA traffic is
    // refused unless the push says why it goes ahead anyway
    // (?force_reason=…, kept in the audit row's path).
    const auto force = call.target.query.find("force_reason");
    const std::string forceReason = force == call.target.query.end() ? std::string() : force->second;
    if (const ControlCluster *c = cluster(n->cluster); c && c->telemetry) {
        const std::vector<JobSpec> jobs = c->telemetry->jobSpecs();
        const ReviewedReadResult read = jobs.empty() ? ReviewedReadResult{} : IntentReview::read(request.body, {});
        if (read.ok()) {
            std::string broken;
            Json impacts = Json::array();
            for (const JobIntentImpact &impact : checkIntentAgainstJobs(read.reviewed->intent, *c->fabric, jobs))
                if (impact.breaks()) {
                    broken += (broken.empty() ? "" : "; ") + jobIntentImpactText(impact);
                    impacts.push_back(Json{{"job", impact.job},
                                           {"denied_bytes_per_step", impact.deniedBytesPerStep},
                                           {"bytes_per_step", impact.bytesPerStep}});
                }
            if (!broken.empty() && forceReason.empty())
                return controlError(422, "intent_breaks_jobs",
                                    "the intent would deny running jobs' RDMA traffic: " + elided(broken, 1500)
                                        + "; push with ?force_reason=WHY to apply it anyway (the reason is audited)");
            if (!broken.empty())
                j["breaks_jobs"] = std::move(impacts);
        }
    }
    if (!forceReason.empty())
        j["force_reason"] = elided(forceReason, 500);
    IntentRecord record;
    record.networkId = id;
    record.version = verdict.version;
    record.contentSha256 = verdict.contentSha256;
    record.author = verdict.author;
    record.reviewer = verdict.reviewer;
    record.appliedUtc = ControlStore::nowUtc();
    record.appliedBy = principal.name;
    record.file = request.body;
    m_store.addIntent(record);
    j["status"] = "applied";
    return jsonResponse(200, j);
}

ControlResponse ControlService::listIntents(const std::string &id, const std::map<std::string, std::string> &query)
{
    if (!m_store.network(id))
        return controlError(404, "not_found", "no training network " + elided(id, 64));
    return listPage(
        query, m_options,
        [&](std::int64_t after, int count) {
            return m_store.intents(id, int(std::min<std::int64_t>(after, 1 << 30)), count);
        },
        [](const IntentRecord &i) { return std::int64_t(i.version); }, ControlJson::intent);
}

ControlResponse ControlService::getIntent(const std::string &id, const std::string &version)
{
    if (version.empty() || version.size() > 9 || version.find_first_not_of("0123456789") != std::string::npos)
        return controlError(404, "not_found", "no intent version " + elided(version, 32));
    const std::optional<IntentRecord> record = m_store.intent(id, std::stoi(version), true);
    if (!record)
        return controlError(404, "not_found", "no intent version " + version + " on " + elided(id, 64));
    ControlResponse r;
    r.status = 200;
    r.body = record->file;
    return r;
}

ControlResponse ControlService::listAudit(const std::map<std::string, std::string> &query)
{
    // ?changes=true: only calls that change state and refusals (an open
    // desktop's polling GETs fill the log otherwise).
    bool changes = false;
    if (const auto c = query.find("changes"); c != query.end()) {
        if (c->second != "true")
            return controlError(400, "bad_request", "changes must be true when given");
        changes = true;
    }
    // ?newest=true: the newest `limit` rows, oldest first (what an operator
    // opening the log wants); no page token, as nothing follows them.
    if (const auto newest = query.find("newest"); newest != query.end()) {
        if (newest->second != "true")
            return controlError(400, "bad_request", "newest must be true when given");
        if (query.count("page_token"))
            return controlError(400, "bad_request", "newest and page_token cannot be combined");
        ControlResponse error;
        const std::optional<int> limit
            = ControlHttp::pageLimit(query, m_options.pageLimitDefault, m_options.pageLimitMax, &error);
        if (!limit)
            return error;
        Json j;
        j["items"] = Json::array();
        for (const AuditEntry &e : m_store.auditNewest(*limit, changes))
            j["items"].push_back(ControlJson::audit(e));
        return jsonResponse(200, j);
    }
    return listPage(
        query, m_options,
        [this, changes](std::int64_t after, int count) { return m_store.auditLog(after, count, changes); },
        [](const AuditEntry &e) { return e.seq; }, ControlJson::audit);
}

void ControlService::provisionLoop()
{
    for (;;) {
        std::string id;
        {
            std::unique_lock lock(m_provisionMutex);
            m_provisionWake.wait(lock, [this] { return m_stop || !m_provisionQueue.empty(); });
            if (m_stop)
                return;
            id = m_provisionQueue.front();
            m_provisionQueue.pop_front();
            m_provisionBusy = true;
        }
        provision(id);
        {
            std::lock_guard lock(m_provisionMutex);
            m_provisionBusy = false;
        }
        m_provisionIdle.notify_all();
    }
}

void ControlService::provision(const std::string &id)
{
    std::lock_guard lock(m_mutex);
    try {
        const std::optional<NetworkRecord> n = m_store.network(id);
        if (!n || n->status != "provisioning")
            return;
        std::string status = "ready";
        std::string reason;
        double bandwidth = 0;
        const ControlCluster *c = cluster(n->cluster);
        if (!c) {
            status = "failed";
            reason = "cluster " + n->cluster + " is not served by this run of the service";
        } else {
            const int rails = railsPerHost(*c->fabric);
            bandwidth = bandwidthPerHost(*c->fabric);
            if (rails != n->rails) {
                status = "failed";
                reason = "cluster " + n->cluster + " has " + std::to_string(rails)
                    + " rails per host; the request asks for " + std::to_string(n->rails);
            }
        }
        ControlStore::Transaction t(m_store, true);
        m_store.setNetworkStatus(id, status, reason, bandwidth);
        t.commit();
    } catch (const std::exception &) {
        // Left provisioning: the next start retries it.
    }
}

void ControlService::waitForProvisioning()
{
    std::unique_lock lock(m_provisionMutex);
    m_provisionIdle.wait(lock, [this] { return m_provisionQueue.empty() && !m_provisionBusy; });
}

} // namespace Railyard
