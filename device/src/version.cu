// Placeholder translation unit of the device library: proves the CUDA toolchain and the
// header compile together. The device symmetric heap and on-stream kernels come later.
#include <shoal/device.cuh>

namespace shoal::device {

namespace {
__global__ void version_kernel(int *out) { *out = interface_version; }
} // namespace

int built_interface_version() noexcept
{
    static_assert(interface_version >= 0, "interface_version is a count of changes");
    (void)&version_kernel; // a kernel is compiled, so nvcc generates device code in CI
    return interface_version;
}

} // namespace shoal::device
