#!/usr/bin/env bash
# Smoke test of the benchmarks' -I (compare.sh -L -I): with SHOAL_BENCH_LOAD_PIDS naming a
# process, every row is preceded by a '# idle ' line of the same row, measured while that
# process was stopped (its clock ticks show a gap per row), and the process runs again at the
# end; without the variable -I adds nothing. The floor programs' -I (coll_floor) likewise.
#   check_idle_pass.sh SHOALRUN PROGRAM COLL_FLOOR
set -u
shoalrun=$1 prog=$2 floor=$3
tick=$(mktemp)
# stands for a busy process: a clock that stops while it is stopped
(while :; do date +%s%N; done) >"$tick" &
ticker=$!
trap 'kill -CONT $ticker 2>/dev/null; kill $ticker 2>/dev/null; rm -f "$tick"' EXIT
sleep 0.2
out=$(SHOAL_BENCH_LOAD_PIDS="$ticker" "$shoalrun" -n 2 --timeout 60 "$prog" -q -s 8:64 -L 0.05 -I) ||
    { echo "run failed: $out"; exit 1; }
echo "$out"
state=$(ps -o stat= -p "$ticker")
case $state in T*) echo "the load is still stopped after the run (state $state)"; exit 1 ;; esac
# each row right after its '# idle ' twin
pairs=$(echo "$out" | awk '/^# idle / {k = $3; next} !/^#/ && NF >= 2 {if ($1 == k) n++; k = ""} END {print n + 0}')
rows=$(echo "$out" | awk '!/^#/ && NF >= 2' | wc -l)
[ "$rows" -eq 4 ] && [ "$pairs" -eq 4 ] || { echo "expected 4 rows each after its '# idle' line: $rows rows, $pairs pairs"; exit 1; }
# the idle passes (at least 50 ms each, -L 0.05) stopped the clock: 4 gaps of 40 ms or more
gaps=$(awk 'NR > 1 && $1 - last >= 40000000 {n++} {last = $1} END {print n + 0}' "$tick")
[ "$gaps" -ge 4 ] || { echo "the load was not stopped for the idle passes: $gaps gaps of 40 ms in its clock"; exit 1; }
plain=$("$shoalrun" -n 2 --timeout 60 "$prog" -q -s 8:64 -I | grep -c '^# idle ')
[ "$plain" -eq 0 ] || { echo "-I without SHOAL_BENCH_LOAD_PIDS printed $plain idle lines"; exit 1; }
fl=$(SHOAL_BENCH_LOAD_PIDS="$ticker" "$floor" -i 1000 -I) || { echo "coll_floor -I failed: $fl"; exit 1; }
echo "$fl"
n=$(echo "$fl" | grep -c '^# idle ')
[ "$n" -eq 4 ] || { echo "coll_floor -I: $n idle lines, expected 4"; exit 1; }
case $(ps -o stat= -p "$ticker") in T*) echo "coll_floor -I left the load stopped"; exit 1 ;; esac
echo "ok ($gaps gaps in the load's clock)"
