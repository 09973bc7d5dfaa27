#include "core/controlplane/controlstore.h"
#include "core/controlplane/controlstore_p.h"

#include "core/intents/canonicaljson.h"
#include "core/common/storageexception.h"
#include "core/common/sqlitestatement.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <array>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Railyard {
namespace {

constexpr const char *formatTag = "railyard-controld";

constexpr const char *schemaSql = R"SQL(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tokens(
    name TEXT PRIMARY KEY,
    role TEXT NOT NULL CHECK (role IN ('viewer', 'operator', 'reviewer', 'admin')),
    sha256 TEXT NOT NULL UNIQUE,
    created_utc TEXT NOT NULL,
    revoked_utc TEXT);
CREATE TABLE networks(
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    cluster TEXT NOT NULL,
    backend TEXT NOT NULL,
    rails INTEGER NOT NULL,
    topology TEXT NOT NULL,
    status TEXT NOT NULL,
    status_reason TEXT NOT NULL DEFAULT '',
    bandwidth_gbps_per_host REAL NOT NULL DEFAULT 0,
    created_utc TEXT NOT NULL,
    created_by TEXT NOT NULL);
CREATE TABLE intents(
    network_id TEXT NOT NULL REFERENCES networks(id),
    version INTEGER NOT NULL,
    content_sha256 TEXT NOT NULL,
    author TEXT NOT NULL,
    reviewer TEXT NOT NULL,
    file BLOB NOT NULL,
    applied_utc TEXT NOT NULL,
    applied_by TEXT NOT NULL,
    PRIMARY KEY (network_id, version));
CREATE TABLE incidents(
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    cluster TEXT NOT NULL,
    symptom TEXT NOT NULL,
    network_id TEXT NOT NULL,
    detections TEXT NOT NULL,
    runbook TEXT NOT NULL,
    created_utc TEXT NOT NULL,
    created_by TEXT NOT NULL);
CREATE TABLE audit(
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    time_utc TEXT NOT NULL,
    principal TEXT NOT NULL,
    role TEXT NOT NULL,
    remote TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    status INTEGER NOT NULL,
    request_sha256 TEXT NOT NULL,
    chain TEXT NOT NULL);
CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
)SQL";

/// Schema 2 on top of schema 1 (both for a new database and a migration):
/// roll-up counts, checkpoints that pruning leaves behind, idempotency per
/// token with an expiry, and a counter of token changes.
constexpr const char *schema2Sql = R"SQL(
ALTER TABLE audit ADD COLUMN count INTEGER NOT NULL DEFAULT 1;
CREATE TABLE audit_checkpoint(
    through_seq INTEGER PRIMARY KEY,
    chain TEXT NOT NULL,
    rows INTEGER NOT NULL,
    requests INTEGER NOT NULL,
    first_utc TEXT NOT NULL,
    last_utc TEXT NOT NULL,
    created_utc TEXT NOT NULL,
    mac TEXT NOT NULL);
CREATE TRIGGER audit_checkpoint_no_update BEFORE UPDATE ON audit_checkpoint
    BEGIN SELECT RAISE(ABORT, 'audit checkpoints are append-only'); END;
CREATE TRIGGER audit_checkpoint_no_delete BEFORE DELETE ON audit_checkpoint
    BEGIN SELECT RAISE(ABORT, 'audit checkpoints are append-only'); END;
DROP TRIGGER IF EXISTS audit_no_delete;
CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
    WHEN OLD.seq > (SELECT COALESCE(MAX(through_seq), 0) FROM audit_checkpoint)
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only (rows are pruned only behind a checkpoint)'); END;
DROP TABLE IF EXISTS idempotency;
CREATE TABLE idempotency(
    token_id TEXT NOT NULL,
    key TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    request_sha256 TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_utc TEXT NOT NULL,
    PRIMARY KEY (token_id, key));
CREATE INDEX idempotency_created ON idempotency(created_utc);
INSERT INTO meta(key, value) VALUES ('tokens_version', '0');
INSERT INTO meta(key, value) VALUES ('audit_unkeyed_through', (SELECT COALESCE(MAX(seq), 0) FROM audit));
CREATE TRIGGER tokens_changed_insert AFTER INSERT ON tokens
    BEGIN UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'tokens_version'; END;
