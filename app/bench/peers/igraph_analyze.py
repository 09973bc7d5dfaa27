#!/usr/bin/python3
"""Peer benchmark: the question `railyard-cli analyze FILE --json` answers, in python-igraph.

Reads a GraphML file written by Railyard with igraph's C core
(Graph.Read_GraphML) and prints (stdout, JSON) the oversubscription of every
switch tier and the bisection bandwidth of one host split as a single max flow
(Graph.maxflow_value, igraph's push-relabel), with the field names of
`railyard-cli analyze --json` (tiers[].oversubscription, bisection.gbps, ...).
Time spent reading vs computing goes to stderr.

Attributes are taken as whole vectors (g.vs[...], g.es[...]) and combined
with NumPy; there is no per-edge Python loop.

Definitions follow Railyard's code (see README.md in this folder):
core/analysis/capacity.cpp, oversubscription.cpp, bisection.cpp, maxflow.cpp.

Run with the Debian interpreter, which has python3-igraph 0.10:
    /usr/bin/python3 igraph_analyze.py FILE.graphml [--split auto]
"""

import argparse
import json
import math
import sys
import time

import igraph
import numpy as np

CANDIDATES = ["zone-aligned", "pod-aligned", "su-aligned", "rack-aligned", "leaf-aligned", "host-order"]
TIER_NAME = {1: "leaf", 2: "spine", 3: "core"}


def ratio_json(r):
    return float(r) if math.isfinite(r) else None


def to_mbps(gbps):
    """std::llround(gbps * 1000) for gbps >= 0, vectorized (maxflow.cpp toMbps())."""
    x = np.asarray(gbps, dtype=np.float64) * 1000.0
    f = np.floor(x)
    return (f + (x - f >= 0.5)).astype(np.int64)


def attr(seq, name, n, fill):
    """Whole attribute vector, or `fill` everywhere when the file lacks the key."""
    if name in seq.attribute_names():
        return seq[name]
    return [fill] * n


def fill_in_order(order, gpus, target, host_count):
    """bisection.cpp fillInOrder(), vectorized: hosts in `order` fill side 0 up to `target` GPUs."""
    side = np.ones(host_count, dtype=np.int8)
    g = gpus[order]
    csum = np.cumsum(g)
    k = int(np.searchsorted(csum, target, side="right"))  # longest prefix with sum <= target
    side[order[:k]] = 0
    taken = int(csum[k - 1]) if k else 0
    if taken == target or k == len(order):
        return side
    # Prefix stopped short (hosts with different GPU counts): the greedy pass
    # continues past hosts that do not fit, exactly as fillInOrder() does.
    for h, gh in zip(order[k:].tolist(), g[k:].tolist()):
        if taken + gh <= target:
            side[h] = 0
            taken += gh
        if taken == target:
            break
    return side


