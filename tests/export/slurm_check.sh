#!/usr/bin/env bash
# Slurm's own parser reads Railyard's topology.conf export.
#
# Usage: slurm_check.sh RAILYARD_CLI FABRIC_FILE
#
# Exports FABRIC_FILE with `railyard-cli export --to slurm-tree`, starts a
# private slurmctld (Slurm 22.05 on Debian bookworm has no config-test mode,
# so the controller itself must load the file) bound to a free port, with
# auth/none, no slurmd, no accounting and every node at 127.0.0.1, then asks
# `scontrol show topology` and compares Slurm's view with the export:
#   * every SwitchName of the export, and nothing else, is known to Slurm;
#   * every leaf switch holds exactly the nodes the export gave it;
#   * the root reaches every node (Level = number of levels - 1);
#   * the controller logged no topology error or warning.
# Nothing but localhost is contacted; every wait is bounded; the controller
# is stopped on exit. Exit 0 pass, 1 fail, 77 skip (slurmctld/scontrol or the
# topology/tree plugin not installed; Debian: slurmctld slurm-client).
set -u

cli=${1:?usage: slurm_check.sh RAILYARD_CLI FABRIC_FILE}
fabric=${2:?usage: slurm_check.sh RAILYARD_CLI FABRIC_FILE}

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; [ -f "${work:-}/slurmctld.log" ] && tail -n 30 "$work/slurmctld.log"; exit 1; }

slurmctld=$(command -v slurmctld || ls /usr/sbin/slurmctld 2>/dev/null) || true
scontrol=$(command -v scontrol) || true
[ -x "${slurmctld:-}" ] || skip "slurmctld is not installed (Debian: apt-get install slurmctld slurm-client)"
[ -x "${scontrol:-}" ] || skip "scontrol is not installed (Debian: apt-get install slurm-client)"
plugindir=
for dir in /usr/lib/x86_64-linux-gnu/slurm-wlm /usr/lib/$(uname -m)-linux-gnu/slurm-wlm /usr/lib64/slurm /usr/lib/slurm; do
    if [ -f "$dir/topology_tree.so" ]; then plugindir=$dir; break; fi
done
[ -n "$plugindir" ] || skip "Slurm's topology/tree plugin is not installed (Debian: slurm-wlm-basic-plugins)"
for plugin in auth_none cred_none select_cons_tres; do
    [ -f "$plugindir/$plugin.so" ] || skip "Slurm plugin $plugin is not installed in $plugindir"
done
command -v python3 >/dev/null || skip "python3 is needed to pick a free port"

