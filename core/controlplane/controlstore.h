#pragma once

// The control-plane service's state: one SQLite database in WAL mode
// (docs/api.md, "Operating the service"). Tables: tokens (names, roles and
// SHA-256 of bearer tokens, never the tokens), networks, the intent versions
// applied to each, incidents, idempotency records and the audit log.
//
// The audit log is append-only (triggers) and chained: each row's `chain`
// is an HMAC-SHA256, under a key kept in a file outside the database, of
// the previous row's chain and this row, so an edit of the file without the
// key shows. The last row's sequence number and chain are also written to
// an anchor file after every commit, so deleting the newest rows shows too.
// Old rows can be pruned only behind a checkpoint row, itself signed with
// the key, that carries the chain on (docs/security.md, "Audit log").
//
// The database, its WAL and the key are created readable by their owner
// only (0600).
//
// The schema is versioned like the project file: PRAGMA user_version, and a
// meta row naming the format; an older schema is migrated on open, a newer
// one refused, not guessed at.
//
// Not thread-safe: the service serialises calls with one mutex. Errors are
// thrown as StorageException (core/common/storageexception.h).

#include "core/controlplane/controlroles.h"
#include "core/common/sqlitedatabase.h"

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

/// A response kept for an Idempotency-Key (POST only, per token, for
/// ControlStore::idempotencyHours).
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
    std::string chain;         ///< HMAC-SHA256 (SHA-256 for rows of schema 1) over the previous chain and this row
    std::int64_t count = 1;    ///< requests this row stands for (a roll-up of refused requests counts many)
    std::string errorCode{};   ///< the refusal's code ("intent_breaks_jobs"), "" on success (schema 3)
    std::string detail{};      ///< "intent v4; forced: REASON" (schema 3), "" when none
};

/// Where pruning cut the audit log: the rows up to `throughSeq` are gone,
/// and the next row chains from `chain`.
struct AuditCheckpoint
{
    std::int64_t throughSeq = 0;
    std::string chain;
    std::int64_t rows = 0;     ///< rows pruned behind this checkpoint
    std::int64_t requests = 0; ///< the requests they stood for
    std::string firstUtc;
    std::string lastUtc;
    std::string createdUtc;
    std::string mac; ///< HMAC-SHA256 of the fields above under the audit key
};

/// What `railyard-controld check` reports about the audit log.
struct AuditVerdict
{
    std::int64_t brokenAt = 0; ///< the first row whose chain does not match, 0 when none
    std::string problem;       ///< empty when the log, its checkpoints and its anchor agree
    std::int64_t rows = 0;
    std::int64_t checkpoints = 0;
    bool ok() const { return problem.empty(); }
};

/// Files kept beside the database; empty paths take the defaults.
struct ControlStoreOptions
{
    QString auditKeyPath;    ///< default: the database's path + ".audit-key"
    QString auditAnchorPath; ///< default: the database's path + ".audit-anchor"
};

class ControlStore
{
public:
    /// Schema version this build writes (PRAGMA user_version).
    static constexpr int schemaVersion = 3;
    /// How long an idempotency record answers a repeated key.
    static constexpr int idempotencyHours = 24;

    /// Opens the database, creating it (and its schema, mode 0600) when the
    /// file does not exist, and migrating a schema-1 database. The audit key
    /// is read from its file, which is created (32 random bytes, mode 0600)
    /// when the log holds no keyed row yet. Throws StorageException naming
    /// the file when it is not a Railyard control-plane database, is newer
    /// than this build, or its keyed log has lost its key.
    explicit ControlStore(const QString &path, ControlStoreOptions options = {});
    ~ControlStore();
    ControlStore(const ControlStore &) = delete;
    ControlStore &operator=(const ControlStore &) = delete;

    /// One transaction (BEGIN IMMEDIATE); rolled back unless commit() is
    /// called. `durable` commits with synchronous=FULL (fsync of the WAL):
    /// used for everything a client is told has happened. A commit that
    /// appended audit rows rewrites the anchor file.
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
        std::int64_t m_savedSeq = 0;
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
    /// The newest version applied to any network of `cluster` (its
    /// high-water mark), with the network it went to.
    std::optional<IntentRecord> latestClusterIntent(const std::string &cluster);
    void addIntent(const IntentRecord &record);

