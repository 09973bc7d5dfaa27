// FabricDocument: the project's training jobs (the rest of the document is
// in fabricdocument.cpp and fabricdocumentedits.cpp).

#include "core/document/commands.h"
#include "core/document/fabricdocument.h"

#include <set>

namespace Railyard {

const JobSpec *FabricDocument::currentJobSpec() const
{
    if (m_currentJob < 0 || m_currentJob >= int(m_jobs.size()))
        return nullptr;
    const JobEntry &job = m_jobs[size_t(m_currentJob)];
    return job.spec ? &*job.spec : nullptr;
}

std::vector<JobSpec> FabricDocument::readableJobs() const
{
    std::vector<JobSpec> out;
    for (const JobEntry &job : m_jobs)
        if (job.spec)
            out.push_back(*job.spec);
    return out;
}

void FabricDocument::setCurrentJob(int index)
{
    const int clamped = m_jobs.empty() ? -1 : std::clamp(index, 0, int(m_jobs.size()) - 1);
    if (clamped == m_currentJob)
        return;
    m_currentJob = clamped;
    emit currentJobChanged();
}

int FabricDocument::addJob(JobEntry job)
{
    // Names are unique within a project: "llama", "llama-2", ...
    std::set<std::string> taken;
    for (const JobEntry &j : m_jobs)
        taken.insert(j.name);
    if (job.name.empty())
        job.name = job.spec && !job.spec->name.empty() ? job.spec->name : std::string("job");
    const std::string base = job.name;
    for (int n = 2; taken.count(job.name); ++n)
        job.name = base + "-" + std::to_string(n);
    const int index = int(m_jobs.size());
    m_undoStack.push(new AddRemoveJobCommand(this, index, std::move(job), true));
    setCurrentJob(index);
    return index;
}

bool FabricDocument::removeJob(int index)
{
    if (index < 0 || index >= int(m_jobs.size()))
        return false;
    m_undoStack.push(new AddRemoveJobCommand(this, index, m_jobs[size_t(index)], false));
    return true;
}

bool FabricDocument::replaceJob(int index, const JobSpec &spec)
{
    if (index < 0 || index >= int(m_jobs.size()))
        return false;
    JobEntry edited = JobEntry::fromSpec(m_jobs[size_t(index)].name, spec);
    if (edited.text == m_jobs[size_t(index)].text)
        return false;
    m_undoStack.push(new ReplaceJobCommand(this, index, std::move(edited)));
    return true;
}

void FabricDocument::setFailureStudy(std::string json)
{
    if (json == m_failureStudy)
        return;
    const QString text = json.empty() ? tr("Drop failure study") : tr("Keep failure study");
    m_undoStack.push(new SetFailureStudyCommand(this, std::move(json), text));
}

void FabricDocument::loadFailureStudy(std::string json)
{
    m_failureStudy = std::move(json);
    emit failureStudyChanged();
}

SetFailureStudyCommand::SetFailureStudyCommand(FabricDocument *document, std::string json, const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_json(std::move(json))
{
}

void SetFailureStudyCommand::swap()
{
    std::swap(m_document->m_failureStudy, m_json);
    emit m_document->failureStudyChanged();
}

void FabricDocument::loadJobs(std::vector<JobEntry> jobs)
{
    m_jobs = std::move(jobs);
    m_currentJob = -1;
    // The first job that parsed is shown; else the first one (its error shows).
    for (size_t i = 0; i < m_jobs.size() && m_currentJob < 0; ++i)
        if (m_jobs[i].ok())
            m_currentJob = int(i);
    if (m_currentJob < 0 && !m_jobs.empty())
        m_currentJob = 0;
    emit jobsChanged();
    emit currentJobChanged();
}

void FabricDocument::performInsertJob(int index, const JobEntry &job)
{
    m_jobs.insert(m_jobs.begin() + index, job);
    if (m_currentJob >= index)
        ++m_currentJob;
    if (m_currentJob < 0)
        m_currentJob = index;
    emit jobsChanged();
    emit currentJobChanged();
}

void FabricDocument::performRemoveJob(int index)
{
    m_jobs.erase(m_jobs.begin() + index);
    if (m_currentJob > index || m_currentJob >= int(m_jobs.size()))
        --m_currentJob;
    emit jobsChanged();
    emit currentJobChanged();
}

void FabricDocument::performSwapJob(int index, JobEntry &job)
{
    std::swap(m_jobs[size_t(index)], job);
    emit jobsChanged();
    if (index == m_currentJob)
        emit currentJobChanged();
}

} // namespace Railyard
