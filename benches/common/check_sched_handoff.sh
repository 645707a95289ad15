#!/usr/bin/env bash
# Smoke test of sched_handoff: asked for far more hand-offs than fit in its time (10^8 each),
# every row must still end within its 2 s (beside a busy process on its CPU a row of yields
# would take minutes) and print a positive figure; with more processes than CPUs the three rows
# dealt over the CPUs come too, and only then.
#   check_sched_handoff.sh SCHED_HANDOFF
set -u
prog=$1 ncpu=$(nproc)
for n in 2 4; do
    t0=$(date +%s)
    out=$(timeout 60 "$prog" -n "$n" -i 100000000) ||
        { echo "-n $n failed or ran past 60 s: $out"; exit 1; }
    echo "$out"
    secs=$(($(date +%s) - t0))
    rows=$(echo "$out" | grep -vc '^#')
    want=$((ncpu > 1 ? 5 : 4))
    [ "$n" -gt "$ncpu" ] && want=$((want + 3))
    [ "$rows" -eq "$want" ] || { echo "-n $n: expected $want rows, got $rows"; exit 1; }
    bad=$(echo "$out" | awk '!/^#/ && !($NF > 0) {print}')
    [ -z "$bad" ] || { echo "-n $n: rows without a positive figure: $bad"; exit 1; }
    dealt=$(echo "$out" | grep -c '^dealt')
    [ "$dealt" -eq $((n > ncpu ? 3 : 0)) ] ||
        { echo "-n $n on $ncpu CPUs: $dealt dealt rows"; exit 1; }
    [ "$secs" -le $((rows * 2 + 10)) ] || { echo "-n $n: $rows rows took $secs s"; exit 1; }
done
if "$prog" -n 1 >/dev/null 2>&1; then
    echo "-n 1 was accepted"
    exit 1
fi
echo "ok"
