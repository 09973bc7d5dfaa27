// Migrations of the .railyard schema: a schema-1 file made here with the
// SQLite C API (its SQL written out below) is read through an in-memory
// migration without changing the file, and migrated on disk by a write;
// files of schemas 2, 3 and 4 gain the intent and health tables and the
// hosts' NVLink domains the same way.

#include "core/registry/formatregistry.h"
#include "core/health/healthstore.h"
#include "core/intents/intentstore.h"
#include "core/project/projectfile.h"
#include "projecttestdata.h"

#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace Railyard;
using namespace Railyard::ProjectTestData;

namespace {

// Schema 1, the first shape of the format: no jobs table, and versions
// without host/switch/link counts (their state snapshots have no "jobs").
constexpr const char *schema1 = R"sql(
CREATE TABLE fabric(id INTEGER PRIMARY KEY CHECK (id = 1), name TEXT NOT NULL, description TEXT NOT NULL);
CREATE TABLE hosts(seq INTEGER PRIMARY KEY, id TEXT NOT NULL, gpu_model TEXT NOT NULL, gpus INTEGER NOT NULL,
    nvlink_gbytes_per_s REAL NOT NULL, nvls INTEGER NOT NULL,
    zone TEXT NOT NULL, pod TEXT NOT NULL, su TEXT NOT NULL, rack TEXT NOT NULL);
CREATE TABLE nics(host INTEGER NOT NULL REFERENCES hosts(seq), seq INTEGER NOT NULL, rail INTEGER NOT NULL,
    gbps REAL NOT NULL, ports INTEGER NOT NULL, PRIMARY KEY (host, seq)) WITHOUT ROWID;
CREATE TABLE switches(seq INTEGER PRIMARY KEY, id TEXT NOT NULL, tier TEXT NOT NULL, radix INTEGER NOT NULL,
    model TEXT NOT NULL, plane INTEGER NOT NULL, rail INTEGER NOT NULL, sharp INTEGER NOT NULL,
    zone TEXT NOT NULL, pod TEXT NOT NULL, su TEXT NOT NULL, rack TEXT NOT NULL);
CREATE TABLE links(seq INTEGER PRIMARY KEY, id TEXT NOT NULL,
    a_host INTEGER REFERENCES hosts(seq), a_switch INTEGER REFERENCES switches(seq),
    b_host INTEGER REFERENCES hosts(seq), b_switch INTEGER REFERENCES switches(seq),
    port_a INTEGER NOT NULL, port_b INTEGER NOT NULL, gbps REAL NOT NULL, state TEXT NOT NULL,
    degraded_gbps REAL NOT NULL, plane INTEGER NOT NULL);
CREATE TABLE pins(id TEXT PRIMARY KEY, x REAL NOT NULL, y REAL NOT NULL) WITHOUT ROWID;
CREATE TABLE failures(seq INTEGER PRIMARY KEY, id TEXT NOT NULL);
CREATE TABLE metadata(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE versions(id INTEGER PRIMARY KEY AUTOINCREMENT, author TEXT NOT NULL, created_utc TEXT NOT NULL,
    message TEXT NOT NULL, fabric BLOB NOT NULL, state BLOB NOT NULL);
PRAGMA application_id = 1380735300; -- 0x524C5944, "RLYD"
PRAGMA user_version = 1;
)sql";

// The current state: 2 hosts, 3 switches, 5 links.
constexpr const char *content1 = R"sql(
INSERT INTO fabric VALUES (1, 'two hosts', 'schema-1 fixture');
INSERT INTO hosts VALUES (0, 'h0', 'h100', 8, 450.0, 0, 'z', 'p', 'su', 'r0'),
                         (1, 'h1', 'b200', 4, 900.25, 1, 'z', 'p', 'su', 'r1');
INSERT INTO nics VALUES (0, 0, 0, 400.0, 1), (0, 1, 1, 400.0, 1), (1, 0, 0, 800.0, 2);
INSERT INTO switches VALUES (0, 'leaf0', 'leaf', 64, 'qm9700', 0, 0, 1, 'z', 'p', '', ''),
                            (1, 'leaf1', 'leaf', 64, 'qm9700', 0, 1, 0, '', '', '', ''),
                            (2, 'spine0', 'spine', 32, '', 1, -1, 0, '', '', '', '');
INSERT INTO links VALUES (0, 'l0', 0, NULL, NULL, 0, 0, 0, 400.0, 'up', 0.0, 0),
                         (1, 'l1', 0, NULL, NULL, 1, 1, 0, 400.0, 'degraded', 150.5, 0),
                         (2, 'l2', 1, NULL, NULL, 0, 0, 1, 800.0, 'down', 0.0, 0),
                         (3, 'u0', NULL, 0, NULL, 2, 32, 0, 800.0, 'up', 0.0, 1),
                         (4, 'u1', NULL, 1, NULL, 2, 32, 1, 800.0, 'up', 0.0, 1);
INSERT INTO pins VALUES ('h0', 10.5, -3.25);
INSERT INTO failures VALUES (0, 'u1');
INSERT INTO metadata VALUES ('author', 'Ada');
)sql";

