#include "core/jobs/jobentry.h"

namespace Railyard {

QString JobEntry::displayName() const
{
    if (!name.empty())
        return QString::fromStdString(name);
    if (spec && !spec->description.empty())
        return QString::fromStdString(spec->description);
    return QStringLiteral("job");
}

JobEntry JobEntry::fromText(std::string name, std::string text)
{
    JobEntry entry;
    entry.name = std::move(name);
    entry.text = std::move(text);
    const JobSpecResult read = parseJobSpec(entry.text, QString::fromStdString(entry.name));
    if (read.ok())
        entry.spec = *read.job;
    else
        entry.error = read.errorText();
    return entry;
}

JobEntry JobEntry::fromSpec(std::string name, const JobSpec &spec)
{
    JobEntry entry;
    entry.name = std::move(name);
    entry.text = writeJobSpec(spec);
    entry.spec = spec;
    return entry;
}

} // namespace Railyard
