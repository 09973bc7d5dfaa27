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
    /// Running in Slurm (--squeue) without a job file: alarms on them are "unknown".
    std::vector<UnpricedJob> unpriced;
    /// What was read from --squeue, for the report ("3 running Slurm jobs: …").
    std::vector<QString> notes;
};

/// Reads the fabric (--from), parses every --inject on it (a bad one is a
/// usage error) and places the job files. With `squeueFile` (Slurm's
/// `squeue --json` output) the running Slurm jobs are the jobs: a job file
/// whose name is a running Slurm job's is placed on that job's nodes, in
/// Slurm's order; a job file no running job is named after is left out (a
/// note says so); a running job without a job file is unpriced. std::nullopt
/// after printing the error of an unreadable fabric, job or queue file.
std::optional<HealthInputs> loadHealthInputs(CommandLine &cl, const QString &fabricFile, const QStringList &jobFiles,
                                             const QString &squeueFile = {});

} // namespace Railyard::Cli
