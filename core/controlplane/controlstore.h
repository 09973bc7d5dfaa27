#pragma once

// The control-plane service's state: one SQLite database in WAL mode
// (docs/api.md, "Operating the service"). Tables: tokens (names, roles and
// SHA-256 of bearer tokens, never the tokens), networks, the intent versions
// applied to each, incidents, idempotency records and the audit log, which
// triggers keep append-only and whose rows are chained by SHA-256 so that an
// edit of the file shows.
//
// The schema is versioned like the project file: PRAGMA user_version, and a
// meta row naming the format; a newer version is refused, not guessed at.
//
// Not thread-safe: the service serialises calls with one mutex. Errors are
// thrown as ProjectException (core/project/projectexception.h).

#include "core/controlplane/controlroles.h"
#include "core/project/sqlitedatabase.h"

#include <QString>

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace Railyard {

struct ControlTokenRecord
{
    std::string name;
    ControlRole role = ControlRole::Viewer;
    std::string createdUtc;
    std::string revokedUtc; ///< empty while valid
    std::string sha256;     ///< of the token (validTokens() only)
};

struct NetworkRecord
{
    std::int64_t seq = 0; ///< creation order, for pagination
    std::string id;       ///< "net_" + 16 hex digits
    std::string cluster;
    std::string backend; ///< "roce", "infiniband"
    int rails = 0;
    std::string topology; ///< "rail_optimized", ...
    std::string status;   ///< "provisioning", "ready", "failed"
    std::string statusReason;
    double bandwidthGbpsPerHost = 0;
    int intentVersion = 0; ///< latest applied, 0 when none
    std::string createdUtc;
    std::string createdBy;
};

struct IntentRecord
{
    std::string networkId;
    int version = 0;
    std::string contentSha256;
    std::string author;
    std::string reviewer;
    std::string appliedUtc;
    std::string appliedBy;
    std::string file; ///< the reviewed intent file as received (only when asked for)
};

struct IncidentRecord
{
    std::int64_t seq = 0;
    std::string id; ///< "ni_" + 16 hex digits
    std::string cluster;
    std::string symptom;
    std::string networkId;      ///< a network of the cluster, when there is one
    std::string detectionsJson; ///< JSON array of linked detections
    std::string runbook;        ///< Markdown
    std::string createdUtc;
    std::string createdBy;
};

/// A response kept for an Idempotency-Key.
struct StoredResponse
{
    std::string method;
    std::string path;
    std::string requestSha256;
    int status = 0;
    std::string body;
};

struct AuditEntry
{
    std::int64_t seq = 0;
    std::string timeUtc;
    std::string principal; ///< token name, "-" when unauthenticated
    std::string role;
    std::string remote; ///< peer address
    std::string method;
    std::string path;
    int status = 0;
    std::string requestSha256; ///< of the request body ("" when none)
    std::string chain;         ///< SHA-256 over the previous row's chain and this row
};

class ControlStore
{
public:
    /// Schema version this build writes (PRAGMA user_version).
    static constexpr int schemaVersion = 1;

    /// Opens the database, creating it (and its schema) when the file does
    /// not exist. Throws ProjectException naming the file when it is not a
    /// Railyard control-plane database or is newer than this build.
    explicit ControlStore(const QString &path);
    ~ControlStore();
    ControlStore(const ControlStore &) = delete;
    ControlStore &operator=(const ControlStore &) = delete;

    /// One transaction (BEGIN IMMEDIATE); rolled back unless commit() is
    /// called. `durable` commits with synchronous=FULL (fsync of the WAL):
    /// used for everything a client is told has happened.
    class Transaction
    {
    public:
        Transaction(ControlStore &store, bool durable);
        ~Transaction();
        void commit();
        Transaction(const Transaction &) = delete;
        Transaction &operator=(const Transaction &) = delete;

    private:
        ControlStore &m_store;
        std::string m_savedChain; ///< the audit chain's head, restored on rollback
        bool m_open = true;
    };

    // Tokens. addToken returns the token (shown once); throws when the name is taken.
    std::string addToken(const std::string &name, ControlRole role);
    bool revokeToken(const std::string &name);
    std::vector<ControlTokenRecord> tokens();
    /// The valid (not revoked) tokens, with their SHA-256.
    std::vector<ControlTokenRecord> validTokens();
    /// PRAGMA data_version: changes when another connection (`token add`,
    /// `token revoke`) commits, so the service knows to reload its tokens.
    std::int64_t dataVersion();

    // Networks.
    NetworkRecord createNetwork(const std::string &cluster, const std::string &backend, int rails,
                                const std::string &topology, const std::string &createdBy);
    std::optional<NetworkRecord> network(const std::string &id);
    std::vector<NetworkRecord> networks(std::int64_t afterSeq, int limit);
    std::vector<NetworkRecord> networksWithStatus(const std::string &status);
    void setNetworkStatus(const std::string &id, const std::string &status, const std::string &reason,
                          double bandwidthGbpsPerHost);

    // Intents.
    std::optional<IntentRecord> latestIntent(const std::string &networkId, bool withFile);
    std::optional<IntentRecord> intent(const std::string &networkId, int version, bool withFile);
    std::vector<IntentRecord> intents(const std::string &networkId, int afterVersion, int limit);
    void addIntent(const IntentRecord &record);

    // Incidents.
    IncidentRecord addIncident(IncidentRecord record);
    std::optional<IncidentRecord> incident(const std::string &id);
    std::vector<IncidentRecord> incidents(std::int64_t afterSeq, int limit);

    // Idempotency keys, per principal.
    std::optional<StoredResponse> storedResponse(const std::string &principal, const std::string &key);
    void storeResponse(const std::string &principal, const std::string &key, const StoredResponse &response);

    // The audit log.
    void appendAudit(AuditEntry entry);
    std::vector<AuditEntry> auditLog(std::int64_t afterSeq, int limit);
    /// Recomputes the chain; the seq of the first row that does not match, 0 when all do.
    std::int64_t verifyAuditChain();

    /// Moves WAL checkpoints off the serving connection: automatic
    /// checkpoints stop, and a thread with its own connection runs a passive
    /// checkpoint every `seconds` (and a full one when the store closes).
    /// A checkpoint copies pages and fsyncs the database file, which on the
    /// serving connection stalled every few hundred requests for
    /// milliseconds (docs/performance.md).
    void checkpointInBackground(double seconds);

    /// "ok" or SQLite's list of problems (PRAGMA integrity_check).
    std::string integrityCheck();

    /// A fresh id: prefix + 16 random hex digits.
    static std::string newId(const char *prefix);
    /// The current time as ISO 8601 UTC with milliseconds.
    static std::string nowUtc();

private:
    void createSchema();
    /// A statement prepared once per connection, reset before each use (the
    /// per-request statements: a GET costs no SQL parsing).
    class SqliteStatement &cached(const char *sql);
    static std::string chainOf(const std::string &previous, const AuditEntry &entry);

    QString m_path;
    SqliteDatabase m_db;
    std::string m_lastChain;
    std::unordered_map<const char *, std::unique_ptr<class SqliteStatement>> m_statements;

    std::thread m_checkpointer;
    std::mutex m_checkpointMutex;
    std::condition_variable m_checkpointWake;
    bool m_stopCheckpoints = false;
};

} // namespace Railyard
