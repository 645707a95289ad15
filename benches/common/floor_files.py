"""Names of the floor programs' raw outputs, shared by compare.sh and under_load.sh (their
reports run with this folder on PYTHONPATH)."""
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
