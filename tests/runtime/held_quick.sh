#!/bin/sh
# held_quick.sh SHOALRUN PROG: 4 PEs on the first two CPUs of this script's set, each CPU held
# by a busy process from before the job starts (no CPU free, nowhere to move). Passes when the
# quick look tells the PEs' waits to sleep (its SHOAL_DEBUG line, 0.02-0.06 s after init) and a
# window after it reads a CPU held with its PEs asleep (SHOAL_DEBUG=2's window line) in one of
# 3 runs; PROG's collectives must pass too. 77: under 2 CPUs.
shoalrun=$1; prog=$2
cpus=$(taskset -pc $$ | sed 's/.*: //' | tr ',' '\n' | while IFS=- read -r a b; do
    seq "$a" "${b:-$a}"; done | head -n 2 | tr '\n' ' ')
set -- $cpus
[ $# -eq 2 ] || { echo "held_quick: skipped (fewer than 2 CPUs)"; exit 77; }
pids=""
for c in "$1" "$2"; do
    taskset -c "$c" sh -c 'while :; do :; done' &
    pids="$pids $!"
done
trap 'kill $pids 2>/dev/null' EXIT
trap 'exit 143' INT TERM
sleep 0.2 # the scheduler has them on their CPUs
err=$(mktemp)
for try in 1 2 3; do
    SHOAL_DEBUG=2 taskset -c "$1,$2" "$shoalrun" -n 4 --timeout 30 "$prog" look 2>"$err" >/dev/null ||
        { echo "held_quick: the job failed"; cat "$err"; rm -f "$err"; exit 1; }
    line=$(grep -m1 'quick look: no CPU free' "$err")
    window=$(grep -m1 'window: .* held, its PEs sleep' "$err")
    echo "held_quick: run $try: ${line:-no verdict from the quick look}"
    echo "held_quick: run $try: ${window:-no window line with a held CPU whose PEs sleep}"
    if [ -n "$line" ] && [ -n "$window" ]; then rm -f "$err"; exit 0; fi
done
rm -f "$err"
echo "held_quick: beside a busy process on every CPU, no run of 3 had both the quick look telling the PEs to sleep and a window reading a held CPU"
exit 1
