#include "core/controlplane/controlstore.h"

#include "core/intents/canonicaljson.h"
#include "core/project/projectexception.h"
#include "core/project/sqlitestatement.h"

#include <QDateTime>
#include <QFileInfo>

#include <array>
#include <chrono>
#include <openssl/rand.h>
#include <sqlite3.h>

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
CREATE TABLE idempotency(
    principal TEXT NOT NULL,
    key TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    request_sha256 TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_utc TEXT NOT NULL,
    PRIMARY KEY (principal, key));
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
CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
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

ControlStore::ControlStore(const QString &path)
    : m_path(path)
{
    const bool existed = QFileInfo::exists(path);
    m_db.open(path, SqliteDatabase::Mode::Create);
    // WAL: readers never block the writer, and a commit is one append.
    m_db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");
    const std::int64_t version = m_db.pragmaInteger("user_version");
    if (!existed || version == 0) {
        SqliteStatement tables(m_db, "SELECT COUNT(*) FROM sqlite_master");
        tables.next();
        if (tables.integer(0) != 0)
            throw ProjectException(
                ProjectError::Kind::Damaged,
                QStringLiteral("%1 is an SQLite database but not a Railyard control-plane database").arg(path));
        createSchema();
    } else if (version > schemaVersion) {
        throw ProjectException(ProjectError::Kind::Damaged,
                               QStringLiteral("%1 has schema version %2; this railyard-controld reads up to %3")
                                   .arg(path)
                                   .arg(version)
                                   .arg(schemaVersion));
    }
    SqliteStatement tag(m_db, "SELECT value FROM meta WHERE key = 'format'");
    if (!tag.next() || tag.text(0) != formatTag)
        throw ProjectException(ProjectError::Kind::Damaged,
                               QStringLiteral("%1 is not a Railyard control-plane database").arg(path));
    SqliteStatement last(m_db, "SELECT chain FROM audit ORDER BY seq DESC LIMIT 1");
    if (last.next())
        m_lastChain = last.text(0);
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
        } catch (const ProjectException &) {
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
{
    m_store.cached(durable ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL").run();
    m_store.cached("BEGIN IMMEDIATE").run();
}

ControlStore::Transaction::~Transaction()
{
    if (m_open) {
        m_store.m_db.tryExec("ROLLBACK");
        m_store.m_lastChain = m_savedChain;
    }
}

void ControlStore::Transaction::commit()
{
    m_store.cached("COMMIT").run();
    m_open = false;
}

std::string ControlStore::newId(const char *prefix)
{
    std::array<unsigned char, 8> bytes{};
    if (RAND_bytes(bytes.data(), int(bytes.size())) != 1)
        throw ProjectException(ProjectError::Kind::Io, QStringLiteral("the random number generator failed"));
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
        throw ProjectException(
            ProjectError::Kind::Io,
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
    q.bind(1, r.id);
    q.bind(2, r.cluster);
    q.bind(3, r.backend);
    q.bind(4, r.rails);
    q.bind(5, r.topology);
    q.bind(6, r.status);
    q.bind(7, r.createdUtc);
    q.bind(8, r.createdBy);
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
    q.bind(1, r.networkId);
    q.bind(2, r.version);
    q.bind(3, r.contentSha256);
    q.bind(4, r.author);
    q.bind(5, r.reviewer);
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
    q.bind(1, r.id);
    q.bind(2, r.cluster);
    q.bind(3, r.symptom);
    q.bind(4, r.networkId);
    q.bind(5, r.detectionsJson);
    q.bind(6, r.runbook);
    q.bind(7, r.createdUtc);
    q.bind(8, r.createdBy);
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

std::optional<StoredResponse> ControlStore::storedResponse(const std::string &principal, const std::string &key)
{
    SqliteStatement q(m_db,
                      "SELECT method, path, request_sha256, status, body FROM idempotency "
                      "WHERE principal = ?1 AND key = ?2");
    q.bind(1, principal);
    q.bind(2, key);
    if (!q.next())
        return std::nullopt;
    return StoredResponse{q.text(0), q.text(1), q.text(2), int(q.integer(3)), q.text(4)};
}

void ControlStore::storeResponse(const std::string &principal, const std::string &key, const StoredResponse &r)
{
    SqliteStatement q(m_db,
                      "INSERT INTO idempotency(principal, key, method, path, request_sha256, status, body, "
                      "created_utc) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    const std::string now = nowUtc();
    q.bind(1, principal);
    q.bind(2, key);
    q.bind(3, r.method);
    q.bind(4, r.path);
    q.bind(5, r.requestSha256);
    q.bind(6, r.status);
    q.bind(7, r.body);
    q.bind(8, now);
    q.run();
}

std::string ControlStore::chainOf(const std::string &previous, const AuditEntry &e)
{
    std::string row = previous;
    for (const std::string *field :
         {&e.timeUtc, &e.principal, &e.role, &e.remote, &e.method, &e.path, &e.requestSha256}) {
        row += '\x1f';
        row += *field;
    }
    row += '\x1f';
    row += std::to_string(e.status);
    return CanonicalJson::sha256Hex(row);
}

void ControlStore::appendAudit(AuditEntry e)
{
    e.chain = chainOf(m_lastChain, e);
    SqliteStatement q(m_db,
                      "INSERT INTO audit(time_utc, principal, role, remote, method, path, status, request_sha256, "
                      "chain) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
    q.bind(1, e.timeUtc);
    q.bind(2, e.principal);
    q.bind(3, e.role);
    q.bind(4, e.remote);
    q.bind(5, e.method);
    q.bind(6, e.path);
    q.bind(7, e.status);
    q.bind(8, e.requestSha256);
    q.bind(9, e.chain);
    q.run();
    m_lastChain = e.chain;
}

std::vector<AuditEntry> ControlStore::auditLog(std::int64_t afterSeq, int limit)
{
    SqliteStatement q(m_db,
                      "SELECT seq, time_utc, principal, role, remote, method, path, status, request_sha256, chain "
                      "FROM audit WHERE seq > ?1 ORDER BY seq LIMIT ?2");
    q.bind(1, afterSeq);
    q.bind(2, limit);
    std::vector<AuditEntry> out;
    while (q.next())
        out.push_back({q.integer(0), q.text(1), q.text(2), q.text(3), q.text(4), q.text(5), q.text(6),
                       int(q.integer(7)), q.text(8), q.text(9)});
    return out;
}

std::int64_t ControlStore::verifyAuditChain()
{
    std::string previous;
    std::int64_t after = 0;
    for (;;) {
        const std::vector<AuditEntry> page = auditLog(after, 4096);
        if (page.empty())
            return 0;
        for (const AuditEntry &e : page) {
            if (chainOf(previous, e) != e.chain)
                return e.seq;
            previous = e.chain;
            after = e.seq;
        }
    }
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
