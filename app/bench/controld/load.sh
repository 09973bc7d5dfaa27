#!/usr/bin/env bash
# Load on railyard-controld with wrk (Debian's), on loopback: the service
# pinned to one core (taskset -c 0), wrk on the other. Measures GET
# …/telemetry?window=15m and POST …/intents (a reviewed intent verified on
# every call: canonical JSON, SHA-256, two Ed25519 signatures, the audit row
# fsynced). Prints wrk's reports; docs/performance.md quotes them.
#
#   app/bench/controld/load.sh [BUILD_DIR] [SECONDS] [CONNECTIONS]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/../../.."
BUILD=${1:-build}
SECONDS_PER_RUN=${2:-10}
CONNECTIONS=${3:-16}
CONTROLD=$BUILD/app/controld/railyard-controld
CLI=$BUILD/app/cli/railyard-cli
command -v wrk >/dev/null || { echo "load.sh: wrk is not installed (apt install wrk)"; exit 77; }

work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/keyring"
for who in alice bob; do
    "$CLI" keys generate --name $who --out "$work/keys" >/dev/null
    cp "$work/keys/$who.pub" "$work/keyring/"
done
"$CLI" intent sign samples/cluster-3k.v4.intent.json --key "$work/keys/alice.key" -o "$work/v4.sub.json" >/dev/null
"$CLI" intent approve "$work/v4.sub.json" --key "$work/keys/bob.key" -o "$work/v4.json" >/dev/null
admin=$("$CONTROLD" token add --db "$work/db" --role admin --name load)

taskset -c 0 "$CONTROLD" serve --listen 127.0.0.1:0 --db "$work/db" --keyring "$work/keyring" \
    --cluster cluster-3k=samples/cluster-3k.fabric.json --threads 1 --rate-limit 0 >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 100); do grep -q listening "$work/out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$work/out")
net=$(curl -sf -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' \
    -d '{"cluster":"cluster-3k","backend":"roce","rails":8,"topology":"rail_optimized"}' \
    "$url/v1/training-networks" | sed 's/.*"network_id":"\([^"]*\)".*/\1/')
sleep 1
curl -sf -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' --data-binary @"$work/v4.json" \
    "$url/v1/training-networks/$net/intents" >/dev/null

cat >"$work/post.lua" <<LUA
wrk.method = "POST"
local f = io.open("$work/v4.json", "rb")
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $admin"
LUA

echo "== GET /v1/training-networks/$net/telemetry?window=15m (service on 1 core, $CONNECTIONS connections)"
taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency -H "Authorization: Bearer $admin" \
    "$url/v1/training-networks/$net/telemetry?window=15m"
echo "== POST /v1/training-networks/$net/intents (reviewed v4, verified each time)"
taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency -s "$work/post.lua" \
    "$url/v1/training-networks/$net/intents"
echo "== service RSS: $(grep VmRSS /proc/$pid/status | awk '{print $2, $3}')"
kill "$pid"
wait "$pid" 2>/dev/null || true
"$CONTROLD" check --db "$work/db"
