// shoal._core: the C ABI of libshoal (shmem.h, shmemx.h) for Python. The Pythonic layer
// (python/shoal/*.py) adds lifetime and init; the hot calls are bound here directly.
#include "common.hpp"

namespace shoalpy {

namespace {

bool g_initialized = false;

// comm_addr: 0, or the address of an MPI_Comm (mpi4py's MPI._addressof) to start on.
void init(std::uintptr_t comm_addr)
{
    if (g_initialized) return;
    {
        py::gil_scoped_release nogil;
        if (comm_addr)
            shmemx_init_mpi_comm(reinterpret_cast<const void *>(comm_addr), SHMEM_THREAD_SINGLE, nullptr);
        else
            shmem_init();
    }
    g_npes = shmem_n_pes();
    g_initialized = true;
}

void finalize()
{
    if (!g_initialized) return;
    g_blocks.clear();
    g_initialized = false;
    py::gil_scoped_release nogil;
    shmem_finalize();
}

}  // namespace

}  // namespace shoalpy

PYBIND11_MODULE(_core, m)
{
    using namespace shoalpy;
    m.doc() = "The binding of libshoal's C API; use the shoal package.";
    py::register_exception<Error>(m, "Error");
    m.def("init", &init, py::arg("comm_addr") = 0,
          "Start the runtime (collective), on the MPI_Comm at comm_addr if not 0; a second call does nothing.");
    m.def("finalize", &finalize, "Stop the runtime (collective; implies a barrier).");
    m.def("initialized", [] { return g_initialized; }, "True between init and finalize.");
    m.def("my_pe", [] { return shmem_my_pe(); }, "This PE's number in the world team.");
    m.def("n_pes", [] { return g_npes; }, "Number of PEs in the job.");
    m.def("global_exit", [](int status) { shmem_global_exit(status); }, py::arg("status"),
          "Stop every PE of the job with this exit status.");
    m.def("bootstrap_name", [] { return std::string(shmemx_bootstrap_name()); },
          "What started the job: 'local' (shoalrun), 'mpi' (mpirun) or 'single'.");
    m.def("heap_free", [] { return shmemx_heap_free(); }, "Bytes of the symmetric heap still free.");
    m.def("device_usable", [] { return shmemx_device_usable() != 0; },
          "True when the CUDA plugin loads and sees a GPU (device=True arrays work).");
    m.attr("CMP_EQ") = int(SHMEM_CMP_EQ);
    m.attr("CMP_NE") = int(SHMEM_CMP_NE);
    m.attr("CMP_GT") = int(SHMEM_CMP_GT);
    m.attr("CMP_LE") = int(SHMEM_CMP_LE);
    m.attr("CMP_LT") = int(SHMEM_CMP_LT);
    m.attr("CMP_GE") = int(SHMEM_CMP_GE);
    m.attr("SIGNAL_SET") = int(SHMEM_SIGNAL_SET);
    m.attr("SIGNAL_ADD") = int(SHMEM_SIGNAL_ADD);
    def_heap(m);
    def_rma(m);
    def_amo(m);
    def_sync(m);
    def_team(m);
    def_coll(m);
}
