// Atomics on one element of a symmetric array, for every dtype OpenSHMEM's AMO tables list:
// each operation's per-dtype table is filled from <shoal/typetable.h>.
#include "common.hpp"

namespace shoalpy {

namespace {

template <class R> py::object result(R r)
{
    if constexpr (std::is_floating_point_v<R>) return py::reinterpret_steal<py::object>(PyFloat_FromDouble(r));
    else if constexpr (std::is_signed_v<R>) return py::reinterpret_steal<py::object>(PyLong_FromLongLong(r));
    else return py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(r));
}

// One wrapper per arity; Fn is the C routine of one row (shmem_int64_atomic_fetch_add ...).
using Op0 = py::object (*)(char *, int);
using Op1 = py::object (*)(char *, py::handle, int, const char *);
using Op2 = py::object (*)(char *, py::handle, py::handle, int, const char *);
template <class T, auto Fn> py::object op0(char *p, int pe)
{
    if constexpr (std::is_void_v<decltype(Fn(reinterpret_cast<T *>(p), pe))>) {
        Fn(reinterpret_cast<T *>(p), pe);
        return py::none();
    } else {
        return result(Fn(reinterpret_cast<T *>(p), pe));
    }
}
template <class T, auto Fn> py::object op1(char *p, py::handle v, int pe, const char *routine)
{
    T x = from_py<T>(v, routine, "value");
    if constexpr (std::is_void_v<decltype(Fn(reinterpret_cast<T *>(p), x, pe))>) {
        Fn(reinterpret_cast<T *>(p), x, pe);
        return py::none();
    } else {
        return result(Fn(reinterpret_cast<T *>(p), x, pe));
    }
}
template <class T, auto Fn> py::object op2(char *p, py::handle c, py::handle v, int pe, const char *routine)
{
    T cond = from_py<T>(c, routine, "cond"), x = from_py<T>(v, routine, "value");
    return result(Fn(reinterpret_cast<T *>(p), cond, x, pe));
}

struct Amo {
    Table<Op0> fetch{}, fetch_inc{}, inc{};
    Table<Op1> set{}, swap{}, fetch_add{}, add{}, fetch_and{}, and_{}, fetch_or{}, or_{}, fetch_xor{}, xor_{};
    Table<Op2> compare_swap{};
    Amo()
    {
#define SHOAL_PY_EXT(T, N, A)                                                                  \
    fetch[npy_num<T>()] = &op0<T, shmem_##N##_atomic_fetch>;                                   \
    set[npy_num<T>()] = &op1<T, shmem_##N##_atomic_set>;                                       \
    swap[npy_num<T>()] = &op1<T, shmem_##N##_atomic_swap>;
#define SHOAL_PY_STD(T, N, A)                                                                  \
    compare_swap[npy_num<T>()] = &op2<T, shmem_##N##_atomic_compare_swap>;                     \
    fetch_inc[npy_num<T>()] = &op0<T, shmem_##N##_atomic_fetch_inc>;                           \
    inc[npy_num<T>()] = &op0<T, shmem_##N##_atomic_inc>;                                       \
    fetch_add[npy_num<T>()] = &op1<T, shmem_##N##_atomic_fetch_add>;                           \
    add[npy_num<T>()] = &op1<T, shmem_##N##_atomic_add>;
#define SHOAL_PY_BIT(T, N, A)                                                                  \
    fetch_and[npy_num<T>()] = &op1<T, shmem_##N##_atomic_fetch_and>;                           \
    and_[npy_num<T>()] = &op1<T, shmem_##N##_atomic_and>;                                      \
    fetch_or[npy_num<T>()] = &op1<T, shmem_##N##_atomic_fetch_or>;                             \
    or_[npy_num<T>()] = &op1<T, shmem_##N##_atomic_or>;                                        \
    fetch_xor[npy_num<T>()] = &op1<T, shmem_##N##_atomic_fetch_xor>;                           \
    xor_[npy_num<T>()] = &op1<T, shmem_##N##_atomic_xor>;
        SHOAL_AMO_EXT_TYPES(SHOAL_PY_EXT, )
        SHOAL_AMO_STD_TYPES(SHOAL_PY_STD, )
        SHOAL_AMO_BIT_TYPES(SHOAL_PY_BIT, )
#undef SHOAL_PY_EXT
#undef SHOAL_PY_STD
#undef SHOAL_PY_BIT
    }
};
const Amo amo;

/** The table's row for dst's dtype, or shoal.Error listing the dtypes that have one. */
template <class Fn> Fn row(const Table<Fn> &t, const View &v, const char *routine)
{
    if (v.type >= 0 && v.type < NPY_NTYPES_ && t[v.type]) return t[v.type];
    std::string have;
    for (int i = 0; i < NPY_NTYPES_; ++i)
        if (t[i] && have.find(" " + dtype_name(i) + ",") == std::string::npos) have += " " + dtype_name(i) + ",";
    have.pop_back();
    fail(routine, "dtype " + dtype_name(v.type) + " has no " + routine + " (it takes" + have + ")");
}

}  // namespace