// A version's fabric, written by hand: 1 host, 1 switch, 1 link.
constexpr const char *tinyFabricJson
    = R"({"format":"railyard-fabric","version":1,"name":"v1 snapshot","description":"",)"
      R"("hosts":[{"id":"h0","gpu_model":"h100","gpus":8,"nvlink_gbytes_per_s":450,)"
      R"("nics":[{"rail":0,"gbps":400,"ports":1}]}],)"
      R"("switches":[{"id":"leaf0","tier":"leaf","radix":64,"model":"m","plane":0}],)"
      R"("links":[{"id":"l0","a":"h0","b":"leaf0","port_a":0,"port_b":0,"gbps":400,"state":"up"}]})";
constexpr const char *tinyState = R"({"pins":{"h0":[1.5,2.5]},"failed":["l0"],"metadata":{}})";

bool exec(sqlite3 *db, const char *sql)
{
    char *message = nullptr;
    const bool ok = sqlite3_exec(db, sql, nullptr, nullptr, &message) == SQLITE_OK;
    if (!ok)
        qWarning("sqlite: %s", message);
    sqlite3_free(message);
    return ok;
}

bool insertVersion(sqlite3 *db, const char *author, const char *time, const char *message, const QByteArray &fabric,
                   const QByteArray &state)
{
    sqlite3_stmt *stmt = nullptr;
    sqlite3_prepare_v2(db, "INSERT INTO versions(author, created_utc, message, fabric, state) VALUES (?, ?, ?, ?, ?)",
                       -1, &stmt, nullptr);
    sqlite3_bind_text(stmt, 1, author, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 2, time, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 3, message, -1, SQLITE_TRANSIENT);
    sqlite3_bind_blob(stmt, 4, fabric.constData(), int(fabric.size()), SQLITE_TRANSIENT);
    sqlite3_bind_blob(stmt, 5, state.constData(), int(state.size()), SQLITE_TRANSIENT);
    const bool ok = sqlite3_step(stmt) == SQLITE_DONE;
    sqlite3_finalize(stmt);
    return ok;
}

/// Writes a schema-1 project with two versions (the second one's snapshot
/// `secondFabric`, compressed as schema 1 stored it).
bool makeSchema1(const QString &path, const QByteArray &secondFabric)
{
    sqlite3 *db = nullptr;
    bool ok = sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr)
        == SQLITE_OK;
    ok = ok && exec(db, "BEGIN") && exec(db, schema1) && exec(db, content1);
    ok = ok
        && insertVersion(db, "Ada", "2024-03-01T09:30:00.000Z", "tiny", qCompress(tinyFabricJson),
                         qCompress(tinyState));
    ok = ok
        && insertVersion(db, "Grace", "2024-03-02T17:45:12.345Z", "lab", secondFabric,
                         qCompress(R"({"pins":{},"failed":[],"metadata":{"k":"v"}})"));
    ok = ok && exec(db, "COMMIT");
    sqlite3_close(db);
    return ok;
}

/// Query result as text rows joined by ';' (fields by ',').
QString query(const QString &path, const char *sql)
{
    sqlite3 *db = nullptr;
    sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt *stmt = nullptr;
    QStringList rows;
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) == SQLITE_OK) {
        while (sqlite3_step(stmt) == SQLITE_ROW) {
            QStringList fields;
            for (int c = 0; c < sqlite3_column_count(stmt); ++c)
                fields.append(QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(stmt, c))));
            rows.append(fields.join(QLatin1Char(',')));
        }
    } else {
        rows.append(QStringLiteral("error: ") + QString::fromUtf8(sqlite3_errmsg(db)));
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return rows.join(QLatin1Char(';'));
}

