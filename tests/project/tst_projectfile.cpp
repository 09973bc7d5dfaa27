// Tests of the .railyard project file: save and reopen, versions, errors
// that name the file and leave it untouched.

#include "core/registry/formatregistry.h"
#include "core/project/projectfile.h"
#include "projecttestdata.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace Railyard;
using namespace Railyard::ProjectTestData;

namespace {

/// Runs SQL on a file through the C API (to make fixtures); fails the test on error.
bool runSql(const QString &path, const char *sql)
{
    sqlite3 *db = nullptr;
    bool ok = sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr)
        == SQLITE_OK;
    ok = ok && sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    if (!ok)
        qWarning("sqlite: %s", sqlite3_errmsg(db));
    sqlite3_close(db);
    return ok;
}

std::int64_t pragma(const QString &path, const char *name)
{
    sqlite3 *db = nullptr;
    sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt *stmt = nullptr;
    sqlite3_prepare_v2(db, (std::string("PRAGMA ") + name).c_str(), -1, &stmt, nullptr);
    const std::int64_t value = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : -1;
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return value;
}

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

/// Overwrites `count` bytes at `offset` with `value`.
bool overwrite(const QString &path, qint64 offset, qint64 count, char value)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite) || !file.seek(offset))
        return false;
    return file.write(QByteArray(count, value)) == count;
}

/// A project big enough to have many pages: cluster-3k with the sample state.
ProjectData bigSample()
{
    ProjectData data = sample(0);
    ReadResult r = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.fabric.json"));
    data.fabric = std::move(*r.fabric);
    data.failedIds.clear();
    return data;
}

} // namespace

class TestProjectFile : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void saveAndReopen();
    void fileShape();
    void imageRoundTrip();
    void versions();
    void missingVersion();
    void errors_data();
    void errors();
    void missingFile();
    void invalidFabricRefused();
    void replaceForeignFile();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString path(const QString &name) const { return m_dir->filePath(name); }
};

void TestProjectFile::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestProjectFile::saveAndReopen()
{
    const QString file = path(QStringLiteral("lab.railyard"));
    ProjectError error;
    const ProjectData first = sample(0);
    QVERIFY2(ProjectFile(file).save(first, &error), qPrintable(error.toString()));
    std::optional<ProjectData> back = ProjectFile(file).read(&error);
    QVERIFY2(back, qPrintable(error.toString()));
    compare(*back, first);
    if (QTest::currentTestFailed())
        return;

    // Saving over the project replaces every part of the current state.
    const ProjectData second = sample(1);
    QVERIFY2(ProjectFile(file).save(second, &error), qPrintable(error.toString()));
    back = ProjectFile(file).read(&error);
    QVERIFY2(back, qPrintable(error.toString()));
    compare(*back, second);
    const auto metadata = ProjectFile(file).readMetadata(&error);
    QVERIFY(metadata);
    QVERIFY(*metadata == second.metadata);

    // An empty project round-trips too.
    ProjectData empty;
    QVERIFY2(ProjectFile(file).save(empty, &error), qPrintable(error.toString()));
    back = ProjectFile(file).read(&error);
    QVERIFY2(back, qPrintable(error.toString()));
    compare(*back, empty);
}

void TestProjectFile::fileShape()
{
    const QString file = path(QStringLiteral("shape.railyard"));
    QVERIFY(ProjectFile(file).save(sample(0)));
    QVERIFY(ProjectFile(file).save(sample(1))); // in place
    QCOMPARE(pragma(file, "application_id"), std::int64_t(0x524C5944));
    QCOMPARE(pragma(file, "user_version"), std::int64_t(7));
    const QByteArray header = fileBytes(file).left(20);
    QCOMPARE(int(header[18]), 1); // rollback journal, not WAL
    QCOMPARE(int(header[19]), 1);
    // One self-contained file once a save is done.
    QCOMPARE(QDir(m_dir->path()).entryList(QDir::Files), QStringList{QStringLiteral("shape.railyard")});
}

