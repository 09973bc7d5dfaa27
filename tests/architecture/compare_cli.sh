#!/usr/bin/env bash
# Runs the same railyard-cli commands over the bundled samples with two
# builds of railyard-cli and compares what they print, byte for byte, apart
# from timings (lines and JSON fields that report elapsed time are masked).
# Used to show that a restructuring changed no output:
#
#   tests/architecture/compare_cli.sh OLD/railyard-cli NEW/railyard-cli [SAMPLES_DIR]
#
# Prints one line per command (same / DIFFERS) and the diffs; exits 1 when
# any output differs. Heavy commands on the 24K-GPU sample are included:
# expect a few minutes.
set -uo pipefail

old=${1:?usage: compare_cli.sh OLD_CLI NEW_CLI [SAMPLES_DIR]}
new=${2:?usage: compare_cli.sh OLD_CLI NEW_CLI [SAMPLES_DIR]}
samples=${3:-$(dirname "$(readlink -f "$0")")/../../samples}
work=$(mktemp -d "${TMPDIR:-/tmp}/railyard-compare.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Timings: "… in 12 ms", "elapsed_ms": 12, "seconds": 0.3 and the like.
mask() {
    sed -E \
        -e 's/"([a-z_]*(elapsed|_ms|seconds|duration|took)[a-z_]*)": *[0-9.eE+-]+/"\1": T/g' \
        -e 's/[0-9]+(\.[0-9]+)? ?(ms|µs|us|s)\b( wall| elapsed)?/T\2/g' \
        -e 's#'"$work"'/(old|new)#WORK#g'
}

differs=0
count=0
run() { # run NAME ARGS... (ARGS may use @OUT@ for an output file)
    local name=$1
    shift
    count=$((count + 1))
    for side in old new; do
        local cli=${!side} dir="$work/$side"
        mkdir -p "$dir"
        local args=()
        for a in "$@"; do args+=("${a//@OUT@/$dir/out}"); done
        "$cli" "${args[@]}" >"$dir/$name.stdout" 2>"$dir/$name.stderr"
        echo "exit $?" >>"$dir/$name.stdout"
        if [ -f "$dir/out" ]; then
            cat "$dir/out" >>"$dir/$name.stdout"
            rm -f "$dir/out"
        fi
        mask <"$dir/$name.stdout" >"$dir/$name.masked"
        mask <"$dir/$name.stderr" >>"$dir/$name.masked"
    done
    if cmp -s "$work/old/$name.masked" "$work/new/$name.masked"; then
        echo "same     $name"
    else
        echo "DIFFERS  $name"
        diff -u "$work/old/$name.masked" "$work/new/$name.masked" | head -40
        differs=$((differs + 1))
    fi
}

s=$samples
for f in lab-2rack cluster-3k superpod-4su gb200-nvl72 meta-24k; do
    run "analyze-$f" analyze "$s/$f.fabric.json"
    run "analyze-json-$f" analyze "$s/$f.fabric.json" --json
    run "validate-$f" validate "$s/$f.fabric.json"
    run "bom-$f" bom "$s/$f.fabric.json" --json
    run "export-slurm-$f" export "$s/$f.fabric.json" --to slurm-tree -o @OUT@
done
run analyze-graphml analyze "$s/fat-tree-k4.graphml"
run convert-graphml convert "$s/cluster-3k.fabric.json" @OUT@.graphml
run convert-ibnet convert "$s/cluster-3k.fabric.json" @OUT@.ibnetdiscover
run cabling cabling "$s/superpod-4su.fabric.json" -o @OUT@
run diff diff "$s/lab-2rack.fabric.json" "$s/cluster-3k.fabric.json" --json
run export-kueue export "$s/cluster-3k.fabric.json" --to kueue -o @OUT@
run export-volcano export "$s/cluster-3k.fabric.json" --to volcano -o @OUT@
run place-lab place "$s/lab-2rack.fabric.json" "$s/lab-2rack.job.json"
run place-3k place "$s/cluster-3k.fabric.json" "$s/llama-70b-3k.job.json" --json
run place-moe place "$s/gb200-nvl72.fabric.json" "$s/moe-gb200.job.json"
run collective collective "$s/cluster-3k.fabric.json" --op all-reduce --size 1GiB --json
run intent-lint intent lint "$s/cluster-3k.v4.intent.json" --fabric "$s/cluster-3k.fabric.json"
run intent-diff intent diff "$s/cluster-3k.v3.intent.json" "$s/cluster-3k.v4.intent.json" --fabric "$s/cluster-3k.fabric.json"
run bad-file analyze "$s/lab-2rack.job.json"
run usage analyze

echo "$count commands, $differs differ"
[ "$differs" -eq 0 ]
