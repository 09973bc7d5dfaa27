#!/usr/bin/env python3
"""Step time against published training runs (docs/step-validation.md).

Each run of runs.json is generated and placed the way a user would:
`railyard-cli generate rail-optimized` (DGX H100: 8 GPUs and 8 x 400G InfiniBand NICs per
host, a non-blocking rail-optimized fabric) and `railyard-cli place --json` with the run's
model, parallelism and batch as a job file. Railyard prices communication, not compute
kernels, and none of these sources separates the two, so the comparison is made where the
sources allow it: each series (one model and precision at 3-5 scales) is a weak-scaling
series -- the work per GPU is the same at every scale -- so the smallest run fixes the
compute and everything else that does not change with scale:

    predicted step(N) = measured step(N0) + network time(N) - network time(N0)

and the error of each larger run is predicted / measured - 1. The smallest runs are
calibration points and are not counted.

    python3 tests/data/step-validation/table.py build/app/cli/railyard-cli

tests/placement/tst_stepvalidation.cpp recomputes the same figures without the CLI.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def job_of(run):
    """The job file `place` reads (docs/job-format.md). Communication is priced in BF16 for
    the FP8 runs too: the sources' NeMo recipes keep activations, gradients and parameters on
    the wire in BF16."""
    m, p, b = run["model"], run["parallelism"], run["batch"]
    return {"format": "railyard-job", "version": 1, "name": f"run-{run['id']}",
            "model": {"parameters": m["parameters"], "layers": m["layers"], "hidden_size": m["hidden_size"],
                      "sequence_length": m["sequence_length"], "vocabulary": m["vocabulary"], "precision": "bf16"},
            "parallelism": {"tp": p["tp"], "pp": p["pp"], "cp": p["cp"], "dp": p["dp"]},
            "batch": {"micro_batch": b["micro_batch"], "global_batch": b["global_batch"]},
            "optimizer_sharding": "zero1", "gpus": run["gpus"]}


def generate_args(run):
    return ["generate", "rail-optimized", "--hosts", str(run["gpus"] // 8), "--gpu", "h100", "--gpus-per-host", "8",
            "--nic-gbps", "400", "--no-floor"]


def place(cli, tmp, run):
    fabric = os.path.join(tmp, f"run{run['id']}.fabric.json")
    job = os.path.join(tmp, f"run{run['id']}.job.json")
    subprocess.run([cli] + generate_args(run) + ["-o", fabric], check=True, capture_output=True)
    with open(job, "w") as f:
        json.dump(job_of(run), f)
    out = subprocess.run([cli, "place", fabric, job, "--json"], check=True, capture_output=True, text=True).stdout
    rep = json.loads(out)
    nvlink = sum(c.get("nvlink_ms", 0) * c["count_per_step"] for c in rep["collectives"]) / 1e3
    return rep["step_comm_time_ms"] / 1e3, nvlink


def main():
    cli = sys.argv[1] if len(sys.argv) > 1 else "railyard-cli"
    runs = json.load(open(os.path.join(HERE, "runs.json")))["runs"]
    rows, errors, flat = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        net = {r["id"]: place(cli, tmp, r) for r in runs}
    for series in dict.fromkeys(r["series"] for r in runs):
        members = sorted((r for r in runs if r["series"] == series), key=lambda r: r["gpus"])
        base = members[0]
        for r in members:
            network, nvlink = net[r["id"]]
            predicted = base["measured_step_s"] + network - net[base["id"]][0]
            error = predicted / r["measured_step_s"] - 1
            share = (network + nvlink) / r["measured_step_s"]
            if r is base:
                shown = "(calibrates the series)"
            else:
                shown = f"{100 * error:+.1f} %"
                errors.append(abs(error))
                flat.append(abs(base["measured_step_s"] / r["measured_step_s"] - 1))
            src = r["source"]
            rows.append(f"| {r['id']} | {series} | {r['gpus']} | TP {r['parallelism']['tp']} · PP {r['parallelism']['pp']} · "
                        f"CP {r['parallelism']['cp']} · DP {r['parallelism']['dp']} | {r['measured_step_s']:g} | "
                        f"{1e3 * network:.0f} | {1e3 * nvlink:.0f} | {100 * share:.0f} % | {predicted:.2f} | {shown} | "
                        f"{src['repo']} {src['path']} @{src['commit'][:10]} |")
    print("| # | series | GPUs | parallelism | measured step (s) | network (ms) | NVLink (ms) | "
          "communication share, no overlap | predicted step (s) | error | source |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print()
    print(f"{len(errors)} predicted runs: median absolute error {100 * statistics.median(errors):.2f} %, "
          f"worst {100 * max(errors):.2f} %. Without Railyard (the smallest run's step at every scale): "
          f"median {100 * statistics.median(flat):.2f} %, worst {100 * max(flat):.2f} %.")


if __name__ == "__main__":
    main()