def group_order(keys):
    """Host order grouped by key, groups in order of first appearance (alignedSplit())."""
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    group_rank = np.empty(len(first), dtype=np.int64)
    group_rank[np.argsort(first, kind="stable")] = np.arange(len(first))
    return np.argsort(group_rank[inverse], kind="stable"), len(first)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", help="GraphML file written by Railyard")
    ap.add_argument("--split", default="auto", choices=["auto"] + CANDIDATES,
                    help="host split for the bisection max flow; auto = the first candidate Railyard's "
                         "tier-cut search can build (zone, pod, su, rack, leaf, host order)")
    ap.add_argument("--indent", type=int, default=1)
    args = ap.parse_args()

    cpu0, wall0 = time.process_time(), time.perf_counter()

    # ---- (1) read (igraph C core, libxml2) -------------------------------------
    g = igraph.Graph.Read_GraphML(args.file)
    cpu1, wall1 = time.process_time(), time.perf_counter()

    n, m = g.vcount(), g.ecount()
    role = np.array(attr(g.vs, "role", n, ""))
    rank = np.full(n, -1, dtype=np.int64)  # host 0, leaf 1, spine 2, core 3, unlayered/unknown -1
    for r, name in enumerate(("host", "leaf", "spine", "core")):
        rank[role == name] = r
    is_host = rank == 0
    is_switch = ~is_host  # Railyard: everything that is not a host is a switch
    # Hosts first, then switches, each in document order (graphmlreader.cpp build());
    # igraph keeps document order, so vertex order within each group is Railyard's.
    hosts = np.flatnonzero(is_host)
    switches = np.flatnonzero(is_switch)
    vid = g.vs["id"]

    ends = np.array(g.get_edgelist(), dtype=np.int64).reshape(m, 2)
    a, b = ends[:, 0], ends[:, 1]
    gbps = np.array(attr(g.es, "gbps", m, math.nan), dtype=np.float64)
    state = np.array(attr(g.es, "state", m, "up"))
    degraded = np.array(attr(g.es, "degraded_gbps", m, math.nan), dtype=np.float64)
    # Effective capacity (capacity.cpp / Link::effectiveGbps()): down 0, degraded its rate.
    eff = np.where(state == "down", 0.0, np.where(state == "degraded", degraded, gbps))

    # ---- (2) oversubscription per tier (oversubscription.cpp) -------------------
    ra, rb = rank[a], rank[b]
    counted = (ra >= 0) & (rb >= 0) & (ra != rb)
    upper = np.where(ra > rb, a, b)       # the endpoint for which the link is a downlink
    lower = np.where(ra > rb, b, a)       # ... and for which it is an uplink (if a switch)
    lower_rank = np.minimum(ra, rb)
    upl = counted & (lower_rank > 0)
    down = np.bincount(upper[counted], weights=eff[counted], minlength=n)
    up = np.bincount(lower[upl], weights=eff[upl], minlength=n)
    has_up = np.bincount(lower[upl], minlength=n) > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(up > 0, down / np.where(up > 0, up, 1.0),
                         np.where(has_up & (down > 0), np.inf, np.nan))

    tier_json = []
    for level in (1, 2, 3):
        sw = np.flatnonzero(rank == level)
        if sw.size == 0:
            continue
        d, u = float(down[sw].sum()), float(up[sw].sum())
        top = not bool(has_up[sw].any())
        if top:
            t_ratio, worst, worst_switch = math.nan, math.nan, None
        else:
            t_ratio = d / u if u > 0 else math.inf
            r = ratio[sw]
            if np.isnan(r).all():
                worst, worst_switch = 0.0, None
            else:
                i = int(np.nanargmax(r))  # first switch with the highest ratio
                worst, worst_switch = float(r[i]), vid[sw[i]]
        tier_json.append({
            "name": TIER_NAME[level],
            "switches": int(sw.size),
            "down_gbps": d,
            "up_gbps": u,
            "oversubscription": ratio_json(t_ratio),
            "worst_oversubscription": ratio_json(worst),
            "worst_switch": worst_switch,
            "top": top,
        })
    cpu2, wall2 = time.process_time(), time.perf_counter()

    # ---- (3) bisection: one host split, one max flow (bisection.cpp, maxflow.cpp)
    H = hosts.size
    gpus_all = np.array(attr(g.vs, "gpus", n, math.nan), dtype=np.float64)
    gpus = np.where(np.isnan(gpus_all[hosts]), 8, gpus_all[hosts]).astype(np.int64)
    total = int(gpus.sum())
    target = total // 2
    host_link = is_host[a] != is_host[b]
    full_gbps = float(gbps[host_link].sum()) / 2.0

    def build(name):
        if name == "host-order":
            return fill_in_order(np.arange(H), gpus, target, H)
        if name == "leaf-aligned":
            # Key: the host's attached switch with the lowest index.
            first = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
            hs = host_link & (is_switch[a] | is_switch[b])
            h_end = np.where(is_host[a[hs]], a[hs], b[hs])
            s_end = np.where(is_host[a[hs]], b[hs], a[hs])
            np.minimum.at(first, h_end, s_end)
            keys = first[hosts]  # "unattached" hosts share the sentinel key
        else:
            keys = np.asarray(attr(g.vs, name.split("-")[0], n, ""))[hosts].astype(str)
            if (keys == "").any():
                return None
        order, groups = group_order(keys)
        if groups < 2:
            return None
        return fill_in_order(order, gpus, target, H)

    bis = {"gbps": 0.0, "full_gbps": full_gbps, "ratio": 0.0, "candidate": "fewer than two hosts",
           "gpus_side_a": 0, "gpus_side_b": 0}
    if H >= 2:
        side, candidate = None, None
        for name in (CANDIDATES if args.split == "auto" else [args.split]):
            side = build(name)
            if side is not None:
                candidate = name
                break
        if side is None:
            sys.exit(f"split {args.split} is not defined for this fabric (a host lacks the key, or one group)")

        # Flow network: the undirected graph itself (igraph's max flow uses each
        # undirected edge in both directions with its capacity; parallel links
        # simply add up) with effective capacities in integer Mbit/s, plus a
        # super source joined to side-A hosts and a super sink joined to side-B
        # hosts by edges larger than the whole fabric's capacity.
        cap = to_mbps(eff)
        big = int(cap.sum()) + 1
        src, snk = n, n + 1
        g.add_vertices(2)
        side_a, side_b = hosts[side == 0], hosts[side == 1]
        new = np.concatenate([np.column_stack([np.full(side_a.size, src), side_a]),
                              np.column_stack([side_b, np.full(side_b.size, snk)])])
        g.add_edges(new.tolist())
        capacity = np.concatenate([cap, np.full(new.shape[0], big, dtype=np.int64)]).astype(np.float64)
        flow_mbps = g.maxflow_value(src, snk, capacity=capacity.tolist())
        if flow_mbps != round(flow_mbps):
            print(f"igraph: warning: max flow {flow_mbps!r} Mbit/s is not an integer", file=sys.stderr)
        gbps_cut = int(round(flow_mbps)) / 1000.0
        bis = {
            "gbps": gbps_cut,
            "full_gbps": full_gbps,
            "ratio": gbps_cut / full_gbps if full_gbps > 0 else 0.0,
            "candidate": candidate,
            "gpus_side_a": int(gpus[side == 0].sum()),
            "gpus_side_b": int(gpus[side == 1].sum()),
        }
    cpu3, wall3 = time.process_time(), time.perf_counter()

    out = {
        "tool": f"igraph {igraph.__version__}",
        "file": args.file,
        "gpus": total,
        "hosts": int(H),
        "switches": int(switches.size),
        "links": int(m),
        "tiers": tier_json,
        "bisection": bis,
        "units": "Gbit/s per direction",
    }
    json.dump(out, sys.stdout, indent=args.indent)
    sys.stdout.write("\n")
    print(f"igraph: read {wall1 - wall0:.3f} s wall / {cpu1 - cpu0:.3f} s CPU; "
          f"compute {wall3 - wall1:.3f} s wall / {cpu3 - cpu1:.3f} s CPU "
          f"(oversubscription {cpu2 - cpu1:.3f} s CPU, bisection {cpu3 - cpu2:.3f} s CPU)",
          file=sys.stderr)
    print(json.dumps({"timing": {"read_wall_s": wall1 - wall0, "read_cpu_s": cpu1 - cpu0,
                                 "compute_wall_s": wall3 - wall1, "compute_cpu_s": cpu3 - cpu1,
                                 "oversubscription_cpu_s": cpu2 - cpu1, "bisection_cpu_s": cpu3 - cpu2}}),
          file=sys.stderr)


if __name__ == "__main__":
    main()
