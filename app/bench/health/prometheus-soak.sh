#!/usr/bin/env bash
# The simulator scraped by a real Prometheus for minutes, as an operator runs
# it: `railyard-cli simulate` publishes cluster-3k (or another design) with
# its job — host links as InfiniBand sysfs files read by Debian's
# prometheus-node-exporter, switch ports and ranks on /metrics — Debian's
# prometheus scrapes both every 5 s, and `railyard-cli health --source
# prometheus=URL` polls it every 5 s. A host link is degraded to 50 % after
# two minutes. Checks, and prints (docs/performance.md quotes them):
#   * no gap: every scrape of both targets succeeded (min_over_time(up) = 1,
#     count_over_time(up) = the scrapes the run had room for) and every host
#     link's series has every sample;
#   * the simulator kept real time (its own report at the end);
#   * the fault showed within 2 scrape intervals (the alarm's raised_time
#     minus the fault's wall time).
# Exit 0 when all hold, 1 when one does not, 77 when a tool is missing.
#
#   app/bench/health/prometheus-soak.sh [BUILD_DIR] [MINUTES] [FABRIC] [JOB]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/../../.."
BUILD=${1:-build}
MINUTES=${2:-10}
FABRIC=${3:-samples/cluster-3k.fabric.json}
JOB=${4:-samples/llama-70b-3k.job.json}
CLI=$BUILD/app/cli/railyard-cli
SCRAPE=5
FAULT_AFTER=${FAULT_AFTER:-120}
for tool in /usr/bin/prometheus /usr/bin/prometheus-node-exporter curl python3; do
    command -v "$tool" >/dev/null || { echo "prometheus-soak.sh: $tool is not installed"; exit 77; }
done
# The sysfs tree on tmpfs, as the kernel's is in memory.
base=/dev/shm; [ -d "$base" ] && [ -w "$base" ] || base=${TMPDIR:-/tmp}
work=$(mktemp -d "$base/railyard-soak.XXXXXX")
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
sim_port=$(port); node_port=$(port); prom_port=$(port)
link=$(python3 - "$FABRIC" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
hosts = {h["id"] for h in d["hosts"]}
print(next(l["id"] for l in d["links"] if l["a"] in hosts or l["b"] in hosts))
PY
)
intervals=$((MINUTES * 60))
# Long enough for Prometheus to start, the rate() window to fill and the
# health run; it then ends by itself and reports how it kept time.
WARMUP=$((4 * SCRAPE + 5))
"$CLI" simulate "$FABRIC" --job "$JOB" --interval-seconds 1 --intervals $((intervals + WARMUP + 20)) \
    --inject "degrade:$link:0.5@$FAULT_AFTER" --sysfs "$work/sysfs" --serve "127.0.0.1:$sim_port" \
    >"$work/sim.out" 2>"$work/sim.err" &
pids+=($!)
# Its clock starts when it says "simulating": frame k is published at start + k + 1 s.
for _ in $(seq 3000); do grep -q '^simulating' "$work/sim.err" 2>/dev/null && break; sleep 0.1; done
fault_wall=$(( $(date +%s) + FAULT_AFTER + 1 ))
for _ in $(seq 600); do curl -sf -o /dev/null "http://127.0.0.1:$sim_port/metrics" && break; sleep 0.2; done
/usr/bin/prometheus-node-exporter --path.sysfs="$work/sysfs" --web.listen-address="127.0.0.1:$node_port" \
    --collector.disable-defaults --collector.infiniband >"$work/node.log" 2>&1 &
pids+=($!)
cat >"$work/prometheus.yml" <<YML
global:
  scrape_interval: ${SCRAPE}s
  scrape_timeout: ${SCRAPE}s
scrape_configs:
  - job_name: node
    static_configs: [{targets: ['127.0.0.1:$node_port']}]
  - job_name: railyard
    static_configs: [{targets: ['127.0.0.1:$sim_port']}]
