// Build check (CUDA builds): the facade headers a .cu file may include compile under nvcc in
// C++20 (no range-v3, no C++23), a kernel can work on a SymmetricBuffer's memory, and
// StreamCollectives' kernel form instantiates.
#include <shoal/shoal.hpp>

namespace {
__global__ void scale(double *p, int n, double f)
{
    const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n)
        p[i] *= f;
}
} // namespace

void shoal_nvcc_include_check(cudaStream_t stream)
{
    shoal::StreamCollectives coll(shoal::world(), stream);
    shoal::SymmetricBuffer<double> x(64, shoal::on_device), y(64, shoal::on_device); // the kernel form's memory
    scale<<<1, 64, 0, stream>>>(x.data(), 64, 2.0);
    coll.reduce(y.local(), std::span<const double>(x.local()), shoal::sum);
    coll.reduce(std::span<unsigned>(), std::span<const unsigned>(), shoal::bit_xor);
    coll.broadcast(y.local(), std::span<const double>(x.local()), 0);
    coll.fcollect(y.local(), std::span<const double>(x.local()));
    coll.alltoall(y.local(), std::span<const double>(x.local()));
    coll.barrier();
    coll.sync();
    for (int pe : shoal::world().members())
        (void)pe;
}
