#pragma once
// A failure study as Slurm work (docs/resilience.md, "On a cluster"): one
// bash script that, run outside Slurm (`bash study.sbatch`) or submitted
// (`sbatch study.sbatch`), submits itself as a job array of shards and then
// a merge job that waits for all of them (--dependency=afterok). Inside an
// array task it runs its shard; in the merge job it merges the parts.
#include <string>
#include <vector>

namespace Railyard {

struct SlurmScriptOptions
{
    std::string cli;                    ///< absolute path of railyard-cli on the cluster
    std::string script;                 ///< absolute path the script is written to
    std::vector<std::string> studyArgs; ///< `resilience` arguments without shard, output and Slurm options
    int shards = 8;
    std::string partition;              ///< empty: the cluster's default
    std::string timeLimit = "01:00:00";
    int cpusPerTask = 1;
    std::string workDir;                ///< absolute: parts and logs
    std::string result;                 ///< absolute: the merged report
    std::string jobName = "railyard-resilience";
};

/// Single-quotes `text` for bash.
std::string shellQuote(const std::string &text);

/// The script. Throws ResilienceError for fewer than one shard, a relative
/// path or a partition or time limit with characters Slurm does not accept.
std::string slurmScript(const SlurmScriptOptions &options);

} // namespace Railyard
