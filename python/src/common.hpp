// What every part of the binding shares: shoal.Error, the registry of live symmetric blocks,
// a View of a numpy or device array, argument checks, the numpy type numbers of C types, and
// stream handles. Checks run here, before any C call, so bad input raises on the calling PE.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <shmem.h>
#include <shmemx.h>

#include <array>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace py = pybind11;

namespace shoalpy {

/** shoal.Error: bad input, raised on the calling PE; the message names the routine. */
struct Error : std::runtime_error {
    using std::runtime_error::runtime_error;
};
[[noreturn]] void fail(const char *routine, const std::string &what);

/** While alive, the runtime's hang lines name this Python routine beside the C one that waits
 *  (shmemx_wait_caller): a collective whose C name is not the one the program called. */
struct WaitCaller {
    const char *was;
    explicit WaitCaller(const char *name) : was(shmemx_wait_caller(name)) {}
    ~WaitCaller() { shmemx_wait_caller(was); }
    WaitCaller(const WaitCaller &) = delete;
    WaitCaller &operator=(const WaitCaller &) = delete;
};

/** numpy's type numbers (stable across numpy 1 and 2). */
enum Npy : int {
    NPY_BOOL_ = 0, NPY_BYTE_, NPY_UBYTE_, NPY_SHORT_, NPY_USHORT_, NPY_INT_, NPY_UINT_, NPY_LONG_,
    NPY_ULONG_, NPY_LONGLONG_, NPY_ULONGLONG_, NPY_FLOAT_, NPY_DOUBLE_, NPY_LONGDOUBLE_,
    NPY_CFLOAT_, NPY_CDOUBLE_, NPY_CLONGDOUBLE_, NPY_NTYPES_
};

/** The numpy type number of C type T: how a row of the C type table finds its dtype. */
template <class T> constexpr int npy_num()
{
    if constexpr (std::is_same_v<T, float>) return NPY_FLOAT_;
    else if constexpr (std::is_same_v<T, double>) return NPY_DOUBLE_;
    else if constexpr (std::is_same_v<T, long double>) return NPY_LONGDOUBLE_;
    else if constexpr (std::is_same_v<T, _Complex float>) return NPY_CFLOAT_;
    else if constexpr (std::is_same_v<T, _Complex double>) return NPY_CDOUBLE_;
    else {
        static_assert(std::is_integral_v<T>);
        constexpr bool s = std::is_signed_v<T>;
        if constexpr (sizeof(T) == 1) return s ? NPY_BYTE_ : NPY_UBYTE_;
        else if constexpr (sizeof(T) == 2) return s ? NPY_SHORT_ : NPY_USHORT_;
        else if constexpr (sizeof(T) == 4) return s ? NPY_INT_ : NPY_UINT_;
        // 8 bytes: numpy tells long ('l', int64) from long long ('q') apart, as C does.
        else if constexpr (std::is_same_v<T, long long> || std::is_same_v<T, unsigned long long>)
            return s ? NPY_LONGLONG_ : NPY_ULONGLONG_;
        else return s ? NPY_LONG_ : NPY_ULONG_;
    }
}

/** A per-dtype dispatch table: Fn for each numpy type number, null where the C API has none. */
template <class Fn> using Table = std::array<Fn, NPY_NTYPES_>;

/** Live symmetric blocks (shoal.array); a freed or foreign address is not found. */
struct Block {
    std::size_t size;
    bool device;
};
extern std::map<std::uintptr_t, Block> g_blocks;
/** Where a freed array's data points: never a heap address. */
extern char g_freed_data[16];

/** An array argument, numpy or shoal.DeviceArray, as the C calls need it. */
struct View {
    char *data;
    py::ssize_t size, itemsize;
    int type;      // numpy type number
    bool device;   // a shoal.DeviceArray
    py::ssize_t stride;  // elements between neighbours when it can be walked flat, else 0
};
View view_of(py::handle obj, const char *routine, const char *what);
/** Shape and strides (bytes) of a numpy array or shoal.DeviceArray. */
struct Layout {
    std::vector<py::ssize_t> shape, strides;
};
Layout layout_of(py::handle obj);
/** view_of, and the memory must lie in a live symmetric block (device: on the device heap). */
View symmetric_view(py::handle obj, const char *routine, const char *what, bool need_device = false);
/** Error unless 0 <= pe < n (the team's or the world's size). */
void check_pe(int pe, int n, const char *routine, const char *what = "pe");
/** The address of element index (an int, flat, or a tuple) of a symmetric array. */
char *element(py::handle obj, py::handle index, const char *routine, const char *what, View *out);
/** The dtype name of a numpy type number, for messages. */
std::string dtype_name(int type);
int world_size();
extern int g_npes;  // set by init

/** shoal.DeviceArray: an array on the device heap (strides in bytes, as numpy's). */
struct DeviceArray {
    char *data;
    std::vector<py::ssize_t> shape, strides;
    py::dtype dtype;
    py::object block;  // the shoal block: what free() counts references to
    py::ssize_t size() const;
};

/** A cudaStream_t from an int, or an object with __cuda_stream__ / .cuda_stream / .handle / .ptr. */
CUstream_st *stream_of(py::handle s, const char *routine);

/** A Python number as T, or shoal.Error naming the value. */
template <class T> T from_py(py::handle v, const char *routine, const char *what)
{
    if constexpr (std::is_floating_point_v<T>) {
        double d = PyFloat_AsDouble(v.ptr());
        if (d == -1.0 && PyErr_Occurred()) {
            PyErr_Clear();
            fail(routine, std::string(what) + " " + py::repr(v).cast<std::string>() + " is not a number");
        }
        return static_cast<T>(d);
    } else {
        int overflow = 0;
        long long x = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
        bool bad = x == -1 && PyErr_Occurred();
        unsigned long long u = 0;
        if (bad) PyErr_Clear();
        bool in_range;
        if (overflow > 0 && std::is_unsigned_v<T>) {
            u = PyLong_AsUnsignedLongLong(v.ptr());
            if (PyErr_Occurred()) { PyErr_Clear(); in_range = false; }
            else in_range = u <= static_cast<unsigned long long>(std::numeric_limits<T>::max());
            if (in_range) return static_cast<T>(u);
        } else if (overflow) {
            in_range = false;
        } else if constexpr (std::is_unsigned_v<T>) {
            in_range = x >= 0 && static_cast<unsigned long long>(x) <= std::numeric_limits<T>::max();
        } else {
            in_range = x >= std::numeric_limits<T>::min() && x <= std::numeric_limits<T>::max();
        }
        if (bad) fail(routine, std::string(what) + " " + py::repr(v).cast<std::string>() + " is not an integer");
        if (!in_range) fail(routine, std::string(what) + " " + py::repr(v).cast<std::string>() + " does not fit the dtype");
        return static_cast<T>(x);
    }
}

/** Team handles: shoal.Team wraps a shmem_team_t; None is the world team. */
struct Team {
    shmem_team_t handle;
};
shmem_team_t team_of(py::handle t, const char *routine);

void def_heap(py::module_ &m);
void def_rma(py::module_ &m);
void def_amo(py::module_ &m);
void def_sync(py::module_ &m);
void def_team(py::module_ &m);
void def_coll(py::module_ &m);

}  // namespace shoalpy
