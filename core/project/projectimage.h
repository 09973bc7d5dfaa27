#pragma once

// Internal to core/project: whole project files built in memory and written
// atomically, and opening a project for reading without touching the file.

#include "core/project/projectdata.h"
#include "core/common/sqlitedatabase.h"

#include <QByteArray>
#include <QString>

#include <map>
#include <string>

namespace Railyard {

/// Builds, writes and opens whole project images. Every function throws
/// StorageException; ProjectFile turns it into a ProjectError.
class ProjectImage
{
public:
    /// Whether opening runs PRAGMA quick_check (O(file size)). Skip it only
    /// for frequent small reads and appends to a file already checked by an
    /// earlier open of the same operation (a recording's batches).
    enum class Integrity { Check, Skip };

    /// The bytes of a new project (current schema, no versions) holding
    /// fabric, the pins/failures/jobs of `state` (none when null) and
    /// metadata. Built in an in-memory database and serialized.
    static QByteArray build(const Fabric &fabric, const ProjectData *state,
                            const std::map<std::string, std::string> &metadata);

    /// Replaces the file at path with bytes atomically (QSaveFile: a
    /// temporary file, fsync, rename). A journal or WAL left next to the old
    /// file by an interrupted save is settled first, so it can never be
    /// played back onto the new file.
    static void writeAtomically(const QString &path, const QByteArray &bytes);

    /// True when bytes start with SQLite's 16-byte file header.
    static bool hasSqliteHeader(const QByteArray &bytes);
    /// Throws NotSqlite unless the file starts with SQLite's header; Io when
    /// it cannot be read.
    static void requireSqliteFile(const QString &path);

    /// Opens a project for reading: read-only, identity and integrity
    /// checked, and — for an older schema — migrated in an in-memory copy,
    /// so the file is never written. The one exception is a hot journal left
    /// by an interrupted save: SQLite cannot read the file without rolling
    /// it back, so that is done (restoring the last committed bytes) first.
    static SqliteDatabase openForReading(const QString &path, Integrity integrity = Integrity::Check);
    /// The same for an image in memory (e.g. a QIODevice's bytes).
    static SqliteDatabase openImageForReading(const QByteArray &image);

    /// Opens an existing project read-write and starts an IMMEDIATE
    /// transaction (other writers wait, readers go on); an older schema is
    /// migrated inside it, so the migration commits with the caller's change
    /// or not at all. The caller commits ("COMMIT"); closing without it rolls back.
    static SqliteDatabase openForWriting(const QString &path, Integrity integrity = Integrity::Check);
};

} // namespace Railyard
