#pragma once

// A `.railyard` project: one SQLite database holding the current fabric in
// tables, the pinned positions, the what-if failures, training jobs,
// metadata and named versions (docs/project-format.md).

#include "core/project/projectdata.h"
#include "core/project/projecterror.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace Railyard {

/// The project file at one path. Each call opens the database, does its
/// work and closes it again, so nothing stays locked between calls and the
/// file can be copied while the GUI has it "open". Calls are independent
/// and may run on any thread (one call per object at a time).
///
/// Reading never changes the file: it is opened read-only and an older
/// schema is migrated in an in-memory copy. (After a crash in the middle of
/// a save, SQLite must first roll back the journal the save left behind;
/// that restores the last committed bytes and is the only write a read
/// does.) Every write is one transaction in the rollback journal: a kill or
/// power loss at any moment leaves the previous content or the new one,
/// never a mix. Writes to an older schema migrate the file in the same
/// transaction.
///
/// Failures return std::nullopt / false and fill *error (optional) with a
/// message naming the file. Times: the 131,072-GPU project saves and opens
/// in well under 2 s each (docs/performance.md).
class ProjectFile
{
public:
    /// The file name extension, without a dot.
    static constexpr const char *extension = "railyard";

    explicit ProjectFile(QString path);
    const QString &path() const { return m_path; }

    /// Reads the current state: fabric (validated), pins, failures, jobs,
    /// metadata.
    std::optional<ProjectData> read(ProjectError *error = nullptr) const;
    /// Reads only the metadata (cheap: for listings and recovery files).
    std::optional<std::map<std::string, std::string>> readMetadata(ProjectError *error = nullptr) const;
    /// When the current state was last saved (save, replace, restoreVersion);
    /// an invalid QDateTime for a file from before schema 4. Unlike the
    /// file's modification time it does not move when recordings, incidents,
    /// intents or versions are added.
    std::optional<QDateTime> savedUtc(ProjectError *error = nullptr) const;

    /// Saves data as the current state in one transaction, replacing the
    /// fabric tables, pins, failures, jobs and metadata and keeping the
    /// versions. Creates the project (atomically) when no file exists.
    /// Refuses a file that is not a Railyard project, a damaged one or one
    /// from a newer Railyard (use replace() for a confirmed Save As over a
    /// foreign file), and a fabric that does not validate.
    bool save(const ProjectData &data, ProjectError *error = nullptr) const;
    /// Writes a new project holding data and no versions over whatever is at
    /// the path, atomically (temporary file + rename). For Save As to a new
    /// name, keep the versions by copying the old project file there first
    /// and calling save() instead.
    bool replace(const ProjectData &data, ProjectError *error = nullptr) const;

    /// Adds a named version: a snapshot of `snapshot` (fabric, pins,
    /// failures, jobs, metadata), the author, the current UTC time and a
    /// message, in one transaction. The current state is not changed (save
    /// first to make the snapshot current too). Returns the version's id.
    std::optional<std::int64_t> addVersion(const ProjectData &snapshot, const QString &author, const QString &message,
                                           ProjectError *error = nullptr) const;
    /// All versions, oldest first (no snapshots are decoded).
    std::optional<std::vector<ProjectVersion>> versions(ProjectError *error = nullptr) const;
    /// The snapshot of one version.
    std::optional<ProjectData> readVersion(std::int64_t id, ProjectError *error = nullptr) const;
    /// Makes a version's snapshot the current state (read it and save it, in
    /// one transaction; the versions are kept) and returns it.
    std::optional<ProjectData> restoreVersion(std::int64_t id, ProjectError *error = nullptr) const;

    /// Reads a project from the bytes of a file (e.g. a QIODevice that is not
    /// a file); fileName is used in error messages only.
    static std::optional<ProjectData> fromImage(const QByteArray &image, const QString &fileName,
                                                ProjectError *error = nullptr);
    /// The bytes of a new project holding data and no versions.
    static std::optional<QByteArray> toImage(const ProjectData &data, ProjectError *error = nullptr);
    /// The bytes of a new project holding only a fabric (no copy of it is made).
    static std::optional<QByteArray> toImage(const Fabric &fabric, ProjectError *error = nullptr);

private:
    QString m_path;
};

} // namespace Railyard
