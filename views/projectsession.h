#pragma once

// The `.railyard` side of a window: reads and saves projects (fabric, pinned
// positions, what-if, the training jobs — all project state the document
// holds), adds named versions, and keeps a
// recovery copy of unsaved work. MainWindow owns one and calls it from its
// File actions; the logic and the file live in core/project.
//
// Autosave: while the document has changes that are not in the recovery copy,
// a timer (every autosaveSeconds(), default 60, setting "autosave/seconds")
// copies the document's state on the UI thread and writes the recovery file on
// a worker thread. A save to the document's own file, or a close that the user
// confirmed (saved or discarded), removes the copy; declining a restore keeps
// it until then.

#include "core/project/projectdata.h"
#include "core/project/recoverystore.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

namespace Railyard {

class FabricDocument;

class ProjectSession : public QObject
{
    Q_OBJECT
public:
    /// recoveryFolder: where recovery copies go (default: the app's local
    /// data folder + "/recovery").
    explicit ProjectSession(QObject *parent = nullptr, QString recoveryFolder = QString());
    ~ProjectSession() override;

    static bool isProjectPath(const QString &path);
    /// The project metadata key of the failure study kept with the design
    /// (FabricDocument::failureStudy, docs/project-format.md).
    static constexpr const char *failureStudyKey = "resilience.study";

    /// Follows a document (nullptr to stop): a new recovery key, timer reset.
    void setDocument(FabricDocument *document);

    /// The document's state as a project holds it (copies the fabric).
    ProjectData snapshot() const;
    /// Applies what a project holds besides the fabric to the current
    /// document: pins, what-if and every job (one that does not parse is
    /// kept with its reason, and saved back byte for byte).
    void applyState(const ProjectData &data);

    /// Saves the current state to a `.railyard` path (keeps its versions;
    /// creates it when absent). False with *error on failure.
    bool saveProject(const QString &path, QString *error);
    /// Adds a version of the saved state (call after saveProject).
    bool addVersion(const QString &message, QString *error);
    /// The name the versions are signed with: setting "user/name", else $USER.
    static QString authorName();

    RecoveryStore &recovery() { return m_recovery; }
    /// The recovery key of the current document.
    QString recoveryKey() const { return m_key; }
    /// Continues a restored document under the key of its recovery copy, so
    /// the copy is replaced by the next autosave and removed by a save.
    void adoptRecoveryKey(const QString &key) { m_key = key; }
    /// Writes the recovery copy now, synchronously (tests, before a risky action).
    bool writeRecoveryNow(QString *error = nullptr);
    /// Drops the current document's recovery copy (after a save or a confirmed close).
    void discardRecovery();

    static int autosaveSeconds();
    static void setAutosaveSeconds(int seconds);
    /// Restarts the timer with the current setting.
    void applyAutosaveSetting();

signals:
    void recoveryWritten(const QString &path);
    void recoveryFailed(const QString &message);

private:
    void onTimer();

    FabricDocument *m_document = nullptr;
    RecoveryStore m_recovery;
    QString m_key;
    QTimer m_timer;
    /// Undo-stack index the recovery copy holds (-1: none written).
    int m_recoveredIndex = -1;
    QFutureWatcher<QString> m_writer;
};

} // namespace Railyard
