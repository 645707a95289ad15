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


def init(comm=None, *, mpi_comm=None):
    """Collective: start the runtime (under shoalrun, mpirun, or alone). comm (or mpi_comm, as
    nvshmem4py names it): an mpi4py intracommunicator (under mpirun) whose ranks become the PEs;
    a part of MPI_COMM_WORLD is a job of its own."""
    if mpi_comm is not None:
        if comm is not None:
            raise Error("shoal.init: comm and mpi_comm are the same argument: pass one")
        comm = mpi_comm
    addr = _comm_address(comm) if comm is not None else 0
    if not _core.initialized():
        _core.init(addr)
        _array._start()
    elif comm is not None and (_core.bootstrap_name() != "mpi" or comm.Get_rank() != _core.my_pe()
                               or comm.Get_size() != _core.n_pes()):
        raise Error(f"shoal.init: already started ({_core.n_pes()} PEs by '{_core.bootstrap_name()}'), "
                    f"not on comm (rank {comm.Get_rank()} of {comm.Get_size()})")
    return Runtime()


def _comm_address(comm):
    from mpi4py import MPI  # only callers that pass a communicator have mpi4py
    if not isinstance(comm, MPI.Intracomm):
        raise Error(f"shoal.init: comm {comm!r} is not an mpi4py intracommunicator")
    if comm == MPI.COMM_NULL:
        raise Error("shoal.init: comm is MPI.COMM_NULL")
    return MPI._addressof(comm)


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