void def_amo(py::module_ &m)
{
    auto idx = py::arg("index") = 0;
    for (auto [name, t] : {std::pair{"atomic_fetch", &amo.fetch}}) {
        m.def(name, [name = name, t = t](py::handle src, int pe, py::handle index) {
            View v;
            char *p = element(src, index, name, "src", &v);
            auto fn = row(*t, v, name);
            check_pe(pe, world_size(), name);
            return fn(p, pe);
        }, py::arg("src"), py::arg("pe"), idx, "Atomically read src[index] on PE pe.");
    }
    for (auto [name, t, doc] : {std::tuple{"atomic_fetch_inc", &amo.fetch_inc, "Atomically add 1 to dst[index] on pe; returns the old value."},
                                std::tuple{"atomic_inc", &amo.inc, "Atomically add 1 to dst[index] on pe."}}) {
        m.def(name, [name = name, t = t](py::handle dst, int pe, py::handle index) {
            View v;
            char *p = element(dst, index, name, "dst", &v);
            auto fn = row(*t, v, name);
            check_pe(pe, world_size(), name);
            return fn(p, pe);
        }, py::arg("dst"), py::arg("pe"), idx, doc);
    }
    for (auto [name, t, doc] : {
             std::tuple{"atomic_set", &amo.set, "Atomically store value in dst[index] on pe."},
             std::tuple{"atomic_swap", &amo.swap, "Atomically store value in dst[index] on pe; returns the old value."},
             std::tuple{"atomic_fetch_add", &amo.fetch_add, "Atomically add value to dst[index] on pe; returns the old value."},
             std::tuple{"atomic_add", &amo.add, "Atomically add value to dst[index] on pe."},
             std::tuple{"atomic_fetch_and", &amo.fetch_and, "Atomically and value into dst[index] on pe; returns the old value."},
             std::tuple{"atomic_and", &amo.and_, "Atomically and value into dst[index] on pe."},
             std::tuple{"atomic_fetch_or", &amo.fetch_or, "Atomically or value into dst[index] on pe; returns the old value."},
             std::tuple{"atomic_or", &amo.or_, "Atomically or value into dst[index] on pe."},
             std::tuple{"atomic_fetch_xor", &amo.fetch_xor, "Atomically xor value into dst[index] on pe; returns the old value."},
             std::tuple{"atomic_xor", &amo.xor_, "Atomically xor value into dst[index] on pe."}}) {
        m.def(name, [name = name, t = t](py::handle dst, py::handle value, int pe, py::handle index) {
            View v;
            char *p = element(dst, index, name, "dst", &v);
            auto fn = row(*t, v, name);
            check_pe(pe, world_size(), name);
            return fn(p, value, pe, name);
        }, py::arg("dst"), py::arg("value"), py::arg("pe"), idx, doc);
    }
    m.def("atomic_compare_swap", [](py::handle dst, py::handle cond, py::handle value, int pe, py::handle index) {
        const char *name = "atomic_compare_swap";
        View v;
        char *p = element(dst, index, name, "dst", &v);
        auto fn = row(amo.compare_swap, v, name);
        check_pe(pe, world_size(), name);
        return fn(p, cond, value, pe, name);
    }, py::arg("dst"), py::arg("cond"), py::arg("value"), py::arg("pe"), idx,
       "Atomically store value in dst[index] on pe if it equals cond; returns the old value.");
}

}  // namespace shoalpy
