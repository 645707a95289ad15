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

# Unrelated CPU load beside a benchmark, started and stopped by pid.
# script_start_load NAME LOAD BUILD: LOAD is N (N busy processes) or N:BUSY_MS/IDLE_MS (each busy
# BUSY_MS then idle IDLE_MS in turns, BUILD's benches/busy_load), either with a trailing s: each
# started with setsid, as a program from another terminal (busy_load -s: where the kernel's
# autogroup is on, CPU time is shared between terminals), or c: each in a cgroup of the cpu
# controller of its own, as a service's process (busy_load -c, root); sets load_pids and
# load_desc; on a bad LOAD prints "NAME: ..." and returns 2. script_stop_load: kills and reaps
# them.
load_pids=()
load_desc="none"
script_start_load() {
    local name=$1 load=$2 build=$3 n busy_ms idle_ms own busy_load=$3/benches/busy_load
    if ! [[ $load =~ ^([0-9]+)(:([0-9.]+)/([0-9.]+))?([sc])?$ ]]; then
        echo "$name: -L $load is not N or N:BUSY_MS/IDLE_MS (with or without a trailing s or c)" >&2
        return 2
    fi
    n=${BASH_REMATCH[1]} busy_ms=${BASH_REMATCH[3]} idle_ms=${BASH_REMATCH[4]} own=${BASH_REMATCH[5]}
    if { [ -n "$busy_ms" ] || [ -n "$own" ]; } && [ ! -x "$busy_load" ]; then
        echo "$name: -L $load needs $busy_load (build the benches)" >&2
        return 2
    fi
    for _ in $(seq "$n"); do
        if [ -n "$busy_ms" ]; then "$busy_load" ${own:+-$own} "$busy_ms" "$idle_ms" &
        elif [ -x "$busy_load" ]; then "$busy_load" ${own:+-$own} &
        else (while :; do :; done) &
        fi
        load_pids+=($!)
    done
    local apart=""
    [ "$own" = s ] && apart=", each started with setsid"
    [ "$own" = c ] && apart=", each in a cgroup of the cpu controller of its own"
    load_desc="$n busy process(es)${busy_ms:+, each busy $busy_ms ms then idle $idle_ms ms}$apart (pids ${load_pids[*]})"
}
script_stop_load() {
    [ ${#load_pids[@]} -gt 0 ] && kill "${load_pids[@]}" 2>/dev/null
    wait "${load_pids[@]}" 2>/dev/null
    load_pids=()
}
