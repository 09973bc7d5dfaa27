#include "core/resilience/slurmscript.h"

#include "core/resilience/resilience.h"

#include <algorithm>

namespace Railyard {

std::string shellQuote(const std::string &text)
{
    std::string out = "'";
    for (char c : text) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

namespace {

bool plainValue(const std::string &text)
{
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == ':' || c == '.' || c == ',';
    });
}

void requireAbsolute(const std::string &path, const char *what)
{
    if (path.empty() || path.front() != '/')
        throw ResilienceError(std::string(what) + ": needs an absolute path");
    if (path.find('\n') != std::string::npos)
        throw ResilienceError(std::string(what) + ": a path with a line break");
}

} // namespace

std::string slurmScript(const SlurmScriptOptions &o)
{
    if (o.shards < 1)
        throw ResilienceError("--slurm-shards: at least 1 shard");
    if (o.cpusPerTask < 1)
        throw ResilienceError("--threads: at least 1 CPU per task");
    requireAbsolute(o.cli, "the railyard-cli program");
    requireAbsolute(o.script, "--slurm-script");
    requireAbsolute(o.workDir, "--slurm-dir");
    requireAbsolute(o.result, "--result");
    if (!o.partition.empty() && !plainValue(o.partition))
        throw ResilienceError("--partition: letters, digits, '-', '_' and ',' only");
    if (!plainValue(o.timeLimit))
        throw ResilienceError("--time-limit: a Slurm time such as 01:00:00 or 2-00:00:00");
    if (!plainValue(o.jobName))
        throw ResilienceError("the job name: letters, digits, '-' and '_' only");
    std::string args;
    for (const std::string &a : o.studyArgs) {
        if (a.find('\n') != std::string::npos)
            throw ResilienceError("a study argument with a line break");
        args += " " + shellQuote(a);
    }
    std::string s;
    s += "#!/bin/bash\n";
    s += "# A Railyard failure study on Slurm: " + std::to_string(o.shards)
        + " shards as a job array, then one job that merges them.\n";
    s += "# Submit with:  bash " + o.script + "   (or sbatch it)\n";
    s += "# Written by railyard-cli resilience --slurm-script; see docs/resilience.md.\n";
    s += "#SBATCH --job-name=" + o.jobName + "\n";
    if (!o.partition.empty())
        s += "#SBATCH --partition=" + o.partition + "\n";
    s += "#SBATCH --time=" + o.timeLimit + "\n";
    s += "#SBATCH --ntasks=1\n";
    s += "#SBATCH --cpus-per-task=" + std::to_string(o.cpusPerTask) + "\n";
    s += "#SBATCH --output=" + o.workDir + "/slurm-%A_%a.out\n";
    s += "set -euo pipefail\n";
    s += "RAILYARD_CLI=" + shellQuote(o.cli) + "\n";
    s += "SCRIPT=" + shellQuote(o.script) + "\n";
    s += "WORKDIR=" + shellQuote(o.workDir) + "\n";
    s += "RESULT=" + shellQuote(o.result) + "\n";
    s += "SHARDS=" + std::to_string(o.shards) + "\n";
    s += "if [[ -n \"${SLURM_ARRAY_TASK_ID:-}\" ]]; then\n";
    s += "    exec \"$RAILYARD_CLI\" resilience" + args
        + " --shard \"${SLURM_ARRAY_TASK_ID}/${SHARDS}\" --threads \"${SLURM_CPUS_PER_TASK:-1}\""
          " --json -o \"$WORKDIR/part-${SLURM_ARRAY_TASK_ID}.json\"\n";
    s += "elif [[ \"${RAILYARD_STAGE:-}\" == merge ]]; then\n";
    s += "    parts=()\n";
    s += "    for ((i = 0; i < SHARDS; i++)); do parts+=(\"$WORKDIR/part-$i.json\"); done\n";
    s += "    exec \"$RAILYARD_CLI\" resilience merge \"${parts[@]}\" -o \"$RESULT\"\n";
    s += "else\n";
    s += "    mkdir -p \"$WORKDIR\"\n";
    s += "    array=$(sbatch --parsable --array=0-$((SHARDS - 1)) \"$SCRIPT\")\n";
    s += "    array=${array%%;*}\n";
    s += "    merge=$(sbatch --parsable --dependency=afterok:\"$array\" --export=ALL,RAILYARD_STAGE=merge"
         " --output=\"$WORKDIR/merge-%j.out\" \"$SCRIPT\")\n";
    s += "    echo \"shards: job array $array; merge: job ${merge%%;*} (after every shard succeeds) -> $RESULT\"\n";
    s += "fi\n";
    return s;
}

} // namespace Railyard
