#!/usr/bin/python3
"""Peer benchmark: the question `railyard-cli analyze FILE --json` answers, in NetworkX.

Reads a GraphML file written by Railyard and prints (stdout, JSON) the
oversubscription of every switch tier and the bisection bandwidth of one
host split as a single max flow, with the field names of
`railyard-cli analyze --json` (tiers[].oversubscription, bisection.gbps, ...).
Time spent reading vs computing goes to stderr.

Definitions follow Railyard's code (see README.md in this folder):
core/analysis/capacity.cpp, oversubscription.cpp, bisection.cpp, maxflow.cpp.

Run with the Debian interpreter, which has python3-networkx 2.8:
    /usr/bin/python3 networkx_analyze.py FILE.graphml [--split auto] [--flow-func preflow_push]
"""

import argparse
import json
import math
import sys
import time

import networkx as nx
from networkx.algorithms import flow as nxflow

TIER_RANK = {"host": 0, "leaf": 1, "spine": 2, "core": 3}  # "switch" (unlayered) -> -1
TIER_NAME = {1: "leaf", 2: "spine", 3: "core"}
CANDIDATES = ["zone-aligned", "pod-aligned", "su-aligned", "rack-aligned", "leaf-aligned", "host-order"]
FLOW_FUNCS = {
    "preflow_push": nxflow.preflow_push,
    "dinitz": nxflow.dinitz,
    "edmonds_karp": nxflow.edmonds_karp,
    "shortest_augmenting_path": nxflow.shortest_augmenting_path,
    "boykov_kolmogorov": nxflow.boykov_kolmogorov,
}


def to_mbps(gbps):
    """std::llround(gbps * 1000) for gbps >= 0, as core/analysis/maxflow.cpp toMbps()."""
    x = gbps * 1000.0
    f = math.floor(x)
    return int(f) + (1 if x - f >= 0.5 else 0)


def ratio_json(r):
    return r if math.isfinite(r) else None


def fill_in_order(order, gpus, target, host_count):
    """bisection.cpp fillInOrder(): hosts in order fill side 0 up to target GPUs."""
    side = [1] * host_count
    g = 0
    for h in order:
        if g + gpus[h] <= target:
            side[h] = 0
            g += gpus[h]
        if g == target:
            break
    return side


