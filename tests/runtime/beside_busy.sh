#!/bin/sh
# beside_busy.sh CMD...: run CMD beside a busy process that holds the last CPU this script may
# use from before CMD starts (a job started on a machine already loaded); CMD's exit status.
# BUSY_NICE=N: the busy process runs N above this script's nice value (default 0; exit 77 where
# that passes 19); BUSY_CPUS=all: one on every CPU of the set; BUSY_CMD=PROGRAM: the busy
# process runs PROGRAM (which must keep a CPU busy until killed) instead of a shell loop;
# BUSY_PER_CPU=N: N such processes on each of those CPUs (default 1).
if [ -n "${BUSY_NICE:-}" ] && [ $(($(nice) + BUSY_NICE)) -gt 19 ]; then
    echo "beside_busy: skipped (nice $(nice) here: no room for $BUSY_NICE above it)"
    exit 77
fi
cpus=$(taskset -pc $$ | sed 's/.*: //' | tr ',' '\n' | while IFS=- read -r a b; do seq "$a" "${b:-$a}"; done)
[ "${BUSY_CPUS:-last}" = all ] || cpus=$(echo "$cpus" | tail -n 1)
busy=""
for c in $cpus; do
    for _ in $(seq "${BUSY_PER_CPU:-1}"); do
        if [ -n "${BUSY_CMD:-}" ]; then
            nice -n "${BUSY_NICE:-0}" taskset -c "$c" "$BUSY_CMD" &
        else
            nice -n "${BUSY_NICE:-0}" taskset -c "$c" sh -c 'while :; do :; done' &
        fi
        busy="$busy $!"
    done
done
trap 'kill $busy 2>/dev/null' EXIT
trap 'exit 143' INT TERM
sleep 0.2 # the scheduler has it on that CPU
"$@"
