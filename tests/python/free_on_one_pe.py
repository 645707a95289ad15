"""A symmetric array freed on PE 0 only (PE 1 never calls free): the collective free cannot
complete, so under SHOAL_HANG_ABORT the job stops with the runtime's hang line naming
shoal.free (and the C routine it waits in) and the PE it waits for, instead of freeing on one
PE or waiting forever. Run at 2 PEs by tests/python/meson.build, which expects that line and a
non-zero exit."""
import sys
import time

import numpy as np

import shoal

shoal.init()
a = shoal.array(4, np.int64)
if shoal.my_pe() == 0:
    shoal.free(a)  # waits for PE 1's part of the free's agreement
    sys.exit("shoal.free returned on PE 0 while PE 1 never called it")
time.sleep(60)  # PE 1: somewhere else, not in free (the job is stopped before this ends)