QSet<QString> columnsOf(const QString &path, const char *table)
{
    const QString list = query(path, (std::string("SELECT name FROM pragma_table_info('") + table + "')").c_str());
    const QStringList names = list.split(QLatin1Char(';'));
    return QSet<QString>(names.begin(), names.end());
}

/// sample(variant) as a release before schema 5 could hold it: no NVLink domains.
ProjectData sampleWithoutDomains(int variant)
{
    ProjectData data = sample(variant);
    for (std::int32_t h = 0; h < data.fabric.hostCount(); ++h)
        data.fabric.host(h).nvlinkDomain.clear();
    data.fabric.transport = Transport::Unspecified; // nor transport and routing (schema 6)
    data.fabric.routing = FabricRouting::Default;
    return data;
}

} // namespace

class TestProjectMigration : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void readMigratesInMemory();
    void saveMigratesFile();
    void addVersionMigratesFile();
    void migratedSchemaMatchesFresh();
    void schema3GainsHealthTables();
    void brokenSnapshotDuringMigration();
    void schema2GainsIntentTables();
    void schema4GainsNvlinkDomains();
    void schema5GainsRouting();
    void schema6GainsNicModels();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_file;
    ReadResult m_lab;
};

void TestProjectMigration::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_file = m_dir->filePath(QStringLiteral("old.railyard"));
    const QString labPath = QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json");
    m_lab = FormatRegistry::instance().readFile(labPath);
    QVERIFY(m_lab.ok());
    QVERIFY(makeSchema1(m_file, qCompress(fileBytes(labPath))));
    QCOMPARE(query(m_file, "PRAGMA user_version"), QStringLiteral("1"));
}

void TestProjectMigration::readMigratesInMemory()
{
    const FileState before = fileState(m_file);
    ProjectError error;
    const std::optional<ProjectData> data = ProjectFile(m_file).read(&error);
    QVERIFY2(data, qPrintable(error.toString()));
    const Fabric &f = data->fabric;
    QCOMPARE(f.name, std::string("two hosts"));
    QCOMPARE(f.description, std::string("schema-1 fixture"));
    QCOMPARE(f.hostCount(), 2);
    QCOMPARE(f.switchCount(), 3);
    QCOMPARE(f.linkCount(), 5);
    QCOMPARE(f.host(1).gpuModel, std::string("b200"));
    QCOMPARE(f.host(1).gpus, 4);
    QCOMPARE(f.host(1).nvlinkGBps, 900.25);
    QVERIFY(f.host(1).nvls);
    QVERIFY(f.host(0).nvlinkDomain.empty() && f.host(1).nvlinkDomain.empty()); // schema 5 added domains
    QCOMPARE(f.host(0).nics.size(), size_t(2));
    QCOMPARE(f.host(1).nics.size(), size_t(1));
    QCOMPARE(f.host(1).nics[0].speedGbps, 800.0);
    QCOMPARE(f.host(1).nics[0].ports, 2);
    QCOMPARE(f.host(1).location.rack, std::string("r1"));
    QCOMPARE(f.switchAt(2).tier, Tier::Spine);
    QCOMPARE(f.switchAt(2).plane, 1);
    QCOMPARE(f.switchAt(2).rail, -1);
    QVERIFY(f.switchAt(0).sharp);
    QCOMPARE(f.link(1).state, LinkState::Degraded);
    QCOMPARE(f.link(1).degradedGbps, 150.5);
    QCOMPARE(f.link(2).state, LinkState::Down);
    QCOMPARE(f.nodeId(f.link(2).a), std::string("h1"));
    QCOMPARE(f.nodeId(f.link(3).a), std::string("leaf0"));
    QCOMPARE(f.nodeId(f.link(3).b), std::string("spine0"));
    QCOMPARE(f.link(4).portB, 1);
    QCOMPARE(f.link(4).plane, 1);
    QVERIFY(data->pins == (std::map<std::string, PinnedPosition>{{"h0", {10.5, -3.25}}}));
    QVERIFY(data->failedIds == std::vector<std::string>{"u1"});
    QVERIFY(data->jobs.empty());
    QVERIFY(data->metadata == (std::map<std::string, std::string>{{"author", "Ada"}}));

    // The versions got their counts from their snapshots.
    const auto versions = ProjectFile(m_file).versions(&error);
    QVERIFY2(versions, qPrintable(error.toString()));
    QCOMPARE(versions->size(), size_t(2));
    QCOMPARE((*versions)[0].author, QStringLiteral("Ada"));
    QCOMPARE((*versions)[0].message, QStringLiteral("tiny"));
    QCOMPARE((*versions)[0].timeUtc, QDateTime(QDate(2024, 3, 1), QTime(9, 30), Qt::UTC));
    QCOMPARE((*versions)[0].hosts, 1);
    QCOMPARE((*versions)[0].switches, 1);
    QCOMPARE((*versions)[0].links, 1);
    QCOMPARE((*versions)[1].timeUtc, QDateTime(QDate(2024, 3, 2), QTime(17, 45, 12, 345), Qt::UTC));
    QCOMPARE((*versions)[1].hosts, m_lab.fabric->hostCount());
    QCOMPARE((*versions)[1].switches, m_lab.fabric->switchCount());
    QCOMPARE((*versions)[1].links, m_lab.fabric->linkCount());

    const std::optional<ProjectData> tiny = ProjectFile(m_file).readVersion((*versions)[0].id, &error);
    QVERIFY2(tiny, qPrintable(error.toString()));
    QCOMPARE(tiny->fabric.name, std::string("v1 snapshot"));
    QCOMPARE(tiny->fabric.linkCount(), 1);
    QVERIFY(tiny->pins == (std::map<std::string, PinnedPosition>{{"h0", {1.5, 2.5}}}));
    QVERIFY(tiny->failedIds == std::vector<std::string>{"l0"});
    QVERIFY(tiny->jobs.empty());
    const std::optional<ProjectData> lab = ProjectFile(m_file).readVersion((*versions)[1].id, &error);
    QVERIFY2(lab, qPrintable(error.toString()));
    QCOMPARE(fabricBytes(lab->fabric), fabricBytes(*m_lab.fabric));
    QVERIFY(lab->metadata == (std::map<std::string, std::string>{{"k", "v"}}));

    // Reading migrated an in-memory copy only.
    QVERIFY(fileState(m_file) == before);
    QCOMPARE(query(m_file, "PRAGMA user_version"), QStringLiteral("1"));
}

