// The symmetric heap: collective allocation and free of blocks, the registry the checks use,
// invalidating a freed numpy array, and shoal.DeviceArray (DLPack, __cuda_array_interface__).
#include "common.hpp"

#include <dlfcn.h>

namespace shoalpy {

namespace {

// DLPack's C ABI (dlpack.h, version 0.8): what __dlpack__ hands to CuPy and PyTorch.
struct DLDevice { int32_t device_type, device_id; };
struct DLDataType { uint8_t code, bits; uint16_t lanes; };
struct DLTensor {
    void *data;
    DLDevice device;
    int32_t ndim;
    DLDataType dtype;
    int64_t *shape, *strides;
    uint64_t byte_offset;
};
struct DLManagedTensor {
    DLTensor dl_tensor;
    void *manager_ctx;
    void (*deleter)(DLManagedTensor *);
};
enum { kDLCUDA = 2, kDLInt = 0, kDLUInt = 1, kDLFloat = 2, kDLComplex = 5, kDLBool = 6 };

/** What a DLPack consumer owns: the tensor, its shape and strides, a reference to the block. */
struct Export {
    DLManagedTensor t;
    std::vector<int64_t> shape, strides;
    PyObject *block;
};

void export_deleter(DLManagedTensor *t)
{
    auto *e = static_cast<Export *>(t->manager_ctx);
    py::gil_scoped_acquire gil;
    Py_XDECREF(e->block);
    delete e;
}

void capsule_destructor(PyObject *cap)
{
    // A capsule nobody consumed still owns its tensor; a consumed one is renamed "used_dltensor".
    if (PyCapsule_IsValid(cap, "dltensor")) {
        auto *t = static_cast<DLManagedTensor *>(PyCapsule_GetPointer(cap, "dltensor"));
        t->deleter(t);
    }
}

/** The CUDA device the pointer lives on (the driver's answer), 0 without a driver (emulation). */
int device_of(void *p)
{
    using get_attr_fn = int (*)(void *, int, unsigned long long);
    static get_attr_fn fn = [] {
        void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
        if (!lib) lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
        return lib ? reinterpret_cast<get_attr_fn>(dlsym(lib, "cuPointerGetAttribute")) : nullptr;
    }();
    int ordinal = 0;
    const int CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9;
    if (fn && fn(&ordinal, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, reinterpret_cast<unsigned long long>(p)) != 0)
        ordinal = 0;
    return ordinal;
}

// The array API's signature (2023.12): max_version is met by the unversioned capsule every
// consumer takes; dl_device must be this array's device, and a copy cannot be made here.
py::object dlpack(DeviceArray &a, py::object stream, py::object max_version, py::object dl_device, py::object copy)
{
    (void)stream;  // our memory has no pending work of its own: the consumer's stream order suffices
    (void)max_version;
    if (a.data == g_freed_data) fail("DeviceArray.__dlpack__", "the array was freed (shoal.free)");
    if (!copy.is_none() && copy.cast<bool>())
        throw py::buffer_error("shoal.DeviceArray.__dlpack__: copy=True: a symmetric array is exported in place only");
    if (!dl_device.is_none() && !dl_device.equal(py::make_tuple(int(kDLCUDA), device_of(a.data))))
        throw py::buffer_error("shoal.DeviceArray.__dlpack__: dl_device " + py::repr(dl_device).cast<std::string>() +
                               " is not the array's device");
    auto *e = new Export{};
    char kind = a.dtype.kind();
    uint8_t code = kind == 'i' ? kDLInt : kind == 'u' ? kDLUInt : kind == 'f' ? kDLFloat : kind == 'c' ? kDLComplex : kDLBool;
    auto item = a.dtype.itemsize();
    for (std::size_t i = 0; i < a.shape.size(); ++i) {
        e->shape.push_back(a.shape[i]);
        e->strides.push_back(a.strides[i] / item);  // DLPack strides count elements
    }
    e->t.dl_tensor = DLTensor{a.data, {kDLCUDA, device_of(a.data)}, static_cast<int32_t>(a.shape.size()),
                              {code, static_cast<uint8_t>(item * 8), 1}, e->shape.data(), e->strides.data(), 0};
    e->t.manager_ctx = e;
    e->t.deleter = export_deleter;
    e->block = a.block.inc_ref().ptr();  // the consumer's reference: free() sees it
    return py::reinterpret_steal<py::object>(PyCapsule_New(&e->t, "dltensor", capsule_destructor));
}

py::dict cuda_array_interface(DeviceArray &a)
{
    if (a.data == g_freed_data) fail("DeviceArray.__cuda_array_interface__", "the array was freed (shoal.free)");
    py::dict d;
    d["shape"] = py::tuple(py::cast(a.shape));
    d["typestr"] = a.dtype.attr("str");
    d["data"] = py::make_tuple(reinterpret_cast<std::uintptr_t>(a.data), false);
    d["strides"] = py::tuple(py::cast(a.strides));
    d["version"] = 3;
    d["stream"] = py::none();  // no synchronisation needed before use
    return d;
}

/** a[i] or a[start:stop:step] along the first axis: a view that holds the block. */
DeviceArray slice(DeviceArray &a, py::object key)
{
    if (a.shape.empty()) fail("DeviceArray.__getitem__", "a 0-d array cannot be indexed");
    DeviceArray r{a.data, a.shape, a.strides, a.dtype, a.block};
    if (py::isinstance<py::slice>(key)) {
        py::ssize_t start, stop, step, len;
        if (!key.cast<py::slice>().compute(a.shape[0], &start, &stop, &step, &len)) throw py::error_already_set();
        r.data += start * a.strides[0];
        r.shape[0] = len;
        r.strides[0] *= step;
        return r;
    }
    long long i = key.cast<long long>();
    if (i < 0) i += a.shape[0];
    if (i < 0 || i >= a.shape[0])
        fail("DeviceArray.__getitem__", "index " + std::to_string(i) + " is out of range (" + std::to_string(a.shape[0]) + ")");
    r.data += i * a.strides[0];
    r.shape.erase(r.shape.begin());
    r.strides.erase(r.strides.begin());
    return r;
}

/** Host <-> this PE's device array, through the host API (works on GPU memory too). */
void copy(py::handle dst, py::handle src, const char *routine)
{
    View d = view_of(dst, routine, "dst"), s = view_of(src, routine, "src");
    if (d.size != s.size || d.type != s.type)
        fail(routine, "dst (" + std::to_string(d.size) + " x " + dtype_name(d.type) + ") and src (" + std::to_string(s.size) +
                          " x " + dtype_name(s.type) + ") differ");
    if (d.stride != 1 || s.stride != 1) fail(routine, "copies need contiguous arrays");
    if (d.data == g_freed_data || s.data == g_freed_data) fail(routine, "the array was freed (shoal.free)");
    // The symmetric side is the device array: get from it, or put to it.
    if (s.device) shmem_getmem(d.data, s.data, d.size * d.itemsize, shmem_my_pe());
    else shmem_putmem(d.data, s.data, d.size * d.itemsize, shmem_my_pe());
}

}  // namespace

void def_heap(py::module_ &m)
{
    m.def("_malloc", [](std::size_t nbytes, bool device) {
        WaitCaller caller("shoal.array");
        void *p = device ? shmemx_device_malloc(nbytes ? nbytes : 1) : shmem_malloc(nbytes ? nbytes : 1);
        if (!p) fail("array", std::to_string(nbytes) + " bytes do not fit the " +
                                  (device ? "device" : "symmetric") + " heap");
        g_blocks[reinterpret_cast<std::uintptr_t>(p)] = Block{nbytes ? nbytes : 1, device};
        return reinterpret_cast<std::uintptr_t>(p);
    });
    m.def("_free", [](std::uintptr_t p) {
        auto it = g_blocks.find(p);
        if (it == g_blocks.end()) fail("free", "the array was freed already");
        bool device = it->second.device;
        g_blocks.erase(it);
        WaitCaller caller("shoal.free");
        py::gil_scoped_release nogil;
        if (device) shmemx_device_free(reinterpret_cast<void *>(p));
        else shmem_free(reinterpret_cast<void *>(p));
    });
    m.def("_forget_all", [] { g_blocks.clear(); });
    // The numpy array free() was given: size 0, read-only, data off the heap, so a later
    // read is an IndexError, never a read of freed memory.
    m.def("_invalidate", [](py::handle obj) {
        if (py::isinstance<py::array>(obj)) {
            auto *a = py::detail::array_proxy(obj.ptr());
            for (int i = 0; i < a->nd; ++i) a->dimensions[i] = 0;
            a->data = g_freed_data;
            a->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
        } else {
            auto &d = obj.cast<DeviceArray &>();
            d.data = g_freed_data;
            for (auto &s : d.shape) s = 0;
        }
    });
    // Every PE's flag, and-ed over the world (a min-reduce on a scratch block of init's), for
    // the Python routine named (hang lines).
    m.def("_all_true", [](std::uintptr_t scratch, bool flag, const std::string &routine) {
        int *s = reinterpret_cast<int *>(scratch);
        s[0] = flag ? 1 : 0;
        WaitCaller caller(routine.c_str());
        py::gil_scoped_release nogil;
        shmem_int_min_reduce(SHMEM_TEAM_WORLD, s + 1, s, 1);
        return s[1] == 1;
    });
    m.def("_numpy_view", [](std::uintptr_t p, py::dtype dt, std::vector<py::ssize_t> shape, py::object block) {
        return py::array(dt, shape, {}, reinterpret_cast<void *>(p), block);
    });

    py::class_<DeviceArray>(m, "DeviceArray", "An array on the device (GPU) heap: DLPack and __cuda_array_interface__.")
        .def(py::init([](std::uintptr_t p, py::dtype dt, std::vector<py::ssize_t> shape, py::object block) {
            std::vector<py::ssize_t> strides(shape.size());
            py::ssize_t s = dt.itemsize();
            for (int i = static_cast<int>(shape.size()) - 1; i >= 0; --i) {
                strides[i] = s;
                s *= shape[i];
            }
            return DeviceArray{reinterpret_cast<char *>(p), shape, strides, dt, block};
        }))
        .def_property_readonly("shape", [](DeviceArray &a) { return py::tuple(py::cast(a.shape)); })
        .def_property_readonly("strides", [](DeviceArray &a) { return py::tuple(py::cast(a.strides)); })
        .def_property_readonly("dtype", [](DeviceArray &a) { return a.dtype; })
        .def_property_readonly("size", &DeviceArray::size)
        .def_property_readonly("ndim", [](DeviceArray &a) { return a.shape.size(); })
        .def_property_readonly("nbytes", [](DeviceArray &a) { return a.size() * a.dtype.itemsize(); })
        .def_property_readonly("ptr", [](DeviceArray &a) { return reinterpret_cast<std::uintptr_t>(a.data); })
        .def_property_readonly("_block", [](DeviceArray &a) { return a.block; })
        .def_property_readonly("__cuda_array_interface__", &cuda_array_interface)
        .def("__dlpack__", &dlpack, py::kw_only(), py::arg("stream") = py::none(), py::arg("max_version") = py::none(),
             py::arg("dl_device") = py::none(), py::arg("copy") = py::none())
        .def("__dlpack_device__", [](DeviceArray &a) { return py::make_tuple(int(kDLCUDA), device_of(a.data)); })
        .def("__getitem__", &slice)
        .def("__len__", [](DeviceArray &a) { return a.shape.empty() ? 0 : a.shape[0]; })
        .def("__repr__", [](DeviceArray &a) {
            return "shoal.DeviceArray(shape=" + py::repr(py::tuple(py::cast(a.shape))).cast<std::string>() +
                   ", dtype=" + py::str(a.dtype).cast<std::string>() + ")";
        })
        .def("copy_to_host", [](py::object self) {
            auto &a = self.cast<DeviceArray &>();
            py::array out(a.dtype, a.shape);
            copy(out, self, "DeviceArray.copy_to_host");
            return out;
        }, "A numpy copy of this PE's device array (blocking).")
        .def("copy_from_host", [](py::object self, py::array src) {
            copy(self, src, "DeviceArray.copy_from_host");
        }, "Fill this PE's device array from a numpy array of the same size and dtype (blocking).");
}

}  // namespace shoalpy
