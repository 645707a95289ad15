// The device API and its host emulation build as C++17 with a host compiler too (nvcc's host
// pass sees them in C++17 translation units). Built, not run.
#include <nvshmem.h>
#include <nvshmemx.h>

#include <shoal/device/api.h>
#include <shoal/device/emulate.h>
#include <shoal/device/emulate_cuda.h>
#include <shoal/device/stream_kernels.h>

void cxx17_headers_emulated(int *p, const shoal::device::context &c)
{
    shoal::device::emulate::launch(2, [&] {
        nvshmem_int_p(p, 1, 0);
        shoal::device::barrier_all<shoal::device::scope::block>(c);
    });
}