void TestProjectMigration::saveMigratesFile()
{
    ProjectData data = *ProjectFile(m_file).read();
    data.jobs = {ProjectJob{"job", "{\"format\": \"railyard-job\"}\n"}};
    ProjectError error;
    QVERIFY2(ProjectFile(m_file).save(data, &error), qPrintable(error.toString()));
    QCOMPARE(query(m_file, "PRAGMA user_version"), QStringLiteral("7"));
    QCOMPARE(query(m_file, "SELECT name, json FROM jobs"), QStringLiteral("job,{\"format\": \"railyard-job\"}\n"));
    QCOMPARE(query(m_file, "SELECT id, hosts, switches, links FROM versions ORDER BY id"),
             QStringLiteral("1,1,1,1;2,%1,%2,%3")
                 .arg(m_lab.fabric->hostCount())
                 .arg(m_lab.fabric->switchCount())
                 .arg(m_lab.fabric->linkCount()));
    compare(*ProjectFile(m_file).read(), data);
    const std::optional<ProjectData> lab = ProjectFile(m_file).readVersion(2, &error);
    QVERIFY2(lab, qPrintable(error.toString()));
    QCOMPARE(fabricBytes(lab->fabric), fabricBytes(*m_lab.fabric));
}

void TestProjectMigration::addVersionMigratesFile()
{
    const ProjectData current = *ProjectFile(m_file).read();
    ProjectError error;
    const auto id = ProjectFile(m_file).addVersion(sample(0), QStringLiteral("Lin"), QStringLiteral("third"), &error);
    QVERIFY2(id, qPrintable(error.toString()));
    QCOMPARE(*id, std::int64_t(3));
    QCOMPARE(query(m_file, "PRAGMA user_version"), QStringLiteral("7"));
    QCOMPARE(ProjectFile(m_file).versions()->size(), size_t(3));
    compare(*ProjectFile(m_file).readVersion(3), sample(0));
    compare(*ProjectFile(m_file).read(), current); // the current state is untouched
}

