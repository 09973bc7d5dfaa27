#include "views/projectsession.h"
#include "views/appsettings.h"

#include "core/document/fabricdocument.h"
#include "core/jobs/jobspec.h"
#include "core/project/projectfile.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QUuid>
#include <QtConcurrent>

namespace Railyard {

namespace {

QString defaultRecoveryFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/recovery");
}

} // namespace

ProjectSession::ProjectSession(QObject *parent, QString recoveryFolder)
    : QObject(parent)
    , m_recovery(recoveryFolder.isEmpty() ? defaultRecoveryFolder() : std::move(recoveryFolder))
{
    connect(&m_timer, &QTimer::timeout, this, &ProjectSession::onTimer);
    connect(&m_writer, &QFutureWatcher<QString>::finished, this, [this] {
        const QString message = m_writer.result();
        if (message.isEmpty())
            emit recoveryWritten(m_recovery.recoveryPathFor(m_key));
        else
            emit recoveryFailed(message);
    });
    applyAutosaveSetting();
}

ProjectSession::~ProjectSession()
{
    m_writer.waitForFinished();
}

bool ProjectSession::isProjectPath(const QString &path)
{
    return path.endsWith(QStringLiteral(".railyard"), Qt::CaseInsensitive);
}

void ProjectSession::setDocument(FabricDocument *document)
{
    m_writer.waitForFinished();
    m_document = document;
    m_recoveredIndex = -1;
    if (!document) {
        m_key.clear();
        return;
    }
    m_key = document->filePath().isEmpty()
        ? QString::fromLatin1(RecoveryStore::untitledPrefix) + QUuid::createUuid().toString(QUuid::WithoutBraces)
        : QFileInfo(document->filePath()).absoluteFilePath();
    applyAutosaveSetting();
}

ProjectData ProjectSession::snapshot() const
{
    ProjectData data;
    if (!m_document)
        return data;
    data.fabric = m_document->fabric();
    for (const auto &[id, pos] : m_document->pinnedPositions())
        data.pins.emplace(id, PinnedPosition{pos.x(), pos.y()});
    data.failedIds = m_document->failedIds();
    for (const JobEntry &job : m_document->jobs())
        data.jobs.push_back({job.name, job.text});
    if (!m_document->failureStudy().empty())
        data.metadata[failureStudyKey] = m_document->failureStudy();
    return data;
}

void ProjectSession::applyState(const ProjectData &data)
{
    if (!m_document)
        return;
    std::unordered_map<std::string, QPointF> pins;
    for (const auto &[id, pos] : data.pins)
        pins.emplace(id, QPointF(pos.x, pos.y));
    m_document->loadState(std::move(pins), data.failedIds);
    std::vector<JobEntry> jobs;
    jobs.reserve(data.jobs.size());
    for (const ProjectJob &job : data.jobs)
        jobs.push_back(JobEntry::fromText(job.name, job.json));
    m_document->loadJobs(std::move(jobs));
    const auto study = data.metadata.find(failureStudyKey);
    m_document->loadFailureStudy(study == data.metadata.end() ? std::string() : study->second);
}

bool ProjectSession::saveProject(const QString &path, QString *error)
{
    if (!m_document)
        return false;
    ProjectError e;
    if (!ProjectFile(path).save(snapshot(), &e)) {
        if (error)
            *error = e.toString();
        return false;
    }
    // The saved file now holds the work: the recovery copy of the old key
    // (an untitled document, or another path after Save As) is not needed.
    discardRecovery();
    m_key = QFileInfo(path).absoluteFilePath();
    return true;
}

bool ProjectSession::addVersion(const QString &message, QString *error)
{
    if (!m_document || !isProjectPath(m_document->filePath()))
        return false;
    ProjectError e;
    if (!ProjectFile(m_document->filePath()).addVersion(snapshot(), authorName(), message, &e)) {
        if (error)
            *error = e.toString();
        return false;
    }
    return true;
}

QString ProjectSession::authorName()
{
    // Edit ▸ Preferences ▸ Identity, else the account's name: never "unknown".
    return AppSettings::identity().display();
}

bool ProjectSession::writeRecoveryNow(QString *error)
{
    if (!m_document)
        return false;
    m_writer.waitForFinished();
    ProjectError e;
    if (!m_recovery.write(m_key, snapshot(), &e)) {
        if (error)
            *error = e.toString();
        return false;
    }
    m_recoveredIndex = m_document->undoStack()->index();
    return true;
}

void ProjectSession::discardRecovery()
{
    m_writer.waitForFinished();
    if (!m_key.isEmpty())
        m_recovery.remove(m_key);
    m_recoveredIndex = -1;
}

int ProjectSession::autosaveSeconds()
{
    return std::max(5, QSettings().value(QStringLiteral("autosave/seconds"), 60).toInt());
}

void ProjectSession::setAutosaveSeconds(int seconds)
{
    QSettings().setValue(QStringLiteral("autosave/seconds"), std::max(5, seconds));
}

void ProjectSession::applyAutosaveSetting()
{
    m_timer.start(autosaveSeconds() * 1000);
}

void ProjectSession::onTimer()
{
    if (!m_document || m_writer.isRunning())
        return;
    QUndoStack *stack = m_document->undoStack();
    if (stack->isClean() || stack->index() == m_recoveredIndex)
        return;
    // Copy on the UI thread (the document keeps changing), write on a worker.
    auto data = std::make_shared<ProjectData>(snapshot());
    m_recoveredIndex = stack->index();
    const RecoveryStore store = m_recovery;
    const QString key = m_key;
    m_writer.setFuture(QtConcurrent::run([store, key, data]() -> QString {
        ProjectError e;
        return store.write(key, *data, &e) ? QString() : e.toString();
    }));
}

} // namespace Railyard
