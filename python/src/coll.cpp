// Collectives on teams: reduce (sum, prod, min, max, and, or, xor on every dtype of the C
// reduction tables), broadcast, fcollect, collect, alltoall; each on a stream when given; and
// alltoalls (strided, host only: no on-stream form exists).
#include "common.hpp"

// shmem.h leaves the complex reductions out of C++; g++ takes C's _Complex as an extension.
extern "C" {
#define SHOAL_PY_DECL_COMPLEX(T, N, OP) int shmem_##N##_##OP##_reduce(shmem_team_t, T *, const T *, size_t);
SHOAL_REDUCE_COMPLEX_TYPES(SHOAL_PY_DECL_COMPLEX, sum)
SHOAL_REDUCE_COMPLEX_TYPES(SHOAL_PY_DECL_COMPLEX, prod)
#undef SHOAL_PY_DECL_COMPLEX
}

namespace shoalpy {

namespace {

using ReduceFn = int (*)(shmem_team_t, void *, const void *, size_t);
using ReduceStreamFn = int (*)(shmem_team_t, void *, const void *, size_t, CUstream_st *);
template <class T, auto Fn> int reduce_row(shmem_team_t t, void *d, const void *s, size_t n)
{
    return Fn(t, static_cast<T *>(d), static_cast<const T *>(s), n);
}
template <class T, auto Fn> int reduce_stream_row(shmem_team_t t, void *d, const void *s, size_t n, CUstream_st *st)
{
    return Fn(t, static_cast<T *>(d), static_cast<const T *>(s), n, st);
}

const char *const op_names[] = {"sum", "prod", "min", "max", "and", "or", "xor"};
enum { SUM, PROD, MIN, MAX, AND, OR, XOR, NOPS };

struct Reduce {
    std::array<Table<ReduceFn>, NOPS> host{};
    std::array<Table<ReduceStreamFn>, NOPS> stream{};
    Reduce()
    {
        // One macro per op: the table's X passes no argument through, and the op names index
        // the tables by their enum.
#define SHOAL_PY_RED(T, N, OP, I) host[I][npy_num<T>()] = &reduce_row<T, shmem_##N##_##OP##_reduce>;
#define SHOAL_PY_RED_sum(T, N, A) SHOAL_PY_RED(T, N, sum, SUM)
#define SHOAL_PY_RED_prod(T, N, A) SHOAL_PY_RED(T, N, prod, PROD)
#define SHOAL_PY_RED_min(T, N, A) SHOAL_PY_RED(T, N, min, MIN)
#define SHOAL_PY_RED_max(T, N, A) SHOAL_PY_RED(T, N, max, MAX)
#define SHOAL_PY_RED_and(T, N, A) SHOAL_PY_RED(T, N, and, AND)
#define SHOAL_PY_RED_or(T, N, A) SHOAL_PY_RED(T, N, or, OR)
#define SHOAL_PY_RED_xor(T, N, A) SHOAL_PY_RED(T, N, xor, XOR)
#define SHOAL_PY_BITWISE(OP) SHOAL_REDUCE_BITWISE_TYPES(SHOAL_PY_RED_##OP, )
#define SHOAL_PY_MINMAX(OP) SHOAL_REDUCE_MINMAX_TYPES(SHOAL_PY_RED_##OP, )
#define SHOAL_PY_ARITH(OP) SHOAL_REDUCE_ARITH_TYPES(SHOAL_PY_RED_##OP, )
        SHOAL_BITWISE_OPS(SHOAL_PY_BITWISE)
        SHOAL_MINMAX_OPS(SHOAL_PY_MINMAX)
        SHOAL_ARITH_OPS(SHOAL_PY_ARITH)
        // On a stream: the same rows less long double and complex (what GPUs lack).
#define SHOAL_PY_SRED(T, N, OP, I) stream[I][npy_num<T>()] = &reduce_stream_row<T, shmemx_##N##_##OP##_reduce_on_stream>;
#define SHOAL_PY_SRED_sum(T, N, A) SHOAL_PY_SRED(T, N, sum, SUM)
#define SHOAL_PY_SRED_prod(T, N, A) SHOAL_PY_SRED(T, N, prod, PROD)
#define SHOAL_PY_SRED_min(T, N, A) SHOAL_PY_SRED(T, N, min, MIN)
#define SHOAL_PY_SRED_max(T, N, A) SHOAL_PY_SRED(T, N, max, MAX)
#define SHOAL_PY_SRED_and(T, N, A) SHOAL_PY_SRED(T, N, and, AND)
#define SHOAL_PY_SRED_or(T, N, A) SHOAL_PY_SRED(T, N, or, OR)
#define SHOAL_PY_SRED_xor(T, N, A) SHOAL_PY_SRED(T, N, xor, XOR)
#define SHOAL_PY_SBITWISE(OP) SHOAL_REDUCE_BITWISE_TYPES(SHOAL_NO_LONGDOUBLE, SHOAL_PY_SRED_##OP)
#define SHOAL_PY_SMINMAX(OP) SHOAL_REDUCE_MINMAX_TYPES(SHOAL_NO_LONGDOUBLE, SHOAL_PY_SRED_##OP)
        SHOAL_BITWISE_OPS(SHOAL_PY_SBITWISE)
        SHOAL_MINMAX_OPS(SHOAL_PY_SMINMAX)
        SHOAL_ARITH_OPS(SHOAL_PY_SMINMAX)
    }
};
const Reduce reduce_tables;

/** dst and src of a collective: symmetric, the same dtype, contiguous. */
struct Args {
    shmem_team_t team;
    int n;  // team size
    View dst, src;
    CUstream_st *stream;
};
Args args(py::handle team, py::handle dst, py::handle src, py::handle stream, const char *routine)
{
    Args a{team_of(team, routine), 0, {}, {}, nullptr};
    a.n = shmem_team_n_pes(a.team);
    if (a.n < 1) fail(routine, "this PE is not a member of the team");
    bool on_stream = !stream.is_none();
    a.dst = symmetric_view(dst, routine, "dst", on_stream);
    a.src = symmetric_view(src, routine, "src", on_stream);
    if (on_stream) a.stream = stream_of(stream, routine);
    if (a.dst.type != a.src.type)
        fail(routine, "dst is " + dtype_name(a.dst.type) + " but src is " + dtype_name(a.src.type));
    if (a.dst.stride != 1 || a.src.stride != 1) fail(routine, "collectives take contiguous arrays");
    return a;
}
void sizes(const char *routine, const Args &a, py::ssize_t want_dst, const char *rule)
{
    if (a.dst.size != want_dst)
        fail(routine, "dst has " + std::to_string(a.dst.size) + " elements; " + rule + " (src has " +
                          std::to_string(a.src.size) + ", the team " + std::to_string(a.n) + " PEs) needs " +
                          std::to_string(want_dst));
}
void check_rc(int rc, const char *routine)
{
    if (rc != 0) fail(routine, "the runtime returned " + std::to_string(rc));
}
/** fcollect, collect, alltoall: bytes per member, on the stream when there is one. */
using MoveFn = int (*)(shmem_team_t, void *, const void *, size_t);
using MoveStreamFn = int (*)(shmem_team_t, void *, const void *, size_t, CUstream_st *);
void move(const Args &a, size_t bytes, MoveFn host, MoveStreamFn on_stream, const char *routine)
{
    if (a.stream) return check_rc(on_stream(a.team, a.dst.data, a.src.data, bytes, a.stream), routine);
    int rc;
    {
        py::gil_scoped_release nogil;
        rc = host(a.team, a.dst.data, a.src.data, bytes);
    }
    check_rc(rc, routine);
}

/** alltoalls by element size: the bits move as they are, so one integer type per size serves
 *  every dtype of that size (16 bytes: long double's 16 on x86-64). */
using StridedAllFn = int (*)(shmem_team_t, void *, const void *, ptrdiff_t, ptrdiff_t, size_t);
template <class T, auto Fn> int alltoalls_row(shmem_team_t t, void *d, const void *s, ptrdiff_t ds, ptrdiff_t ss, size_t n)
{
    return Fn(t, static_cast<T *>(d), static_cast<const T *>(s), ds, ss, n);
}
StridedAllFn alltoalls_of(py::ssize_t itemsize)
{
    switch (itemsize) {
    case 1: return &alltoalls_row<int8_t, shmem_int8_alltoalls>;
    case 2: return &alltoalls_row<int16_t, shmem_int16_alltoalls>;
    case 4: return &alltoalls_row<int32_t, shmem_int32_alltoalls>;
    case 8: return &alltoalls_row<int64_t, shmem_int64_alltoalls>;
    case sizeof(long double): return &alltoalls_row<long double, shmem_longdouble_alltoalls>;
    default: return nullptr;
    }
}

}  // namespace

void def_coll(py::module_ &m)
{
    auto none = py::none();
    m.def("reduce", [](py::handle team, py::handle dst, py::handle src, const std::string &op, py::handle stream) {
        const char *r = "reduce";
        Args a = args(team, dst, src, stream, r);
        int o = 0;
        while (o < NOPS && op != op_names[o]) ++o;
        if (o == NOPS) fail(r, "op '" + op + "' is not one of sum, prod, min, max, and, or, xor");
        sizes(r, a, a.src.size, "a reduction's dst is as long as src");
        if (a.stream) {
            auto fn = reduce_tables.stream[o][a.src.type];
            if (!fn) fail(r, "dtype " + dtype_name(a.src.type) + " has no " + op + " reduction on a stream");
            return check_rc(fn(a.team, a.dst.data, a.src.data, a.src.size, a.stream), r);
        }
        auto fn = reduce_tables.host[o][a.src.type];
        if (!fn) fail(r, "dtype " + dtype_name(a.src.type) + " has no " + op + " reduction");
        int rc;
        {
            py::gil_scoped_release nogil;
            rc = fn(a.team, a.dst.data, a.src.data, a.src.size);
        }
        check_rc(rc, r);
    }, py::arg("team"), py::arg("dst"), py::arg("src"), py::arg("op") = "sum", py::arg("stream") = none,
       "Collective: dst = op over the team's src, element by element (op: sum prod min max and or xor).");
    m.def("broadcast", [](py::handle team, py::handle dst, py::handle src, int root, py::handle stream) {
        const char *r = "broadcast";
        Args a = args(team, dst, src, stream, r);
        check_pe(root, a.n, r, "root");
        sizes(r, a, a.src.size, "a broadcast's dst is as long as src");
        size_t bytes = a.src.size * a.src.itemsize;
        if (a.stream) return check_rc(shmemx_broadcastmem_on_stream(a.team, a.dst.data, a.src.data, bytes, root, a.stream), r);
        py::gil_scoped_release nogil;
        check_rc(shmem_broadcastmem(a.team, a.dst.data, a.src.data, bytes, root), r);
    }, py::arg("team"), py::arg("dst"), py::arg("src"), py::arg("root") = 0, py::arg("stream") = none,
       "Collective: every member's dst = src of the member with index root.");
    m.def("fcollect", [](py::handle team, py::handle dst, py::handle src, py::handle stream) {
        const char *r = "fcollect";
        Args a = args(team, dst, src, stream, r);
        sizes(r, a, a.src.size * a.n, "fcollect's dst is src times the team's size");
        move(a, a.src.size * a.src.itemsize, shmem_fcollectmem, shmemx_fcollectmem_on_stream, r);
    }, py::arg("team"), py::arg("dst"), py::arg("src"), py::arg("stream") = none,
       "Collective: dst = every member's src (all the same size), in team order.");
    m.def("collect", [](py::handle team, py::handle dst, py::handle src, py::handle stream) {
        const char *r = "collect";
        Args a = args(team, dst, src, stream, r);
        if (a.dst.size < a.src.size)
            fail(r, "dst has " + std::to_string(a.dst.size) + " elements, fewer than src's " + std::to_string(a.src.size));
        move(a, a.src.size * a.src.itemsize, shmem_collectmem, shmemx_collectmem_on_stream, r);
    }, py::arg("team"), py::arg("dst"), py::arg("src"), py::arg("stream") = none,
       "Collective: dst = every member's src (sizes may differ), in team order; dst holds their sum.");
    m.def("alltoall", [](py::handle team, py::handle dst, py::handle src, py::handle stream) {
        const char *r = "alltoall";
        Args a = args(team, dst, src, stream, r);
        sizes(r, a, a.src.size, "alltoall's dst is as long as src");
        if (a.src.size % a.n != 0)
            fail(r, "src has " + std::to_string(a.src.size) + " elements, not a multiple of the team's " +
                        std::to_string(a.n) + " PEs");
        move(a, a.src.size / a.n * a.src.itemsize, shmem_alltoallmem, shmemx_alltoallmem_on_stream, r);
    }, py::arg("team"), py::arg("dst"), py::arg("src"), py::arg("stream") = none,
       "Collective: block j of src goes to member j, landing as block i (this PE's index) of its dst.");
    m.def("alltoalls", [](py::handle team, py::handle dst, py::handle src, ptrdiff_t dst_stride, ptrdiff_t src_stride,
                          py::ssize_t nelems) {
        const char *r = "alltoalls";
        Args a = args(team, dst, src, py::none(), r);
        if (dst_stride < 1 || src_stride < 1)
            fail(r, "strides " + std::to_string(dst_stride) + ", " + std::to_string(src_stride) + " must be 1 or more");
        if (nelems < 0) fail(r, "nelems " + std::to_string(nelems) + " is negative");
        // Member j's block starts at element j * nelems * stride; its last element is the span's end.
        auto spans = [&](const char *what, const View &v, ptrdiff_t stride) {
            const py::ssize_t need = nelems ? (a.n * nelems - 1) * stride + 1 : 0;
            if (v.size < need)
                fail(r, std::string(what) + " has " + std::to_string(v.size) + " elements; " + std::to_string(a.n) +
                            " blocks of " + std::to_string(nelems) + " at stride " + std::to_string(stride) + " need " +
                            std::to_string(need));
        };
        spans("src", a.src, src_stride);
        spans("dst", a.dst, dst_stride);
        StridedAllFn fn = alltoalls_of(a.src.itemsize);
        if (!fn) fail(r, "dtype " + dtype_name(a.src.type) + " has no alltoalls (elements of 1, 2, 4, 8 or 16 bytes)");
        int rc;
        {
            py::gil_scoped_release nogil;
            rc = fn(a.team, a.dst.data, a.src.data, dst_stride, src_stride, static_cast<size_t>(nelems));
        }
        check_rc(rc, r);
    }, py::arg("team"), py::arg("dst"), py::arg("src"), py::arg("dst_stride"), py::arg("src_stride"), py::arg("nelems"),
       "Collective: alltoall of nelems elements per member, every src_stride-th of src to every dst_stride-th of dst.");
}

}  // namespace shoalpy