def aligned_split(keys, gpus, target):
    """bisection.cpp alignedSplit(): group hosts by key (groups in order of first
    appearance), fill group by group. None when a key is empty or < 2 groups."""
    groups = {}
    for h, k in enumerate(keys):
        if k == "":
            return None
        groups.setdefault(k, []).append(h)
    if len(groups) < 2:
        return None
    order = [h for members in groups.values() for h in members]  # dicts keep insertion order
    return fill_in_order(order, gpus, target, len(keys))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", help="GraphML file written by Railyard")
    ap.add_argument("--split", default="auto", choices=["auto"] + CANDIDATES,
                    help="host split for the bisection max flow; auto = the first candidate Railyard's "
                         "tier-cut search can build (zone, pod, su, rack, leaf, host order)")
    ap.add_argument("--flow-func", default="preflow_push", choices=sorted(FLOW_FUNCS),
                    help="NetworkX max-flow algorithm (default preflow_push, NetworkX's own default)")
    ap.add_argument("--indent", type=int, default=1)
    args = ap.parse_args()

    cpu0, wall0 = time.process_time(), time.perf_counter()

    # ---- (1) read ------------------------------------------------------------
    G = nx.read_graphml(args.file)
    cpu1, wall1 = time.process_time(), time.perf_counter()

    # ---- model: hosts first, then switches, each in document order (graphmlreader.cpp build())
    node_default = G.graph.get("node_default", {})
    edge_default = G.graph.get("edge_default", {})

    def nattr(d, k, fallback=None):
        v = d.get(k, node_default.get(k, fallback))
        return fallback if v is None else v

    hosts, switches = [], []
    for n, d in G.nodes(data=True):
        (hosts if nattr(d, "role", "") == "host" else switches).append(n)
    host_index = {n: i for i, n in enumerate(hosts)}
    switch_index = {n: i for i, n in enumerate(switches)}
    rank = {}
    for n, d in G.nodes(data=True):
        rank[n] = TIER_RANK.get(nattr(d, "role", ""), -1)

    # Effective capacity per link (capacity.cpp / Link::effectiveGbps()).
    links = []  # (a, b, nominal gbps, effective gbps)
    for a, b, d in G.edges(data=True):
        gbps = float(d.get("gbps", edge_default.get("gbps")))
        state = d.get("state", edge_default.get("state", "up")) or "up"
        if state == "down":
            eff = 0.0
        elif state == "degraded":
            eff = float(d.get("degraded_gbps", edge_default.get("degraded_gbps")))
        else:
            eff = gbps
        links.append((a, b, gbps, eff))

    # ---- (2) oversubscription per tier (oversubscription.cpp) -----------------
    down = [0.0] * len(switches)
    up = [0.0] * len(switches)
    has_up = [False] * len(switches)
    for a, b, _, eff in links:
        ra, rb = rank[a], rank[b]
        for self_, rs, ro in ((a, ra, rb), (b, rb, ra)):
            if rs <= 0 or ro < 0 or ro == rs:
                continue
            s = switch_index[self_]
            if ro < rs:
                down[s] += eff
            else:
                up[s] += eff
                has_up[s] = True

    tiers = {}
    for s, n in enumerate(switches):
        level = rank[n]
        if level < 1:
            continue  # unlayered: no tier entry
        if up[s] > 0:
            r = down[s] / up[s]
        else:
            r = math.inf if (has_up[s] and down[s] > 0) else math.nan
        t = tiers.setdefault(level, {"switches": 0, "down": 0.0, "up": 0.0, "has_up": False,
                                     "worst": 0.0, "worst_switch": None})
        t["switches"] += 1
        t["down"] += down[s]
        t["up"] += up[s]
        t["has_up"] = t["has_up"] or has_up[s]
        if not math.isnan(r) and (t["worst_switch"] is None or r > t["worst"]):
            t["worst"], t["worst_switch"] = r, n
    tier_json = []
    for level in sorted(tiers):
        t = tiers[level]
        top = not t["has_up"]
        if top:
            ratio, worst, worst_switch = math.nan, math.nan, None
        else:
            ratio = t["down"] / t["up"] if t["up"] > 0 else math.inf
            worst, worst_switch = t["worst"], t["worst_switch"]
        tier_json.append({
            "name": TIER_NAME[level],
            "switches": t["switches"],
            "down_gbps": t["down"],
            "up_gbps": t["up"],
            "oversubscription": ratio_json(ratio),
            "worst_oversubscription": ratio_json(worst),
            "worst_switch": worst_switch,
            "top": top,
        })
    cpu2, wall2 = time.process_time(), time.perf_counter()

    # ---- (3) bisection: one host split, one max flow (bisection.cpp, maxflow.cpp)
    H = len(hosts)
    gpus = [int(nattr(G.nodes[h], "gpus", 8)) for h in hosts]
    total = sum(gpus)
    target = total // 2
    full_gbps = sum(g for a, b, g, _ in links if (a in host_index) != (b in host_index)) / 2.0

    def leaf_key(h):
        first = None
        for nb in G.neighbors(h):
            if nb in switch_index and (first is None or switch_index[nb] < switch_index[first]):
                first = nb
        return "unattached" if first is None else first

    def build(name):
        if name == "host-order":
            return fill_in_order(range(H), gpus, target, H)
        if name == "leaf-aligned":
            return aligned_split([leaf_key(h) for h in hosts], gpus, target)
        key = name.split("-")[0]
        return aligned_split([str(nattr(G.nodes[h], key, "")) for h in hosts], gpus, target)

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

        # Flow network: hosts and switches as nodes, each undirected link as two
        # arcs with its effective capacity in integer Mbit/s (parallel links summed),
        # super source -> side-A hosts and side-B hosts -> super sink (no capacity
        # attribute = infinite in NetworkX).
        D = nx.DiGraph()
        D.add_nodes_from(G.nodes)
        for a, b, _, eff in links:
            c = to_mbps(eff)
            if c <= 0:
                continue
            for u, v in ((a, b), (b, a)):
                if D.has_edge(u, v):
                    D[u][v]["capacity"] += c
                else:
                    D.add_edge(u, v, capacity=c)
        S, T = ("__source__",), ("__sink__",)  # tuples never collide with GraphML string ids
        D.add_edges_from((S, hosts[h]) for h in range(H) if side[h] == 0)
        D.add_edges_from((hosts[h], T) for h in range(H) if side[h] == 1)
        flow_mbps = nx.maximum_flow_value(D, S, T, flow_func=FLOW_FUNCS[args.flow_func])
        gbps = int(flow_mbps) / 1000.0
        bis = {
            "gbps": gbps,
            "full_gbps": full_gbps,
            "ratio": gbps / full_gbps if full_gbps > 0 else 0.0,
            "candidate": candidate,
            "gpus_side_a": sum(g for g, s in zip(gpus, side) if s == 0),
            "gpus_side_b": sum(g for g, s in zip(gpus, side) if s == 1),
        }
    cpu3, wall3 = time.process_time(), time.perf_counter()

    out = {
        "tool": f"networkx {nx.__version__} ({args.flow_func})",
        "file": args.file,
        "gpus": total,
        "hosts": H,
        "switches": len(switches),
        "links": len(links),
        "tiers": tier_json,
        "bisection": bis,
        "units": "Gbit/s per direction",
    }
    json.dump(out, sys.stdout, indent=args.indent)
    sys.stdout.write("\n")
    print(f"networkx: read {wall1 - wall0:.3f} s wall / {cpu1 - cpu0:.3f} s CPU; "
          f"compute {wall3 - wall1:.3f} s wall / {cpu3 - cpu1:.3f} s CPU "
          f"(oversubscription {cpu2 - cpu1:.3f} s CPU, bisection {cpu3 - cpu2:.3f} s CPU)",
          file=sys.stderr)
    print(json.dumps({"timing": {"read_wall_s": wall1 - wall0, "read_cpu_s": cpu1 - cpu0,
                                 "compute_wall_s": wall3 - wall1, "compute_cpu_s": cpu3 - cpu1,
                                 "oversubscription_cpu_s": cpu2 - cpu1, "bisection_cpu_s": cpu3 - cpu2}}),
          file=sys.stderr)


if __name__ == "__main__":
    main()
