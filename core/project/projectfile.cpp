#include "core/project/projectfile.h"

#include "core/common/storageexception.h"
#include "core/project/projectimage.h"
#include "core/project/projectschema.h"
#include "core/project/projectsnapshot.h"
#include "core/project/projecttables.h"
#include "core/common/sqlitestatement.h"

#include <QFileInfo>

#include <new>
#include <sqlite3.h>
#include <utility>

namespace Railyard {

namespace {

/// The fabric's validation errors as one sentence; empty when valid.
QString problemsOf(const Fabric &fabric)
{
    int errors = 0;
    QString first;
    for (const Problem &problem : fabric.validate()) {
        if (problem.severity != Problem::Severity::Error)
            continue;
        if (errors++ == 0)
            first = QStringLiteral("'%1': %2")
                        .arg(QString::fromStdString(problem.elementId), QString::fromStdString(problem.message));
    }
    if (errors > 1)
        first += QStringLiteral(" (and %1 more problems)").arg(errors - 1);
    return first;
}

void requireValidForSaving(const Fabric &fabric)
{
    const QString problems = problemsOf(fabric);
    if (!problems.isEmpty())
        throw StorageException(ProjectError::Kind::InvalidData,
                               QStringLiteral("cannot save an invalid fabric: %1").arg(problems));
}

void requireValidAfterReading(const Fabric &fabric)
{
    const QString problems = problemsOf(fabric);
    if (!problems.isEmpty())
        throw StorageException(ProjectError::Kind::Damaged,
                               QStringLiteral("the project is damaged: its fabric is invalid: %1").arg(problems));
}

ProjectData readCurrent(SqliteDatabase &db)
{
    ProjectData data;
    data.fabric = ProjectTables::readFabric(db);
    requireValidAfterReading(data.fabric);
    ProjectTables::readState(db, &data);
    data.metadata = ProjectTables::readMetadata(db);
    return data;
}

void writeCurrent(SqliteDatabase &db, const ProjectData &data)
{
    ProjectTables::clear(db);
    ProjectTables::writeFabric(db, data.fabric);
    ProjectTables::writeState(db, data);
    ProjectTables::writeMetadata(db, data.metadata);
}

/// A version's snapshot from an open project; NoSuchVersion when absent.
ProjectData readSnapshot(SqliteDatabase &db, std::int64_t id)
{
    SqliteStatement select(db, "SELECT fabric, state FROM versions WHERE id = ?");
    select.bind(1, id);
    if (!select.next())
        throw StorageException(ProjectError::Kind::NoSuchVersion,
                               QStringLiteral("the project has no version %1").arg(id));
    ProjectData data;
    data.fabric = ProjectSnapshot::decodeFabric(select.blob(0));
    ProjectSnapshot::decodeState(select.blob(1), &data);
    return data;
}

} // namespace

ProjectFile::ProjectFile(QString path)
    : m_path(std::move(path))
{ }

std::optional<ProjectData> ProjectFile::read(ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForReading(m_path);
        return readCurrent(db);
    });
}

std::optional<std::map<std::string, std::string>> ProjectFile::readMetadata(ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForReading(m_path);
        return ProjectTables::readMetadata(db);
    });
}

std::optional<QDateTime> ProjectFile::savedUtc(ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForReading(m_path);
        SqliteStatement select(db, "SELECT saved_utc FROM fabric WHERE id = 1");
        if (!select.next() || select.isNull(0))
            return QDateTime();
        return QDateTime::fromString(QString::fromStdString(select.text(0)), Qt::ISODateWithMs);
    });
}

bool ProjectFile::save(const ProjectData &data, ProjectError *error) const
{
    const auto saved = guardedStorageCall(m_path, error, [&] {
        requireValidForSaving(data.fabric);
        if (!QFileInfo::exists(m_path)) {
            ProjectImage::writeAtomically(m_path, ProjectImage::build(data.fabric, &data, data.metadata));
            return true;
        }
        SqliteDatabase db = ProjectImage::openForWriting(m_path);
        writeCurrent(db, data);
        db.exec("COMMIT");
        return true;
    });
    return saved.has_value();
}

