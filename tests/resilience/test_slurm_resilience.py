#!/usr/bin/env python3
"""A failure study run on a real Slurm cluster, started on localhost.

railyard-cli resilience --slurm-script writes a script that submits a job
array of shards and a merge job (--dependency=afterok). This test starts
munged, slurmctld and slurmd in a temporary directory (slurm_cluster.py),
runs the script, waits for every job, and checks that the merged report is
the report of the same study run in one process.

Usage: test_slurm_resilience.py RAILYARD_CLI SAMPLES_DIR
Exit 0 passed, 1 failed, 77 skipped (a Slurm or munge binary is missing).
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from slurm_cluster import SlurmCluster, SlurmUnavailable, check_binaries  # noqa: E402

SHARDS = 4


def without_run(report):
    report = dict(report)
    report.pop("run", None)
    return report


def main():
    cli, _samples = sys.argv[1], sys.argv[2]
    try:
        check_binaries()
    except SlurmUnavailable as e:
        print(f"skipped: {e}")
        return 77
    with tempfile.TemporaryDirectory(prefix="ry-slurm-") as tmp:
        fabric = os.path.join(tmp, "ft4.fabric.json")
        subprocess.run([cli, "generate", "fat-tree", "--k", "4", "-o", fabric], check=True, capture_output=True)
        study = [fabric, "--study", "monte-carlo", "--samples", "240", "--failures", "2", "--seed", "5"]
        single = os.path.join(tmp, "single.json")
        subprocess.run([cli, "resilience", *study, "--threads", "1", "--json", "-o", single], check=True)
        script = os.path.join(tmp, "study.sbatch")
        out = subprocess.run([cli, "resilience", *study, "--slurm-script", script, "--slurm-shards", str(SHARDS),
                              "--partition", "debug", "--time-limit", "00:10:00"],
                             check=True, capture_output=True, text=True)
        print(out.stdout.strip())
        result = script + ".result.json"
        with SlurmCluster(workdir=tmp) as cluster:
            submitted = cluster.run(["bash", script], timeout=60)
            print(submitted.stdout.strip())
            cluster.wait_all(timeout=240)
            states = cluster.job_states()
            print("jobs:", states)
            if len(states) != SHARDS + 1 or any(s != "COMPLETED" for s in states.values()):
                print("FAIL: expected", SHARDS, "array tasks and one merge job, all COMPLETED")
                print(cluster.log_tails())
                return 1
        parts = sorted(f for f in os.listdir(script + ".parts") if f.startswith("part-"))
        if len(parts) != SHARDS:
            print("FAIL: parts written:", parts)
            return 1
        with open(single) as f:
            one = json.load(f)
        with open(result) as f:
            merged = json.load(f)
        if without_run(one) != without_run(merged):
            print("FAIL: the merged report differs from the single run")
            for key in one:
                if one.get(key) != merged.get(key):
                    print("  differs:", key)
            return 1
        print(f"PASS: {SHARDS} array tasks and the merge completed; the merged report "
              f"({len(merged['outcomes'])} scenarios) equals the single run's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
