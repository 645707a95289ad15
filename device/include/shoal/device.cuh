/* Shoal device-side API (CUDA). PLACEHOLDER: nothing here communicates yet.
 *
 * This header will hold what a user kernel may call (NVSHMEM-style put/get/atomics/signal
 * with thread, warp and block variants) over the device symmetric heap. For now it only
 * fixes the namespace and a version that host code can compare with the built library. */
#ifndef SHOAL_DEVICE_CUH
#define SHOAL_DEVICE_CUH

namespace shoal::device {

/** Version of the device-side interface: bumped whenever a struct shared between host and
 *  kernels changes layout, so a kernel built against one header never reads another's data.
 *  0 = placeholder, no device API yet. */
inline constexpr int interface_version = 0;

/** The interface_version the device library (libshoal_device) was compiled with. */
int built_interface_version() noexcept;

} // namespace shoal::device

#endif
