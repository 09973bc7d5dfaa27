#include "core/project/recoverystore.h"

#include "core/common/storageexception.h"
#include "core/project/projectfile.h"
#include "core/project/projectimage.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace Railyard {

namespace {

constexpr char keyKey[] = "recovery.key";
constexpr char projectKey[] = "recovery.project";
constexpr char writtenKey[] = "recovery.written_utc";

bool isUntitled(const QString &key)
{
    return key.startsWith(QLatin1String(RecoveryStore::untitledPrefix));
}

/// Project paths are compared in absolute, cleaned form.
QString normalizedKey(const QString &key)
{
    return isUntitled(key) ? key : QDir::cleanPath(QFileInfo(key).absoluteFilePath());
}

/// Worth offering: newer than the project's last save, or no project file to
/// compare. The save time is the project's own record of it (schema 4): the
/// file's modification time also moves when recordings, incidents, intents
/// or versions are added, which saves nothing of the edits a recovery copy
/// holds. Files without it (older schemas, .fabric.json) use the modification time.
bool newerThanProject(const RecoveryEntry &entry)
{
    if (entry.projectPath.isEmpty())
        return true;
    const QFileInfo project(entry.projectPath);
    if (!project.exists())
        return true;
    if (entry.projectPath.endsWith(QLatin1String(".") + QLatin1String(ProjectFile::extension), Qt::CaseInsensitive)) {
        const std::optional<QDateTime> saved = ProjectFile(entry.projectPath).savedUtc();
        if (saved && saved->isValid()) // a tie (same millisecond) offers the copy: better than losing work
            return entry.writtenUtc >= *saved;
    }
    return entry.writtenUtc > project.lastModified().toUTC();
}

} // namespace

RecoveryStore::RecoveryStore(QString folder)
    : m_folder(std::move(folder))
{ }

QString RecoveryStore::recoveryPathFor(const QString &key) const
{
    const QString normalized = normalizedKey(key);
    const QByteArray hash = QCryptographicHash::hash(normalized.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    QString base = isUntitled(normalized) ? QStringLiteral("untitled") : QFileInfo(normalized).completeBaseName();
    base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]")), QStringLiteral("_"));
    return QDir(m_folder).filePath(
        QStringLiteral("%1-%2.%3").arg(base, QString::fromLatin1(hash), QLatin1String(ProjectFile::extension)));
}

bool RecoveryStore::write(const QString &key, const ProjectData &data, ProjectError *error) const
{
    const QString path = recoveryPathFor(key);
    try {
        if (!QDir().mkpath(m_folder))
            throw StorageException(ProjectError::Kind::Io, QStringLiteral("cannot create the recovery folder"));
        const QString normalized = normalizedKey(key);
        std::map<std::string, std::string> metadata = data.metadata;
        metadata[keyKey] = normalized.toStdString();
        metadata[projectKey] = isUntitled(normalized) ? std::string() : normalized.toStdString();
        metadata[writtenKey] = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
        ProjectImage::writeAtomically(path, ProjectImage::build(data.fabric, &data, metadata));
        return true;
    } catch (const StorageException &e) {
        if (error)
            *error = ProjectError{e.kind(), path, e.message()};
    } catch (const std::bad_alloc &) {
        if (error)
            *error = ProjectError{ProjectError::Kind::Io, path, QStringLiteral("out of memory")};
    }
    return false;
}

std::optional<RecoveryEntry> RecoveryStore::entryOf(const QString &recoveryPath) const
{
    const auto metadata = ProjectFile(recoveryPath).readMetadata();
    if (!metadata)
        return std::nullopt;
    const auto value = [&](const char *key) {
        const auto it = metadata->find(key);
        return it == metadata->end() ? QString() : QString::fromStdString(it->second);
    };
    RecoveryEntry entry;
    entry.recoveryPath = recoveryPath;
    entry.key = value(keyKey);
    entry.projectPath = value(projectKey);
    entry.writtenUtc = QDateTime::fromString(value(writtenKey), Qt::ISODateWithMs);
    if (entry.key.isEmpty() || !entry.writtenUtc.isValid())
        return std::nullopt; // a project that is not a recovery copy
    return entry;
}

std::optional<RecoveryEntry> RecoveryStore::find(const QString &key) const
{
    const QString path = recoveryPathFor(key);
    if (!QFileInfo::exists(path))
        return std::nullopt;
    std::optional<RecoveryEntry> entry = entryOf(path);
    if (!entry || entry->key != normalizedKey(key) || !newerThanProject(*entry))
        return std::nullopt;
    return entry;
}

std::vector<RecoveryEntry> RecoveryStore::pending() const
{
    std::vector<RecoveryEntry> entries;
    const QDir dir(m_folder);
    const QStringList names
        = dir.entryList({QStringLiteral("*.") + QLatin1String(ProjectFile::extension)}, QDir::Files, QDir::Name);
    for (const QString &name : names) {
        std::optional<RecoveryEntry> entry = entryOf(dir.filePath(name));
        if (entry && newerThanProject(*entry))
            entries.push_back(std::move(*entry));
    }
    std::sort(entries.begin(), entries.end(),
              [](const RecoveryEntry &a, const RecoveryEntry &b) { return a.writtenUtc < b.writtenUtc; });
    return entries;
}

std::optional<ProjectData> RecoveryStore::read(const RecoveryEntry &entry, ProjectError *error) const
{
    std::optional<ProjectData> data = ProjectFile(entry.recoveryPath).read(error);
    if (data) {
        for (auto it = data->metadata.begin(); it != data->metadata.end();) {
            if (it->first.rfind("recovery.", 0) == 0)
                it = data->metadata.erase(it);
            else
                ++it;
        }
    }
    return data;
}

bool RecoveryStore::remove(const QString &key) const
{
    const QString path = recoveryPathFor(key);
    return !QFileInfo::exists(path) || QFile::remove(path);
}

} // namespace Railyard
