#pragma once

// Crash-recovery copies of unsaved work: one project file per document in a
// recovery folder, written by autosave and offered again on the next start.

#include "core/project/projectdata.h"
#include "core/project/projecterror.h"

#include <QDateTime>
#include <QString>

#include <optional>
#include <vector>

namespace Railyard {

/// A recovery copy found in the folder.
struct RecoveryEntry
{
    QString recoveryPath; ///< the recovery file (a `.railyard` project)
    QString key;          ///< the key it was written under (see RecoveryStore)
    QString projectPath;  ///< the project it belongs to; empty for an untitled document
    QDateTime writtenUtc; ///< when the copy was written, UTC, milliseconds
};

/// The recovery folder. A document's key is its project's path (made
/// absolute), or — for a document never saved — any string starting with
/// "untitled:" (e.g. "untitled:" + a QUuid). Each key has one recovery file,
/// `<folder>/<name>-<hash>.railyard`, a complete project (written with the
/// same code as ProjectFile, without versions) that also stores the key, the
/// project path and the time in its metadata ("recovery.*").
///
/// Autosave: the GUI copies the document's ProjectData (fabric included) on
/// the UI thread when its QTimer fires after N seconds of unsaved changes,
/// and calls write() with that copy on a worker thread; write() only reads
/// its argument, and replaces the recovery file atomically, so a crash
/// during autosave leaves the previous copy. A clean save or close calls
/// remove(). On start, pending() lists the copies to offer; declining keeps
/// a copy until remove().
class RecoveryStore
{
public:
    /// Key prefix of documents that have no project file yet.
    static constexpr const char *untitledPrefix = "untitled:";

    /// folder: e.g. QStandardPaths::AppLocalDataLocation + "/recovery";
    /// created on the first write.
    explicit RecoveryStore(QString folder);
    const QString &folder() const { return m_folder; }

    /// The recovery file used for a key.
    QString recoveryPathFor(const QString &key) const;

    /// Writes (replaces) the recovery copy of a document. Thread-safe for
    /// different keys. The 131K-GPU fabric takes about a second.
    bool write(const QString &key, const ProjectData &data, ProjectError *error = nullptr) const;

    /// The recovery copy of a key if there is one worth offering: written
    /// after the project file was last modified (or the project is untitled
    /// or gone).
    std::optional<RecoveryEntry> find(const QString &key) const;
    /// Every copy worth offering, oldest first. Unreadable files are skipped.
    std::vector<RecoveryEntry> pending() const;

    /// Reads a recovery copy as a project (its "recovery.*" metadata removed).
    std::optional<ProjectData> read(const RecoveryEntry &entry, ProjectError *error = nullptr) const;
    /// Removes the recovery copy of a key; true when none is left.
    bool remove(const QString &key) const;

private:
    std::optional<RecoveryEntry> entryOf(const QString &recoveryPath) const;

    QString m_folder;
};

} // namespace Railyard
