#!/usr/bin/env python3
"""Self-test for slurm_cluster.py: a real localhost Slurm cluster runs a
4-task job array plus a dependent merge job, submitted by a dual-mode bash
script of the same shape Railyard writes (echo/cat stand in for the program).

Exit status: 0 success, 77 skipped (a Slurm/munge binary is missing),
1 failure. RAILYARD_KEEP_SLURM=1 keeps the cluster and job directories.
"""

import os
import re
import shlex
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from slurm_cluster import SlurmCluster, SlurmError, SlurmUnavailable  # noqa: E402

TASKS = 4

SCRIPT = r"""#!/usr/bin/env bash
#SBATCH --job-name=railyard-selftest
#SBATCH --output=@JOBDIR@/logs/railyard-%A_%a.out
#SBATCH --partition=debug
#SBATCH --time=00:10:00
#
# Dual mode: `bash THIS_FILE` submits the array and the merge job; under
# Slurm it runs one shard (array task) or the merge (RAILYARD_STAGE=merge).
set -euo pipefail
cd @JOBDIR@

if [[ -z "${SLURM_ARRAY_TASK_ID:-}" && -z "${RAILYARD_STAGE:-}" ]]; then
    jid=$(sbatch --parsable --array=0-@LAST@ "$0")
    mid=$(sbatch --parsable --dependency=afterok:${jid%%;*} --export=ALL,RAILYARD_STAGE=merge "$0")
    echo "array job ${jid%%;*}"
    echo "merge job ${mid%%;*}"
    exit 0
fi

if [[ "${RAILYARD_STAGE:-}" == merge ]]; then
    {
        for part in parts/part-*.txt; do cat "$part"; done
    } > result.tmp
    echo "merge started $(date +%s.%N)" > merge-time.txt
    mv result.tmp result.txt
    exit 0
fi

mkdir -p parts
echo "shard ${SLURM_ARRAY_TASK_ID} of job ${SLURM_ARRAY_JOB_ID} done $(date +%s.%N)" \
    > "parts/part-${SLURM_ARRAY_TASK_ID}.txt"
"""


def main():
    keep = os.environ.get("RAILYARD_KEEP_SLURM") == "1"
    scratch = tempfile.mkdtemp(prefix="railyard-slurm-selftest-")
    jobdir = os.path.join(scratch, "job")
    os.makedirs(os.path.join(jobdir, "logs"))
    t0 = time.monotonic()
    try:
        with SlurmCluster(scratch) as cluster:
            print(f"cluster up in {time.monotonic() - t0:.1f} s: node {cluster.node_name}, "
                  f"slurmctld port {cluster.ctld_port}, slurmd port {cluster.slurmd_port}, "
                  f"conf {cluster.conf_path}")
            return run_test(cluster, jobdir, t0)
    except SlurmUnavailable as e:
        print(f"skipped: {e.binary} not found")
        return 77
    except SlurmError as e:
        print(f"FAIL: {e}")
        return 1
    finally:
        if keep:
            print(f"keeping {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)


def run_test(cluster, jobdir, t0):
    script = os.path.join(jobdir, "railyard-slurm.sh")
    with open(script, "w") as f:
        f.write(SCRIPT.replace("@JOBDIR@", shlex.quote(jobdir))
                      .replace("@LAST@", str(TASKS - 1)))

    r = cluster.run(["bash", script], cwd=jobdir, check=False)
    print(f"$ bash {script}\n{r.stdout}{r.stderr}", end="")
    if r.returncode != 0:
        return fail(cluster, f"submission exited {r.returncode}")
    m_array = re.search(r"array job (\d+)", r.stdout)
    m_merge = re.search(r"merge job (\d+)", r.stdout)
    if not (m_array and m_merge):
        return fail(cluster, "submission did not print both job ids")
    array_id, merge_id = m_array.group(1), m_merge.group(1)

    cluster.wait_all(timeout=120)
    print(f"queue empty after {time.monotonic() - t0:.1f} s")

    failures = []
    records = {}
    for rec in cluster.jobs():
        if rec.get("ArrayJobId") == array_id and rec.get("ArrayTaskId"):
            records[f"{array_id}_{rec['ArrayTaskId']}"] = rec
        else:
            records[rec.get("JobId", "?")] = rec
    states = {k: v.get("JobState") for k, v in records.items()}
    print(f"job states: {states}")
    expected = [f"{array_id}_{i}" for i in range(TASKS)] + [merge_id]
    for key in expected:
        if states.get(key) != "COMPLETED":
            failures.append(f"job {key} is {states.get(key)!r}, expected COMPLETED")

    parts = []
    for i in range(TASKS):
        path = os.path.join(jobdir, "parts", f"part-{i}.txt")
        try:
            with open(path) as f:
                parts.append(f.read())
        except OSError as e:
            failures.append(f"missing shard output: {e}")
    result_path = os.path.join(jobdir, "result.txt")
    try:
        with open(result_path) as f:
            result = f.read()
    except OSError as e:
        failures.append(f"missing merge output: {e}")
        result = None
    if result is not None and len(parts) == TASKS and result != "".join(parts):
        failures.append(f"result.txt is not the concatenation of the shards:\n{result}")

    # The merge must have started after every shard finished: compare the
    # timestamps the jobs wrote, and slurmctld's StartTime/EndTime.
    try:
        with open(os.path.join(jobdir, "merge-time.txt")) as f:
            merge_time = float(f.read().split()[-1])
        shard_times = [float(p.split()[-1]) for p in parts]
        if shard_times and merge_time < max(shard_times):
            failures.append(f"merge ran at {merge_time} before a shard finished "
                            f"({max(shard_times)})")
    except (OSError, ValueError, IndexError) as e:
        failures.append(f"cannot read timestamps: {e}")
    merge_rec = records.get(merge_id, {})
    task_ends = [records[k].get("EndTime", "") for k in expected[:-1] if k in records]
    if merge_rec and task_ends and merge_rec.get("StartTime", "") < max(task_ends):
        failures.append(f"scontrol: merge StartTime {merge_rec.get('StartTime')} < "
                        f"last task EndTime {max(task_ends)}")
    if merge_rec:
        print(f"merge job {merge_id}: dependency {merge_rec.get('Dependency')!r}, "
              f"start {merge_rec.get('StartTime')}, last task end "
              f"{max(task_ends) if task_ends else '?'}")

    logs = sorted(os.listdir(os.path.join(jobdir, "logs")))
    print(f"Slurm output files: {logs}")
    if result is not None:
        print("result.txt:\n" + "".join("  " + line + "\n" for line in result.splitlines()),
              end="")

    if failures:
        return fail(cluster, "\n".join(failures))
    print(f"PASS: {TASKS} array tasks and the merge job COMPLETED, merge ran last "
          f"({time.monotonic() - t0:.1f} s total before teardown)")
    return 0


def fail(cluster, message):
    print(f"FAIL: {message}")
    print(cluster.log_tails())
    return 1


if __name__ == "__main__":
    sys.exit(main())
