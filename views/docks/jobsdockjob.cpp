// JobsDock: opening, editing and saving the job (the rest is in jobsdock.cpp).

#include "views/dialogs/jobeditdialog.h"
#include "views/docks/jobsdock.h"
#include "views/docks/jobsdock_p.h"

namespace Railyard {

using namespace JobsDockDetail;

bool JobsDock::openJob(const QString &path)
{
    const JobSpecResult result = readJobSpecFile(path);
    if (!result.ok()) {
        QString text = result.errorText();
        if (!text.contains(path) && !text.contains(QFileInfo(path).fileName()))
            text = tr("%1: %2").arg(path, text);
        d->setError(text);
        return false;
    }
    setJob(*result.job, path);
    return true;
}

void JobsDock::setJob(const JobSpec &job, const QString &path)
{
    d->setError({});
    d->job = job;
    d->jobPath = path;
    d->jobEdited = false;
    ++d->placeGeneration;
    ++d->compareGeneration; // a comparison still running is for the old job
    if (d->compareWatcher)
        d->compareWatcher->cancel();
    d->evaluation.reset();
    d->comparison.clear();
    d->compareBox->hide();
    d->setStale(false);
    d->showResults();
    d->refreshSummary();
    emit linkHeatChanged({}, QString());
}

bool JobsDock::editJob()
{
    JobSpec start;
    if (d->job) {
        start = *d->job;
    } else { // a dense 8B model on one host as a starting point
        start.name = "new-job";
        start.model = {8.0e9, 32, 4096, 8192, 128256, "bf16", 2, 0, 0, 0, 0};
        start.parallel = {8, 1, 1, 1, 1};
        start.globalBatch = 8;
    }
    JobEditDialog dialog(start, this);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    if (d->job && writeJobSpec(dialog.job()) == writeJobSpec(*d->job))
        return false; // accepted without a change: keep the results
    setJob(dialog.job(), d->jobPath);
    d->jobEdited = true;
    d->refreshSummary();
    return true;
}

bool JobsDock::saveJob(const QString &path)
{
    if (!d->job)
        return false;
    QSaveFile file(path);
    const QByteArray text = QByteArray::fromStdString(writeJobSpec(*d->job));
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
    return d->job ? &*d->job : nullptr;
}

} // namespace Railyard