void TestProjectMigration::migratedSchemaMatchesFresh()
{
    const QString fresh = m_dir->filePath(QStringLiteral("fresh.railyard"));
    QVERIFY(ProjectFile(fresh).save(sample(0)));
    QVERIFY(ProjectFile(m_file).save(sample(0)));
    QCOMPARE(query(m_file, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"),
             query(fresh, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"));
    for (const char *table :
         {"fabric", "hosts", "nics", "switches", "links", "pins", "failures", "jobs", "metadata", "versions",
          "intent_versions", "intent_reviews", "telemetry_recordings", "telemetry_frames", "incidents"})
        QCOMPARE(columnsOf(m_file, table), columnsOf(fresh, table));
}

void TestProjectMigration::brokenSnapshotDuringMigration()
{
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(m_file.toUtf8().constData(), &db), SQLITE_OK);
    QVERIFY(exec(db, "UPDATE versions SET fabric = x'00000010deadbeef' WHERE id = 2"));
    sqlite3_close(db);
    const FileState before = fileState(m_file);
    ProjectError error;
    QTest::ignoreMessage(QtWarningMsg, "qUncompress: Input data is corrupted");
    QVERIFY(!ProjectFile(m_file).read(&error));
    QCOMPARE(error.kind, ProjectError::Kind::Damaged);
    QVERIFY2(error.toString().startsWith(m_file + QStringLiteral(": the project is damaged: a version snapshot")),
             qPrintable(error.toString()));
    QTest::ignoreMessage(QtWarningMsg, "qUncompress: Input data is corrupted");
    QVERIFY(!ProjectFile(m_file).save(sample(0), &error));
    QCOMPARE(error.kind, ProjectError::Kind::Damaged);
    QVERIFY(fileState(m_file) == before);
    QCOMPARE(query(m_file, "PRAGMA user_version"), QStringLiteral("1"));
}

void TestProjectMigration::schema2GainsIntentTables()
{
    // A schema-2 file: the current schema without the intent and health
    // tables (schemas 3 and 4 added them), as that release wrote it.
    const QString file = m_dir->filePath(QStringLiteral("schema2.railyard"));
    const ProjectData old = sampleWithoutDomains(0);
    QVERIFY(ProjectFile(file).save(old));
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(file.toUtf8().constData(), &db), SQLITE_OK);
    QVERIFY(exec(db,
                 "DROP TABLE intent_reviews; DROP TABLE intent_versions; DROP TABLE incidents; "
                 "DROP TABLE telemetry_frames; DROP TABLE telemetry_recordings; "
                 "ALTER TABLE hosts DROP COLUMN nvlink_domain; ALTER TABLE fabric DROP COLUMN saved_utc; "
                 "ALTER TABLE fabric DROP COLUMN transport; ALTER TABLE fabric DROP COLUMN routing; ALTER TABLE nics DROP COLUMN model; PRAGMA user_version = 2; "
                 "VACUUM;"));
    sqlite3_close(db);
    QCOMPARE(query(file, "PRAGMA user_version"), QStringLiteral("2"));

    // Reading migrates in memory: no intent versions, the file unchanged.
    const FileState before = fileState(file);
    ProjectError error;
    const auto none = IntentStore(file).versions(&error);
    QVERIFY2(none, qPrintable(error.toString()));
    QVERIFY(none->empty());
    compare(*ProjectFile(file).read(), old);
    QVERIFY(fileState(file) == before);

    // Storing an intent migrates the file in the same transaction.
    QFile intent(QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.v3.intent.json"));
    QVERIFY(intent.open(QIODevice::ReadOnly));
    const auto id = IntentStore(file).addVersion(intent.readAll().toStdString(), intent.fileName(), &error);
    QVERIFY2(id, qPrintable(error.toString()));
    QCOMPARE(query(file, "PRAGMA user_version"), QStringLiteral("7"));
    QCOMPARE(query(file, "SELECT cluster, version, parent FROM intent_versions"), QStringLiteral("cluster-3k,3,2"));
    compare(*ProjectFile(file).read(), old);
}

void TestProjectMigration::schema3GainsHealthTables()
{
    // A schema-3 file: the current schema without the health tables (schema
    // 4 only added them), as the previous release wrote it, with an intent.
    const QString file = m_dir->filePath(QStringLiteral("schema3.railyard"));
    const ProjectData old = sampleWithoutDomains(0);
    QVERIFY(ProjectFile(file).save(old));
    QFile intent(QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.v3.intent.json"));
    QVERIFY(intent.open(QIODevice::ReadOnly));
    ProjectError error;
    QVERIFY(IntentStore(file).addVersion(intent.readAll().toStdString(), intent.fileName(), &error));
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(file.toUtf8().constData(), &db), SQLITE_OK);
    QVERIFY(exec(db,
                 "DROP TABLE incidents; DROP TABLE telemetry_frames; DROP TABLE telemetry_recordings; "
                 "ALTER TABLE hosts DROP COLUMN nvlink_domain; ALTER TABLE fabric DROP COLUMN saved_utc; "
                 "ALTER TABLE fabric DROP COLUMN transport; ALTER TABLE fabric DROP COLUMN routing; ALTER TABLE nics DROP COLUMN model; PRAGMA user_version = 3; VACUUM;"));
    sqlite3_close(db);
    QCOMPARE(query(file, "PRAGMA user_version"), QStringLiteral("3"));

    // Reading migrates in memory: no recordings or incidents, the file unchanged.
    const FileState before = fileState(file);
    const auto none = HealthStore(file).recordings(&error);
    QVERIFY2(none, qPrintable(error.toString()));
    QVERIFY(none->empty());
    QVERIFY(HealthStore(file).incidents()->empty());
    compare(*ProjectFile(file).read(), old);
    QVERIFY(fileState(file) == before);

    // Starting a recording migrates the file in the same transaction; the
    // intent and the current state are kept.
    const auto id = HealthStore(file).createRecording("first", "two hosts", 5, "sim", &error);
    QVERIFY2(id, qPrintable(error.toString()));
    QCOMPARE(query(file, "PRAGMA user_version"), QStringLiteral("7"));
    QCOMPARE(query(file, "SELECT name, links, source FROM telemetry_recordings"), QStringLiteral("first,5,sim"));
    QCOMPARE(query(file, "SELECT cluster, version FROM intent_versions"), QStringLiteral("cluster-3k,3"));
    compare(*ProjectFile(file).read(), old);
    // The save time is unknown until the next save, which records it.
    QVERIFY(ProjectFile(file).savedUtc() && !ProjectFile(file).savedUtc()->isValid());
    QVERIFY(ProjectFile(file).save(old));
    QVERIFY(ProjectFile(file).savedUtc()->isValid());
}

void TestProjectMigration::schema4GainsNvlinkDomains()
{
    // A schema-4 file: the current schema without hosts.nvlink_domain, as the
    // previous release wrote it (its hosts in no NVLink domain).
    const QString file = m_dir->filePath(QStringLiteral("schema4.railyard"));
    const ProjectData old = sampleWithoutDomains(0);
    QVERIFY(ProjectFile(file).save(old));
    ProjectError error;
    QVERIFY(ProjectFile(file).addVersion(sample(1), QStringLiteral("Ada"), QStringLiteral("with domains"), &error));
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(file.toUtf8().constData(), &db), SQLITE_OK);
    QVERIFY(exec(db, "ALTER TABLE hosts DROP COLUMN nvlink_domain; ALTER TABLE fabric DROP COLUMN transport; ALTER TABLE fabric DROP COLUMN routing; ALTER TABLE nics DROP COLUMN model; "
                     "PRAGMA user_version = 4; VACUUM;"));
    sqlite3_close(db);
    QCOMPARE(query(file, "PRAGMA user_version"), QStringLiteral("4"));
    QVERIFY(!columnsOf(file, "hosts").contains(QStringLiteral("nvlink_domain")));

    // Reading migrates in memory: every host in no domain, the file unchanged;
    // a version's snapshot (fabric-json) keeps the domains it was saved with.
    const FileState before = fileState(file);
    const std::optional<ProjectData> read = ProjectFile(file).read(&error);
    QVERIFY2(read, qPrintable(error.toString()));
    compare(*read, old);
    QVERIFY(read->fabric.nvlinkDomains().empty());
    const std::optional<ProjectData> version = ProjectFile(file).readVersion(1, &error);
    QVERIFY2(version, qPrintable(error.toString()));
    QCOMPARE(version->fabric.nvlinkDomains().size(), size_t(1));
    QVERIFY(fileState(file) == before);

    // Saving migrates the file and stores the domains.
    QVERIFY2(ProjectFile(file).save(sample(0), &error), qPrintable(error.toString()));
    QCOMPARE(query(file, "PRAGMA user_version"), QStringLiteral("7"));
    QCOMPARE(query(file, "SELECT id FROM hosts WHERE nvlink_domain = 'nvl-r1' ORDER BY seq"),
             QStringLiteral("h-r1-0;h-r1-1;h-r1-2;h-r1-3"));
    QCOMPARE(query(file, "SELECT count(*) FROM hosts WHERE nvlink_domain = ''"), QStringLiteral("4"));
    compare(*ProjectFile(file).read(), sample(0));
}

void TestProjectMigration::schema5GainsRouting()
{
    // A schema-5 file: the current schema without fabric.transport and
    // fabric.routing, as the previous release wrote it.
    const QString file = m_dir->filePath(QStringLiteral("schema5.railyard"));
    ProjectData old = sample(0);
    QVERIFY(ProjectFile(file).save(old));
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(file.toUtf8().constData(), &db), SQLITE_OK);
    QVERIFY(exec(db, "ALTER TABLE fabric DROP COLUMN transport; ALTER TABLE fabric DROP COLUMN routing; ALTER TABLE nics DROP COLUMN model; PRAGMA user_version = 5; VACUUM;"));
    sqlite3_close(db);
    QVERIFY(!columnsOf(file, "fabric").contains(QStringLiteral("routing")));

    // Reading migrates in memory: the routing is not said (the transport's
    // default), the file unchanged.
    const FileState before = fileState(file);
    ProjectError error;
    const std::optional<ProjectData> read = ProjectFile(file).read(&error);
    QVERIFY2(read, qPrintable(error.toString()));
    QCOMPARE(int(read->fabric.transport), int(Transport::Unspecified));
    QCOMPARE(int(read->fabric.routing), int(FabricRouting::Default));
    QVERIFY(fileState(file) == before);

    // Saving migrates the file and keeps what the fabric says.
    QVERIFY2(ProjectFile(file).save(old, &error), qPrintable(error.toString()));
    QCOMPARE(query(file, "PRAGMA user_version"), QStringLiteral("7"));
    QCOMPARE(query(file, "SELECT transport || '/' || routing FROM fabric"), QStringLiteral("infiniband/adaptive"));
    const std::optional<ProjectData> saved = ProjectFile(file).read(&error);
    QVERIFY2(saved, qPrintable(error.toString()));
    compare(*saved, old);
    // An unknown name in the file is a damaged project, said so.
    QCOMPARE(sqlite3_open(file.toUtf8().constData(), &db), SQLITE_OK);
    QVERIFY(exec(db, "UPDATE fabric SET routing = 'telepathic';"));
    sqlite3_close(db);
    QVERIFY(!ProjectFile(file).read(&error));
    QVERIFY2(error.toString().contains(QStringLiteral("routing \"telepathic\" is unknown")), qPrintable(error.toString()));
}

