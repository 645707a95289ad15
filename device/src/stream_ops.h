// The plugin's stream-ordered kernels (stream_ops.cu), behind cuda_iface.h's stream_launch.
#ifndef SHOAL_DEVICE_SRC_STREAM_OPS_H
#define SHOAL_DEVICE_SRC_STREAM_OPS_H

extern "C" {
#include "device/cuda_iface.h"
}

namespace shoal_plugin {
int stream_launch(void *stream, const shoal_device_context *ctx, const shoal_stream_args *args);
}

#endif
