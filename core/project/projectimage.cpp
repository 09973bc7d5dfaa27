#include "core/project/projectimage.h"

#include "core/common/storageexception.h"
#include "core/project/projectschema.h"
#include "core/project/projecttables.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <sqlite3.h>

namespace Railyard {

namespace {

constexpr char sqliteHeader[] = "SQLite format 3"; // followed by a NUL: 16 bytes
constexpr qsizetype sqliteHeaderSize = 16;

[[noreturn]] void notSqlite()
{
    throw StorageException(StorageError::Kind::NotSqlite,
                           QStringLiteral("not a Railyard project (not an SQLite database)"));
}

[[noreturn]] void ioError(const QString &message)
{
    throw StorageException(StorageError::Kind::Io, message);
}

/// Lets SQLite roll back a hot journal (or checkpoint a WAL) left next to
/// path by a process that died while writing: open read-write, read the
/// schema, close.
void settle(const QString &path)
{
    SqliteDatabase db;
    db.open(path, SqliteDatabase::Mode::ReadWrite);
    const int rc = db.tryExec("SELECT count(*) FROM sqlite_schema");
    if (rc != SQLITE_OK)
        db.fail("cannot recover from an interrupted save", rc);
}

/// Identity, integrity, and the in-memory migration of an older schema.
void prepareForReading(SqliteDatabase &db, ProjectImage::Integrity integrity = ProjectImage::Integrity::Check)
{
    const int version = ProjectSchema::check(db);
    if (integrity == ProjectImage::Integrity::Check)
        ProjectSchema::checkIntegrity(db);
    if (version < ProjectSchema::currentVersion) {
        const QByteArray image = db.serialize();
        db.openImage(image);
        db.exec("BEGIN");
        ProjectSchema::migrate(db, version);
        db.exec("COMMIT");
    }
}

} // namespace

QByteArray ProjectImage::build(const Fabric &fabric, const ProjectData *state,
                               const std::map<std::string, std::string> &metadata)
{
    SqliteDatabase db;
    db.openMemory();
    db.exec(("PRAGMA page_size = " + std::to_string(ProjectSchema::pageSize) + "; PRAGMA journal_mode = OFF;").c_str());
    db.exec("BEGIN");
    ProjectSchema::create(db);
    ProjectTables::writeFabric(db, fabric);
    if (state)
        ProjectTables::writeState(db, *state);
    ProjectTables::writeMetadata(db, metadata);
    db.exec("COMMIT");
    return db.serialize();
}

void ProjectImage::writeAtomically(const QString &path, const QByteArray &bytes)
{
    const bool leftovers
        = QFileInfo::exists(path + QStringLiteral("-journal")) || QFileInfo::exists(path + QStringLiteral("-wal"));
    if (leftovers) {
        try {
            requireSqliteFile(path);
            settle(path);
        } catch (const StorageException &) {
            // Not a database we can settle: its journal belongs to nothing we keep.
        }
        QFile::remove(path + QStringLiteral("-journal"));
        QFile::remove(path + QStringLiteral("-wal"));
        QFile::remove(path + QStringLiteral("-shm"));
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        ioError(QStringLiteral("cannot open for writing: %1").arg(file.errorString()));
    if (file.write(bytes) != bytes.size()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        ioError(QStringLiteral("cannot write: %1").arg(reason));
    }
    if (!file.commit())
        ioError(QStringLiteral("cannot write: %1").arg(file.errorString()));
}

bool ProjectImage::hasSqliteHeader(const QByteArray &bytes)
{
    return bytes.size() >= sqliteHeaderSize && bytes.startsWith(QByteArray(sqliteHeader, sqliteHeaderSize));
}

void ProjectImage::requireSqliteFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        ioError(QStringLiteral("cannot open: %1").arg(file.errorString()));
    if (!hasSqliteHeader(file.read(sqliteHeaderSize)))
        notSqlite();
}

SqliteDatabase ProjectImage::openForReading(const QString &path, Integrity integrity)
{
    requireSqliteFile(path);
    SqliteDatabase db;
    db.open(path, SqliteDatabase::Mode::ReadOnly);
    int rc = db.tryExec("SELECT count(*) FROM sqlite_schema");
    if (rc == SQLITE_READONLY_ROLLBACK) {
        db.close();
        settle(path);
        db.open(path, SqliteDatabase::Mode::ReadOnly);
        rc = db.tryExec("SELECT count(*) FROM sqlite_schema");
    }
    if (rc != SQLITE_OK)
        db.fail("cannot read", rc);
    prepareForReading(db, integrity);
    return db;
}

SqliteDatabase ProjectImage::openImageForReading(const QByteArray &image)
{
    if (!hasSqliteHeader(image))
        notSqlite();
    SqliteDatabase db;
    db.openImage(image);
    const int rc = db.tryExec("SELECT count(*) FROM sqlite_schema");
    if (rc != SQLITE_OK)
        db.fail("cannot read", rc);
    prepareForReading(db);
    return db;
}

SqliteDatabase ProjectImage::openForWriting(const QString &path, Integrity integrity)
{
    requireSqliteFile(path);
    SqliteDatabase db;
    db.open(path, SqliteDatabase::Mode::ReadWrite);
    // Identity before any pragma that could write (journal_mode rewrites the
    // header of a WAL database): a foreign file is left alone.
    ProjectSchema::check(db);
    if (integrity == Integrity::Check)
        ProjectSchema::checkIntegrity(db);
    // Rollback journal, fsync'ed: one self-contained file (docs/project-format.md).
    // A cache larger than the 131K-GPU project keeps pages from spilling
    // mid-transaction (each spill costs an extra journal sync).
    db.exec("PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL; PRAGMA cache_size = -262144;");
    db.exec("BEGIN IMMEDIATE");
    const int version = ProjectSchema::check(db);
    if (version < ProjectSchema::currentVersion)
        ProjectSchema::migrate(db, version);
    return db;
}

} // namespace Railyard
