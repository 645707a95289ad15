// Point-to-point waits on one element (every dtype of OpenSHMEM's wait table), barriers, syncs.
#include "common.hpp"

namespace shoalpy {

namespace {

using WaitFn = void (*)(char *, int, py::handle, const char *);
using TestFn = bool (*)(char *, int, py::handle, const char *);
template <class T, auto Fn> void wait_row(char *p, int cmp, py::handle v, const char *routine)
{
    T x = from_py<T>(v, routine, "cmp_value");
    py::gil_scoped_release nogil;  // other Python threads run while this one waits
    Fn(reinterpret_cast<T *>(p), cmp, x);
}
template <class T, auto Fn> bool test_row(char *p, int cmp, py::handle v, const char *routine)
{
    return Fn(reinterpret_cast<T *>(p), cmp, from_py<T>(v, routine, "cmp_value")) != 0;
}
struct P2p {
    Table<WaitFn> wait{};
    Table<TestFn> test{};
    P2p()
    {
#define SHOAL_PY_P2P(T, N, A)                                                                  \
    wait[npy_num<T>()] = &wait_row<T, shmem_##N##_wait_until>;                                 \
    test[npy_num<T>()] = &test_row<T, shmem_##N##_test>;
        SHOAL_P2P_TYPES(SHOAL_PY_P2P, )
#undef SHOAL_PY_P2P
    }
};
const P2p p2p;

template <class Fn> Fn p2p_row(const Table<Fn> &t, py::handle ivar, py::handle index, int cmp, const char *routine, char **p)
{
    View v;
    *p = element(ivar, index, routine, "ivar", &v);
    if (cmp < SHMEM_CMP_EQ || cmp > SHMEM_CMP_GE)
        fail(routine, "cmp " + std::to_string(cmp) + " is not one of shoal.CMP_EQ, NE, GT, LE, LT, GE");
    if (!t[v.type])
        fail(routine, "dtype " + dtype_name(v.type) + " has no " + routine +
                          " (it takes int16, int32, int64, uint16, uint32, uint64)");
    return t[v.type];
}

}  // namespace

void def_sync(py::module_ &m)
{
    auto none = py::none();
    m.def("wait_until", [](py::handle ivar, int cmp, py::handle value, py::handle index) {
        char *p;
        p2p_row(p2p.wait, ivar, index, cmp, "wait_until", &p)(p, cmp, value, "wait_until");
    }, py::arg("ivar"), py::arg("cmp"), py::arg("cmp_value"), py::arg("index") = 0,
       "Wait until the local ivar[index] compares true with cmp_value (cmp: CMP_EQ ...).");
    m.def("test", [](py::handle ivar, int cmp, py::handle value, py::handle index) {
        char *p;
        return p2p_row(p2p.test, ivar, index, cmp, "test", &p)(p, cmp, value, "test");
    }, py::arg("ivar"), py::arg("cmp"), py::arg("cmp_value"), py::arg("index") = 0,
       "True when the local ivar[index] compares true with cmp_value now.");
    m.def("barrier_all", [](py::handle stream) {
        if (!stream.is_none()) return shmemx_barrier_all_on_stream(stream_of(stream, "barrier_all"));
        py::gil_scoped_release nogil;
        shmem_barrier_all();
    }, py::arg("stream") = none, "Complete every PE's puts and AMOs, then wait for every PE.");
    m.def("sync_all", [](py::handle stream) {
        if (!stream.is_none()) return shmemx_sync_all_on_stream(stream_of(stream, "sync_all"));
        py::gil_scoped_release nogil;
        shmem_sync_all();
    }, py::arg("stream") = none, "Wait for every PE (remote updates are not completed).");
    m.def("barrier", [](py::handle team, py::handle stream) {
        shmem_team_t t = team_of(team, "barrier");
        if (!stream.is_none()) return void(shmemx_barrier_on_stream(t, stream_of(stream, "barrier")));
        py::gil_scoped_release nogil;
        // OpenSHMEM 1.5 has no team barrier on the host: quiet, then sync the team.
        shmem_quiet();
        shmem_team_sync(t);
    }, py::arg("team") = none, py::arg("stream") = none, "Complete this PE's puts and AMOs, then wait for the team.");
    m.def("sync", [](py::handle team, py::handle stream) {
        shmem_team_t t = team_of(team, "sync");
        if (!stream.is_none()) return void(shmemx_team_sync_on_stream(t, stream_of(stream, "sync")));
        py::gil_scoped_release nogil;
        shmem_team_sync(t);
    }, py::arg("team") = none, py::arg("stream") = none, "Wait for every member of the team.");
}

}  // namespace shoalpy
