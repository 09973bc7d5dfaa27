#!/usr/bin/env python3
"""Rebuild the validation table of docs/model-validation.md from rows.json, and its
leave-one-source-out cross-validation (cross_validate below); writes the rows' errors to
resources/model/collective-validation.json, which the prediction intervals of `collective`
rest on.

Each row is run the way a user would: `railyard-cli generate rail-optimized`
with the row's fabric options, then `railyard-cli collective --json` on it.
The command printed in the table is exactly what was run.

    python3 tests/data/model-validation/table.py build/app/cli/railyard-cli > table.md

The same rows are recomputed, without the CLI, by tests/traffic/tst_modelvalidation.cpp.
"""

import json
import math
import os
import re
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
    if fabric.get("transport"):
        args += ["--transport", fabric["transport"]]
    return args


def collective_args(row, path):
    f = row["fabric"]
    gpus = f["hosts"] * f["gpus_per_host"]
    return ["collective", path, "--op", row["op"], "--size", row["size"], "--gpus", str(gpus),
            "--algorithm", row["algorithm"]]


class Runner:
    """Runs rows through the CLI, each fabric generated once, with or without a constants file."""

    def __init__(self, cli, tmp):
        self.cli = cli
        self.tmp = tmp
        self.fabrics = {}
        self.cache = {}

    def fabric(self, row):
        gen = generate_args(row["fabric"])
        key = " ".join(gen)
        if key not in self.fabrics:
            path = os.path.join(self.tmp, f"f{len(self.fabrics)}.fabric.json")
            subprocess.run([self.cli] + gen + ["-o", path], check=True, capture_output=True)
            self.fabrics[key] = path
        return self.fabrics[key]

    def busbw(self, row, constants=None):
        """The row's estimate (the CLI's JSON); `constants` overrides the defaults."""
        key = (row["id"], json.dumps(constants, sort_keys=True) if constants else "")
        if key in self.cache:
            return self.cache[key]
        args = [self.cli] + collective_args(row, self.fabric(row)) + ["--json"]
        if constants:
            cpath = os.path.join(self.tmp, "constants.json")
            with open(cpath, "w") as f:
                json.dump(constants, f)
            args += ["--constants", cpath]
        res = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
        self.cache[key] = res
        return res

# --- Leave-one-source-out cross-validation -------------------------------------------
#
# rows.json lists the fitted constants of the collective model and the rows each was fitted
# on ("fitted"), and the source each row counts as ("source_key"). tst_modelvalidation runs
# the same procedure in the test run and enforces its bounds.


def fitted_constants(doc):
    """{(generation or None, key): [row ids]} from rows.json's "fitted"."""
    out = {}
    for name, ids in doc["fitted"].items():
        gen, _, key = name.rpartition(".")
        out[(gen or None, key)] = ids
    return out


def source_key(row):
    return row["source_key"]


def default_constants():
    """The shipped constants, read from the model's source so this script cannot drift."""
    src = open(os.path.join(HERE, "..", "..", "..", "core", "traffic", "collectivemodel.cpp")).read()
    gens = {}
    for name, a, b, c in re.findall(r'\{"(\w+)", \{([\d.]+), ([\d.]+), ([\d.]+)(?:, \w+)?\}\}', src):
        gens[name] = {"nvlink_efficiency": float(a), "nvls_efficiency": float(b), "nic_efficiency": float(c)}
    header = open(os.path.join(HERE, "..", "..", "..", "core", "traffic", "collectivemodel.h")).read()
    globals_ = {}
    for key, member in GLOBALS.items():
        m = re.search(member + r" = ([\d.]+);", header)
        if not m:
            sys.exit(f"table.py: cannot read {member} from core/traffic/collectivemodel.h")
        globals_[key] = float(m.group(1))
    if not gens or "h100" not in gens:
        sys.exit("table.py: cannot read the generation constants from core/traffic/collectivemodel.cpp")
    return gens, globals_


# The model-wide fitted constants (their member in CollectiveConstants), and the coarser
# model each falls back to when leaving a source out leaves it no rows: no NVLS size
# scaling, no transport distinction (InfiniBand's figures), the other CollNet plan's value.
GLOBALS = {"nvls_scale_exponent": "nvlsScaleExponent", "collnet_direct_efficiency": "collnetDirectEfficiency",
           "collnet_chain_efficiency": "collnetChainEfficiency", "roce_efficiency": "roceEfficiency",
           "efa_efficiency": "efaEfficiency"}
