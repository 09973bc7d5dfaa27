#pragma once

// The control-plane API (domain.md §7, docs/api.md) without the transport:
// one request in, one response out. The HTTP server in app/controld parses
// the wire format, enforces header and body limits and timeouts, and hands
// every request here; tests can drive it directly.
//
// Every call is authenticated by a bearer token (except none: even the
// liveness probe needs one, so nothing answers an anonymous scanner),
// authorised by role, rate-limited per token (per address before
// authentication), and written to the audit log in the same transaction as
// its effect, so what a client was told happened is on disk and in the log
// together. Errors are JSON: {"error": {"code", "message"}}.
//
// What an unauthenticated request costs is bounded (docs/security.md): it
// is answered from an in-memory token cache under its own lock, never takes
// the database's lock, writes nothing and fsyncs nothing; refused requests
// (401, and 429 for anyone) are counted in memory and rolled up into one
// audit row per address, status and minute by a maintenance thread. Bodies
// are parsed and intents verified before the database's lock is taken.

#include "core/controlplane/clustertelemetry.h"
#include "core/controlplane/controlstore.h"

#include <QString>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <optional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace Railyard {

struct ControlRequest
{
    std::string method; ///< "GET", "POST", ...
    std::string target; ///< path and query, as on the request line
    std::string authorization;
    std::string idempotencyKey;
    std::string contentType;
    std::string body;
    std::string remote; ///< peer address, for the audit log and anonymous rate limits
    /// Set by the HTTP server when admit() let this request's headers in a
    /// moment ago: the token is looked up in the cache without asking the
    /// database again whether tokens changed.
    bool admitted = false;
};

struct ControlResponse
{
    int status = 200;
    std::string body; ///< JSON
    std::vector<std::pair<std::string, std::string>> headers;
    std::string errorCode; ///< the error's code ("intent_breaks_jobs"), for the audit log; "" on success
};

/// A cluster the service manages: its fabric and its telemetry.
struct ControlCluster
{
    std::string name;
    std::shared_ptr<const Fabric> fabric;
    std::unique_ptr<ClusterTelemetry> telemetry;
};

struct ControlServiceOptions
{
    QString keyringDir;         ///< trusted reviewers' and authors' public keys, read on every intent push
    double ratePerSecond = 200; ///< per token (and per address before authentication); 0: no limit
    double rateBurst = 400;     ///< bucket size
    int pageLimitDefault = 50;
    int pageLimitMax = 500;
    int auditRetentionDays = 90;     ///< audit rows older than this are pruned behind a checkpoint; 0: kept
    double maintenanceSeconds = 1.0; ///< how often roll-ups are written and old records pruned
    std::size_t maxRateBuckets = 100000; ///< addresses and tokens tracked by the rate limiter
    std::size_t maxRollupEntries = 10000; ///< (address, status) pairs counted per minute before "other addresses"
};

/// What the service has counted since it started (for tests and figures).
struct ControlServiceCounters
{
    std::uint64_t refusedRequests = 0; ///< 401s and 429s, counted in memory
    std::uint64_t rollupRows = 0;      ///< audit rows written for them
    std::uint64_t internalErrors = 0;  ///< 500s and 503s
};

/// A response with an error body; what every refusal returns.
ControlResponse controlError(int status, const std::string &code, const std::string &message);

class ControlService
{
public:
    /// The clusters must outlive the service. Starts the provisioning worker
    /// and resumes networks left provisioning by a previous run.
    ControlService(ControlStore &store, std::vector<ControlCluster *> clusters, ControlServiceOptions options);
    ~ControlService();
    ControlService(const ControlService &) = delete;
    ControlService &operator=(const ControlService &) = delete;

    /// Handles one request. Thread-safe; never throws.
    ControlResponse handle(const ControlRequest &request);

    /// The refusal (401, or 429 when the address is over its rate) that
    /// handle() would give a request with this Authorization header, or
    /// std::nullopt when it names a valid token. The HTTP server asks before
    /// it reads a body. Counts a refusal as handle() does. Thread-safe.
    std::optional<ControlResponse> admit(const std::string &authorization, const std::string &remote);

    /// Blocks until no network is waiting to be provisioned (tests).
    void waitForProvisioning();

    /// Writes the refused requests counted so far as roll-up rows now,
    /// whatever the minute (tests; the maintenance thread does it each minute).
    void flushRollups();

