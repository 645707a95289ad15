#!/usr/bin/env bash
# Smoke test of the benchmarks' time floor (-L): a collective program, the ping-pong or the
# atomics in quick mode (10 timed calls per size) given -L SEC must time enough calls to fill
# SEC on every row (ping-pong's figure is half a round trip: half its window), and a floor
# that is not a number must be refused. And of the settle (-S SEC): a run given -S 0.5 lasts
# at least that long (quick mode alone takes tens of ms); -S -1, 100 and 0.5x are refused.
#   check_time_floor.sh SHOALRUN PROGRAM [ROWS]   (ROWS: the rows it prints, default 4)
set -u
shoalrun=$1 prog=$2 nrows=${3:-4}
out=$("$shoalrun" -n 2 --timeout 60 "$prog" -q -f -s 8:64 -L 0.02) || { echo "run failed: $out"; exit 1; }
echo "$out"
# Rows: size, mean (us), min, max, iterations. The timed calls of a row must add up to a good
# part of the 20 ms window (the untimed barriers between them take the rest): 2 ms at least,
# where quick mode's 10 calls of a few us add up to tens of us.
bad=$(echo "$out" | awk '!/^#/ && NF >= 5 && $2 * $5 < 2000 {print}')
rows=$(echo "$out" | awk '!/^#/ && NF >= 5' | wc -l)
[ "$rows" -eq "$nrows" ] || { echo "expected $nrows rows, got $rows"; exit 1; }
[ -z "$bad" ] || { echo "rows that did not fill the floor: $bad"; exit 1; }
if "$shoalrun" -n 2 --timeout 60 "$prog" -q -L 0.02x >/dev/null 2>&1; then
    echo "-L 0.02x was accepted"
    exit 1
fi
t0=$(date +%s%N)
"$shoalrun" -n 2 --timeout 60 "$prog" -q -s 8 -S 0.5 >/dev/null || { echo "-S 0.5 failed"; exit 1; }
ms=$((($(date +%s%N) - t0) / 1000000))
[ "$ms" -ge 500 ] || { echo "a run given -S 0.5 took $ms ms: no settle"; exit 1; }
for v in -1 100 0.5x; do
    if "$shoalrun" -n 2 --timeout 60 "$prog" -q -S "$v" >/dev/null 2>&1; then
        echo "-S $v was accepted"
        exit 1
    fi
done
echo "ok (-S 0.5: $ms ms)"
