#include "core/project/projectschema.h"

#include "core/common/storageexception.h"
#include "core/project/projectsnapshot.h"
#include "core/common/sqlitestatement.h"

#include <string>

namespace Railyard {

namespace {

// Schema 2. Element order is the rowid ("seq", 0-based): hosts, switches and
// links come back in the order they were saved. Link ends name exactly one
// of a_host / a_switch (and b_host / b_switch) by seq.
constexpr const char *schema2 = R"sql(
CREATE TABLE fabric(
    id INTEGER PRIMARY KEY CHECK (id = 1),
    name TEXT NOT NULL,
    description TEXT NOT NULL);
CREATE TABLE hosts(
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL,
    gpu_model TEXT NOT NULL,
    gpus INTEGER NOT NULL,
    nvlink_gbytes_per_s REAL NOT NULL,
    nvls INTEGER NOT NULL,
    zone TEXT NOT NULL,
    pod TEXT NOT NULL,
    su TEXT NOT NULL,
    rack TEXT NOT NULL);
CREATE TABLE nics(
    host INTEGER NOT NULL REFERENCES hosts(seq),
    seq INTEGER NOT NULL,
    rail INTEGER NOT NULL,
    gbps REAL NOT NULL,
    ports INTEGER NOT NULL,
    PRIMARY KEY (host, seq)) WITHOUT ROWID;
CREATE TABLE switches(
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL,
    tier TEXT NOT NULL,
    radix INTEGER NOT NULL,
    model TEXT NOT NULL,
    plane INTEGER NOT NULL,
    rail INTEGER NOT NULL,
    sharp INTEGER NOT NULL,
    zone TEXT NOT NULL,
    pod TEXT NOT NULL,
    su TEXT NOT NULL,
    rack TEXT NOT NULL);
CREATE TABLE links(
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL,
    a_host INTEGER REFERENCES hosts(seq),
    a_switch INTEGER REFERENCES switches(seq),
    b_host INTEGER REFERENCES hosts(seq),
    b_switch INTEGER REFERENCES switches(seq),
    port_a INTEGER NOT NULL,
    port_b INTEGER NOT NULL,
    gbps REAL NOT NULL,
    state TEXT NOT NULL,
    degraded_gbps REAL NOT NULL,
    plane INTEGER NOT NULL);
CREATE TABLE pins(
    id TEXT PRIMARY KEY,
    x REAL NOT NULL,
    y REAL NOT NULL) WITHOUT ROWID;
CREATE TABLE failures(
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL);
CREATE TABLE jobs(
    seq INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    json TEXT NOT NULL);
CREATE TABLE metadata(
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE versions(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    author TEXT NOT NULL,
    created_utc TEXT NOT NULL,
    message TEXT NOT NULL,
    hosts INTEGER NOT NULL DEFAULT 0,
    switches INTEGER NOT NULL DEFAULT 0,
    links INTEGER NOT NULL DEFAULT 0,
    fabric BLOB NOT NULL,
    state BLOB NOT NULL);
)sql";

// Schema 3 adds the network intents' tables (core/intents/intentstore.h):
// every stored intent version with its canonical content and hash, and the
// submissions and decisions of its review with the reviewed file's bytes.
constexpr const char *intentTables = R"sql(
CREATE TABLE intent_versions(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    cluster TEXT NOT NULL,
    version INTEGER NOT NULL,
    parent INTEGER,
    author TEXT NOT NULL,
    created_utc TEXT NOT NULL,
    message TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    content TEXT NOT NULL,
    added_utc TEXT NOT NULL,
    UNIQUE (cluster, version));
CREATE TABLE intent_reviews(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    intent INTEGER NOT NULL REFERENCES intent_versions(id),
    state TEXT NOT NULL CHECK (state IN ('in_review', 'approved', 'rejected')),
    author TEXT NOT NULL,
    author_key BLOB NOT NULL,
    author_signed_utc TEXT NOT NULL,
    reviewer TEXT,
    reviewer_key BLOB,
    decided_utc TEXT,
    comment TEXT NOT NULL,
    file BLOB NOT NULL);
)sql";

// Schema 4 adds live health (core/health/healthstore.h): telemetry
// recordings, their frames (compressed JSON lines, telemetryrecording.h) and
// the incidents filed while monitoring, by incident id and monitoring run;
// and fabric.saved_utc, when the current state was last saved, because the
// file's modification time also moves when recordings, incidents, intents or
// versions are added (RecoveryStore compares recovery copies with it).
constexpr const char *healthTables = R"sql(
ALTER TABLE fabric ADD COLUMN saved_utc TEXT;
CREATE TABLE telemetry_recordings(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    fabric TEXT NOT NULL,
    links INTEGER NOT NULL,
    source TEXT NOT NULL,
    started_utc TEXT NOT NULL);
CREATE TABLE telemetry_frames(
    recording INTEGER NOT NULL REFERENCES telemetry_recordings(id),
    seq INTEGER NOT NULL,
    interval INTEGER NOT NULL,
    stale INTEGER NOT NULL,
    frame BLOB NOT NULL,
    UNIQUE (recording, seq));
CREATE TABLE incidents(
    id TEXT NOT NULL,
    run TEXT NOT NULL,
    cluster TEXT NOT NULL,
    symptom TEXT NOT NULL,
    element TEXT NOT NULL,
    first_interval INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'resolved')),
    source TEXT NOT NULL,
    filed_utc TEXT NOT NULL,
    updated_utc TEXT NOT NULL,
    json TEXT NOT NULL,
    PRIMARY KEY (id, run));
)sql";

