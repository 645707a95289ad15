#!/bin/bash
# shoalrun_test.sh SHOALRUN PROBE: checks the launcher's exit statuses, error messages,
# timeout, signal forwarding and that no PE outlives a failed job.
set -u
run=$1
probe=$(readlink -f "$2")  # absolute: pgrep below must not see other builds' probes
failures=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# expect RC TEXT -- CMD...: CMD exits RC and its output contains TEXT.
expect() {
    local want=$1 text=$2
    shift 3
    local start=$SECONDS
    "$@" >"$out" 2>&1
    local rc=$?
    if [ "$rc" -ne "$want" ] || ! grep -qF -- "$text" "$out"; then
        echo "FAIL: $* -> exit $rc (want $want, output containing '$text'):"
        sed 's/^/    /' "$out"
        failures=$((failures + 1))
    else
        echo "ok:   $* -> exit $rc in $((SECONDS - start)) s"
    fi
}

# leftovers: no probe started by this script may still run.
leftovers() {
    sleep 0.2
    if pgrep -f "^$probe" >/dev/null; then
        echo "FAIL: PEs outlived their job:"; pgrep -af "^$probe"
        failures=$((failures + 1))
    fi
}

expect 0 "probe: 4 PEs met" -- "$run" -n 4 "$probe"
expect 0 "probe: 1 PEs met" -- "$run" -n 1 "$probe"
expect 0 "probe: 3 PEs met" -- "$run" -np 3 -- "$probe" ok
expect 7 "PE 1 (pid" -- "$run" -n 3 "$probe" exit 1 7
leftovers
expect 137 "killed by signal 9" -- "$run" -n 4 "$probe" kill 2
leftovers
expect 5 "exited with status 5" -- "$run" -n 3 "$probe" ignterm 0 5
leftovers
expect 0 "PE 2 called shmem_global_exit(0)" -- "$run" -n 4 "$probe" global 2 0
leftovers
expect 3 "PE 0 called shmem_global_exit(3)" -- "$run" -n 2 "$probe" global 0 3
leftovers
# A PE that leaves with status 0 while others still need it: stopped with a message.
expect 1 "PE 1 (pid" -- "$run" -n 3 --timeout 20 "$probe" leave 1
expect 1 "without calling shmem_finalize" -- "$run" -n 3 --timeout 20 "$probe" leave 1
expect 1 "before calling shmem_init while PE" -- "$run" -n 3 --timeout 20 "$probe" early 2
expect 124 "shoalrun: timeout after 1 s" -- "$run" -n 2 --timeout 1 "$probe" hang
leftovers
expect 2 "missing -n" -- "$run" "$probe"
expect 2 "bad PE count '0'" -- "$run" -n 0 "$probe"
expect 2 "bad PE count 'x'" -- "$run" -np x "$probe"
expect 2 "no program" -- "$run" -n 2
expect 2 "bad timeout '-1'" -- "$run" -n 2 --timeout -1 "$probe"
expect 2 "unknown option '--bogus'" -- "$run" --bogus -n 2 "$probe"
expect 127 "cannot execute '/nonexistent/app'" -- "$run" -n 2 /nonexistent/app

# SIGTERM to the launcher reaches every PE: the job ends with 128+15.
"$run" -n 3 "$probe" hang >/dev/null 2>&1 &
pid=$!
sleep 0.5
kill -TERM "$pid"
wait "$pid"
rc=$?
if [ "$rc" -ne 143 ]; then echo "FAIL: SIGTERM forwarding -> exit $rc (want 143)"; failures=$((failures + 1)); else echo "ok:   SIGTERM forwarded -> exit 143"; fi
leftovers

# SIGKILL to the launcher: the PEs die with it (PR_SET_PDEATHSIG).
"$run" -n 3 "$probe" hang >/dev/null 2>&1 &
pid=$!
sleep 0.5
kill -KILL "$pid"
wait "$pid" 2>/dev/null
before=$failures
leftovers
[ "$failures" -eq "$before" ] && echo "ok:   launcher killed -> no PE left"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