FALLBACK = {"nvls_scale_exponent": 0.0, "roce_efficiency": 1.0, "efa_efficiency": 1.0,
            "collnet_direct_efficiency": "collnet_chain_efficiency",
            "collnet_chain_efficiency": "collnet_direct_efficiency"}


def cross_validate(runner, doc):
    rows = doc["rows"]
    FITTED = fitted_constants(doc)
    by_id = {r["id"]: r for r in rows}
    counted = [r for r in rows if "not_counted" not in r]
    gens, glob = default_constants()

    def shipped(gen, key):
        return glob[key] if gen is None else gens[gen][key]
    base = {r["id"]: runner.busbw(r)["busbw_GBps"] for r in rows}

    def constants_file(values):
        out = {"generations": {}}
        for (gen, key), v in values.items():
            if gen is None:
                out[key] = v
            else:
                out["generations"].setdefault(gen, {})[key] = v
        return out

    # Each fitted row's elasticity to its constant (d ln busbw / d ln constant), so that a
    # refit moves the constant by what the row says, not by the whole error.
    elasticity = {}
    for (gen, key), ids in FITTED.items():
        if key == "nvls_scale_exponent":
            continue
        bumped = constants_file({(gen, key): shipped(gen, key) * 0.99})
        for i in ids:
            b = runner.busbw(by_id[i], bumped)["busbw_GBps"]
            elasticity[(gen, key, i)] = math.log(b / base[i]) / math.log(0.99)

    def implied(gen, key, i):
        """The constant row i alone would give: the shipped value moved by the row's error."""
        e = elasticity[(gen, key, i)]
        ratio = by_id[i]["published_busbw_GBps"] / base[i]
        return shipped(gen, key) * ratio ** (1 / e) if e > 0.2 else None

    def refit(gen, key, ids):
        """The fitting rule: the median of what the rows imply; nothing left: the coarser
        model, the median of the same constant over the other generations."""
        vals = [v for v in (implied(gen, key, i) for i in ids) if v is not None]
        if vals:
            return min(1.0, statistics.median(vals)), "refit"
        if gen is None:
            return FALLBACK[key], "pooled"  # a name: that constant's value in the same fold
        others = [g[key] for name, g in gens.items() if name != gen]
        return statistics.median(others), "pooled"

    sources = sorted({source_key(r) for r in counted})
    loso_error = {}
    moves = {k: [] for k in FITTED}
    for src in sources:
        left_out = {r["id"] for r in rows if source_key(r) == src}
        values = {}
        deferred = []
        for (gen, key), ids in FITTED.items():
            kept = [i for i in ids if i not in left_out]
            if kept == ids:
                continue
            if key == "nvls_scale_exponent":  # two points fix the exponent; one left: no scaling (coarser)
                values[(gen, key)] = 0.0
                moves[(gen, key)].append((src, 0.0))
                continue
            v, how = refit(gen, key, kept)
            if isinstance(v, str):  # the other CollNet plan's value, refitted without this source too
                deferred.append(((gen, key), v))
                continue
            full, _ = refit(gen, key, ids)
            # The shipped value moved by what leaving the source out does to the rule.
            values[(gen, key)] = min(1.0, shipped(gen, key) * v / full) if how == "refit" else v
            moves[(gen, key)].append((src, values[(gen, key)]))
        for (gen, key), other in deferred:
            values[(gen, key)] = values.get((None, other), glob[other])
            moves[(gen, key)].append((src, values[(gen, key)]))
        cfile = constants_file(values) if values else None
        for r in counted:
            if source_key(r) != src:
                continue
            ours = runner.busbw(r, cfile)["busbw_GBps"] if cfile else base[r["id"]]
            loso_error[r["id"]] = (ours - r["published_busbw_GBps"]) / r["published_busbw_GBps"]

    in_sample = {r["id"]: (base[r["id"]] - r["published_busbw_GBps"]) / r["published_busbw_GBps"] for r in counted}

    def summary(ids):
        a = [abs(in_sample[i]) for i in ids]
        b = [abs(loso_error[i]) for i in ids]
        return (f"{len(ids)} | {100 * statistics.median(a):.1f} % | {100 * max(a):.1f} % | "
                f"{100 * statistics.median(b):.1f} % | {100 * max(b):.1f} %")

    ids = [r["id"] for r in counted]
    signed = [loso_error[i] for i in ids]
    print(f"Leave-one-source-out over {len(ids)} counted rows from {len(sources)} sources: median absolute error "
          f"{100 * statistics.median([abs(e) for e in signed]):.2f} %, worst "
          f"{100 * max(abs(e) for e in signed):.2f} % (in-sample "
          f"{100 * statistics.median([abs(in_sample[i]) for i in ids]):.2f} % and "
          f"{100 * max(abs(in_sample[i]) for i in ids):.2f} %); mean signed error "
          f"{100 * statistics.mean(signed):+.2f} % (in-sample {100 * statistics.mean(in_sample.values()):+.2f} %).")
    print()
    print("| rows | count | in-sample median | in-sample worst | cross-validated median | cross-validated worst |")
    print("|---|---|---|---|---|---|")
    print(f"| all | {summary(ids)} |")
    for gen in ["a100", "h100", "h800", "h200", "b200", "gb200"]:
        sel = [i for i in ids if by_id[i]["fabric"]["gpu"] == gen]
        if sel:
            print(f"| {gen.upper()} | {summary(sel)} |")
    for op in ["all-reduce", "all-gather", "reduce-scatter", "all-to-all"]:
        sel = [i for i in ids if by_id[i]["op"] == op]
        if sel:
            print(f"| {op} | {summary(sel)} |")
    print()
    print("| constant | shipped | fitted on rows | what each row implies | when a source is left out |")
    print("|---|---|---|---|---|")
    for (gen, key), fit in FITTED.items():
        name = key if gen is None else f"{gen}.{key}"
        value = shipped(gen, key)
        if key == "nvls_scale_exponent":
            each = "its rows fix it, from the 8-GPU efficiency"
        else:
            each = ", ".join(f"{i}: {implied(gen, key, i):.3f}" for i in fit if implied(gen, key, i) is not None)
        moved = "; ".join(f"{src} → {v:.3f}" for src, v in moves[(gen, key)]) or "—"
        print(f"| `{name}` | {value:g} | {', '.join(fit)} | {each} | {moved} |")
    print()
    # The errors the prediction intervals of `collective` rest on (core/traffic/predictioninterval.h).
    validation = {
        "format": "railyard-collective-validation",
        "version": 1,
        "note": "Written by tests/data/model-validation/table.py; checked by tst_modelvalidation. Each counted "
                "row of rows.json: its GPU generation, operation, NVLink units (nodes as NCCL counts them) and "
                "its error (ours / published - 1, in bus bandwidth) in-sample and left out of the fit "
                "(docs/model-validation.md).",
        "rows": [{"id": i, "gpu": by_id[i]["fabric"]["gpu"], "op": by_id[i]["op"],
                  "nodes": runner.busbw(by_id[i])["nodes"], "in_sample": round(in_sample[i], 6),
                  "cross_validated": round(loso_error[i], 6)} for i in ids],
    }
    with open(os.path.join(HERE, "..", "..", "..", "resources", "model", "collective-validation.json"), "w") as f:
        json.dump(validation, f, indent=1)
        f.write("\n")

    worst = sorted(ids, key=lambda i: -abs(loso_error[i]))[:8]
    print("| row | source | in-sample | cross-validated |")
    print("|---|---|---|---|")
    for i in worst:
        print(f"| {i} | {source_key(by_id[i])} | {100 * in_sample[i]:+.1f} % | {100 * loso_error[i]:+.1f} % |")


def main():
    cli = sys.argv[1] if len(sys.argv) > 1 else "railyard-cli"
    doc = json.load(open(os.path.join(HERE, "rows.json")))
    out = []
    errors = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.fabric.json")
        runner = Runner(cli, tmp)
        for row in doc["rows"]:
            gen = generate_args(row["fabric"])
            col = collective_args(row, path)
            res = runner.busbw(row)
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
        print()
        cross_validate(runner, doc)


if __name__ == "__main__":
    main()
