#pragma once

// Slurm's running jobs as `squeue --json` prints them (Slurm 21.08 to 24.x:
// a "jobs" array whose items carry job_id, name, user_name, job_state — a
// string, or a list of strings since 23.11 — and nodes, a hostlist
// expression). Health monitoring reads them as the jobs running on the
// fabric: each job's hosts, in Slurm's order, are where its ranks run
// (docs/health.md, "Telling Railyard the running jobs").
//
// Bounded before parsing: at most 64 MiB of text, 100,000 jobs and
// 4,194,304 node names in all; errors name the file and the job's index.

#include <QString>

#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

struct SlurmQueueJob
{
    std::string id;    ///< job_id (an array task as "1234_7" when Slurm gives one)
    std::string name;  ///< the job's name (sbatch --job-name)
    std::string user;  ///< user_name, "" when not given
    std::string nodesExpression;    ///< the hostlist as Slurm printed it (bounded to 200 characters)
    std::vector<std::string> nodes; ///< expanded, in Slurm's order
};

struct SlurmQueueRead
{
    std::vector<SlurmQueueJob> running; ///< jobs in state RUNNING, in the file's order
    int notRunning = 0;                 ///< pending, completing… (not running: not read)
    QString error;                      ///< why nothing was read: "FILE: /jobs/3/nodes: …"
    bool ok() const { return error.isEmpty(); }
};

inline constexpr size_t maxSlurmQueueBytes = size_t(64) << 20;
inline constexpr size_t maxSlurmQueueJobs = 100000;
inline constexpr size_t maxSlurmQueueNodes = 4194304;

/// Reads `squeue --json` output (`fileName` only labels errors).
SlurmQueueRead readSlurmQueue(std::string_view text, const QString &fileName);
/// Reads a file of it (errors name the path; at most maxSlurmQueueBytes).
SlurmQueueRead readSlurmQueueFile(const QString &path);

} // namespace Railyard
