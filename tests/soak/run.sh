#!/bin/bash
# tests/soak/run.sh SECONDS [shm|tcp|mpi] [SEED] [BUSY]: soak.c for SECONDS on 4 PEs:
#   shm  4 PEs on this machine (shoalrun);
#   tcp  2 PEs on each of two simulated hosts (tests/multihost/run.sh; root), tcp between them;
#   mpi  the same over the mpi transport.
# BUSY: that many unrelated busy processes beside it for the whole run (default 0).
# The last lines say the operations done, the checks failed and how each resource moved.
# Exit status: soak's (0: no check failed and nothing grew).
set -u
[ $# -ge 1 ] || { echo "usage: $0 SECONDS [shm|tcp|mpi] [SEED] [BUSY]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
secs=$1 how=${2:-shm} seed=${3:-1} busy=${4:-0}
soak=${SOAK_EXE:-$here/../../build/tests/soak/soak}
shoalrun=${SHOALRUN:-$(dirname "$soak")/../../tools/shoalrun}
pids=()
trap '[ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null' EXIT
for _ in $(seq "$busy"); do (while :; do :; done) & pids+=($!); done
limit=$(( ${secs%.*} + 120 ))
case $how in
shm) "$shoalrun" -n 4 --timeout "$limit" "$soak" "$secs" "$seed" ;;
tcp) MULTIHOST_TIMEOUT=$limit "$here/../multihost/run.sh" 2 "$soak" "$secs" "$seed" ;;
mpi) SHOAL_OFFNODE=mpi MULTIHOST_TIMEOUT=$limit "$here/../multihost/run.sh" 2 "$soak" "$secs" "$seed" ;;
*) echo "run.sh: $how is not shm, tcp or mpi" >&2; exit 2 ;;
esac
