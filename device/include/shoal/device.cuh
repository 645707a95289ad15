/* Shoal device-side API (CUDA): everything a user kernel may call, in namespace shoal::device
 * (shoal/device/api.h), plus the interface version host code can compare with the library. */
#ifndef SHOAL_DEVICE_CUH
#define SHOAL_DEVICE_CUH

#include <shoal/device/api.h>

namespace shoal::device {

/** Version of the device-side interface: the layout of the structs shared between host and
 *  kernels (device_host/context.h), so a kernel built against one never reads another's. */
inline constexpr int interface_version = SHOAL_DEVICE_CONTEXT_VERSION;

/** The interface_version the device library (libshoal_device) was compiled with. */
int built_interface_version() noexcept;

} // namespace shoal::device

#endif