CREATE TRIGGER tokens_changed_update AFTER UPDATE ON tokens
    BEGIN UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'tokens_version'; END;
)SQL";

/// Schema 3: each audit row's error code and detail (the intent version a
/// push carried, a forced push's reason). Rows written before have them
/// empty, and their chains do not cover them (chainOf).
constexpr const char *schema3Sql = R"SQL(
ALTER TABLE audit ADD COLUMN error_code TEXT NOT NULL DEFAULT '';
ALTER TABLE audit ADD COLUMN detail TEXT NOT NULL DEFAULT '';
)SQL";

constexpr const char *networkColumns
    = "seq, id, cluster, backend, rails, topology, status, status_reason, bandwidth_gbps_per_host, created_utc, "
      "created_by, (SELECT COALESCE(MAX(version), 0) FROM intents WHERE network_id = networks.id)";

NetworkRecord networkRow(const SqliteStatement &q)
{
    NetworkRecord r;
    r.seq = q.integer(0);
    r.id = q.text(1);
    r.cluster = q.text(2);
    r.backend = q.text(3);
    r.rails = int(q.integer(4));
    r.topology = q.text(5);
    r.status = q.text(6);
    r.statusReason = q.text(7);
    r.bandwidthGbpsPerHost = q.real(8);
    r.createdUtc = q.text(9);
    r.createdBy = q.text(10);
    r.intentVersion = int(q.integer(11));
    return r;
}

IntentRecord intentRow(const SqliteStatement &q, bool withFile)
{
    IntentRecord r;
    r.networkId = q.text(0);
    r.version = int(q.integer(1));
    r.contentSha256 = q.text(2);
    r.author = q.text(3);
    r.reviewer = q.text(4);
    r.appliedUtc = q.text(5);
    r.appliedBy = q.text(6);
    if (withFile) {
        const QByteArray file = q.blob(7);
        r.file.assign(file.constData(), size_t(file.size()));
    }
    return r;
}

IncidentRecord incidentRow(const SqliteStatement &q)
{
    IncidentRecord r;
    r.seq = q.integer(0);
    r.id = q.text(1);
    r.cluster = q.text(2);
    r.symptom = q.text(3);
    r.networkId = q.text(4);
    r.detectionsJson = q.text(5);
    r.runbook = q.text(6);
    r.createdUtc = q.text(7);
    r.createdBy = q.text(8);
    return r;
}

constexpr const char *intentColumns
    = "network_id, version, content_sha256, author, reviewer, applied_utc, applied_by, file";
constexpr const char *incidentColumns
    = "seq, id, cluster, symptom, network_id, detections, runbook, created_utc, created_by";

} // namespace

namespace ControlStoreDetail {

std::string hexOf(const unsigned char *bytes, size_t n)
{
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(n * 2);
    for (size_t i = 0; i < n; ++i) {
        out += hex[bytes[i] >> 4];
        out += hex[bytes[i] & 15];
    }
    return out;
}

std::string hmacHex(const std::string &key, std::string_view message)
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (!HMAC(EVP_sha256(), key.data(), int(key.size()), reinterpret_cast<const unsigned char *>(message.data()),
              message.size(), digest, &length))
        throw StorageException(StorageError::Kind::Io, QStringLiteral("HMAC-SHA256 failed (OpenSSL)"));
    return hexOf(digest, length);
}

/// Creates `path` empty with mode 0600 when it does not exist (SQLite gives
/// its WAL and shared-memory files the database file's mode).
void createPrivateFile(const QString &path)
{
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0)
        ::close(fd);
}

} // namespace ControlStoreDetail

using namespace ControlStoreDetail;