void TestProjectFile::imageRoundTrip()
{
    ProjectError error;
    const std::optional<QByteArray> image = ProjectFile::toImage(sample(2), &error);
    QVERIFY2(image, qPrintable(error.toString()));
    const std::optional<ProjectData> back = ProjectFile::fromImage(*image, QStringLiteral("mem.railyard"), &error);
    QVERIFY2(back, qPrintable(error.toString()));
    compare(*back, sample(2));
}

void TestProjectFile::versions()
{
    const QString file = path(QStringLiteral("versions.railyard"));
    ProjectFile project(file);
    ProjectError error;
    QVERIFY(project.save(sample(0)));
    const QDateTime before = QDateTime::currentDateTimeUtc().addMSecs(-1);
    const std::optional<std::int64_t> v1
        = project.addVersion(sample(0), QStringLiteral("Ada"), QStringLiteral("first \xe2\x80\x94 two racks"), &error);
    QVERIFY2(v1, qPrintable(error.toString()));

    ProjectData bigger = sample(1);
    Host extra = bigger.fabric.host(0);
    extra.id = "h-extra";
    bigger.fabric.addHost(std::move(extra));
    QVERIFY(project.save(bigger));
    const std::optional<std::int64_t> v2 = project.addVersion(bigger, QStringLiteral("Grace"), QString(), &error);
    QVERIFY2(v2, qPrintable(error.toString()));
    const QDateTime after = QDateTime::currentDateTimeUtc().addMSecs(1);
    QVERIFY(*v2 > *v1);

    const auto list = project.versions(&error);
    QVERIFY2(list, qPrintable(error.toString()));
    QCOMPARE(list->size(), size_t(2));
    const ProjectVersion &a = (*list)[0], &b = (*list)[1];
    QCOMPARE(a.id, *v1);
    QCOMPARE(a.author, QStringLiteral("Ada"));
    QCOMPARE(a.message, QStringLiteral("first \xe2\x80\x94 two racks"));
    // lab(true): 2 racks x 4 hosts; 8 leaves + 2 spines + mgmt; 8 x 8 host links + 8 x 2 x 2 uplinks + 1.
    QCOMPARE(a.hosts, 8);
    QCOMPARE(a.switches, 11);
    QCOMPARE(a.links, 64 + 32 + 1);
    QVERIFY(a.timeUtc.isValid());
    QCOMPARE(a.timeUtc.timeSpec(), Qt::UTC);
    QVERIFY2(a.timeUtc >= before && a.timeUtc <= b.timeUtc && b.timeUtc <= after,
             qPrintable(a.timeUtc.toString(Qt::ISODateWithMs)));
    QCOMPARE(b.author, QStringLiteral("Grace"));
    QCOMPARE(b.message, QString());
    QCOMPARE(b.hosts, 9);

    std::optional<ProjectData> snapshot = project.readVersion(*v1, &error);
    QVERIFY2(snapshot, qPrintable(error.toString()));
    compare(*snapshot, sample(0));
    snapshot = project.readVersion(*v2, &error);
    QVERIFY2(snapshot, qPrintable(error.toString()));
    compare(*snapshot, bigger);
    if (QTest::currentTestFailed())
        return;

    // Restore: the version becomes the current state; the versions stay.
    const std::optional<ProjectData> restored = project.restoreVersion(*v1, &error);
    QVERIFY2(restored, qPrintable(error.toString()));
    compare(*restored, sample(0));
    const std::optional<ProjectData> current = project.read(&error);
    QVERIFY2(current, qPrintable(error.toString()));
    compare(*current, sample(0));
    QCOMPARE(project.versions()->size(), size_t(2));
}

void TestProjectFile::missingVersion()
{
    const QString file = path(QStringLiteral("v.railyard"));
    ProjectFile project(file);
    QVERIFY(project.save(sample(0)));
    const FileState before = fileState(file);
    ProjectError error;
    QVERIFY(!project.readVersion(999, &error));
    QCOMPARE(error.kind, ProjectError::Kind::NoSuchVersion);
    QCOMPARE(error.toString(), file + QStringLiteral(": the project has no version 999"));
    QVERIFY(!project.restoreVersion(999, &error));
    QCOMPARE(error.kind, ProjectError::Kind::NoSuchVersion);
    QVERIFY(fileState(file) == before);
    QVERIFY(!QFileInfo::exists(file + QStringLiteral("-journal")));
}

