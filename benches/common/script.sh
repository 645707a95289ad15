# Helpers shared by the shell scripts in benches/ (sourced, not run).

# script_help FILE: print FILE's header comment, its usage text.
script_help() {
    awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$1"
}

# script_build_dir NAME [DIR]: the absolute path of a Shoal build directory (default ./build);
# on failure prints "NAME: no build directory ..." and returns 2.
script_build_dir() {
    local dir=${2:-./build}
    (cd "$dir" 2>/dev/null && pwd) || { echo "$1: no build directory '$dir'" >&2; return 2; }
}

# script_supervise SCRIPT ARGS...: runs SCRIPT ARGS in a child and waits for it, so that TERM or
# INT (a kill by pid, a timeout) stops it and everything it started at once: bash runs a
# script's trap only when its foreground command returns, and a benchmark or a floor runs for
# minutes, beside busy processes that would outlive it. The child, and what it runs, keep this
# process group and terminal (an autogroup decides what a busy process beside them takes).
# Call it before starting anything; in the child (and every script it starts) it returns.
# Everything the child starts carries SHOAL_SCRIPT_TREE=<this pid> in its environment, so that
# what a child killed with it left behind (pkill -f matches both) is found too.
script_supervise() {
    [ -n "${SHOAL_SCRIPT_SUPERVISED:-}" ] && return 0
    SHOAL_SCRIPT_SUPERVISED=1 SHOAL_SCRIPT_TREE=$$ bash "$@" <&0 &
    local child=$!
    # shellcheck disable=SC2064
    trap "script_kill_tree $child; script_kill_marked $$; wait $child; exit 130" INT TERM
    wait "$child"
    exit $?
}

# script_kill_marked TOKEN: TERM to every process whose environment holds
# SHOAL_SCRIPT_TREE=TOKEN (what a supervised child started, orphans included).
script_kill_marked() {
    local e pid
    for e in /proc/[0-9]*/environ; do
        pid=${e#/proc/}
        pid=${pid%/environ}
        if tr '\0' '\n' <"$e" 2>/dev/null | grep -qxF "SHOAL_SCRIPT_TREE=$1"; then
            kill -TERM "$pid" 2>/dev/null
        fi
    done
}

# script_kill_tree PID: TERM to PID, then to every process it started, recursively. The
# children are listed first and the parent stopped first: a parent whose trap waits for its
# foreground child starts nothing new once that child is gone.
script_kill_tree() {
    local kids c
    kids=$(pgrep -P "$1" 2>/dev/null)
    kill -TERM "$1" 2>/dev/null
    for c in $kids; do script_kill_tree "$c"; done
}

# Unrelated CPU load beside a benchmark, started and stopped by pid.
# script_start_load NAME LOAD BUILD: LOAD is N (N busy processes) or N:BUSY_MS/IDLE_MS (each busy
# BUSY_MS then idle IDLE_MS in turns, BUILD's benches/busy_load), either with a trailing s: each
# started with setsid, as a program from another terminal (busy_load -s: where the kernel's
# autogroup is on, CPU time is shared between terminals), or c: each in a cgroup of the cpu
# controller of its own, as a service's process (busy_load -c, root), or n: each at nice 19, as a
# background job; then, also, t: each spinning in a second thread while its main thread waits
# (busy_load -t, as a thread pool); sets load_pids and load_desc; on a bad LOAD prints "NAME: ..."
# and returns 2.
# script_stop_load: kills and reaps them.
load_pids=()
load_desc="none"
script_start_load() {
    local name=$1 load=$2 build=$3 n busy_ms idle_ms own thread busy_load=$3/benches/busy_load
    if ! [[ $load =~ ^([0-9]+)(:([0-9.]+)/([0-9.]+))?([scn])?(t)?$ ]]; then
        echo "$name: -L $load is not N or N:BUSY_MS/IDLE_MS (with or without a trailing s, c or n, then t)" >&2
        return 2
    fi
    n=${BASH_REMATCH[1]} busy_ms=${BASH_REMATCH[3]} idle_ms=${BASH_REMATCH[4]} own=${BASH_REMATCH[5]}
    thread=${BASH_REMATCH[6]}
    local niced=()
    [ "$own" = n ] && niced=(nice -n 19) own=""
    if { [ -n "$busy_ms" ] || [ -n "$own" ] || [ -n "$thread" ]; } && [ ! -x "$busy_load" ]; then
        echo "$name: -L $load needs $busy_load (build the benches)" >&2
        return 2
    fi
    for _ in $(seq "$n"); do
        # nice execs busy_load: the pid is busy_load's
        if [ -n "$busy_ms" ]; then "${niced[@]}" "$busy_load" ${own:+-$own} ${thread:+-t} "$busy_ms" "$idle_ms" &
        elif [ -x "$busy_load" ]; then "${niced[@]}" "$busy_load" ${own:+-$own} ${thread:+-t} &
        else "${niced[@]}" sh -c 'while :; do :; done' &
        fi
        load_pids+=($!)
    done
    local apart=""
    [ "$own" = s ] && apart=", each started with setsid"
    [ "$own" = c ] && apart=", each in a cgroup of the cpu controller of its own"
    [ ${#niced[@]} -gt 0 ] && apart=", each at nice 19"
    [ -n "$thread" ] && apart="$apart, each spinning in a second thread"
    load_desc="$n busy process(es)${busy_ms:+, each busy $busy_ms ms then idle $idle_ms ms}$apart (pids ${load_pids[*]})"
}
script_stop_load() {
    # CONT too: one stopped (compare.sh -I) would keep the TERM pending
    [ ${#load_pids[@]} -gt 0 ] && kill "${load_pids[@]}" 2>/dev/null && kill -CONT "${load_pids[@]}" 2>/dev/null
    wait "${load_pids[@]}" 2>/dev/null
    load_pids=()
}
