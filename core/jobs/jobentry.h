#pragma once

// A training job as a project and its document hold it: the name it is
// listed under, the text of its `*.job.json` kept byte for byte, and what
// reading that text gave. A job whose text does not parse is kept (its text
// and the reason), never dropped: saving the project writes it back as it
// was, and the Problems dock names it.

#include "core/jobs/jobspec.h"

#include <QString>

#include <optional>
#include <string>

namespace Railyard {

struct JobEntry
{
    std::string name;            ///< unique within the project
    std::string text;            ///< the *.job.json text as stored
    std::optional<JobSpec> spec; ///< read from text; empty when it does not parse
    QString error;               ///< why text could not be read; empty when spec holds

    bool ok() const { return spec.has_value(); }
    /// The job's name for lists: its name, else its description, else "job".
    QString displayName() const;

    /// Reads `text` (errors name the job by `name`).
    static JobEntry fromText(std::string name, std::string text);
    /// A job made or edited in Railyard: its text is written from `spec`.
    static JobEntry fromSpec(std::string name, const JobSpec &spec);

    bool operator==(const JobEntry &other) const { return name == other.name && text == other.text; }
};

} // namespace Railyard
