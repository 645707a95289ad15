"""Every PE runs the same tests in the same order, so one shoal.init serves the whole pytest run."""
import pytest
import shoal


@pytest.fixture(scope="session", autouse=True)
def runtime():
    with shoal.init() as rt:
        yield rt


@pytest.fixture
def pe():
    """(this PE, number of PEs, right neighbour, left neighbour)."""
    me, n = shoal.my_pe(), shoal.n_pes()
    return me, n, (me + 1) % n, (me - 1) % n
