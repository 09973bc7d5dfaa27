#!/usr/bin/env python3
"""Select the published training runs the step model is validated on.

Reads tests/data/model-validation/leads/training-runs.json (908 runs gathered with their
sources, quotes and caveats; leads/README.md) and writes tests/data/step-validation/runs.json:
every pretraining run whose model, parallelism, batch, cluster and step time are all known,
in the form table.py and tst_stepvalidation read.

    python3 tests/data/step-validation/select_runs.py

What a run needs, and why a run is left out (the counts are printed):
  * pretraining (fine-tuning runs do other work per step);
  * a model whose shape is known: layers, hidden size, sequence, vocabulary and parameters
    (MODELS below, from each model's public configuration; hybrid Mamba models and models
    without a published shape are left out);
  * the real model, not a proxy with fewer layers (layers_run);
  * a GPU whose peak Railyard knows (A100, H100, H200, B200, GB200) in a precision it knows
    (BF16, FP16, FP8; NVFP4 runs are left out);
  * TP x PP x CP x DP = GPUs, and a step time the source prints or that its tokens/s and
    batch give;
  * a cluster whose hosts and NICs are known: DGX H100 / B200 (8 GPUs, 8 x 400G InfiniBand),
    GB200 NVL72 (4 GPUs and 4 x 400G per tray, 72-GPU NVLink domains), Selene A100
    (8 x 200G), Jean Zay A100 (4 x 100G Omni-Path). torchtitan's power-limited 500 W H100s,
    MosaicML's runs (no model shape) and secondary notes are left out.
"""

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LEADS = os.path.join(HERE, "..", "model-validation", "leads", "training-runs.json")

# Parameters from each model's public configuration (model card or config.json):
# total parameters; MoE: routed experts, top-k, expert FFN width and MoE layers.
MODELS = {
    "Llama 3.1 8B": {"parameters": 8.03e9},
    "Llama 3 8B": {"parameters": 8.03e9},
    "Llama 3.1 70B": {"parameters": 70.55e9},
    "Llama 3 70B": {"parameters": 70.55e9},
    "Llama 3.1 405B": {"parameters": 405.85e9},
    "Llama 2 7B": {"parameters": 6.74e9},
    "Llama 2 13B": {"parameters": 13.02e9},
    "Llama 2 70B": {"parameters": 68.98e9},
    "GPT-3 175B": {"parameters": 174.6e9},
    "GPT 5B (Paxml)": {"parameters": 5.0e9},
    "Nemotron-4 15B": {"parameters": 15.7e9},
    "Nemotron-4 340B": {"parameters": 341.0e9},
    "BLOOM 176B": {"parameters": 176.2e9},
    "Grok-1 314B (MoE)": {"parameters": 314.0e9, "moe_layers": 64, "expert_ffn": 32768},
    "DeepSeek-V3 671B (MoE, MLA)": {"parameters": 671.0e9, "moe_layers": 58},
    "Llama 4 Maverick 400B (MoE)": {"parameters": 400.0e9, "moe_layers": 24},
    "Qwen3-30B-A3B (MoE)": {"parameters": 30.5e9, "moe_layers": 48},
    "Qwen3-235B-A22B (MoE)": {"parameters": 235.1e9, "moe_layers": 94},
    "gpt-oss-120b (MoE)": {"parameters": 116.8e9, "moe_layers": 36},
}

# Clusters by GPU generation and source: GPUs per host, NIC speed and count, transport,
# NVLink domain.
CLUSTERS = {
    "H100": {"gpu": "h100", "gpus_per_host": 8, "nic_gbps": 400, "rails": 8, "transport": "infiniband"},
    "B200": {"gpu": "b200", "gpus_per_host": 8, "nic_gbps": 400, "rails": 8, "transport": "infiniband"},
    "GB200": {"gpu": "gb200", "gpus_per_host": 4, "nic_gbps": 400, "rails": 4, "transport": "infiniband",
              "nvlink_domain": 72},
}
A100_CLUSTERS = {
    "NVIDIA/Megatron-LM README": {"gpu": "a100", "gpus_per_host": 8, "nic_gbps": 200, "rails": 8,
                                  "transport": "infiniband"},
    "bigscience-workshop/bigscience (BLOOM)": {"gpu": "a100", "gpus_per_host": 8, "nic_gbps": 100, "rails": 4,
                                               "transport": "infiniband"},
}
SOURCES = ("NVIDIA/dgxc-benchmarking", "NVIDIA-NeMo/Megatron-Bridge performance summary",
           "NVIDIA/Megatron-LM README", "bigscience-workshop/bigscience (BLOOM)")


def precision_of(text):
    t = (text or "").upper()
    if "FP4" in t:
        return None
    if "FP8" in t:
        return "fp8"
    if "BF16" in t or "FP16" in t:
        return "bf16"
    return None


def integer(v, default=None):
    if v is None:
        return default
    if isinstance(v, (int, float)):
        return int(v)
    m = re.match(r"\s*(\d+)", str(v))
    return int(m.group(1)) if m else default


