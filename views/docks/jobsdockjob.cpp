// JobsDock: opening, editing and saving the job (the rest is in jobsdock.cpp).

#include "views/dialogs/jobeditdialog.h"
#include "views/docks/jobsdock.h"
#include "views/docks/jobsdock_p.h"

#include "core/common/inputfile.h"

namespace Railyard {

using namespace JobsDockDetail;

bool JobsDock::openJob(const QString &path)
{
    if (!d->document) {
        d->setError(tr("Open a fabric first: a job is placed on a fabric and kept in its project."));
        return false;
    }
    QString error;
    const std::optional<QByteArray> bytes = readInputFile(path, &error);
    if (!bytes) {
        d->setError(tr("%1: %2").arg(path, error));
        return false;
    }
    const JobSpecResult result = parseJobSpec(std::string_view(bytes->constData(), size_t(bytes->size())), path);
    if (!result.ok()) {
        QString text = result.errorText();
        if (!text.contains(path) && !text.contains(QFileInfo(path).fileName()))
            text = tr("%1: %2").arg(path, text);
        d->setError(text);
        return false;
    }
    // The project keeps the file's text as it was, byte for byte.
    QString name = QFileInfo(path).fileName();
    name.chop(name.endsWith(QLatin1String(".job.json")) ? 9 : name.endsWith(QLatin1String(".json")) ? 5 : 0);
    d->jobPath = path;
    d->document->addJob(JobEntry::fromText(name.toStdString(), bytes->toStdString()));
    d->setError({});
    return true;
}

void JobsDock::setJob(const JobSpec &job, const QString &path)
{
    if (!d->document) {
        d->setError(tr("Open a fabric first: a job is placed on a fabric and kept in its project."));
        return;
    }
    d->setError({});
    if (!path.isEmpty())
        d->jobPath = path;
    const int current = d->document->currentJob();
    if (current >= 0 && d->document->jobs()[size_t(current)].ok())
        d->document->replaceJob(current, job);
    else
        d->document->addJob(JobEntry::fromSpec(job.name, job));
    d->jobEdited = false;
    d->refreshSummary();
}

bool JobsDock::editJob()
{
    const JobSpec *current = d->job();
    JobSpec start;
    if (current) {
        start = *current;
    } else { // a dense 8B model on one host as a starting point
        start.name = "new-job";
        start.model = {8.0e9, 32, 4096, 8192, 128256, "bf16", 2, 0, 0, 0, 0};
        start.parallel = {8, 1, 1, 1, 1, 1};
        start.globalBatch = 8;
    }
    JobEditDialog dialog(start, this);
    if (dialog.exec() != QDialog::Accepted || !d->document)
        return false;
    if (current && writeJobSpec(dialog.job()) == writeJobSpec(*current))
        return false; // accepted without a change: keep the results
    // One undo step in the document: a new job, or the current one edited.
    if (current)
        d->document->replaceJob(d->document->currentJob(), dialog.job());
    else
        d->document->addJob(JobEntry::fromSpec(dialog.job().name, dialog.job()));
    d->jobEdited = true;
    d->refreshSummary();
    return true;
}

bool JobsDock::saveJob(const QString &path)
{
    const JobEntry *entry = d->entry();
    if (!entry || !entry->ok())
        return false;
    QSaveFile file(path);
    const QByteArray text = QByteArray::fromStdString(entry->text);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size() || !file.commit()) {
        d->setError(tr("%1: cannot write: %2").arg(path, file.errorString()));
        return false;
    }
    d->setError({});
    d->jobPath = path;
    d->jobEdited = false;
    d->refreshSummary();
    return true;
}

const JobSpec *JobsDock::job() const
{
    return d->job();
}

} // namespace Railyard
