#!/bin/sh
# beside_busy.sh CMD...: run CMD beside a busy process that holds the last CPU this script may
# use from before CMD starts (a job started on a machine already loaded); CMD's exit status.
last=$(taskset -pc $$ | sed 's/.*: //' | tr ',' '\n' | tail -n 1 | sed 's/.*-//')
taskset -c "$last" sh -c 'while :; do :; done' &
busy=$!
trap 'kill $busy 2>/dev/null' EXIT
trap 'exit 143' INT TERM
sleep 0.2 # the scheduler has it on that CPU
"$@"
