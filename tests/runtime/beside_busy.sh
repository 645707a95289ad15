#!/bin/sh
# Runs CMD beside a process that spins on the last CPU this shell may use, started before CMD
# (as a build that was running when a job starts); its pid in BUSY_PID, killed at the end.
#   beside_busy.sh CMD [ARGS...]
last=$(taskset -pc $$ | sed 's/.*: //' | tr ',' '\n' | tail -n 1 | sed 's/.*-//')
taskset -c "$last" sh -c 'while :; do :; done' &
BUSY_PID=$!
export BUSY_PID
sleep 0.2
"$@"
rc=$?
kill "$BUSY_PID" 2>/dev/null
wait "$BUSY_PID" 2>/dev/null
exit $rc
