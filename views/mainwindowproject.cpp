// MainWindow's project side: open and save `.railyard` projects, named
// versions, autosave settings and crash recovery. The work is done by
// ProjectSession and core/project; this file wires it to actions and dialogs.

#include "views/mainwindow.h"
#include "views/lastdirectory.h"

#include "core/document/fabricdocument.h"
#include "core/registry/formatregistry.h"
#include "core/project/projectfile.h"
#include "views/docks/intentsdock.h"
#include "views/docks/problemsdock.h"
#include "views/docks/versionsdock.h"
#include "views/projectsession.h"
#include "views/recentfiles.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>

namespace Railyard {

namespace {

std::unordered_map<std::string, QPointF> pinsOf(const ProjectData &data)
{
    std::unordered_map<std::string, QPointF> pins;
    for (const auto &[id, pos] : data.pins)
        pins.emplace(id, QPointF(pos.x, pos.y));
    return pins;
}

} // namespace

void MainWindow::createProjectActions(QMenu *file)
{
    m_saveVersionAction = file->addAction(tr("Save &Version…"), this, &MainWindow::saveVersionInteractive);
    m_saveVersionAction->setShortcut(QKeySequence(tr("Ctrl+Alt+S")));
    m_saveVersionAction->setStatusTip(tr("Save the project and keep this state as a named version"));
    file->addAction(tr("Autosave &Interval…"), this, &MainWindow::editAutosaveInterval);
    connect(m_session, &ProjectSession::recoveryFailed, this,
            [this](const QString &message) { statusBar()->showMessage(tr("Autosave failed: %1").arg(message), 8000); });
}

bool MainWindow::openProject(const QString &path)
{
    QApplication::setOverrideCursor(Qt::WaitCursor);
    ProjectError error;
    std::optional<ProjectData> data = ProjectFile(path).read(&error);
    QApplication::restoreOverrideCursor();
    if (!data) {
        m_problemsDock->setLoadMessages({FormatError{path, 0, 0, {}, error.message}}, {});
        m_problemsDock->show();
        m_problemsDock->raise();
        showError(tr("Cannot open %1").arg(QFileInfo(path).fileName()), error.toString());
        return false;
    }
    rememberDirectoryOf(path);
    m_recentFiles->add(path);
    setFabric(std::move(data->fabric), path);
    m_session->applyState(*data);
    m_problemsDock->setLoadMessages({}, {});
    offerRecovery(path);
    return true;
}

bool MainWindow::saveToPath(const QString &path, QString *error)
{
    if (ProjectSession::isProjectPath(path))
        return m_session->saveProject(path, error);
    if (!FormatRegistry::instance().writeFile(m_document->fabric(), path, error))
        return false;
    m_session->discardRecovery();
    return true;
}

bool MainWindow::saveVersion(const QString &message)
{
    if (!m_document)
        return false;
    QString error;
    if (!ProjectSession::isProjectPath(m_document->filePath())) {
        showError(tr("Cannot save a version"),
                  tr("Versions are kept in a Railyard project: save the design as a .railyard file first."));
        return false;
    }
    if (!save())
        return false;
    if (!m_session->addVersion(message, &error)) {
        showError(tr("Cannot save a version"), error);
        return false;
    }
    m_versionsDock->refresh();
    statusBar()->showMessage(tr("Saved a version of %1").arg(m_document->displayName()), 4000);
    return true;
}

void MainWindow::saveVersionInteractive()
{
    if (!m_document)
        return;
    if (!ProjectSession::isProjectPath(m_document->filePath())) {
        const auto answer = QMessageBox::question(
            this, tr("Save Version"),
            tr("Versions are kept in a Railyard project (.railyard). Save %1 as a project now?")
                .arg(m_document->displayName()));
        if (answer != QMessageBox::Yes || !saveAs() || !ProjectSession::isProjectPath(m_document->filePath()))
            return;
    }
    bool ok = false;
    const QString message = QInputDialog::getMultiLineText(
        this, tr("Save Version"), tr("What changed in this version (signed %1):").arg(ProjectSession::authorName()),
        QString(), &ok);
    if (ok)
        saveVersion(message.trimmed());
}

void MainWindow::openVersion(std::int64_t id)
{
    if (!m_document)
        return;
    const QString path = m_document->filePath();
    ProjectError error;
    std::optional<ProjectData> data = ProjectFile(path).readVersion(id, &error);
    if (!data) {
        showError(tr("Cannot open version %1").arg(id), error.toString());
        return;
    }
    // A separate window, so the version and the current design sit side by side.
    auto *window = new MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setInteractive(m_interactive);
    if (data->fabric.name.empty())
        data->fabric.name = QFileInfo(path).completeBaseName().toStdString();
    data->fabric.name += " @ " + tr("version %1").arg(id).toStdString();
    window->m_showsSavedVersion = true; // saved in the project: nothing to ask about on close
    window->setFabric(std::move(data->fabric));
    window->projectSession()->applyState(*data);
    window->updateTitle();
    window->show();
}

void MainWindow::restoreVersion(std::int64_t id)
{
    if (!m_document)
        return;
    ProjectError error;
    std::optional<ProjectData> data = ProjectFile(m_document->filePath()).readVersion(id, &error);
    if (!data) {
        showError(tr("Cannot restore version %1").arg(id), error.toString());
        return;
    }
    // One undo step; the document is then modified until saved.
    m_document->replaceFabric(std::move(data->fabric), pinsOf(*data), tr("Restore version %1").arg(id));
    statusBar()->showMessage(tr("Restored version %1 (Undo goes back)").arg(id), 5000);
}

void MainWindow::editAutosaveInterval()
{
    bool ok = false;
    const int seconds = QInputDialog::getInt(this, tr("Autosave"),
                                             tr("Write a recovery copy of unsaved work every (seconds):"),
                                             ProjectSession::autosaveSeconds(), 5, 3600, 5, &ok);
    if (!ok)
        return;
    ProjectSession::setAutosaveSeconds(seconds);
    m_session->applyAutosaveSetting();
}

int MainWindow::offerRecovery(const QString &path)
{
    std::vector<RecoveryEntry> entries;
    if (path.isEmpty()) {
        entries = m_session->recovery().pending();
    } else if (auto entry = m_session->recovery().find(QFileInfo(path).absoluteFilePath())) {
        entries.push_back(*entry);
    }
    int restored = 0;
    for (const RecoveryEntry &entry : entries) {
        if (!m_interactive)
            break;
        const QString what = entry.projectPath.isEmpty() ? tr("an untitled design")
                                                          : QFileInfo(entry.projectPath).fileName();
        QMessageBox box(QMessageBox::Question, tr("Recover unsaved work"),
                        tr("Railyard found unsaved changes to %1 from %2, newer than the saved file. Restore them?")
                            .arg(what, QLocale().toString(entry.writtenUtc.toLocalTime(), QLocale::ShortFormat)),
                        QMessageBox::NoButton, this);
        QPushButton *restore = box.addButton(tr("&Restore"), QMessageBox::AcceptRole);
        box.addButton(tr("&Not Now"), QMessageBox::RejectRole);
        QPushButton *discard = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
        box.setDefaultButton(restore);
        box.exec();
        if (box.clickedButton() == discard) {
            m_session->recovery().remove(entry.key);
            continue;
        }
        if (box.clickedButton() != restore)
            continue; // kept until the next clean save of that document
        ProjectError error;
        std::optional<ProjectData> data = m_session->recovery().read(entry, &error);
        if (!data) {
            showError(tr("Cannot restore"), error.toString());
            continue;
        }
        if (!entry.projectPath.isEmpty() && m_document && m_document->filePath() == entry.projectPath) {
            // Restored over the opened project: an undoable step, saved by Save.
            m_document->replaceFabric(std::move(data->fabric), pinsOf(*data), tr("Restore unsaved work"));
        } else {
            setFabric(std::move(data->fabric), entry.projectPath);
            m_session->applyState(*data);
            m_session->adoptRecoveryKey(entry.key);
            // Not saved yet: mark modified until the user saves.
            if (m_document)
                m_document->undoStack()->resetClean();
        }
        updateTitle();
        ++restored;
    }
    return restored;
}

bool MainWindow::save()
{
    if (!m_document)
        return false;
    const QString path = m_document->filePath();
    if (path.isEmpty() || !FormatRegistry::instance().forFileName(path)
        || !FormatRegistry::instance().forFileName(path)->canWrite())
        return saveAs();
    QString error;
    if (!saveToPath(path, &error)) {
        showError(tr("Cannot save"), error);
        return false;
    }
    m_document->undoStack()->setClean();
    if (!ProjectSession::isProjectPath(path) && !m_document->pinnedPositions().empty())
        statusBar()->showMessage(tr("Saved %1; pinned positions are kept only in a Railyard project (.railyard)")
                                     .arg(QFileInfo(path).fileName()),
                                 8000);
    else
        statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 3000);
    return true;
}

