"""Names of the floor programs' raw outputs and the line they share with the benchmarks,
for compare.sh and under_load.sh (their reports run with this folder on PYTHONPATH)."""
import os
import re

# copy_floor's row that holds each program's copies (put and get: one copy each way, as a
# broadcast's receiver makes)
COPY_ROW = {"shmem_broadcast": "broadcast", "shmem_fcollect": "fcollect", "shmem_collect": "fcollect",
            "shmem_alltoall": "alltoall", "shmem_reduce": "reduce", "shmem_pingpong": "pingpong",
            "shmem_put_latency": "broadcast", "shmem_get_latency": "broadcast"}

_COPY_OUT = re.compile(r"floor\.copy_floor_n\d+_(\d+)([KM])(?:-t)?\.r\d+\.out")


def copy_sizes(directory):
    """copy_floor's sizes that a run's directory holds raw outputs of (compare.sh's loop picks
    them), smallest first: [(name as in the file names, e.g. "64K", bytes)]."""
    got = {}
    for f in os.listdir(directory) if os.path.isdir(directory) else []:
        m = _COPY_OUT.fullmatch(f)
        if m:
            got[m.group(1) + m.group(2)] = int(m.group(1)) << (10 if m.group(2) == "K" else 20)
    return sorted(got.items(), key=lambda x: x[1])


# benches/common/long_calls.h's line, after a row of the benchmarks (-P) or of copy_floor and
# coll_floor
_LONG_CALLS = re.compile(r"#   calls over 1 ms: [\d.]+ per 1000 calls and (?:PE|process), ([\d.]+)% of the "
                         r"timed time; the others ([\d.]+) us")


def long_calls_line(line):
    """(the share of the timed time in calls over 1 ms, 0-1; the other calls' mean in us) of a
    '#   calls over 1 ms' line, None for any other line."""
    m = _LONG_CALLS.match(line)
    return (float(m.group(1)) / 100, float(m.group(2))) if m else None