void TestProjectFile::errors_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("message");
    const auto row = [](const char *name, ProjectError::Kind kind, const char *message) {
        QTest::newRow(name) << QString::fromLatin1(name) << int(kind) << QString::fromUtf8(message);
    };
    row("text file", ProjectError::Kind::NotSqlite, "not a Railyard project (not an SQLite database)");
    row("empty file", ProjectError::Kind::NotSqlite, "not a Railyard project (not an SQLite database)");
    row("fabric json", ProjectError::Kind::NotSqlite, "not a Railyard project (not an SQLite database)");
    row("foreign sqlite", ProjectError::Kind::NotProject,
        "not a Railyard project (an SQLite database without Railyard's application id)");
    row("newer schema", ProjectError::Kind::NewerSchema,
        "written by a newer Railyard (schema 8, this version reads up to 7)");
    row("overwritten page", ProjectError::Kind::Damaged, "the project is damaged: ");
    row("overwritten header", ProjectError::Kind::Damaged, "the project is damaged: ");
    row("truncated", ProjectError::Kind::Damaged, "the project is damaged: ");
}

void TestProjectFile::errors()
{
    QFETCH(QString, fixture);
    QFETCH(int, kind);
    QFETCH(QString, message);

    const QString file = path(QStringLiteral("broken.railyard"));
    if (fixture == QLatin1String("text file")) {
        QVERIFY(writeBytes(file, "hello, this is not a database at all\n"));
    } else if (fixture == QLatin1String("empty file")) {
        QVERIFY(writeBytes(file, QByteArray()));
    } else if (fixture == QLatin1String("fabric json")) {
        QVERIFY(QFile::copy(QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json"), file));
    } else if (fixture == QLatin1String("foreign sqlite")) {
        QVERIFY(runSql(file, "CREATE TABLE notes(x TEXT); INSERT INTO notes VALUES ('shopping list');"));
    } else if (fixture == QLatin1String("newer schema")) {
        QVERIFY(ProjectFile(file).save(sample(0)));
        QVERIFY(runSql(file, "PRAGMA user_version = 8; CREATE TABLE telepathy(x);"));
    } else {
        QVERIFY(ProjectFile(file).save(bigSample()));
        QVERIFY(ProjectFile(file).addVersion(sample(0), QStringLiteral("Ada"), QStringLiteral("v1")));
        const qint64 size = QFileInfo(file).size();
        QVERIFY(size > 40 * 4096);
        if (fixture == QLatin1String("overwritten page"))
            QVERIFY(overwrite(file, (size / 2 / 4096) * 4096, 4096, char(0xA5)));
        else if (fixture == QLatin1String("overwritten header"))
            QVERIFY(overwrite(file, 16, 2, char(0x03))); // page size 0x0303: not a power of two
        else
            QVERIFY(QFile::resize(file, size / 2));
    }
    // Make a later rewrite visible even within the file system's time resolution.
    {
        QFile touch(file);
        QVERIFY(touch.open(QIODevice::ReadWrite));
        QVERIFY(touch.setFileTime(QDateTime::currentDateTime().addSecs(-3600), QFileDevice::FileModificationTime));
    }
    const FileState before = fileState(file);
    const QStringList filesBefore = QDir(m_dir->path()).entryList(QDir::Files);

    const auto check = [&](const ProjectError &error, const char *what) {
        QVERIFY2(int(error.kind) == kind, what);
        QCOMPARE(error.file, file);
        QVERIFY2(error.message.startsWith(message), qPrintable(QStringLiteral("%1: %2").arg(what, error.message)));
        QVERIFY2(error.toString().startsWith(file + QStringLiteral(": ") + message), what);
    };
    ProjectFile project(file);
    ProjectError error;
    QVERIFY(!project.read(&error));
    check(error, "read");
    QVERIFY(!project.readMetadata(&error));
    check(error, "readMetadata");
    QVERIFY(!project.versions(&error));
    check(error, "versions");
    QVERIFY(!project.readVersion(1, &error));
    check(error, "readVersion");
    QVERIFY(!project.save(sample(1), &error));
    check(error, "save");
    QVERIFY(!project.addVersion(sample(1), QStringLiteral("x"), QStringLiteral("y"), &error));
    check(error, "addVersion");
    QVERIFY(!project.restoreVersion(1, &error));
    check(error, "restoreVersion");
    QVERIFY(!ProjectFile::fromImage(fileBytes(file), file, &error));
    check(error, "fromImage");
    const ReadResult viaRegistry = FormatRegistry::instance().readFile(file);
    if (fixture == QLatin1String("fabric json")) {
        // The registry reads by content (docs/cli.md, "Import detection"): a
        // Railyard fabric misnamed .railyard is read as the fabric it is.
        QVERIFY2(viaRegistry.ok(), qPrintable(viaRegistry.errorText()));
    } else {
        QVERIFY(!viaRegistry.ok());
        QVERIFY2(viaRegistry.errorText().startsWith(file + QStringLiteral(": ") + message),
                 qPrintable(viaRegistry.errorText()));
    }

    QVERIFY2(fileState(file) == before, "the file changed");
    QCOMPARE(QDir(m_dir->path()).entryList(QDir::Files), filesBefore);
}

void TestProjectFile::missingFile()
{
    const QString file = path(QStringLiteral("nothing-here.railyard"));
    ProjectError error;
    QVERIFY(!ProjectFile(file).read(&error));
    QCOMPARE(error.kind, ProjectError::Kind::Io);
    QVERIFY2(error.toString().startsWith(file + QStringLiteral(": cannot open: ")), qPrintable(error.toString()));
    QVERIFY(!ProjectFile(file).addVersion(sample(0), QStringLiteral("x"), QStringLiteral("y"), &error));
    QCOMPARE(error.kind, ProjectError::Kind::Io);
    QVERIFY(!QFileInfo::exists(file));
}

void TestProjectFile::invalidFabricRefused()
{
    const QString file = path(QStringLiteral("invalid.railyard"));
    ProjectData bad = sample(0);
    Link duplicate = bad.fabric.link(0);
    bad.fabric.addLink(duplicate); // same id twice
    ProjectError error;
    QVERIFY(!ProjectFile(file).save(bad, &error));
    QCOMPARE(error.kind, ProjectError::Kind::InvalidData);
    QVERIFY2(error.message.startsWith(QStringLiteral("cannot save an invalid fabric: 'l0'")),
             qPrintable(error.message));
    QVERIFY(!QFileInfo::exists(file));

    QVERIFY(ProjectFile(file).save(sample(0)));
    const FileState before = fileState(file);
    QVERIFY(!ProjectFile(file).save(bad, &error));
    ProjectData nan = sample(0);
    nan.pins["h-r0-1"] = PinnedPosition{std::nan(""), 0.0};
    QVERIFY(!ProjectFile(file).save(nan, &error));
    QCOMPARE(error.kind, ProjectError::Kind::InvalidData);
    QVERIFY2(error.message.contains(QStringLiteral("'h-r0-1': pinned x is not a finite number")),
             qPrintable(error.message));
    QVERIFY(fileState(file) == before);
    compare(*ProjectFile(file).read(), sample(0));
}

void TestProjectFile::replaceForeignFile()
{
    // save() refuses a foreign file; replace() (a confirmed Save As) overwrites it.
    const QString file = path(QStringLiteral("foreign.railyard"));
    QVERIFY(runSql(file, "CREATE TABLE notes(x TEXT);"));
    ProjectError error;
    QVERIFY(!ProjectFile(file).save(sample(0), &error));
    QCOMPARE(error.kind, ProjectError::Kind::NotProject);
    QVERIFY2(ProjectFile(file).replace(sample(0), &error), qPrintable(error.toString()));
    compare(*ProjectFile(file).read(), sample(0));
    QCOMPARE(ProjectFile(file).versions()->size(), size_t(0));
}

QTEST_GUILESS_MAIN(TestProjectFile)
#include "tst_projectfile.moc"
