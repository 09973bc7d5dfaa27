#!/usr/bin/env bash
# An anonymous flood on railyard-controld with wrk (Debian's), on loopback:
# the service pinned to one core (taskset -c 0), the attackers on the other.
# 32 connections send GET /v1/training-networks without credentials for
# SECONDS (default 60); meanwhile a viewer calls GET /v1/healthz every 20 ms
# on its own connection, and wrk reports its latency percentiles. Prints the
# database's growth (file, WAL and anchor) and the audit rows the flood left;
# docs/performance.md and docs/security.md quote them.
#
#   app/bench/controld/flood.sh [BUILD_DIR] [SECONDS] [CONNECTIONS]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/../../.."
BUILD=${1:-build}
SECONDS_PER_RUN=${2:-60}
CONNECTIONS=${3:-32}
CONTROLD=$BUILD/app/controld/railyard-controld
CLI=$BUILD/app/cli/railyard-cli
command -v wrk >/dev/null || { echo "flood.sh: wrk is not installed (apt install wrk)"; exit 77; }

work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/keyring"
chmod 700 "$work/keyring"
viewer=$("$CONTROLD" token add --db "$work/db" --role viewer --name viewer)
admin=$("$CONTROLD" token add --db "$work/db" --role admin --name admin)

taskset -c 0 "$CONTROLD" serve --listen 127.0.0.1:0 --db "$work/db" --keyring "$work/keyring" \
    --cluster cluster-3k=samples/cluster-3k.fabric.json --threads 1 >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 100); do grep -q listening "$work/out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$work/out")
sleep 1

bytes() {
    local total=0 f
    for f in "$work/db" "$work/db-wal" "$work/db.audit-anchor"; do
        [[ -f $f ]] && total=$((total + $(stat -c %s "$f")))
    done
    echo "$total"
}
rows() {
    python3 -c 'import sqlite3, sys; print(*sqlite3.connect(sys.argv[1]).execute(
        "SELECT COUNT(*), COALESCE(SUM(count), 0) FROM audit").fetchone())' "$work/db"
}
before=$(bytes)

cat >"$work/viewer.lua" <<LUA
wrk.headers["Authorization"] = "Bearer $viewer"
function delay() return 20 end
LUA

echo "== $SECONDS_PER_RUN s: $CONNECTIONS anonymous connections on GET /v1/training-networks (service on 1 core)"
taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" "$url/v1/training-networks" >"$work/flood" &
flood=$!
echo "== meanwhile: a viewer on GET /v1/healthz every 20 ms"
taskset -c 1 wrk -t1 -c1 -d"$((SECONDS_PER_RUN - 2))s" --latency -s "$work/viewer.lua" "$url/v1/healthz"
wait "$flood"
echo "== the flood"
cat "$work/flood"
echo "== service RSS: $(grep VmRSS /proc/$pid/status | awk '{print $2, $3}')"
kill "$pid"
wait "$pid" 2>/dev/null || true
after=$(bytes)
echo "== database growth over the flood: $((after - before)) bytes (file + WAL + anchor, roll-ups written at exit)"
echo "== audit rows (rows, requests they stand for): $(rows)"
"$CONTROLD" check --db "$work/db"
