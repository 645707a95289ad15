#!/bin/bash
# tests/multihost/host_death.sh PROGRAM MODE: run host_death (PROGRAM) on two simulated hosts,
# 2 PEs each; host b kills itself while host a's PEs wait for it in MODE (barrier | wait).
# Passes when the job stops within LIMIT seconds (well below run.sh's mpirun --timeout, 120,
# the last resort), non-zero, with a line that says a process or host was lost, and no PE
# reports that its wait returned. 77 (skip) as run.sh.
set -u
prog=$1 mode=$2
limit=30
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
t0=$(date +%s)
timeout -k 5 150 "$here/run.sh" 2 "$prog" "$mode" >"$out" 2>&1
rc=$?
took=$(( $(date +%s) - t0 ))
cat "$out"
[ $rc = 77 ] && exit 77
echo "host_death: $mode: status $rc after $took s"
fail=0
grep -q "killing host b" "$out" || { echo "FAIL: host b did not kill itself"; fail=1; }
grep -q "FAIL:" "$out" && { echo "FAIL: a wait returned without its writer"; fail=1; }
[ $rc = 0 ] && { echo "FAIL: the job ended with status 0"; fail=1; }
[ "$took" -le "$limit" ] || { echo "FAIL: the job took $took s to stop (limit $limit s)"; fail=1; }
grep -qE "lost communication|daemon|shoal: .*gone" "$out" ||
    { echo "FAIL: nothing says what was lost"; fail=1; }
exit $fail