    // Incidents.
    IncidentRecord addIncident(IncidentRecord record);
    std::optional<IncidentRecord> incident(const std::string &id);
    std::vector<IncidentRecord> incidents(std::int64_t afterSeq, int limit);

    // Idempotency keys, per token (its SHA-256), answered for idempotencyHours.
    std::optional<StoredResponse> storedResponse(const std::string &tokenId, const std::string &key);
    void storeResponse(const std::string &tokenId, const std::string &key, const StoredResponse &response);
    /// Deletes records older than idempotencyHours (at most `batch` rows); returns how many.
    int pruneIdempotency(int batch = 1000);
    std::int64_t idempotencyRecords();

    // The audit log.
    void appendAudit(AuditEntry entry);
    /// `changesOnly`: only the rows of calls other than GET, and of refusals
    /// (status 400 and above).
    std::vector<AuditEntry> auditLog(std::int64_t afterSeq, int limit, bool changesOnly = false);
    /// The newest `limit` rows, oldest first.
    std::vector<AuditEntry> auditNewest(int limit, bool changesOnly = false);
    /// Prunes the rows older than `beforeUtc` behind one signed checkpoint,
    /// in one transaction; returns the rows pruned (0 when none).
    std::int64_t pruneAudit(const std::string &beforeUtc);
    std::vector<AuditCheckpoint> auditCheckpoints();
    /// Recomputes the chain from the newest checkpoint; the seq of the first
    /// row that does not match, 0 when all do.
    std::int64_t verifyAuditChain();
    /// verifyAuditChain() plus the checkpoints' signatures and the anchor.
    AuditVerdict checkAudit();

    /// Moves WAL checkpoints off the serving connection: automatic
    /// checkpoints stop, and a thread with its own connection runs a passive
    /// checkpoint every `seconds` (and a full one when the store closes).
    /// A checkpoint copies pages and fsyncs the database file, which on the
    /// serving connection stalled every few hundred requests for
    /// milliseconds (docs/performance.md).
    void checkpointInBackground(double seconds);

    /// "ok" or SQLite's list of problems (PRAGMA integrity_check).
    std::string integrityCheck();

    /// The database's path, and the audit key's and anchor's.
    const QString &path() const { return m_path; }
    const QString &auditKeyPath() const { return m_keyPath; }
    const QString &auditAnchorPath() const { return m_anchorPath; }

    /// A fresh id: prefix + 16 random hex digits.
    static std::string newId(const char *prefix);
    /// The current time as ISO 8601 UTC with milliseconds.
    static std::string nowUtc();

private:
    void createSchema();
    void migrate(std::int64_t fromVersion);
    void loadAuditKey(bool mayCreate);
    void writeAnchor();
    /// A statement prepared once per connection, reset before each use (the
    /// per-request statements: a GET costs no SQL parsing).
    class SqliteStatement &cached(const char *sql);
    std::string chainOf(const std::string &previous, const AuditEntry &entry) const;
    std::string checkpointMac(const AuditCheckpoint &checkpoint) const;

    QString m_path;
    QString m_keyPath;
    QString m_anchorPath;
    SqliteDatabase m_db;
    std::string m_auditKey;             ///< 32 bytes
    std::int64_t m_unkeyedThrough = 0;  ///< rows up to this seq were chained by schema 1 (plain SHA-256)
    std::string m_lastChain;
    std::int64_t m_lastSeq = 0;
    bool m_anchorDirty = false;
    int m_anchorFd = -1;
    std::unordered_map<const char *, std::unique_ptr<class SqliteStatement>> m_statements;

    std::thread m_checkpointer;
    std::mutex m_checkpointMutex;
    std::condition_variable m_checkpointWake;
    bool m_stopCheckpoints = false;
};

} // namespace Railyard