void TestProjectMigration::schema6GainsNicModels()
{
    // A schema-6 file: the current schema without nics.model.
    const QString file = m_dir->filePath(QStringLiteral("schema6.railyard"));
    ProjectData old = sample(0);
    for (std::int32_t h = 0; h < old.fabric.hostCount(); ++h)
        for (Nic &nic : old.fabric.host(h).nics)
            nic.model = "ConnectX-7";
    QVERIFY(ProjectFile(file).save(old));
    QCOMPARE(query(file, "SELECT DISTINCT model FROM nics"), QStringLiteral("ConnectX-7"));
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(file.toUtf8().constData(), &db), SQLITE_OK);
    QVERIFY(exec(db, "ALTER TABLE nics DROP COLUMN model; PRAGMA user_version = 6; VACUUM;"));
    sqlite3_close(db);

    // Reading migrates in memory: no NIC model, the file unchanged.
    const FileState before = fileState(file);
    ProjectError error;
    const std::optional<ProjectData> read = ProjectFile(file).read(&error);
    QVERIFY2(read, qPrintable(error.toString()));
    QVERIFY(read->fabric.hostCount() > 0);
    QCOMPARE(read->fabric.host(0).nics.front().model, std::string());
    QVERIFY(fileState(file) == before);

    // Saving migrates the file and keeps the models.
    QVERIFY2(ProjectFile(file).save(old, &error), qPrintable(error.toString()));
    QCOMPARE(query(file, "PRAGMA user_version"), QStringLiteral("7"));
    const std::optional<ProjectData> saved = ProjectFile(file).read(&error);
    QVERIFY2(saved, qPrintable(error.toString()));
    QCOMPARE(saved->fabric.host(0).nics.front().model, std::string("ConnectX-7"));
}

QTEST_GUILESS_MAIN(TestProjectMigration)
#include "tst_projectmigration.moc"
