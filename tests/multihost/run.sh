#!/bin/bash
# tests/multihost/run.sh NP_PER_HOST PROGRAM [ARGS...]: run PROGRAM with mpirun on two
# simulated hosts on this machine, NP_PER_HOST PEs on each. Each host is a network namespace
# (joined to the other by a veth pair, 10.77.0.1 and 10.77.0.2) plus its own UTS namespace
# (hostname shoal-host-a / -b), mount namespace (its own /dev/shm), IPC namespace and, for
# host b, PID namespace, kept alive by a holder process; mpirun starts in host a and reaches host b through an rsh agent that enters b's
# namespaces with nsenter. So Shoal sees two nodes: PEs of one host share memory, the others
# go through the off-node transport (tcp unless SHOAL_OFFNODE says mpi). Exit status: PROGRAM's; 77 (skip) without root, mpirun or
# network namespaces. Everything is removed on exit. MULTIHOST_MPIRUN_ARGS: more mpirun options;
# MULTIHOST_TIMEOUT: mpirun's --timeout (default 120 s).
# MULTIHOST_STRANGER=MODE: a stranger (stranger.c, path in MULTIHOST_STRANGER_EXE) watches host
# b during the run and connects to the PEs' listeners with MODE; the run fails unless it
# reached one, was refused by all it reached, and the job passed (SHOAL_TCP_CONNECT_DELAY_MS
# holds the job's own connections back so that it gets there first).
# MULTIHOST_JOBS=2: two jobs at once on the same two hosts; both must pass.
# mpirun binds nothing: the hosts share this machine's CPUs, and each mpirun daemon bound its
# first PE to "its" core 0, so both hosts' first PEs shared one core and every round trip
# between them waited for a scheduler time slice (~8 ms per call). MULTIHOST_SPLIT_CPUS=1
# gives each host its own half of the CPUs instead (host a the first): a host of one core on
# this 2-core machine, where 2 PEs per host are oversubscribed (a PE busy in MPI_Win_flush
# then starves its host-mate, which must serve the other host's operations: slow).
set -u
[ $# -ge 2 ] || { echo "usage: $0 NP_PER_HOST PROGRAM [ARGS...]" >&2; exit 2; }
per=$1; shift
[ "$(id -u)" = 0 ] || { echo "multihost: needs root: skipped"; exit 77; }
for c in ip nsenter unshare mpirun taskset; do
    command -v "$c" >/dev/null || { echo "multihost: no $c: skipped"; exit 77; }
done
tag=sh$$
dir=$(mktemp -d)
holders=()
starters=()
cleanup() {
    [ ${#holders[@]} -gt 0 ] && kill -9 "${holders[@]}" 2>/dev/null
    [ ${#starters[@]} -gt 0 ] && wait "${starters[@]}" 2>/dev/null
    ip netns del "${tag}a" 2>/dev/null
    ip netns del "${tag}b" 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT
ip netns add "${tag}a" 2>/dev/null || { echo "multihost: ip netns add failed: skipped"; exit 77; }
ip netns add "${tag}b" || exit 77
ip link add "${tag}a0" type veth peer name "${tag}b0" || exit 77
ip link set "${tag}a0" netns "${tag}a" && ip link set "${tag}b0" netns "${tag}b" || exit 1
ip -n "${tag}a" addr add 10.77.0.1/24 dev "${tag}a0" && ip -n "${tag}b" addr add 10.77.0.2/24 dev "${tag}b0" || exit 1
for h in a b; do
    ip -n "${tag}$h" link set lo up && ip -n "${tag}$h" link set "${tag}${h}0" up || exit 1
    # The holder: its own hostname, /dev/shm and System V IPC, inside the host's network
    # namespace; host b also gets its own PID namespace (with its own /proc), whose init the
    # holder is. Without them UCX reaches the other host through shared memory (System V,
    # /proc/<pid>/fd links) or cross-memory attach, never through the network. (Host a keeps
    # this machine's PIDs: mpirun starts there and its agent must enter b's PID namespace,
    # which only an ancestor namespace can.)
    ns=(--uts --mount --ipc) ; [ $h = b ] && ns+=(--pid --fork --mount-proc)
    ip netns exec "${tag}$h" unshare "${ns[@]}" --propagation private \
        sh -c "hostname shoal-host-$h && mount -t tmpfs -o mode=1777 tmpfs /dev/shm && touch '$dir/$h.ready' && exec sleep 100000" \
        2>"$dir/$h.log" &  # (unshare --fork complains when its child is killed at the end)
    starters+=($!)
done
for i in 0 1; do
    h=$([ $i = 0 ] && echo a || echo b)
    for _ in $(seq 100); do [ -e "$dir/$h.ready" ] && break; sleep 0.05; done
    [ -e "$dir/$h.ready" ] || { echo "multihost: host $h did not start"; cat "$dir/$h.log"; exit 1; }
    s=${starters[$i]}
    [ $h = a ] && holders+=("$s") || holders+=($(cat "/proc/$s/task/$s/children"))
done
ncpu=$(nproc)
cpus_a=0-$(( ncpu - 1 )) cpus_b=$cpus_a
if [ "${MULTIHOST_SPLIT_CPUS:-0}" = 1 ]; then  # (one CPU: both get it)
    cpus_a=0-$(( (ncpu + 1) / 2 - 1 )) cpus_b=$(( ncpu / 2 ))-$(( ncpu - 1 ))
fi
cat >"$dir/agent" <<AGENT
#!/bin/sh
# rsh agent for mpirun: run the command line in the namespaces of the host named by \$1.
case "\$1" in
10.77.0.1) pid=${holders[0]} cpus=$cpus_a ;;
10.77.0.2) pid=${holders[1]} cpus=$cpus_b ;;
*) echo "multihost agent: unknown host \$1" >&2; exit 1 ;;
esac
shift
exec taskset -c "\$cpus" nsenter -t "\$pid" --net --uts --mount --ipc --pid -- /bin/sh -c "\$*"
AGENT
chmod +x "$dir/agent"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
prog=$1; shift
[ -e "$prog" ] && prog=$(readlink -f "$prog")
pass=()  # the caller's settings travel to every PE
for v in PATH LD_LIBRARY_PATH $(env | grep -oE '^(SHOAL|SHMEM|GTEST)_[A-Z0-9_]+' | sort -u); do
    [ -n "${!v+x}" ] && pass+=(-x "$v")
done
job() {
    taskset -c "$cpus_a" nsenter -t "${holders[0]}" --net --uts --mount --ipc --wd="$PWD" -- \
        mpirun --host "10.77.0.1:$per,10.77.0.2:$per" -np $((2 * per)) --wdir "$PWD" \
        --mca plm_rsh_agent "$dir/agent" --mca oob_tcp_if_include 10.77.0.0/24 \
        --mca btl_tcp_if_include 10.77.0.0/24 --bind-to none --timeout "${MULTIHOST_TIMEOUT:-120}" "${pass[@]}" ${MULTIHOST_MPIRUN_ARGS:-} "$prog" "$@"
}
stranger=""
if [ -n "${MULTIHOST_STRANGER:-}" ]; then
    # host b's PEs all listen for host a's: per listeners to reach
    nsenter -t "${holders[1]}" --net -- "${MULTIHOST_STRANGER_EXE:?}" "$MULTIHOST_STRANGER" 60 "$per" &
    stranger=$!
fi
rc=0
if [ "${MULTIHOST_JOBS:-1}" = 2 ]; then
    job "$@" >"$dir/job1.out" 2>&1 & j1=$!
    job "$@" >"$dir/job2.out" 2>&1 & j2=$!
    wait "$j1" || rc=$?
    wait "$j2" || { r=$?; [ "$rc" = 0 ] && rc=$r; }
    for k in 1 2; do echo "== job $k"; cat "$dir/job$k.out"; done
else
    job "$@" || rc=$?
fi
if [ -n "$stranger" ]; then
    kill -TERM "$stranger" 2>/dev/null  # the job is over: it reports what it reached
    wait "$stranger"; s=$?
    [ "$s" = 0 ] || { echo "multihost: the stranger ($MULTIHOST_STRANGER) exited $s (1: a PE took it, 2: it reached no PE)"; [ "$rc" = 0 ] && rc=1; }
fi
exit "$rc"