    ControlServiceCounters counters() const;

private:
    struct Principal
    {
        std::string name = "-";
        std::string role = "-";
        std::string tokenId; ///< the token's SHA-256: idempotency records belong to it
        ControlRole controlRole = ControlRole::Viewer;
        bool authenticated = false;
    };
    struct Bucket
    {
        double tokens = 0;
        std::chrono::steady_clock::time_point last;
    };
    struct Call; // a routed, authorised request (controlservice.cpp)
    struct RollupKey
    {
        std::string principal;
        std::string role;
        std::string remote;
        int status = 0;
        bool operator<(const RollupKey &o) const
        {
            return std::tie(status, remote, principal, role) < std::tie(o.status, o.remote, o.principal, o.role);
        }
    };

    ControlResponse handleAuthenticated(const ControlRequest &request, Principal &principal);
    /// Route, method and permission; a response when refused.
    std::optional<ControlResponse> route(const ControlRequest &request, const Principal &principal, Call &call);
    /// The work done before the database's lock: parsing bodies, verifying intents.
    std::optional<ControlResponse> prepare(const ControlRequest &request, Call &call);
    /// The work under the database's lock, in the request's transaction.
    ControlResponse execute(const ControlRequest &request, const Principal &principal, Call &call);
    /// `fresh`: check first whether tokens changed (one read of the database).
    bool authenticate(const std::string &authorization, Principal &principal, bool fresh = true);
    ControlResponse refuseAnonymous(const std::string &authorization, const std::string &remote);
    bool allowRate(const std::string &who);
    void refreshTokensLocked();
    void countRefused(const Principal &principal, const std::string &remote, int status);
    void writeRollups(std::map<RollupKey, std::uint64_t> counts, const std::string &minuteUtc);
    /// The audit row's detail of a call: "intent v4; forced: REASON".
    static std::string auditDetail(const Call &call);
    void auditFailure(const ControlRequest &request, const Principal &principal, int status);
    ControlCluster *cluster(const std::string &name) const;

    ControlResponse createNetwork(const Call &call, const Principal &principal);
    ControlResponse getNetwork(const std::string &id);
    ControlResponse listNetworks(const std::map<std::string, std::string> &query);
    ControlResponse applyIntent(const std::string &id, const ControlRequest &request, const Call &call,
                                const Principal &principal);
    ControlResponse listIntents(const std::string &id, const std::map<std::string, std::string> &query);
    ControlResponse getIntent(const std::string &id, const std::string &version);
    ControlResponse telemetry(const std::string &id, const std::map<std::string, std::string> &query);
    ControlResponse createIncident(const Call &call, const Principal &principal);
    ControlResponse getIncident(const std::string &id);
    ControlResponse listIncidents(const std::map<std::string, std::string> &query);
    ControlResponse listAudit(const std::map<std::string, std::string> &query);

    void provisionLoop();
    void provision(const std::string &networkId);
    void maintenanceLoop();

    ControlStore &m_store;
    std::vector<ControlCluster *> m_clusters;
    ControlServiceOptions m_options;

    std::mutex m_mutex;           ///< the store (and m_createdNetwork)
    std::string m_createdNetwork; ///< set by createNetwork, queued for provisioning after the commit

    // Authentication and rate limits: never the store's lock. The token
    // cache reads its own connection, and reloads when a token changes.
    std::mutex m_authMutex;
    SqliteDatabase m_authDb;
    std::unique_ptr<class SqliteStatement> m_authTokensVersionQuery; ///< prepared once: run on every request
    std::unordered_map<std::string, ControlTokenRecord> m_tokens; ///< by SHA-256
    std::int64_t m_tokensVersion = -1;
    std::unordered_map<std::string, Bucket> m_buckets;

    // Refused requests, counted per minute.
    mutable std::mutex m_rollupMutex;
    std::map<RollupKey, std::uint64_t> m_rollup;
    std::int64_t m_rollupMinute = 0; ///< minutes since the epoch of m_rollup
    std::vector<std::pair<std::string, std::map<RollupKey, std::uint64_t>>> m_rollupPending; ///< (minute, counts)
    ControlServiceCounters m_counters;

    std::mutex m_maintenanceMutex;
    std::condition_variable m_maintenanceWake;
    bool m_stopMaintenance = false;
    std::thread m_maintenance;

    std::mutex m_provisionMutex;
    std::condition_variable m_provisionWake;
    std::condition_variable m_provisionIdle;
    std::deque<std::string> m_provisionQueue;
    bool m_provisionBusy = false;
    bool m_stop = false;
    std::thread m_provisioner;
};

} // namespace Railyard
