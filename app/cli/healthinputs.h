#pragma once

// What `health` and `simulate` both read from their command line: the
// fabric, the --inject faults on it and the --job files placed on it.

#include "core/health/healthfault.h"
#include "core/health/runningjobs.h"
#include "core/model/fabric.h"

#include <QStringList>

#include <optional>
#include <vector>

namespace Railyard::Cli {

class CommandLine;

struct HealthInputs
{
    Fabric fabric;
    std::vector<HealthFault> faults;
    std::vector<RunningJob> jobs;
};

/// Reads the fabric (--from), parses every --inject on it (a bad one is a
/// usage error) and places the job files. std::nullopt after printing the
/// error of an unreadable fabric or job file.
std::optional<HealthInputs> loadHealthInputs(CommandLine &cl, const QString &fabricFile, const QStringList &jobFiles);

} // namespace Railyard::Cli
