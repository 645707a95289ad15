// Argument checks shared by every routine (common.hpp).
#include "common.hpp"

#include <cstdio>

namespace shoalpy {

std::map<std::uintptr_t, Block> g_blocks;
alignas(16) char g_freed_data[16];

void fail(const char *routine, const std::string &what) { throw Error(std::string("shoal.") + routine + ": " + what); }

int g_npes = 1;
int world_size() { return g_npes; }

std::string dtype_name(int type)
{
    return py::str(py::dtype(type)).cast<std::string>();
}

py::ssize_t DeviceArray::size() const
{
    py::ssize_t n = 1;
    for (auto d : shape) n *= d;
    return n;
}

/** Elements between neighbours when the array can be walked as one strided run, else 0. */
static py::ssize_t flat_stride(int ndim, const py::ssize_t *shape, const py::ssize_t *strides,
                               py::ssize_t itemsize, bool c_contiguous)
{
    if (c_contiguous) return 1;
    int run = -1;  // the one axis longer than 1, if only one is
    for (int i = 0; i < ndim; ++i)
        if (shape[i] > 1) {
            if (run >= 0) return 0;
            run = i;
        }
    if (run < 0) return 1;
    py::ssize_t s = strides[run];
    return (s > 0 && s % itemsize == 0) ? s / itemsize : 0;
}

View view_of(py::handle obj, const char *routine, const char *what)
{
    if (py::isinstance<py::array>(obj)) {
        auto a = py::reinterpret_borrow<py::array>(obj);
        View v{static_cast<char *>(const_cast<void *>(a.data())), a.size(), a.itemsize(), a.dtype().num(), false, 0};
        v.stride = flat_stride(static_cast<int>(a.ndim()), a.shape(), a.strides(), v.itemsize,
                               a.flags() & py::array::c_style);
        return v;
    }
    if (py::isinstance<DeviceArray>(obj)) {
        auto &d = obj.cast<DeviceArray &>();
        View v{d.data, d.size(), d.dtype.itemsize(), d.dtype.num(), true, 0};
        bool c = true;
        py::ssize_t expect = v.itemsize;
        for (int i = static_cast<int>(d.shape.size()) - 1; i >= 0; --i) {
            if (d.shape[i] > 1 && d.strides[i] != expect) c = false;
            expect *= d.shape[i];
        }
        v.stride = flat_stride(static_cast<int>(d.shape.size()), d.shape.data(), d.strides.data(), v.itemsize, c);
        return v;
    }
    fail(routine, std::string(what) + " is a " + py::str(py::type::of(obj).attr("__name__")).cast<std::string>() +
                      ", not a numpy array or a shoal.DeviceArray");
}

Layout layout_of(py::handle obj)
{
    Layout l;
    if (py::isinstance<py::array>(obj)) {
        auto a = py::reinterpret_borrow<py::array>(obj);
        l.shape.assign(a.shape(), a.shape() + a.ndim());
        l.strides.assign(a.strides(), a.strides() + a.ndim());
    } else {
        auto &d = obj.cast<DeviceArray &>();
        l.shape = d.shape;
        l.strides = d.strides;
    }
    return l;
}

View symmetric_view(py::handle obj, const char *routine, const char *what, bool need_device)
{
    View v = view_of(obj, routine, what);
    if (v.data == g_freed_data) fail(routine, std::string(what) + " was freed (shoal.free)");
    if (need_device && !v.device)
        fail(routine, std::string(what) + " is on the host heap: calls on a stream take device arrays "
                                          "(shoal.array(..., device=True))");
    if (v.size == 0) return v;
    // The bytes the view touches: [data + lo, data + hi).
    py::ssize_t lo = 0, hi = ((v.size - 1) * (v.stride ? v.stride : 1) + 1) * v.itemsize;
    if (v.stride == 0) {
        Layout l = layout_of(obj);
        hi = v.itemsize;
        for (std::size_t k = 0; k < l.shape.size(); ++k)
            (l.strides[k] < 0 ? lo : hi) += (l.shape[k] - 1) * l.strides[k];
    }
    auto p = reinterpret_cast<std::uintptr_t>(v.data) + lo;
    auto it = g_blocks.upper_bound(p);
    if (it != g_blocks.begin()) {
        --it;
        if (p + static_cast<std::uintptr_t>(hi - lo) <= it->first + it->second.size) return v;
    }
    fail(routine, std::string(what) + " is not on the symmetric heap (allocate it with shoal.array) or was freed");
}

void check_pe(int pe, int n, const char *routine, const char *what)
{
    if (pe < 0 || pe >= n)
        fail(routine, std::string(what) + " " + std::to_string(pe) + " is out of range (" + std::to_string(n) + " PEs)");
}

char *element(py::handle obj, py::handle index, const char *routine, const char *what, View *out)
{
    View v = symmetric_view(obj, routine, what);
    *out = v;
    auto bad = [&](long long i) {
        fail(routine, "index " + std::to_string(i) + " is out of range (" + what + " has " + std::to_string(v.size) +
                          " elements)");
    };
    if (PyLong_Check(index.ptr())) {
        long long i = PyLong_AsLongLong(index.ptr());
        if (i < 0) i += v.size;
        if (i < 0 || i >= v.size) bad(i);
        if (v.stride == 0) fail(routine, std::string(what) + " is a strided view of several axes: index it with a tuple");
        return v.data + i * v.stride * v.itemsize;
    }
    if (!PyTuple_Check(index.ptr())) fail(routine, "index " + py::repr(index).cast<std::string>() + " is not an int or a tuple");
    auto t = py::reinterpret_borrow<py::tuple>(index);
    const Layout l = layout_of(obj);
    const auto &shape = l.shape, &strides = l.strides;
    if (t.size() != shape.size())
        fail(routine, "index " + py::repr(index).cast<std::string>() + " has " + std::to_string(t.size()) +
                          " parts; " + what + " has " + std::to_string(shape.size()) + " axes");
    char *p = v.data;
    for (std::size_t k = 0; k < shape.size(); ++k) {
        long long i = py::cast<long long>(t[k]);
        if (i < 0) i += shape[k];
        if (i < 0 || i >= shape[k])
            fail(routine, "index " + py::repr(index).cast<std::string>() + " is out of range (shape " +
                              py::repr(py::tuple(py::cast(shape))).cast<std::string>() + ")");
        p += i * strides[k];
    }
    return p;
}

shmem_team_t team_of(py::handle t, const char *routine)
{
    if (t.is_none()) return SHMEM_TEAM_WORLD;
    if (py::isinstance<Team>(t)) {
        shmem_team_t h = t.cast<Team &>().handle;
        if (h == SHMEM_TEAM_INVALID) fail(routine, "team was destroyed or is invalid");
        return h;
    }
    fail(routine, "team " + py::repr(t).cast<std::string>() + " is not a shoal.Team");
}

CUstream_st *stream_of(py::handle s, const char *routine)
{
    py::handle h = s;
    py::object attr;
    if (py::hasattr(s, "__cuda_stream__")) {  // the CUDA stream protocol: (version, handle)
        py::object t = s.attr("__cuda_stream__")();
        if (py::isinstance<py::tuple>(t) && py::len(t) == 2) {
            attr = py::reinterpret_borrow<py::tuple>(t)[1];
            h = attr;
        }
    }
    for (const char *name : {"cuda_stream", "handle", "ptr"})
        if (!PyLong_Check(h.ptr()) && py::hasattr(s, name)) {
            attr = s.attr(name);
            h = attr;
        }
    if (!PyLong_Check(h.ptr()) && py::hasattr(h, "__int__")) {  // cuda.bindings' CUstream: int(handle)
        attr = py::int_(py::reinterpret_borrow<py::object>(h));
        h = attr;
    }
    if (!PyLong_Check(h.ptr()))
        fail(routine, "stream " + py::repr(s).cast<std::string>() +
                          " is neither an int handle nor an object with .cuda_stream or .handle");
    return reinterpret_cast<CUstream_st *>(PyLong_AsVoidPtr(h.ptr()));
}

}  // namespace shoalpy
