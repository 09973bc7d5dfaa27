#include "core/controlplane/controlservice.h"

#include "core/controlplane/controlservice_p.h"
#include "core/health/healthincident.h"
#include "core/health/runbooks.h"
#include "core/intents/canonicaljson.h"
#include "core/intents/intentreview.h"
#include "core/intents/keyring.h"
#include "core/project/projectexception.h"

#include <algorithm>

namespace Railyard {

using ControlJson::Json;

namespace {

const char *const topologies[] = {"rail_optimized", "fat_tree", "clos"};
const char *const backends[] = {"roce", "infiniband"};
constexpr double defaultWindowSeconds = 15 * 60;
constexpr size_t maxSummaryBytes = 4096;

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

/// The body as a JSON object holding only `fields`; std::nullopt and the
/// error response (400 unparsable, 422 an unknown field) otherwise.
std::optional<Json> requestObject(const std::string &text, std::initializer_list<std::string_view> fields,
                                  ControlResponse *error)
{
    std::string why;
    std::optional<Json> body = ControlJson::parseObject(text, &why);
    if (!body) {
        *error = controlError(400, "bad_request", why);
        return std::nullopt;
    }
    for (const auto &[key, value] : body->items()) {
        if (std::find(fields.begin(), fields.end(), key) == fields.end()) {
            *error = controlError(422, "invalid_field", "unknown field \"" + key.substr(0, 64) + "\"");
            return std::nullopt;
        }
    }
    return body;
}

/// The cluster a request body names in "cluster"; nullptr and a 422 when
/// it is missing or not one of `clusters`.
ControlCluster *bodyCluster(const std::vector<ControlCluster *> &clusters, const Json &body, ControlResponse *error)
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
                              "cluster: \"" + name->substr(0, 64) + "\" is not a cluster this service manages");
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

ControlResponse controlError(int status, const std::string &code, const std::string &message)
{
    Json error;
    error["code"] = code;
    error["message"] = message;
    Json body;
    body["error"] = std::move(error);
    return jsonResponse(status, body);
}

ControlService::ControlService(ControlStore &store, std::vector<ControlCluster *> clusters,
                               ControlServiceOptions options)
    : m_store(store)
    , m_clusters(std::move(clusters))
    , m_options(std::move(options))
{
    for (const NetworkRecord &n : m_store.networksWithStatus("provisioning"))
        m_provisionQueue.push_back(n.id);
    m_provisioner = std::thread([this] { provisionLoop(); });
}

ControlService::~ControlService()
{
    {
        std::lock_guard lock(m_provisionMutex);
        m_stop = true;
    }
    m_provisionWake.notify_all();
    m_provisioner.join();
}

ControlCluster *ControlService::cluster(const std::string &name) const
{
    for (ControlCluster *c : m_clusters)
        if (c->name == name)
            return c;
    return nullptr;
}

void ControlService::refreshTokens()
{
    const std::int64_t version = m_store.dataVersion();
    if (version == m_dataVersion && !m_tokens.empty())
        return;
    m_dataVersion = version;
    m_tokens.clear();
    for (ControlTokenRecord &t : m_store.validTokens())
        m_tokens.emplace(t.sha256, std::move(t));
}

bool ControlService::authenticate(const ControlRequest &request, Principal &principal)
{
    const std::string &header = request.authorization;
    if (header.size() < 8 || header.size() > 512)
        return false;
    std::string scheme = header.substr(0, 7);
    std::transform(scheme.begin(), scheme.end(), scheme.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (scheme != "bearer ")
        return false;
    const std::string token = header.substr(7);
    refreshTokens();
    const auto it = m_tokens.find(controlTokenHash(token));
    if (it == m_tokens.end())
        return false;
    principal.name = it->second.name;
    principal.controlRole = it->second.role;
    principal.role = controlRoleName(it->second.role);
    principal.authenticated = true;
    return true;
}

bool ControlService::allowRate(const std::string &who)
{
    if (m_options.ratePerSecond <= 0)
        return true;
    const auto now = std::chrono::steady_clock::now();
    auto [it, inserted] = m_buckets.try_emplace(who, Bucket{m_options.rateBurst, now});
    Bucket &b = it->second;
    if (!inserted) {
        const double elapsed = std::chrono::duration<double>(now - b.last).count();
        b.tokens = std::min(m_options.rateBurst, b.tokens + elapsed * m_options.ratePerSecond);
        b.last = now;
    }
    if (m_buckets.size() > 100000) // many addresses: forget the full buckets
        std::erase_if(m_buckets, [&](const auto &entry) { return entry.second.tokens >= m_options.rateBurst; });
    if (b.tokens < 1)
        return false;
    b.tokens -= 1;
    return true;
}

ControlResponse ControlService::handle(const ControlRequest &request)
{
    Principal principal;
    bool replay = false;
    ControlResponse response;
    const std::string requestSha = request.body.empty() ? std::string() : CanonicalJson::sha256Hex(request.body);
    const bool mutation = request.method != "GET" && request.method != "HEAD";
    std::string created;
    std::lock_guard lock(m_mutex);
    try {
        ControlStore::Transaction transaction(m_store, mutation);
        m_createdNetwork.clear();
        response = dispatch(request, requestSha, principal, replay);
        AuditEntry entry;
        entry.timeUtc = ControlStore::nowUtc();
        entry.principal = principal.name;
        entry.role = principal.role;
        entry.remote = request.remote;
        entry.method = request.method.substr(0, 16);
        entry.path = request.target.substr(0, 512);
        entry.status = response.status;
        entry.requestSha256 = requestSha;
        m_store.appendAudit(std::move(entry));
        if (!replay && !request.idempotencyKey.empty() && principal.authenticated && response.status >= 200
            && response.status < 300)
            m_store.storeResponse(principal.name, request.idempotencyKey,
                                  {request.method, request.target, requestSha, response.status, response.body});
        transaction.commit();
        created = m_createdNetwork;
    } catch (const ProjectException &e) {
        response = controlError(503, "unavailable", "the service's database failed: " + e.message().toStdString());
    } catch (const std::exception &e) {
        response = controlError(500, "internal", std::string("internal error: ") + e.what());
    }
    if (!created.empty()) {
        {
            std::lock_guard provisionLock(m_provisionMutex);
            m_provisionQueue.push_back(created);
        }
        m_provisionWake.notify_one();
    }
    return response;
}

ControlResponse ControlService::dispatch(const ControlRequest &request, const std::string &requestSha,
                                         Principal &principal, bool &replay)
{
    if (!authenticate(request, principal)) {
        if (!allowRate("address " + request.remote))
            return controlError(429, "rate_limited", "too many requests from this address");
        ControlResponse r = controlError(401, "unauthenticated",
                                         request.authorization.empty() ? "an Authorization: Bearer token is required"
                                                                       : "the bearer token is not valid");
        r.headers.emplace_back("WWW-Authenticate", "Bearer realm=\"railyard\"");
        return r;
    }
    if (!allowRate("token " + principal.name)) {
        ControlResponse r = controlError(429, "rate_limited", "too many requests for this token");
        r.headers.emplace_back("Retry-After", "1");
        return r;
    }
    const std::optional<ControlJson::Target> target = ControlJson::parseTarget(request.target);
    if (!target)
        return controlError(400, "bad_request", "the request target has a malformed percent escape");
    const std::vector<std::string> &s = target->segments;
    const std::string &method = request.method;

    // Which route, which methods, which permission.
    enum class R {
        None,
        Health,
        Networks,
        Network,
        Intents,
        Intent,
        Telemetry,
        Incidents,
        Incident,
        Audit
    } route
        = R::None;
    if (s.size() >= 1 && s[0] == "v1") {
        if (s.size() == 2 && s[1] == "healthz")
            route = R::Health;
        else if (s.size() == 2 && s[1] == "training-networks")
            route = R::Networks;
        else if (s.size() == 3 && s[1] == "training-networks")
            route = R::Network;
        else if (s.size() == 4 && s[1] == "training-networks" && s[3] == "intents")
            route = R::Intents;
        else if (s.size() == 5 && s[1] == "training-networks" && s[3] == "intents")
            route = R::Intent;
        else if (s.size() == 4 && s[1] == "training-networks" && s[3] == "telemetry")
            route = R::Telemetry;
        else if (s.size() == 3 && s[1] == "incidents" && s[2] == "network")
            route = R::Incidents;
        else if (s.size() == 4 && s[1] == "incidents" && s[2] == "network")
            route = R::Incident;
        else if (s.size() == 2 && s[1] == "audit")
            route = R::Audit;
    }
    if (route == R::None)
        return controlError(404, "not_found", "no such endpoint: " + request.target.substr(0, 200));
    const bool post = route == R::Networks || route == R::Intents || route == R::Incidents;
    if (method != "GET" && !(post && method == "POST")) {
        ControlResponse r = controlError(405, "method_not_allowed", method.substr(0, 16) + " is not allowed here");
        r.headers.emplace_back("Allow", post ? "GET, POST" : "GET");
        return r;
    }
    ControlPermission permission = ControlPermission::Read;
    if (method == "POST")
        permission = route == R::Networks ? ControlPermission::CreateNetwork
            : route == R::Intents         ? ControlPermission::ApplyIntent
                                          : ControlPermission::CreateIncident;
    else if (route == R::Audit)
        permission = ControlPermission::ReadAudit;
    if (!roleAllows(principal.controlRole, permission))
        return controlError(403, "forbidden", "the role " + principal.role + " may not " + method + " " + s.back());

    if (method == "POST") {
        const std::string &key = request.idempotencyKey;
        if (!key.empty()) {
            if (key.size() > 255
                || std::any_of(key.begin(), key.end(), [](unsigned char c) { return c < 0x21 || c > 0x7e; }))
                return controlError(400, "bad_request", "Idempotency-Key must be 1 to 255 printable ASCII characters");
            if (std::optional<StoredResponse> stored = m_store.storedResponse(principal.name, key)) {
                if (stored->method != method || stored->path != request.target || stored->requestSha256 != requestSha)
                    return controlError(422, "idempotency_key_reused",
                                        "this Idempotency-Key was used for a different request");
                replay = true;
                ControlResponse r;
                r.status = stored->status;
                r.body = stored->body;
                r.headers.emplace_back("Idempotent-Replayed", "true");
                return r;
            }
        }
        if (request.contentType.rfind("application/json", 0) != 0)
            return controlError(415, "unsupported_media_type", "the body must be application/json");
    }

    switch (route) {
    case R::Health: {
        Json j;
        j["status"] = "ok";
        Json names = Json::array();
        for (const ControlCluster *c : m_clusters)
            names.push_back(c->name);
        j["clusters"] = std::move(names);
        return jsonResponse(200, j);
    }
    case R::Networks: return method == "POST" ? createNetwork(request, principal) : listNetworks(target->query);
    case R::Network: return getNetwork(s[2]);
    case R::Intents: return method == "POST" ? applyIntent(s[2], request, principal) : listIntents(s[2], target->query);
    case R::Intent: return getIntent(s[2], s[4]);
    case R::Telemetry: return telemetry(s[2], target->query);
    case R::Incidents: return method == "POST" ? createIncident(request, principal) : listIncidents(target->query);
    case R::Incident: return getIncident(s[3]);
    case R::Audit: return listAudit(target->query);
    case R::None: break;
    }
    return controlError(404, "not_found", "no such endpoint");
}

ControlResponse ControlService::createNetwork(const ControlRequest &request, const Principal &principal)
{
    ControlResponse error;
    const std::optional<Json> body = requestObject(request.body, {"cluster", "backend", "rails", "topology"}, &error);
    const ControlCluster *c = body ? bodyCluster(m_clusters, *body, &error) : nullptr;
    if (!c)
        return error;
    const std::string clusterName = c->name;
    auto stringField = [&](const char *name) { return ControlJson::stringField(*body, name); };
    const std::optional<std::string> backend = stringField("backend");
    if (!backend || !isOneOf(*backend, backends))
        return controlError(422, "invalid_field", "backend: one of " + joined(backends) + " is required");
    const std::optional<std::string> topology = stringField("topology");
    if (!topology || !isOneOf(*topology, topologies))
        return controlError(422, "invalid_field", "topology: one of " + joined(topologies) + " is required");
    const auto rails = body->find("rails");
    if (rails == body->end() || !rails->is_number_integer() || rails->get<std::int64_t>() < 1
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
        return controlError(404, "not_found", "no training network " + id.substr(0, 64));
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

ControlResponse ControlService::applyIntent(const std::string &id, const ControlRequest &request,
                                            const Principal &principal)
{
    const std::optional<NetworkRecord> n = m_store.network(id);
    if (!n)
        return controlError(404, "not_found", "no training network " + id.substr(0, 64));
    if (n->status == "failed")
        return controlError(409, "network_failed", "network " + id + " failed to provision: " + n->statusReason);
    QString keyringError;
    const std::optional<Keyring> keyring = Keyring::load(m_options.keyringDir, &keyringError);
    if (!keyring)
        return controlError(503, "unavailable", "the service's keyring cannot be read: " + keyringError.toStdString());
    const VerifyResult verdict = IntentReview::verify(request.body, *keyring);
    if (!verdict.valid) {
        std::string reasons;
        for (const std::string &f : verdict.failures)
            reasons += (reasons.empty() ? "" : "; ") + f;
        return controlError(422, "intent_refused", "the intent was refused: " + reasons);
    }
    if (verdict.cluster != n->cluster)
        return controlError(422, "intent_cluster_mismatch",
                            "the intent is for cluster \"" + verdict.cluster + "\"; network " + id + " is cluster \""
                                + n->cluster + "\"");
    Json j;
    j["intent_version"] = verdict.version;
    j["content_sha256"] = verdict.contentSha256;
    j["author"] = verdict.author;
    j["reviewer"] = verdict.reviewer;
    if (const std::optional<IntentRecord> latest = m_store.latestIntent(id, false)) {
        if (latest->version == verdict.version && latest->contentSha256 == verdict.contentSha256) {
            j["status"] = "unchanged";
            return jsonResponse(200, j);
        }
        if (verdict.version <= latest->version)
            return controlError(409, "stale_intent_version",
                                "intent version " + std::to_string(verdict.version)
                                    + " is not newer than the applied version " + std::to_string(latest->version));
    }
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
        return controlError(404, "not_found", "no training network " + id.substr(0, 64));
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
        return controlError(404, "not_found", "no intent version " + version.substr(0, 32));
    const std::optional<IntentRecord> record = m_store.intent(id, std::stoi(version), true);
    if (!record)
        return controlError(404, "not_found", "no intent version " + version + " on " + id.substr(0, 64));
    ControlResponse r;
    r.status = 200;
    r.body = record->file;
    return r;
}

ControlResponse ControlService::telemetry(const std::string &id, const std::map<std::string, std::string> &query)
{
    const std::optional<NetworkRecord> n = m_store.network(id);
    if (!n)
        return controlError(404, "not_found", "no training network " + id.substr(0, 64));
    double window = defaultWindowSeconds;
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
    return jsonResponse(200, ControlJson::telemetry(*n, c->telemetry->window(window)));
}

ControlResponse ControlService::createIncident(const ControlRequest &request, const Principal &principal)
{
    ControlResponse error;
    const std::optional<Json> body
        = requestObject(request.body, {"cluster", "symptom", "network_id", "summary"}, &error);
    ControlCluster *c = body ? bodyCluster(m_clusters, *body, &error) : nullptr;
    if (!c)
        return error;
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
    std::vector<TelemetryDetection> linked = c->telemetry->detections(3600);
    std::erase_if(linked, [&](const TelemetryDetection &d) { return d.symptom != *symptom; });
    if (summary.empty())
        summary = "Filed by " + principal.name + " through the control-plane API; " + std::to_string(linked.size())
            + " matching detection(s) in the last hour.";
    IncidentRecord record;
    record.id = ControlStore::newId("ni_");
    record.cluster = clusterName;
    record.symptom = *symptom;
    record.networkId = networkId;
    record.detectionsJson = ControlJson::detections(linked).dump(-1, ' ', false, Json::error_handler_t::replace);
    record.runbook
        = renderRunbook(*symptom, clusterName, linked.empty() ? "(no detection yet)" : linked.front().element,
                        linked.empty() ? 0 : linked.front().firstInterval, summary, "-", "-");
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
        return controlError(404, "not_found", "no incident " + id.substr(0, 64));
    return jsonResponse(200, ControlJson::incident(*record));
}

ControlResponse ControlService::listIncidents(const std::map<std::string, std::string> &query)
{
    return listPage(
        query, m_options, [this](std::int64_t after, int count) { return m_store.incidents(after, count); },
        [](const IncidentRecord &i) { return i.seq; }, ControlJson::incident);
}

ControlResponse ControlService::listAudit(const std::map<std::string, std::string> &query)
{
    return listPage(
        query, m_options, [this](std::int64_t after, int count) { return m_store.auditLog(after, count); },
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
