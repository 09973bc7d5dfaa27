#!/usr/bin/env bash
# Runs railyard-cli analyze --json and the NetworkX and igraph peers on the
# same GraphML file, each under /usr/bin/time, and prints a table of CPU
# seconds, peak RSS and whether the answers agree (README.md in this folder).
#
#   app/bench/peers/compare.sh [--no-networkx] [--no-igraph] FILE [WORKDIR]
#
# FILE is a .fabric.json (converted to GraphML with railyard-cli convert; the
# fabric.json is also analyzed by railyard-cli, for reference) or a .graphml.
# WORKDIR (default: a new mktemp -d directory) keeps the GraphML, every JSON
# answer and every time file. Environment: RAILYARD_CLI (default
# build/app/cli/railyard-cli of this checkout), PYTHON (default /usr/bin/python3,
# the interpreter with python3-networkx 2.8 and python3-igraph 0.10),
# NICE (default "nice -n 10").
# Exit status: 0 all answers agree, 1 some disagree, 2 usage or run error.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cli="${RAILYARD_CLI:-$root/build/app/cli/railyard-cli}"
py="${PYTHON:-/usr/bin/python3}"
read -r -a nice_cmd <<< "${NICE:-nice -n 10}"

run_nx=1
run_ig=1
while [[ $# -gt 0 && "$1" == -* ]]; do
    case "$1" in
    --no-networkx) run_nx=0 ;;
    --no-igraph) run_ig=0 ;;
    -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
[[ $# -ge 1 && $# -le 2 ]] || { echo "usage: compare.sh [--no-networkx] [--no-igraph] FILE [WORKDIR]" >&2; exit 2; }
input="$1"
work="${2:-$(mktemp -d /tmp/railyard-peers.XXXXXX)}"
mkdir -p "$work"
[[ -x "$cli" ]] || { echo "compare.sh: railyard-cli not found at $cli (set RAILYARD_CLI)" >&2; exit 2; }
[[ -r "$input" ]] || { echo "compare.sh: cannot read $input" >&2; exit 2; }

base="$(basename "$input")"
base="${base%.fabric.json}"
base="${base%.json}"
base="${base%.graphml}"
case "$input" in
*.graphml | *.GRAPHML) graphml="$input"; fabric="" ;;
*)
    graphml="$work/$base.graphml"
    fabric="$input"
    "$cli" convert "$input" "$graphml" >&2
    ;;
esac

# timed NAME CMD... : stdout to $work/NAME.json, stderr to NAME.err, time to NAME.time
timed() {
    local name="$1"
    shift
    echo "compare.sh: running $name ..." >&2
    if ! /usr/bin/time -f "%U %S %M" -o "$work/$name.time" "${nice_cmd[@]}" "$@" \
        >"$work/$name.json" 2>"$work/$name.err"; then
        echo "compare.sh: $name failed; see $work/$name.err" >&2
        cat "$work/$name.err" >&2
        exit 2
    fi
}

timed railyard "$cli" analyze "$graphml" --json
[[ -n "$fabric" ]] && timed railyard-fabricjson "$cli" analyze "$fabric" --json
# Reading alone: the whole validate process (read, validate, print a line).
timed railyard-read "$cli" validate "$graphml"

# The peers build the split Railyard reported when it is one of the aligned
# candidates they know; otherwise their default (the first candidate).
candidate="$("$py" -c 'import json,sys; print(json.load(open(sys.argv[1]))["bisection"]["candidate"])' "$work/railyard.json")"
case "$candidate" in
zone-aligned | pod-aligned | su-aligned | rack-aligned | leaf-aligned | host-order) split="$candidate" ;;
*) split=auto ;;
esac
[[ $run_nx == 1 ]] && timed networkx "$py" "$here/networkx_analyze.py" "$graphml" --split "$split"
[[ $run_ig == 1 ]] && timed igraph "$py" "$here/igraph_analyze.py" "$graphml" --split "$split"

"$py" - "$work" "$graphml" <<'EOF'
import json, math, os, sys

work, graphml = sys.argv[1], sys.argv[2]
REL = 1e-9

def load(name):
    p = os.path.join(work, name + ".json")
    if not os.path.exists(p):
        return None
    with open(p) as f:
        answer = json.load(f)
    with open(os.path.join(work, name + ".time")) as f:
        user, system, rss_kb = f.read().split()[-3:]
    timing = {}
    with open(os.path.join(work, name + ".err")) as f:
        for line in f:
            if line.startswith('{"timing"'):
                timing = json.loads(line)["timing"]
    return answer, float(user) + float(system), int(rss_kb), timing