ControlStore::ControlStore(const QString &path, ControlStoreOptions options)
    : m_path(path)
    , m_keyPath(options.auditKeyPath.isEmpty() ? path + QStringLiteral(".audit-key") : options.auditKeyPath)
    , m_anchorPath(options.auditAnchorPath.isEmpty() ? path + QStringLiteral(".audit-anchor")
                                                     : options.auditAnchorPath)
{
    const bool existed = QFileInfo::exists(path);
    if (!existed)
        createPrivateFile(path);
    m_db.open(path, SqliteDatabase::Mode::Create);
    // WAL: readers never block the writer, and a commit is one append.
    m_db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");
    const std::int64_t version = m_db.pragmaInteger("user_version");
    if (!existed || version == 0) {
        SqliteStatement tables(m_db, "SELECT COUNT(*) FROM sqlite_master");
        tables.next();
        if (tables.integer(0) != 0)
            throw StorageException(
                StorageError::Kind::Damaged,
                QStringLiteral("%1 is an SQLite database but not a Railyard control-plane database").arg(path));
        createSchema();
    } else if (version > schemaVersion) {
        throw StorageException(StorageError::Kind::Damaged,
                               QStringLiteral("%1 has schema version %2; this railyard-controld reads up to %3")
                                   .arg(path)
                                   .arg(version)
                                   .arg(schemaVersion));
    }
    SqliteStatement tag(m_db, "SELECT value FROM meta WHERE key = 'format'");
    if (!tag.next() || tag.text(0) != formatTag)
        throw StorageException(StorageError::Kind::Damaged,
                               QStringLiteral("%1 is not a Railyard control-plane database").arg(path));
    if (existed && version < schemaVersion)
        migrate(version);
    SqliteStatement unkeyed(m_db, "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'audit_unkeyed_through'");
    m_unkeyedThrough = unkeyed.next() ? unkeyed.integer(0) : 0;
    SqliteStatement last(m_db, "SELECT seq, chain FROM audit ORDER BY seq DESC LIMIT 1");
    if (last.next()) {
        m_lastSeq = last.integer(0);
        m_lastChain = last.text(1);
    } else {
        // Every row may have been pruned: the chain goes on from the newest checkpoint.
        SqliteStatement cp(m_db, "SELECT through_seq, chain FROM audit_checkpoint ORDER BY through_seq DESC LIMIT 1");
        if (cp.next()) {
            m_lastSeq = cp.integer(0);
            m_lastChain = cp.text(1);
        }
    }
    loadAuditKey(m_lastSeq <= m_unkeyedThrough);
}

void ControlStore::migrate(std::int64_t fromVersion)
{
    Transaction t(*this, true);
    if (fromVersion < 2)
        m_db.exec(schema2Sql);
    if (fromVersion < 3)
        m_db.exec(schema3Sql);
    m_db.exec(("PRAGMA user_version = " + std::to_string(schemaVersion)).c_str());
    t.commit();
}

SqliteStatement &ControlStore::cached(const char *sql)
{
    std::unique_ptr<SqliteStatement> &slot = m_statements[sql];
    if (!slot)
        slot = std::make_unique<SqliteStatement>(m_db, sql);
    slot->reset();
    return *slot;
}