bool ProjectFile::replace(const ProjectData &data, ProjectError *error) const
{
    const auto written = guardedStorageCall(m_path, error, [&] {
        requireValidForSaving(data.fabric);
        ProjectImage::writeAtomically(m_path, ProjectImage::build(data.fabric, &data, data.metadata));
        return true;
    });
    return written.has_value();
}

std::optional<std::int64_t> ProjectFile::addVersion(const ProjectData &snapshot, const QString &author,
                                                    const QString &message, ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        requireValidForSaving(snapshot.fabric);
        // Compress before taking the write lock.
        const QByteArray fabric = ProjectSnapshot::encodeFabric(snapshot.fabric);
        const QByteArray state = ProjectSnapshot::encodeState(snapshot);
        const std::string authorText = author.toStdString();
        const std::string messageText = message.toStdString();
        const std::string time = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();

        SqliteDatabase db = ProjectImage::openForWriting(m_path);
        SqliteStatement insert(db,
                               "INSERT INTO versions(author, created_utc, message, hosts, switches, links, "
                               "fabric, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        insert.bind(1, authorText);
        insert.bind(2, time);
        insert.bind(3, messageText);
        insert.bind(4, snapshot.fabric.hostCount());
        insert.bind(5, snapshot.fabric.switchCount());
        insert.bind(6, snapshot.fabric.linkCount());
        insert.bindBlob(7, fabric);
        insert.bindBlob(8, state);
        insert.run();
        const std::int64_t id = sqlite3_last_insert_rowid(db.handle());
        db.exec("COMMIT");
        return id;
    });
}

std::optional<std::vector<ProjectVersion>> ProjectFile::versions(ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForReading(m_path);
        SqliteStatement select(db,
                               "SELECT id, author, created_utc, message, hosts, switches, links FROM versions "
                               "ORDER BY id");
        std::vector<ProjectVersion> list;
        while (select.next()) {
            ProjectVersion version;
            version.id = select.integer(0);
            version.author = QString::fromStdString(select.text(1));
            version.timeUtc = QDateTime::fromString(QString::fromStdString(select.text(2)), Qt::ISODateWithMs);
            version.message = QString::fromStdString(select.text(3));
            version.hosts = int(select.integer(4));
            version.switches = int(select.integer(5));
            version.links = int(select.integer(6));
            list.push_back(std::move(version));
        }
        return list;
    });
}

std::optional<ProjectData> ProjectFile::readVersion(std::int64_t id, ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForReading(m_path);
        return readSnapshot(db, id);
    });
}

std::optional<ProjectData> ProjectFile::restoreVersion(std::int64_t id, ProjectError *error) const
{
    return guardedStorageCall(m_path, error, [&] {
        SqliteDatabase db = ProjectImage::openForWriting(m_path);
        ProjectData data = readSnapshot(db, id);
        writeCurrent(db, data);
        db.exec("COMMIT");
        return data;
    });
}

std::optional<ProjectData> ProjectFile::fromImage(const QByteArray &image, const QString &fileName, ProjectError *error)
{
    return guardedStorageCall(fileName, error, [&] {
        SqliteDatabase db = ProjectImage::openImageForReading(image);
        return readCurrent(db);
    });
}

std::optional<QByteArray> ProjectFile::toImage(const ProjectData &data, ProjectError *error)
{
    return guardedStorageCall(QString(), error, [&] {
        requireValidForSaving(data.fabric);
        return ProjectImage::build(data.fabric, &data, data.metadata);
    });
}

std::optional<QByteArray> ProjectFile::toImage(const Fabric &fabric, ProjectError *error)
{
    return guardedStorageCall(QString(), error, [&] {
        requireValidForSaving(fabric);
        return ProjectImage::build(fabric, nullptr, {});
    });
}

} // namespace Railyard
