#!/usr/bin/env bash
# Smoke test of the '#   calls over 1 ms' lines (-P): a collective program at 2 PEs, the bare
# copies (copy_floor) and the bare patterns (coll_floor) print one after every row (copy_floor:
# but its ping-pong; coll_floor: but its barrier) with a count and a share of 0-100%; where no
# call took over 1 ms, the other calls' mean is the row's figure.
#   check_long_calls.sh SHOALRUN COLLECTIVE COPY_FLOOR COLL_FLOOR
set -u
shoalrun=$1 prog=$2 floor=$3 pattern=$4
check() { # $1: the output, $2: the rows expected, $3: what ran
    echo "$1" | awk -v want="$2" -v what="$3" '
        !/^#/ && NF >= 2 { row = $2; rows++; next }
        /^#   calls over 1 ms:/ {
            lines++
            if (match($0, /: [0-9.]+ per 1000 calls and (PE|process), [0-9.]+% of the timed time; the others [0-9.]+ us a call$/) == 0) {
                print what ": malformed: " $0; bad = 1; next }
            n = $6; share = $12; sub(/%/, "", share); others = $19
            if (share < 0 || share > 100) { print what ": share " share "%: " $0; bad = 1 }
            if (n == 0 && (others < row * 0.98 - 0.002 || others > row * 1.02 + 0.002)) {
                print what ": no long call, yet the others read " others " against the row " row; bad = 1 }
        }
        END {
            if (rows != want || lines != want) { print what ": " rows " rows, " lines " lines, expected " want " each"; bad = 1 }
            exit bad
        }' || return 1
}
out=$("$shoalrun" -n 2 --timeout 60 "$prog" -q -s 8:64 -P) || { echo "run failed: $out"; exit 1; }
echo "$out"
check "$out" 4 "$(basename "$prog")" || exit 1
out=$("$floor" -s 4K -i 20 -n 2) || { echo "copy_floor failed: $out"; exit 1; }
echo "$out"
# broadcast, fcollect, alltoall and reduce have the line; the ping-pong (timed by the batch) not
check "$(echo "$out" | grep -v '^pingpong')" 4 copy_floor || exit 1
out=$("$pattern" -i 200 -n 2) || { echo "coll_floor failed: $out"; exit 1; }
echo "$out"
# broadcast_8, reduce_8 and fcollect_8 have the line; the barrier (timed as a loop) not
check "$(echo "$out" | grep -v '^barrier')" 3 coll_floor || exit 1
echo ok