work=$(mktemp -d "${TMPDIR:-/tmp}/railyard-slurm.XXXXXX") || fail "cannot create a temporary directory"
ctld_pid=
cleanup() {
    if [ -n "$ctld_pid" ] && kill -0 "$ctld_pid" 2>/dev/null; then
        kill -TERM "$ctld_pid" 2>/dev/null
        for _ in $(seq 1 50); do kill -0 "$ctld_pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$ctld_pid" 2>/dev/null
        wait "$ctld_pid" 2>/dev/null
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# 1. The export.
timeout 60 "$cli" export "$fabric" --to slurm-tree -o "$work/topology.conf" >/dev/null \
    || fail "railyard-cli export failed"
expected_switches=$(grep -c '^SwitchName=' "$work/topology.conf")
[ "$expected_switches" -gt 0 ] || fail "the export has no SwitchName lines"
nodes=$(sed -n 's/^SwitchName=[^ ]* Nodes=\([^ ]*\)$/\1/p' "$work/topology.conf" | paste -sd, -)
[ -n "$nodes" ] || fail "the export has no Nodes= lines"

# 2. A private controller on loopback.
# slurmctld binds the wildcard address without SO_REUSEADDR, so a port is free
# only if no socket (TIME_WAIT ones of other tests included) holds it on any
# address: ask the kernel for a wildcard port whose successor is free too.
port=$(python3 - <<'PY'
import socket
for _ in range(200):
    a = socket.socket(); a.bind(("0.0.0.0", 0)); p = a.getsockname()[1]
    b = socket.socket()
    try:
        b.bind(("0.0.0.0", p + 1))
    except OSError:
        continue
    finally:
        a.close(); b.close()
    print(p); break
PY
) && [ -n "$port" ] || fail "cannot find two free ports in a row"
mkdir -p "$work/state" "$work/spool"
cat > "$work/slurm.conf" <<CONF
# Throw-away controller for checking topology.conf; see slurm_check.sh.
ClusterName=railyardcheck
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=$(id -un)
AuthType=auth/none
CredType=cred/none
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmctldDebug=info
PluginDir=$plugindir
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
TopologyPlugin=topology/tree
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
ReturnToService=1
# No slurmd will answer: keep the controller from probing the nodes early.
SlurmdTimeout=3600
HealthCheckInterval=0
NodeName=$nodes NodeAddr=127.0.0.1 CPUs=1 RealMemory=1000 State=UNKNOWN
PartitionName=all Nodes=ALL Default=YES State=UP
CONF

export SLURM_CONF=$work/slurm.conf
timeout 150 "$slurmctld" -D -c -f "$work/slurm.conf" >"$work/slurmctld.out" 2>&1 &
ctld_pid=$!

up=
for _ in $(seq 1 60); do
    kill -0 "$ctld_pid" 2>/dev/null || { cat "$work/slurmctld.out"; fail "slurmctld exited during start-up"; }
    if timeout 5 "$scontrol" ping 2>/dev/null | grep -q 'is UP'; then up=1; break; fi
    sleep 0.5
done
[ -n "$up" ] || fail "slurmctld did not answer 'scontrol ping' within 30 s"

# 3. Slurm's view of the topology.
timeout 20 "$scontrol" -o show topology >"$work/topology.out" 2>&1 || { cat "$work/topology.out"; fail "scontrol show topology failed"; }
echo "--- scontrol show topology (first and last lines) ---"
head -n 3 "$work/topology.out"
echo "..."
tail -n 4 "$work/topology.out"

slurm_switches=$(grep -c '^SwitchName=' "$work/topology.out")
[ "$slurm_switches" -eq "$expected_switches" ] \
    || fail "Slurm knows $slurm_switches switches, the export has $expected_switches"
# Field VALUE of switch NAME in Slurm's output ("" if absent).
field() { awk -v name="$1" -v key="$2" '
    { delete f; for (i = 1; i <= NF; ++i) { eq = index($i, "="); f[substr($i, 1, eq - 1)] = substr($i, eq + 1) } }
    f["SwitchName"] == name { print f[key]; exit }' "$work/topology.out"; }
# Every exported switch, with the same nodes for the leaves.
while read -r line; do
    name=${line#SwitchName=}; name=${name%% *}
    [ -n "$(field "$name" SwitchName)" ] || fail "Slurm does not know switch $name"
    case "$line" in
    *" Nodes="*)
        want=${line##* Nodes=}
        [ "$(field "$name" Level)" = 0 ] || fail "leaf switch $name: Slurm puts it at Level $(field "$name" Level)"
        [ "$(field "$name" Nodes)" = "$want" ] \
            || fail "leaf switch $name: Slurm has Nodes=$(field "$name" Nodes), the export $want"
        ;;
    *" Switches="*)
        want=${line##* Switches=}
        [ "$(field "$name" Switches)" = "$want" ] \
            || fail "switch $name: Slurm has Switches=$(field "$name" Switches), the export $want"
        ;;
    esac
done < <(grep '^SwitchName=' "$work/topology.conf")
# The root: the last line of the export, reaching every node.
root=$(grep '^SwitchName=' "$work/topology.conf" | tail -n 1 | sed 's/^SwitchName=\([^ ]*\).*/\1/')
all=$(timeout 10 "$scontrol" show hostlist "$nodes") || fail "scontrol show hostlist failed"
[ "$(field "$root" Nodes)" = "$all" ] || fail "root switch $root reaches $(field "$root" Nodes), not every node ($all)"
if grep -Ei 'topology|switch' "$work/slurmctld.log" | grep -Eiq 'error|warning|fatal'; then
    grep -Ei 'topology|switch' "$work/slurmctld.log" | grep -Ei 'error|warning|fatal'
    fail "slurmctld reported topology problems"
fi
echo "PASS: Slurm $("$slurmctld" -V | awk '{print $2}') loaded all $expected_switches switches of the export;" \
    "leaves hold the exported nodes; root $root (Level $(field "$root" Level)) reaches $all"
exit 0