YML
/usr/bin/prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
    --web.listen-address="127.0.0.1:$prom_port" >"$work/prom.log" 2>&1 &
pids+=($!)
for _ in $(seq 300); do curl -sf -o /dev/null "http://127.0.0.1:$prom_port/-/ready" && break; sleep 0.2; done
# rate() needs its window of scrapes (4 of them) before a poll sees every link.
sleep $WARMUP
start=$(date +%s)
echo "soak: $FABRIC with $JOB for $MINUTES min, scraped every ${SCRAPE} s; $link at 50 % from $(date -u -d @"$fault_wall" +%H:%M:%SZ)"
"$CLI" health "$FABRIC" --job "$JOB" --source "prometheus=http://127.0.0.1:$prom_port" \
    --interval-seconds $SCRAPE --intervals $((intervals / SCRAPE)) --json >"$work/health.json" 2>"$work/health.err" \
    || { echo "soak: health failed:"; tail -5 "$work/health.err"; }
end=$(date +%s)
span=$((end - start))s
query() { curl -sf "http://127.0.0.1:$prom_port/api/v1/query" --data-urlencode "query=$1" --data-urlencode "time=$end"; }
status=0
python3 - "$work" "$SCRAPE" "$((end - start))" "$fault_wall" "$link" \
    "$(query "min_over_time(up[$span])")" "$(query "count_over_time(up[$span])")" \
    "$(query "min(count_over_time(node_infiniband_port_data_transmitted_bytes_total[$span]))")" \
    "$(query "count(node_infiniband_port_data_transmitted_bytes_total)")" <<'PY' || status=1
import json, sys
work, scrape, seconds, fault_wall, link = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
up_min, up_count, link_min, link_series = (json.loads(a)["data"]["result"] for a in sys.argv[6:10])
ok = True
span_scrapes = seconds // scrape  # the scrapes the [span] window has room for
for r in up_min:
    job, v = r["metric"]["job"], float(r["value"][1])
    print(f"  target {job}: lowest up {v:g}")
    ok &= v == 1
for r in up_count:
    job, n = r["metric"]["job"], int(float(r["value"][1]))
    print(f"  target {job}: {n} scrapes in the last {seconds} s (room for {span_scrapes})")
    ok &= n >= span_scrapes - 1
series = int(float(link_series[0]["value"][1])) if link_series else 0
fewest = int(float(link_min[0]["value"][1])) if link_min else 0
print(f"  host-link series: {series}, the sparsest has {fewest} samples (room for {span_scrapes})")
ok &= series > 0 and fewest >= span_scrapes - 1
report = json.load(open(f"{work}/health.json"))
print(f"  health: {report['intervals']} polls, {report['stale_intervals']} stale, link gap fraction {report['link_gap_fraction']:.4f}")
ok &= report["stale_intervals"] == 0 and report["link_gap_fraction"] == 0
hits = [d for d in report["detections"] if d["element"] == link]
if hits and hits[0]["first_time"]:
    # first_time: the poll whose evidence first showed it; raised_time: when
    # the rule's hysteresis let the alarm go.
    shown, raised = hits[0]["first_time"] - fault_wall, hits[0]["raised_time"] - fault_wall
    print(f"  {link} at 50 %: shown {shown:.1f} s after the fault ({shown / scrape:.1f} scrape intervals), "
          f"alarm raised after {raised:.1f} s, severity {hits[0]['severity']}")
    ok &= shown <= 2 * scrape
else:
    print(f"  {link} at 50 %: no alarm")
    ok = False
others = [d["element"] for d in report["detections"] if d["element"] != link]
print(f"  other alarms: {len(others)} {others[:5]}")
ok &= not others
sys.exit(0 if ok else 1)
PY
wait "${pids[0]}" 2>/dev/null || true
tail -1 "$work/sim.err" | sed 's/^/  simulate: /'
[ $status -eq 0 ] && echo "soak: passed" || echo "soak: FAILED (logs were in $work)"
exit $status
