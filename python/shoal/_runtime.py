"""init and finalize: the runtime's lifetime, from a launcher or an mpi4py communicator."""
import atexit
import sys

from . import _array, _core
from ._core import Error


class Runtime:
    """What init() returns: `with shoal.init():` finalizes at the end of the block."""

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            finalize()
        else:
            _stop_job(exc_type, exc, tb)  # the other PEs would wait in finalize forever
        return False

    my_pe = staticmethod(_core.my_pe)
    n_pes = staticmethod(_core.n_pes)


def init(comm=None):
    """Collective: start the runtime (under shoalrun, mpirun, or alone). comm: an mpi4py
    communicator to start on; it must span MPI_COMM_WORLD (the C runtime's MPI bootstrap)."""
    if comm is not None:
        _check_comm(comm)
    if not _core.initialized():
        _core.init()
        _array._start()
    if comm is not None and (_core.bootstrap_name() != "mpi" or comm.Get_rank() != _core.my_pe()):
        raise Error(f"shoal.init: the job was started by '{_core.bootstrap_name()}', not by comm's MPI "
                    f"(comm rank {comm.Get_rank()}, PE {_core.my_pe()})")
    return Runtime()


def _check_comm(comm):
    from mpi4py import MPI  # only callers that pass a communicator have mpi4py
    if not isinstance(comm, MPI.Comm):
        raise Error(f"shoal.init: comm {comm!r} is not an mpi4py communicator")
    if MPI.Comm.Compare(comm, MPI.COMM_WORLD) not in (MPI.IDENT, MPI.CONGRUENT):
        raise Error(f"shoal.init: comm of size {comm.Get_size()} does not span MPI_COMM_WORLD "
                    f"(size {MPI.COMM_WORLD.Get_size()}): the runtime starts on all of MPI_COMM_WORLD")


def finalize():
    """Collective: stop the runtime; arrays not freed become empty (their heap is gone)."""
    if _core.initialized():
        _array._stop()
        _core.finalize()


def _stop_job(exc_type, exc, tb):
    """An exception nobody caught on one PE: print it, then end every PE (not a hang)."""
    sys.__excepthook__(exc_type, exc, tb)
    sys.stderr.flush()
    _core.global_exit(1)


def _excepthook(exc_type, exc, tb):
    if _core.initialized() and _core.n_pes() > 1:
        _stop_job(exc_type, exc, tb)
    else:
        sys.__excepthook__(exc_type, exc, tb)


sys.excepthook = _excepthook
atexit.register(finalize)  # a program that returns without finalize still finalizes everywhere