bool MainWindow::saveAs()
{
    if (!m_document)
        return false;
    const QString dir = lastDirectory();
    const FormatRegistry &formats = FormatRegistry::instance();
    QFileDialog dialog(this, tr("Save Fabric As"), dir + QLatin1Char('/') + m_document->displayName(),
                       formats.writeFilter());
    dialog.setObjectName(QStringLiteral("SaveAsDialog"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    // The suggested type is the file's own, or a project when only a
    // project keeps what the design has (its pinned positions).
    const FileFormat *current = formats.forFileName(m_document->filePath());
    const FileFormat *project = formats.bySlug(QStringLiteral("railyard"));
    const FileFormat *suggested = current && current->canWrite() ? current
        : !m_document->pinnedPositions().empty()                 ? project
                                                                 : formats.bySlug(QStringLiteral("fabric-json"));
    const QStringList filters = formats.writeFilter().split(QStringLiteral(";;"));
    for (const QString &filter : filters)
        if (suggested && formats.forWriteFilter(filter) == suggested)
            dialog.selectNameFilter(filter);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return false;
    // The type chosen in the dialog wins over the extension of the suggested name.
    QString path = formats.pathForSave(dialog.selectedFiles().front(), dialog.selectedNameFilter());
    const QString previous = m_document->filePath();
    // A project saved under a new name keeps its versions: start from a copy.
    if (ProjectSession::isProjectPath(previous) && ProjectSession::isProjectPath(path) && previous != path
        && !QFileInfo::exists(path))
        QFile::copy(previous, path);
    m_document->setFilePath(path);
    const bool ok = save();
    if (!ok) {
        m_document->setFilePath(previous);
        return false;
    }
    m_recentFiles->add(path);
    rememberDirectoryOf(path);
    m_versionsDock->setProjectPath(ProjectSession::isProjectPath(path) ? path : QString());
    m_intentsDock->setProjectPath(ProjectSession::isProjectPath(path) ? path : QString());
    updateTitle();
    return ok;
}

} // namespace Railyard
