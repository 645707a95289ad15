// put/get (blocking, nbi, strided views as iput/iget, views of several axes as runs of those),
// put-with-signal, signal waits, fence
// and quiet; each on a CUDA stream when stream is given.
#include "common.hpp"

#include <numeric>

namespace shoalpy {

namespace {

using StridedFn = void (*)(void *, const void *, ptrdiff_t, ptrdiff_t, size_t, int);
using StridedStreamFn = void (*)(void *, const void *, ptrdiff_t, ptrdiff_t, size_t, int, CUstream_st *);
// iput/iget by element size in bytes (the SIZE forms: iput8 ... iput128).
struct Strided {
    std::array<StridedFn, 17> put{}, get{};
    std::array<StridedStreamFn, 17> put_s{}, get_s{};
    Strided()
    {
#define SHOAL_PY_SIZE(BITS, BYTES, A)                                                          \
    put[BYTES] = shmem_iput##BITS;                                                             \
    get[BYTES] = shmem_iget##BITS;                                                             \
    put_s[BYTES] = shmemx_iput##BITS##_on_stream;                                              \
    get_s[BYTES] = shmemx_iget##BITS##_on_stream;
        SHOAL_SIZES(SHOAL_PY_SIZE, )
#undef SHOAL_PY_SIZE
    }
};
const Strided strided;

/** The symmetric and the local side of a transfer, checked against each other. */
struct Pair {
    View sym, loc;
};
Pair pair(py::handle sym, py::handle loc, int pe, bool on_stream, const char *routine, bool put)
{
    Pair p{symmetric_view(sym, routine, put ? "dst" : "src", on_stream),
           view_of(loc, routine, put ? "src" : "dst")};
    check_pe(pe, world_size(), routine);
    if (p.sym.type != p.loc.type)
        fail(routine, std::string("dst is ") + dtype_name(put ? p.sym.type : p.loc.type) + " but src is " +
                          dtype_name(put ? p.loc.type : p.sym.type));
    if (p.sym.size != p.loc.size)
        fail(routine, "dst has " + std::to_string(put ? p.sym.size : p.loc.size) + " elements but src has " +
                          std::to_string(put ? p.loc.size : p.sym.size));
    if (!p.loc.device && p.loc.data == g_freed_data) fail(routine, "the local array was freed (shoal.free)");
    return p;
}

/** A view walked in C order: its axes with size-1 ones dropped and neighbours that step as one
 *  merged, outermost first (strides in bytes). */
struct Axes {
    std::vector<py::ssize_t> shape, strides;
    Axes(py::handle obj, const char *routine, const char *what, py::ssize_t itemsize)
    {
        const Layout l = layout_of(obj);
        for (std::size_t k = 0; k < l.shape.size(); ++k) {
            if (l.shape[k] == 1) continue;
            if (l.strides[k] % itemsize != 0)
                fail(routine, std::string(what) + " steps " + std::to_string(l.strides[k]) +
                                  " bytes along an axis, not a whole number of elements");
            if (!shape.empty() && strides.back() == l.strides[k] * l.shape[k]) {
                shape.back() *= l.shape[k];
                strides.back() = l.strides[k];
            } else {
                shape.push_back(l.shape[k]);
                strides.push_back(l.strides[k]);
            }
        }
    }
    py::ssize_t run() const { return shape.empty() ? 1 : shape.back(); }
    py::ssize_t step() const { return strides.empty() ? 0 : strides.back(); }
    /** The address of element k in C order. */
    char *at(char *base, py::ssize_t k) const
    {
        for (std::size_t i = shape.size(); i-- > 0;) {
            base += (k % shape[i]) * strides[i];
            k /= shape[i];
        }
        return base;
    }
};

/** put/get where a side is a view that no single run covers (several axes, or reversed): runs
 *  that are whole runs of both sides, each one putmem or iput of the element size. */
template <bool Put, bool Nbi>
void rma_axes(const Pair &p, py::handle dst, py::handle src, int pe, CUstream_st *st, const char *routine)
{
    const py::ssize_t item = p.sym.itemsize;
    const Axes da(dst, routine, "dst", item), sa(src, routine, "src", item);
    char *dbase = Put ? p.sym.data : p.loc.data, *sbase = Put ? p.loc.data : p.sym.data;
    py::ssize_t run = std::gcd(da.run(), sa.run());
    const ptrdiff_t ds0 = da.step() / item, ss0 = sa.step() / item;
    const bool flip = ds0 < 0 && ss0 < 0;  // both reversed: walk each run from its other end
    const bool sized = static_cast<size_t>(item) < strided.put.size();
    const StridedFn sfn = sized ? (Put ? strided.put[item] : strided.get[item]) : nullptr;
    const StridedStreamFn sfn_s = sized ? (Put ? strided.put_s[item] : strided.get_s[item]) : nullptr;
    if ((ds0 < 0) != (ss0 < 0) || (st ? !sfn_s : !sfn)) run = 1;  // element by element
    const ptrdiff_t ds = flip ? -ds0 : ds0, ss = flip ? -ss0 : ss0;
    for (py::ssize_t k = 0; k < p.sym.size; k += run) {
        char *d = da.at(dbase, k);
        const char *s = sa.at(sbase, k);
        if (flip && run > 1) {
            d -= (run - 1) * ds * item;
            s -= (run - 1) * ss * item;
        }
        if (run == 1 || (ds == 1 && ss == 1)) {
            const auto bytes = static_cast<size_t>(run * item);
            if (st) {
                if constexpr (Put) (Nbi ? shmemx_putmem_nbi_on_stream : shmemx_putmem_on_stream)(d, s, bytes, pe, st);
                else (Nbi ? shmemx_getmem_nbi_on_stream : shmemx_getmem_on_stream)(d, s, bytes, pe, st);
            } else if constexpr (Put) {
                (Nbi ? shmem_putmem_nbi : shmem_putmem)(d, s, bytes, pe);
            } else {
                (Nbi ? shmem_getmem_nbi : shmem_getmem)(d, s, bytes, pe);
            }
        } else if (st) {
            sfn_s(d, s, ds, ss, static_cast<size_t>(run), pe, st);
        } else {
            sfn(d, s, ds, ss, static_cast<size_t>(run), pe);
        }
    }
}

template <bool Put, bool Nbi> void rma(py::handle dst, py::handle src, int pe, py::handle stream)
{
    static constexpr const char *routine = Put ? (Nbi ? "put_nbi" : "put") : (Nbi ? "get_nbi" : "get");
    const bool on_stream = !stream.is_none();
    Pair p = Put ? pair(dst, src, pe, on_stream, routine, true) : pair(src, dst, pe, on_stream, routine, false);
    if (p.sym.size == 0) return;
    char *d = Put ? p.sym.data : p.loc.data;
    const char *s = Put ? p.loc.data : p.sym.data;
    if (p.sym.stride == 0 || p.loc.stride == 0)
        return rma_axes<Put, Nbi>(p, dst, src, pe, on_stream ? stream_of(stream, routine) : nullptr, routine);
    const auto n = static_cast<size_t>(p.sym.size);
    const auto item = static_cast<size_t>(p.sym.itemsize);
    if (p.sym.stride == 1 && p.loc.stride == 1) {
        if (on_stream) {
            CUstream_st *st = stream_of(stream, routine);
            if constexpr (Put) (Nbi ? shmemx_putmem_nbi_on_stream : shmemx_putmem_on_stream)(d, s, n * item, pe, st);
            else (Nbi ? shmemx_getmem_nbi_on_stream : shmemx_getmem_on_stream)(d, s, n * item, pe, st);
        } else if constexpr (Put) {
            (Nbi ? shmem_putmem_nbi : shmem_putmem)(d, s, n * item, pe);
        } else {
            (Nbi ? shmem_getmem_nbi : shmem_getmem)(d, s, n * item, pe);
        }
        return;
    }
    // A strided view: iput/iget of the element size (no _nbi form exists; the blocking one
    // completes sooner than nbi requires).
    const ptrdiff_t ds = Put ? p.sym.stride : p.loc.stride, ss = Put ? p.loc.stride : p.sym.stride;
    if (item >= strided.put.size() || !strided.put[item])
        fail(routine, "strided transfers take elements of 1, 2, 4, 8 or 16 bytes, not " + std::to_string(item));
    if (on_stream)
        (Put ? strided.put_s[item] : strided.get_s[item])(d, s, ds, ss, n, pe, stream_of(stream, routine));
    else
        (Put ? strided.put[item] : strided.get[item])(d, s, ds, ss, n, pe);
}

uint64_t *signal_word(py::handle sig, const char *routine, bool device)
{
    View v = symmetric_view(sig, routine, "sig", device);
    if (v.type != NPY_ULONG_ && v.type != NPY_ULONGLONG_)
        fail(routine, "sig is " + dtype_name(v.type) + ": signals are uint64");
    if (v.size < 1) fail(routine, "sig is empty");
    return reinterpret_cast<uint64_t *>(v.data);
}

void check_cmp(int cmp, const char *routine)
{
    if (cmp < SHMEM_CMP_EQ || cmp > SHMEM_CMP_GE)
        fail(routine, "cmp " + std::to_string(cmp) + " is not one of shoal.CMP_EQ, NE, GT, LE, LT, GE");
}

template <bool Nbi>
void put_signal(py::handle dst, py::handle src, py::handle sig, py::handle value, int op, int pe, py::handle stream)
{
    static constexpr const char *routine = Nbi ? "put_signal_nbi" : "put_signal";
    const bool on_stream = !stream.is_none();
    Pair p = pair(dst, src, pe, on_stream, routine, true);
    uint64_t *word = signal_word(sig, routine, on_stream);
    auto v = from_py<uint64_t>(value, routine, "signal value");
    if (op != SHMEM_SIGNAL_SET && op != SHMEM_SIGNAL_ADD)
        fail(routine, "sig_op " + std::to_string(op) + " is neither shoal.SIGNAL_SET nor shoal.SIGNAL_ADD");
    if (p.sym.stride != 1 || p.loc.stride != 1) fail(routine, "put_signal takes contiguous arrays");
    const auto bytes = static_cast<size_t>(p.sym.size * p.sym.itemsize);
    if (on_stream)
        (Nbi ? shmemx_putmem_signal_nbi_on_stream : shmemx_putmem_signal_on_stream)(
            p.sym.data, p.loc.data, bytes, word, v, op, pe, stream_of(stream, routine));
    else
        (Nbi ? shmem_putmem_signal_nbi : shmem_putmem_signal)(p.sym.data, p.loc.data, bytes, word, v, op, pe);
}

}  // namespace

void def_rma(py::module_ &m)
{
    auto none = py::none();
    m.def("put", &rma<true, false>, py::arg("dst"), py::arg("src"), py::arg("pe"), py::arg("stream") = none,
          "Copy local src into symmetric dst on PE pe; returns when src may be reused (on a stream: in stream order).");
    m.def("get", &rma<false, false>, py::arg("dst"), py::arg("src"), py::arg("pe"), py::arg("stream") = none,
          "Copy symmetric src on PE pe into local dst; returns when dst holds it (on a stream: in stream order).");
    m.def("put_nbi", &rma<true, true>, py::arg("dst"), py::arg("src"), py::arg("pe"), py::arg("stream") = none,
          "put that returns at once; complete it with quiet().");
    m.def("get_nbi", &rma<false, true>, py::arg("dst"), py::arg("src"), py::arg("pe"), py::arg("stream") = none,
          "get that returns at once; dst is valid after quiet().");
    m.def("put_signal", &put_signal<false>, py::arg("dst"), py::arg("src"), py::arg("sig"), py::arg("value"),
          py::arg("sig_op"), py::arg("pe"), py::arg("stream") = none,
          "put, then set (SIGNAL_SET) or add to (SIGNAL_ADD) sig[0] on pe once the data is there.");
    m.def("put_signal_nbi", &put_signal<true>, py::arg("dst"), py::arg("src"), py::arg("sig"), py::arg("value"),
          py::arg("sig_op"), py::arg("pe"), py::arg("stream") = none, "put_signal that returns at once.");
    m.def("signal_fetch", [](py::handle sig) { return shmem_signal_fetch(signal_word(sig, "signal_fetch", false)); },
          py::arg("sig"), "Atomically read the local signal word sig[0].");
    m.def("signal_wait_until", [](py::handle sig, int cmp, py::handle value, py::handle stream) -> py::object {
        const char *routine = "signal_wait_until";
        uint64_t *word = signal_word(sig, routine, !stream.is_none());
        check_cmp(cmp, routine);
        auto v = from_py<uint64_t>(value, routine, "cmp_value");
        if (!stream.is_none()) {
            shmemx_signal_wait_until_on_stream(word, cmp, v, stream_of(stream, routine));
            return py::none();
        }
        uint64_t seen;
        {
            py::gil_scoped_release nogil;
            seen = shmem_signal_wait_until(word, cmp, v);
        }
        return py::int_(seen);
    }, py::arg("sig"), py::arg("cmp"), py::arg("cmp_value"), py::arg("stream") = none,
       "Wait until the local sig[0] compares true with cmp_value; returns the value seen (on a stream: None).");
    m.def("p", [](py::handle dst, py::handle value, int pe, py::handle index) {
        const char *r = "p";
        View v;
        char *addr = element(dst, index, r, "dst", &v);
        check_pe(pe, world_size(), r);
        py::array one(py::dtype(v.type), std::vector<py::ssize_t>{1});
        try {
            one.attr("__setitem__")(0, value);
        } catch (py::error_already_set &) {
            fail(r, "value " + py::repr(value).cast<std::string>() + " does not fit dtype " + dtype_name(v.type));
        }
        shmem_putmem(addr, one.data(), static_cast<size_t>(v.itemsize), pe);
    }, py::arg("dst"), py::arg("value"), py::arg("pe"), py::arg("index") = 0,
       "Store value in dst[index] on PE pe (any dtype; one element, as shmem_TYPE_p).");
    m.def("g", [](py::handle src, int pe, py::handle index) {
        const char *r = "g";
        View v;
        char *addr = element(src, index, r, "src", &v);
        check_pe(pe, world_size(), r);
        py::array one(py::dtype(v.type), std::vector<py::ssize_t>{1});
        shmem_getmem(one.mutable_data(), addr, static_cast<size_t>(v.itemsize), pe);
        return one.attr("__getitem__")(0);
    }, py::arg("src"), py::arg("pe"), py::arg("index") = 0,
       "Read src[index] on PE pe (a numpy scalar; as shmem_TYPE_g).");
    m.def("fence", [] { shmem_fence(); }, "Order this PE's earlier puts and AMOs to each PE before its later ones.");
    m.def("quiet", [](py::handle stream) {
        if (stream.is_none()) shmem_quiet();
        else shmemx_quiet_on_stream(stream_of(stream, "quiet"));
    }, py::arg("stream") = none, "Complete every put, AMO and nbi call issued so far (on a stream: in stream order).");
}

}  // namespace shoalpy