ControlStore::~ControlStore()
{
    if (m_anchorFd >= 0)
        ::close(m_anchorFd);
    m_statements.clear();
    if (m_checkpointer.joinable()) {
        {
            std::lock_guard lock(m_checkpointMutex);
            m_stopCheckpoints = true;
        }
        m_checkpointWake.notify_all();
        m_checkpointer.join();
        m_db.tryExec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
}

void ControlStore::checkpointInBackground(double seconds)
{
    if (m_checkpointer.joinable())
        return;
    m_db.exec("PRAGMA wal_autocheckpoint = 0");
    m_checkpointer = std::thread([this, seconds, path = m_path] {
        SqliteDatabase db;
        try {
            db.open(path, SqliteDatabase::Mode::ReadWrite);
        } catch (const StorageException &) {
            return; // the serving connection goes on; its WAL just grows until the next start
        }
        const auto period = std::chrono::duration<double>(seconds);
        std::unique_lock lock(m_checkpointMutex);
        while (!m_checkpointWake.wait_for(lock, period, [this] { return m_stopCheckpoints; })) {
            lock.unlock();
            db.tryExec("PRAGMA wal_checkpoint(PASSIVE)");
            lock.lock();
        }
    });
}

void ControlStore::createSchema()
{
    Transaction t(*this, true);
    m_db.exec(schemaSql);
    m_db.exec(schema2Sql);
    m_db.exec(schema3Sql);
    SqliteStatement meta(m_db, "INSERT INTO meta(key, value) VALUES ('format', ?1), ('created_utc', ?2)");
    const std::string now = nowUtc();
    meta.bind(1, std::string_view(formatTag));
    meta.bind(2, now);
    meta.run();
    m_db.exec(("PRAGMA user_version = " + std::to_string(schemaVersion)).c_str());
    t.commit();
}

ControlStore::Transaction::Transaction(ControlStore &store, bool durable)
    : m_store(store)
    , m_savedChain(store.m_lastChain)
    , m_savedSeq(store.m_lastSeq)
{
    m_store.cached(durable ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL").run();
    m_store.cached("BEGIN IMMEDIATE").run();
}

ControlStore::Transaction::~Transaction()
{
    if (m_open) {
        m_store.m_db.tryExec("ROLLBACK");
        m_store.m_lastChain = m_savedChain;
        m_store.m_lastSeq = m_savedSeq;
        m_store.m_anchorDirty = false;
    }
}

void ControlStore::Transaction::commit()
{
    m_store.cached("COMMIT").run();
    m_open = false;
    if (m_store.m_anchorDirty) {
        m_store.m_anchorDirty = false;
        m_store.writeAnchor();
    }
}

std::string ControlStore::newId(const char *prefix)
{
    std::array<unsigned char, 8> bytes{};
    if (RAND_bytes(bytes.data(), int(bytes.size())) != 1)
        throw StorageException(StorageError::Kind::Io, QStringLiteral("the random number generator failed"));
    static constexpr char hex[] = "0123456789abcdef";
    std::string id = prefix;
    for (unsigned char b : bytes) {
        id += hex[b >> 4];
        id += hex[b & 15];
    }
    return id;
}

std::string ControlStore::nowUtc()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
}

std::string ControlStore::addToken(const std::string &name, ControlRole role)
{
    const std::string token = generateControlToken();
    const std::string hash = controlTokenHash(token);
    const std::string now = nowUtc();
    Transaction t(*this, true);
    SqliteStatement exists(m_db, "SELECT 1 FROM tokens WHERE name = ?1");
    exists.bind(1, name);
    if (exists.next())
        throw StorageException(
            StorageError::Kind::Io,
            QStringLiteral("a token named \"%1\" exists already; revoke it first").arg(QString::fromStdString(name)));
    SqliteStatement q(m_db, "INSERT INTO tokens(name, role, sha256, created_utc) VALUES (?1, ?2, ?3, ?4)");
    q.bind(1, name);
    q.bind(2, std::string_view(controlRoleName(role)));
    q.bind(3, hash);
    q.bind(4, now);
    q.run();
    t.commit();
    return token;
}

bool ControlStore::revokeToken(const std::string &name)
{
    const std::string now = nowUtc();
    Transaction t(*this, true);
    // Revoked tokens stay (the audit log names them), renamed so the name can be reused.
    SqliteStatement q(m_db,
                      "UPDATE tokens SET revoked_utc = ?2, name = name || ' (revoked ' || ?2 || ')' "
                      "WHERE name = ?1 AND revoked_utc IS NULL");
    q.bind(1, name);
    q.bind(2, now);
    q.run();
    const bool changed = sqlite3_changes(m_db.handle()) > 0;
    t.commit();
    return changed;
}

std::vector<ControlTokenRecord> ControlStore::tokens()
{
    std::vector<ControlTokenRecord> out;
    SqliteStatement q(
        m_db, "SELECT name, role, created_utc, COALESCE(revoked_utc, '') FROM tokens ORDER BY created_utc, name");
    while (q.next())
        out.push_back(
            {q.text(0), controlRoleFromName(q.textView(1)).value_or(ControlRole::Viewer), q.text(2), q.text(3), {}});
    return out;
}

std::vector<ControlTokenRecord> ControlStore::validTokens()
{
    std::vector<ControlTokenRecord> out;
    SqliteStatement q(m_db, "SELECT name, role, created_utc, sha256 FROM tokens WHERE revoked_utc IS NULL");
    while (q.next())
        out.push_back(
            {q.text(0), controlRoleFromName(q.textView(1)).value_or(ControlRole::Viewer), q.text(2), {}, q.text(3)});
    return out;
}

std::int64_t ControlStore::dataVersion()
{
    SqliteStatement &q = cached("PRAGMA data_version");
    const std::int64_t version = q.next() ? q.integer(0) : 0;
    q.reset();
    return version;
}

NetworkRecord ControlStore::createNetwork(const std::string &cluster, const std::string &backend, int rails,
                                          const std::string &topology, const std::string &createdBy)
{
    NetworkRecord r;
    r.id = newId("net_");
    r.cluster = cluster;
    r.backend = backend;
    r.rails = rails;
    r.topology = topology;
    r.status = "provisioning";
    r.createdUtc = nowUtc();
    r.createdBy = createdBy;
    SqliteStatement q(m_db,
                      "INSERT INTO networks(id, cluster, backend, rails, topology, status, created_utc, created_by) "
                      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    q.bindAll(r.id, r.cluster, r.backend, r.rails, r.topology, r.status, r.createdUtc, r.createdBy);
    q.run();
    r.seq = sqlite3_last_insert_rowid(m_db.handle());
    return r;
}

std::optional<NetworkRecord> ControlStore::network(const std::string &id)
{
    static const std::string sql = std::string("SELECT ") + networkColumns + " FROM networks WHERE id = ?1";
    SqliteStatement &q = cached(sql.c_str());
    q.bind(1, id);
    std::optional<NetworkRecord> found;
    if (q.next())
        found = networkRow(q);
    q.reset();
    return found;
}

std::vector<NetworkRecord> ControlStore::networks(std::int64_t afterSeq, int limit)
{
    SqliteStatement q(
        m_db,
        (std::string("SELECT ") + networkColumns + " FROM networks WHERE seq > ?1 ORDER BY seq LIMIT ?2").c_str());
    q.bind(1, afterSeq);
    q.bind(2, limit);
    std::vector<NetworkRecord> out;
    while (q.next())
        out.push_back(networkRow(q));
    return out;
}

std::vector<NetworkRecord> ControlStore::networksWithStatus(const std::string &status)
{
    SqliteStatement q(
        m_db, (std::string("SELECT ") + networkColumns + " FROM networks WHERE status = ?1 ORDER BY seq").c_str());
    q.bind(1, status);
    std::vector<NetworkRecord> out;
    while (q.next())
        out.push_back(networkRow(q));
    return out;
}

void ControlStore::setNetworkStatus(const std::string &id, const std::string &status, const std::string &reason,
                                    double bandwidthGbpsPerHost)
{
    SqliteStatement q(
        m_db, "UPDATE networks SET status = ?2, status_reason = ?3, bandwidth_gbps_per_host = ?4 WHERE id = ?1");
    q.bind(1, id);
    q.bind(2, status);
    q.bind(3, reason);
    q.bind(4, bandwidthGbpsPerHost);
    q.run();
}

std::optional<IntentRecord> ControlStore::latestIntent(const std::string &networkId, bool withFile)
{
    SqliteStatement q(
        m_db,
        (std::string("SELECT ") + intentColumns + " FROM intents WHERE network_id = ?1 ORDER BY version DESC LIMIT 1")
            .c_str());
    q.bind(1, networkId);
    if (!q.next())
        return std::nullopt;
    return intentRow(q, withFile);
}

std::optional<IntentRecord> ControlStore::intent(const std::string &networkId, int version, bool withFile)
{
    SqliteStatement q(
        m_db,
        (std::string("SELECT ") + intentColumns + " FROM intents WHERE network_id = ?1 AND version = ?2").c_str());
    q.bind(1, networkId);
    q.bind(2, version);
    if (!q.next())
        return std::nullopt;
    return intentRow(q, withFile);
}

std::vector<IntentRecord> ControlStore::intents(const std::string &networkId, int afterVersion, int limit)
{
    SqliteStatement q(m_db,
                      (std::string("SELECT ") + intentColumns
                       + " FROM intents WHERE network_id = ?1 AND version > ?2 ORDER BY version LIMIT ?3")
                          .c_str());
    q.bind(1, networkId);
    q.bind(2, afterVersion);
    q.bind(3, limit);
    std::vector<IntentRecord> out;
    while (q.next())
        out.push_back(intentRow(q, false));
    return out;
}

void ControlStore::addIntent(const IntentRecord &r)
{
    SqliteStatement q(m_db,
                      "INSERT INTO intents(network_id, version, content_sha256, author, reviewer, file, "
                      "applied_utc, applied_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    q.bindAll(r.networkId, r.version, r.contentSha256, r.author, r.reviewer);
    const QByteArray file = QByteArray::fromRawData(r.file.data(), qsizetype(r.file.size()));
    q.bindBlob(6, file);
    q.bind(7, r.appliedUtc);
    q.bind(8, r.appliedBy);
    q.run();
}

IncidentRecord ControlStore::addIncident(IncidentRecord r)
{
    SqliteStatement q(m_db,
                      "INSERT INTO incidents(id, cluster, symptom, network_id, detections, runbook, created_utc, "
                      "created_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    q.bindAll(r.id, r.cluster, r.symptom, r.networkId, r.detectionsJson, r.runbook, r.createdUtc, r.createdBy);
    q.run();
    r.seq = sqlite3_last_insert_rowid(m_db.handle());
    return r;
}

std::optional<IncidentRecord> ControlStore::incident(const std::string &id)
{
    SqliteStatement q(m_db, (std::string("SELECT ") + incidentColumns + " FROM incidents WHERE id = ?1").c_str());
    q.bind(1, id);
    if (!q.next())
        return std::nullopt;
    return incidentRow(q);
}

std::vector<IncidentRecord> ControlStore::incidents(std::int64_t afterSeq, int limit)
{
    SqliteStatement q(
        m_db,
        (std::string("SELECT ") + incidentColumns + " FROM incidents WHERE seq > ?1 ORDER BY seq LIMIT ?2").c_str());
    q.bind(1, afterSeq);
    q.bind(2, limit);
    std::vector<IncidentRecord> out;
    while (q.next())
        out.push_back(incidentRow(q));
    return out;
}

namespace {

std::string idempotencyCutoff()
{
    return QDateTime::currentDateTimeUtc()
        .addSecs(-qint64(ControlStore::idempotencyHours) * 3600)
        .toString(Qt::ISODateWithMs)
        .toStdString();
}

} // namespace

std::optional<StoredResponse> ControlStore::storedResponse(const std::string &tokenId, const std::string &key)
{
    SqliteStatement &q = cached("SELECT method, path, request_sha256, status, body FROM idempotency "
                                "WHERE token_id = ?1 AND key = ?2 AND created_utc >= ?3");
    const std::string cutoff = idempotencyCutoff(); // bound SQLITE_STATIC: it must outlive the step
    q.bind(1, tokenId);
    q.bind(2, key);
    q.bind(3, cutoff);
    std::optional<StoredResponse> found;
    if (q.next())
        found = StoredResponse{q.text(0), q.text(1), q.text(2), int(q.integer(3)), q.text(4)};
    q.reset();
    return found;
}

void ControlStore::storeResponse(const std::string &tokenId, const std::string &key, const StoredResponse &r)
{
    // An expired record under the same key gives way to the new one.
    SqliteStatement &q = cached("INSERT OR REPLACE INTO idempotency(token_id, key, method, path, request_sha256, "
                                "status, body, created_utc) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    const std::string now = nowUtc();
    q.bindAll(tokenId, key, r.method, r.path, r.requestSha256, r.status, r.body, now);
    q.run();
    q.reset();
}

int ControlStore::pruneIdempotency(int batch)
{
    SqliteStatement q(m_db,
                      "DELETE FROM idempotency WHERE rowid IN "
                      "(SELECT rowid FROM idempotency WHERE created_utc < ?1 ORDER BY created_utc LIMIT ?2)");
    const std::string cutoff = idempotencyCutoff();
    q.bind(1, cutoff);
    q.bind(2, batch);
    q.run();
    return sqlite3_changes(m_db.handle());
}

std::int64_t ControlStore::idempotencyRecords()
{
    SqliteStatement q(m_db, "SELECT COUNT(*) FROM idempotency");
    return q.next() ? q.integer(0) : 0;
}

std::optional<IntentRecord> ControlStore::latestClusterIntent(const std::string &cluster)
{
    SqliteStatement q(m_db,
                      "SELECT i.network_id, i.version, i.content_sha256, i.author, i.reviewer, i.applied_utc, "
                      "i.applied_by, i.file FROM intents i JOIN networks n ON n.id = i.network_id "
                      "WHERE n.cluster = ?1 ORDER BY i.version DESC, i.applied_utc LIMIT 1");
    q.bind(1, cluster);
    if (!q.next())
        return std::nullopt;
    return intentRow(q, false);
}

std::string ControlStore::integrityCheck()
{
    SqliteStatement q(m_db, "PRAGMA integrity_check");
    std::string out;
    while (q.next()) {
        if (!out.empty())
            out += '\n';
        out += q.text(0);
    }
    return out;
}

} // namespace Railyard
