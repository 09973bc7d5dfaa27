#!/usr/bin/env python3
"""Rebuild the validation table of docs/model-validation.md from rows.json.

Each row is run the way a user would: `railyard-cli generate rail-optimized`
with the row's fabric options, then `railyard-cli collective --json` on it.
The command printed in the table is exactly what was run.

    python3 tests/data/model-validation/table.py build/app/cli/railyard-cli > table.md

The same rows are recomputed, without the CLI, by tests/traffic/tst_modelvalidation.cpp.
"""

import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def generate_args(fabric):
    args = ["generate", "rail-optimized", "--hosts", str(fabric["hosts"]), "--gpu", fabric["gpu"],
            "--gpus-per-host", str(fabric["gpus_per_host"]), "--nic-gbps", str(fabric["nic_gbps"])]
    if "rails" in fabric:
        args += ["--rails", str(fabric["rails"])]
    if fabric.get("nvlink_domain"):
        args += ["--nvlink-domain", str(fabric["nvlink_domain"])]
    # NVLS as the row says: `generate` turns it on by default for 8-GPU H100, H200 and
    # B200 hosts and for GB200, so a row without it says --no-nvls.
    args.append("--nvls" if fabric.get("nvls") else "--no-nvls")
    if fabric.get("sharp"):
        args.append("--sharp")
    return args


def collective_args(row, path):
    f = row["fabric"]
    gpus = f["hosts"] * f["gpus_per_host"]
    return ["collective", path, "--op", row["op"], "--size", row["size"], "--gpus", str(gpus),
            "--algorithm", row["algorithm"]]


def main():
    cli = sys.argv[1] if len(sys.argv) > 1 else "railyard-cli"
    doc = json.load(open(os.path.join(HERE, "rows.json")))
    out = []
    errors = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.fabric.json")
        for row in doc["rows"]:
            gen = generate_args(row["fabric"])
            subprocess.run([cli] + gen + ["-o", path], check=True, capture_output=True)
            col = collective_args(row, path)
            res = json.loads(subprocess.run([cli] + col + ["--json"], check=True, capture_output=True,
                                            text=True).stdout)
            ours = res["busbw_GBps"]
            published = row["published_busbw_GBps"]
            error = (ours - published) / published
            counted = "not_counted" not in row
            if counted:
                errors.append(abs(error))
            shown = " ".join(shlex.quote(a) for a in ["railyard-cli"] + gen + ["-o", "r.fabric.json"])
            shown += " && " + " ".join(shlex.quote(a) for a in ["railyard-cli"] + col).replace(path, "r.fabric.json")
            err = f"{100 * error:+.1f} %"
            if not counted:
                err = f"({err}; not counted: {row['not_counted']})"
            out.append(f"| {row['id']} | {row['hardware']} | {row['configuration']} | {published:g} | "
                       f"[{row['class'].replace(',', '][')}] {row['source']} | `{shown}` | "
                       f"{ours:.1f} ({res['algorithm']}/{res['protocol']}) | {err} |")
    print("| # | hardware | configuration | published busbw (GB/s) | source | command | ours (algorithm/protocol) "
          "| error |")
    print("|---|---|---|---|---|---|---|---|")
    print("\n".join(out))
    print()
    print(f"{len(errors)} counted rows: median absolute error {100 * statistics.median(errors):.2f} %, "
          f"worst {100 * max(errors):.2f} %.")


if __name__ == "__main__":
    main()