def ratio_equal(x, y):
    if x is None or y is None:
        return x is None and y is None
    return x == y or abs(x - y) <= REL * max(abs(x), abs(y))

def tiers_agree(ref, other):
    a = {t["name"]: t for t in ref["tiers"]}
    b = {t["name"]: t for t in other["tiers"]}
    if a.keys() != b.keys():
        return False, f"tiers {sorted(a)} vs {sorted(b)}"
    for name in a:
        for field in ("oversubscription", "worst_oversubscription"):
            if not ratio_equal(a[name][field], b[name][field]):
                return False, f"{name}.{field} {a[name][field]} vs {b[name][field]}"
    return True, ""

ref = load("railyard")
rows = [("railyard-cli (graphml)", ref)]
fj = load("railyard-fabricjson")
if fj:
    rows.insert(0, ("railyard-cli (fabric.json)", fj))
for name, label in (("networkx", "networkx peer"), ("igraph", "igraph peer")):
    r = load(name)
    if r:
        rows.append((label, r))

ref_answer = ref[0]
print(f"file: {graphml}")
print(f"railyard: {ref_answer['gpus']} GPUs, {ref_answer['hosts']} hosts, {ref_answer['switches']} switches, "
      f"{ref_answer['links']} links; bisection method {ref_answer['bisection']['method']}, "
      f"split {ref_answer['bisection']['candidate']}")
for t in ref_answer["tiers"]:
    print(f"  {t['name']:6} oversubscription {t['oversubscription']}  worst {t['worst_oversubscription']}")
print()
header = f"{'tool':28} {'CPU s':>9} {'RSS MiB':>8} {'read s':>8} {'comp s':>8} {'bisection Gbit/s':>18}  {'split':14} {'tiers':6} {'bisection'}"
print(header)
print("-" * len(header))
all_ok = True
notes = []
for label, (answer, cpu, rss, timing) in rows:
    read = f"{timing['read_cpu_s']:.3f}" if timing else "-"
    comp = f"{timing['compute_cpu_s']:.3f}" if timing else "-"
    if label.startswith("railyard"):
        t_ok = b_ok = "ref" if label == "railyard-cli (graphml)" else None
        if t_ok is None:
            ok, why = tiers_agree(ref_answer, answer)
            t_ok = "yes" if ok else "NO"
            b_ok = "yes" if answer["bisection"]["gbps"] == ref_answer["bisection"]["gbps"] else "NO"
            all_ok &= ok and b_ok == "yes"
    else:
        ok, why = tiers_agree(ref_answer, answer)
        t_ok = "yes" if ok else "NO"
        all_ok &= ok
        if why:
            notes.append(f"{label}: {why}")
        if answer["bisection"]["candidate"] != ref_answer["bisection"]["candidate"]:
            b_ok = "n/a"
            notes.append(f"{label}: railyard's split '{ref_answer['bisection']['candidate']}' is not a single "
                         f"candidate the peers build; they used '{answer['bisection']['candidate']}'")
        elif answer["bisection"]["gbps"] == ref_answer["bisection"]["gbps"]:
            b_ok = "yes"
        else:
            b_ok = "NO"
            all_ok = False
            notes.append(f"{label}: bisection {answer['bisection']['gbps']!r} vs {ref_answer['bisection']['gbps']!r}")
    print(f"{label:28} {cpu:9.2f} {rss / 1024:8.1f} {read:>8} {comp:>8} {answer['bisection']['gbps']:18.3f}  "
          f"{answer['bisection']['candidate'][:14]:14} {t_ok:6} {b_ok}")
for n in notes:
    print("note:", n)
read_time = os.path.join(work, "railyard-read.time")
if os.path.exists(read_time):
    with open(read_time) as f:
        user, system, rss_kb = f.read().split()[-3:]
    railyard_read = float(user) + float(system)
    print(f"\nreading the GraphML file: railyard-cli validate (whole process) {railyard_read:.2f} CPU s", end="")
    ig = load("igraph")
    if ig and ig[3]:
        igraph_read = ig[3]["read_cpu_s"]
        print(f"; igraph's Read_GraphML {igraph_read:.2f} CPU s: {igraph_read / railyard_read:.1f}x", end="")
    print()
print(f"\nCPU s = user + sys of the whole process (/usr/bin/time); read/comp s = the script's own CPU split.")
print(f"answers {'AGREE' if all_ok else 'DISAGREE'}; outputs in {work}")
sys.exit(0 if all_ok else 1)
EOF
