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

#include "core/controlplane/clustertelemetry.h"
#include "core/controlplane/controlstore.h"

#include <QString>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
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
};

struct ControlResponse
{
    int status = 200;
    std::string body; ///< JSON
    std::vector<std::pair<std::string, std::string>> headers;
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

    /// Blocks until no network is waiting to be provisioned (tests).
    void waitForProvisioning();

private:
    struct Principal
    {
        std::string name = "-";
        std::string role = "-";
        ControlRole controlRole = ControlRole::Viewer;
        bool authenticated = false;
    };
    struct Bucket
    {
        double tokens = 0;
        std::chrono::steady_clock::time_point last;
    };

    /// `requestSha`: SHA-256 of the body ("" for none), computed once by handle() for the audit log and idempotency.
    ControlResponse dispatch(const ControlRequest &request, const std::string &requestSha, Principal &principal,
                             bool &idempotentReplay);
    bool authenticate(const ControlRequest &request, Principal &principal);
    bool allowRate(const std::string &who);
    void refreshTokens();
    ControlCluster *cluster(const std::string &name) const;

    ControlResponse createNetwork(const ControlRequest &request, const Principal &principal);
    ControlResponse getNetwork(const std::string &id);
    ControlResponse listNetworks(const std::map<std::string, std::string> &query);
    ControlResponse applyIntent(const std::string &id, const ControlRequest &request, const Principal &principal);
    ControlResponse listIntents(const std::string &id, const std::map<std::string, std::string> &query);
    ControlResponse getIntent(const std::string &id, const std::string &version);
    ControlResponse telemetry(const std::string &id, const std::map<std::string, std::string> &query);
    ControlResponse createIncident(const ControlRequest &request, const Principal &principal);
    ControlResponse getIncident(const std::string &id);
    ControlResponse listIncidents(const std::map<std::string, std::string> &query);
    ControlResponse listAudit(const std::map<std::string, std::string> &query);

    void provisionLoop();
    void provision(const std::string &networkId);

    ControlStore &m_store;
    std::vector<ControlCluster *> m_clusters;
    ControlServiceOptions m_options;

    std::mutex m_mutex;                                           ///< the store, the token cache and the rate buckets
    std::unordered_map<std::string, ControlTokenRecord> m_tokens; ///< by SHA-256
    std::int64_t m_dataVersion = -1;
    std::unordered_map<std::string, Bucket> m_buckets;
    std::string m_createdNetwork; ///< set by createNetwork, queued for provisioning after the commit

    std::mutex m_provisionMutex;
    std::condition_variable m_provisionWake;
    std::condition_variable m_provisionIdle;
    std::deque<std::string> m_provisionQueue;
    bool m_provisionBusy = false;
    bool m_stop = false;
    std::thread m_provisioner;
};

} // namespace Railyard