// Schema 5 adds hosts.nvlink_domain, the multi-host NVLink domain of a host
// (Host::nvlinkDomain; '' for none, which is what every older host gets).
constexpr const char *nvlinkDomainColumn = R"sql(
ALTER TABLE hosts ADD COLUMN nvlink_domain TEXT NOT NULL DEFAULT '';
)sql";

// Schema 6: the fabric's transport and routing ('' = not said: the transport
// unknown, the routing the transport's default).
constexpr const char *routingColumns = R"sql(
ALTER TABLE fabric ADD COLUMN transport TEXT NOT NULL DEFAULT '';
ALTER TABLE fabric ADD COLUMN routing TEXT NOT NULL DEFAULT '';
)sql";

constexpr const char *nicModelColumn = R"sql(
ALTER TABLE nics ADD COLUMN model TEXT NOT NULL DEFAULT '';
)sql";

/// 1 → 2: the jobs table, and host/switch/link counts on every version
/// (computed from its snapshot). Version-1 snapshots have no jobs; the
/// snapshot decoder reads them as "no jobs".
void migrate1to2(SqliteDatabase &db)
{
    db.exec(R"sql(
CREATE TABLE jobs(
    seq INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    json TEXT NOT NULL);
ALTER TABLE versions ADD COLUMN hosts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE versions ADD COLUMN switches INTEGER NOT NULL DEFAULT 0;
ALTER TABLE versions ADD COLUMN links INTEGER NOT NULL DEFAULT 0;
)sql");
    SqliteStatement select(db, "SELECT id, fabric FROM versions ORDER BY id");
    SqliteStatement update(db, "UPDATE versions SET hosts = ?, switches = ?, links = ? WHERE id = ?");
    while (select.next()) {
        const Fabric fabric = ProjectSnapshot::decodeFabric(select.blob(1));
        update.bind(1, fabric.hostCount());
        update.bind(2, fabric.switchCount());
        update.bind(3, fabric.linkCount());
        update.bind(4, select.integer(0));
        update.run();
    }
}

/// 2 → 3: the intent tables, empty.
void migrate2to3(SqliteDatabase &db)
{
    db.exec(intentTables);
}

/// 3 → 4: the health tables, empty, and fabric.saved_utc (NULL: unknown).
void migrate3to4(SqliteDatabase &db)
{
    db.exec(healthTables);
}

/// 4 → 5: hosts.nvlink_domain, '' (no domain) for every host saved so far.
/// Version snapshots are fabric-json, which reads a missing nvlink_domain as none.
void migrate4to5(SqliteDatabase &db)
{
    db.exec(nvlinkDomainColumn);
}

/// 5 → 6: fabric.transport and fabric.routing, '' (not said) for the fabric
/// saved so far, as a fabric-json file without them reads.
void migrate5to6(SqliteDatabase &db)
{
    db.exec(routingColumns);
}

/// 6 → 7: nics.model, '' (not known) for every NIC saved so far, as a
/// fabric-json file without it reads.
void migrate6to7(SqliteDatabase &db)
{
    db.exec(nicModelColumn);
}

} // namespace

void ProjectSchema::create(SqliteDatabase &db)
{
    db.exec(schema2);
    db.exec(intentTables);
    db.exec(healthTables);
    db.exec(nvlinkDomainColumn);
    db.exec(routingColumns);
    db.exec(nicModelColumn);
    db.exec(("PRAGMA application_id = " + std::to_string(applicationId)
             + ";"
               "PRAGMA user_version = "
             + std::to_string(currentVersion) + ";")
                .c_str());
}

int ProjectSchema::check(SqliteDatabase &db)
{
    if (db.pragmaInteger("application_id") != applicationId)
        throw StorageException(StorageError::Kind::NotProject,
                               QStringLiteral("not a Railyard project (an SQLite database without Railyard's "
                                              "application id)"));
    const std::int64_t version = db.pragmaInteger("user_version");
    if (version > currentVersion)
        throw StorageException(StorageError::Kind::NewerSchema,
                               QStringLiteral("written by a newer Railyard (schema %1, this version reads up to %2)")
                                   .arg(version)
                                   .arg(currentVersion));
    if (version < 1)
        throw StorageException(StorageError::Kind::Damaged,
                               QStringLiteral("the project is damaged: schema version %1 is unknown").arg(version));
    return int(version);
}

void ProjectSchema::checkIntegrity(SqliteDatabase &db)
{
    SqliteStatement check(db, "PRAGMA quick_check(1)");
    if (!check.next())
        return;
    QString verdict = QString::fromStdString(check.text(0));
    if (verdict == QLatin1String("ok"))
        return;
    // "*** in database main ***\nPage 71: ..." -> "Page 71: ..."
    if (verdict.startsWith(QLatin1String("***")) && verdict.contains(QLatin1Char('\n')))
        verdict = verdict.mid(verdict.indexOf(QLatin1Char('\n')) + 1);
    throw StorageException(StorageError::Kind::Damaged,
                           QStringLiteral("the project is damaged: %1").arg(verdict.simplified()));
}

void ProjectSchema::migrate(SqliteDatabase &db, int from)
{
    for (int version = from; version < currentVersion; ++version) {
        switch (version) {
        case 1: migrate1to2(db); break;
        case 2: migrate2to3(db); break;
        case 3: migrate3to4(db); break;
        case 4: migrate4to5(db); break;
        case 5: migrate5to6(db); break;
        case 6: migrate6to7(db); break;
        }
    }
    db.exec(("PRAGMA user_version = " + std::to_string(currentVersion)).c_str());
}

} // namespace Railyard