def convert(r, why):
    src = r.get("source_group", "")
    if src not in SOURCES:
        why("source not used (no model shape, a power-limited GPU, or a secondary note)")
        return None
    m = r["model"]
    task = m.get("task", "")
    if not task.startswith("pretraining") or "long se" in task:
        why("not pretraining at the model's own sequence (fine-tuning, long-sequence tables)")
        return None
    name = m.get("name")
    if name not in MODELS:
        why("model shape not published or not a transformer (hybrid, unnamed)")
        return None
    if m.get("layers_run") not in (None, m.get("layers")):
        why("proxy configuration with fewer layers than the model")
        return None
    precision = precision_of(r.get("precision"))
    if precision is None:
        why("precision not stated or NVFP4")
        return None
    gen = r["cluster"].get("generation")
    cluster = A100_CLUSTERS.get(src) if gen == "A100" else CLUSTERS.get(gen)
    if cluster is None:
        why("GPU generation without a known peak (GB300, B300) or cluster")
        return None
    p = r["parallelism"]
    tp, pp, cp = integer(p.get("TP"), 1), integer(p.get("PP"), 1), integer(p.get("CP"), 1)
    ep = integer(p.get("EP"), 1) or 1
    vp = integer(p.get("VP"), None)
    if vp is None:
        # NVIDIA's recipes interleave pipeline stages when they pipeline; a table that
        # leaves VP out does not say how many, and the bubble depends on it. BLOOM
        # (Megatron-DeepSpeed) and Megatron-LM's 2021 example do not interleave.
        if pp > 1 and "NVIDIA" in src and "Megatron-LM" not in src:
            why("pipeline without the virtual stages stated (VP)")
            return None
        vp = 1
    dp = integer(p.get("DP"), None) or integer(p.get("DP_implied"), None)
    gpus = integer(r.get("gpus"))
    if not dp or not gpus or tp * pp * cp * dp != gpus or gpus % cluster["gpus_per_host"]:
        why("TP x PP x CP x DP does not give the GPUs")
        return None
    mbs, gbs = integer(p.get("MBS"), 1), integer(p.get("GBS"), None)
    if not gbs or gbs % (mbs * dp) or gbs // (mbs * dp) < pp:
        why("global batch not a multiple of micro-batch x DP, or fewer micro-batches than stages")
        return None
    if ep > 1 and dp % ep:
        why("EP does not divide DP (expert tensor parallelism differs)")
        return None
    step = (r.get("measured") or {}).get("step_time_s") or (r.get("derived") or {}).get("step_time_s")
    if not step:
        why("no step time")
        return None
    shape = MODELS[name]
    model = {"parameters": shape["parameters"], "layers": m["layers"], "hidden_size": m["hidden"],
             "sequence_length": m["seq_len"], "vocabulary": m["vocab"], "precision": "bf16"}
    heads = integer(m.get("heads"))
    if heads and m["hidden"] % heads == 0:
        model["attention_heads"] = heads
        kv = integer(m.get("kv_heads"))
        if kv and heads % kv == 0:
            model["kv_heads"] = kv
    moe = m.get("moe")
    if moe:
        model["moe"] = {"experts": moe["experts"], "top_k": moe["top_k"], "moe_layers": shape["moe_layers"],
                        "expert_hidden_size": shape.get("expert_ffn") or moe["expert_ffn"]}
    elif ep > 1:
        why("EP without a mixture of experts")
        return None
    sharding = "fsdp" if integer(p.get("FSDP"), 0) else ("none" if "Megatron-LM" in src else "zero1")
    nemo = "NVIDIA" in src and "Megatron-LM" not in src
    cluster_used = cluster_for(cluster, gpus, gen, r)
    if cluster_used is None:
        why("GPUs not in whole 64-GPU racks")
        return None
    return {
        "id": r["id"],
        "model_name": name,
        "series": f"{name} {precision.upper()} on {gen}",
        "gpus": gpus,
        "model": model,
        "parallelism": {"tp": tp, "pp": pp, "cp": cp, "dp": dp, "ep": ep, "vp": vp},
        "batch": {"micro_batch": mbs, "global_batch": gbs},
        "optimizer_sharding": sharding,
        # NVIDIA's NeMo and Megatron-Bridge recipes overlap TP communication with the GEMMs
        # (tp_comm_overlap); Megatron-LM's 2021 example and BLOOM do not.
        "compute": {"precision": precision, "overlap": {"tp": nemo, "dp": True, "cp": True}},
        "cluster": cluster_used,
        "measured_step_s": step,
        # Runs of one release and one table: a scaling series is measured in one campaign.
        "campaign": (r["source"].get("release") or r["source"].get("commit") or "") + " " + (r["source"].get("path") or ""),
        "step_from": "printed" if (r.get("measured") or {}).get("step_time_s") else "global batch x sequence / tokens per second",
        "source": r["source"],
        "source_group": src,
        "quote": r.get("quote", ""),
        "caveat": r.get("caveat", ""),
    }


def cluster_for(cluster, gpus, gen, r):
    c = dict(cluster, generation=gen.lower(), described=r["cluster"].get("system") or "")
    if "nvlink_domain" in c:
        # A job on NVL72 racks runs on 16 trays (64 GPUs) of each rack, the two spare trays
        # left out, as DGX GB200 deployments keep them; a smaller job runs inside one rack.
        c["nvlink_domain"] = gpus if gpus <= 64 else 64
        if gpus % c["nvlink_domain"]:
            return None
    return c


def main():
    leads = json.load(open(LEADS))
    out, reasons = [], {}
    for r in leads["runs"]:
        reason = []
        run = convert(r, reason.append)
        if run is None:
            reasons[reason[0]] = reasons.get(reason[0], 0) + 1
        else:
            out.append(run)
    doc = {
        "format": "railyard-step-validation",
        "version": 2,
        "note": "Written by select_runs.py from ../model-validation/leads/training-runs.json: every pretraining "
                "run whose model, parallelism, batch, cluster and step time are known (docs/step-validation.md).",
        "runs": out,
    }
    with open(os.path.join(HERE, "runs.json"), "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{len(out)} runs selected of {len(leads['runs'])}", file=sys.stderr)
    for why, n in sorted(reasons.items(), key=lambda x: -x[1]):
        print(f"  {n:4d} left out: {why}", file=sys.stderr)


if __name__ == "__main__":
    main()
