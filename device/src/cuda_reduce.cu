// One part of libshoal_cuda.so's reduction kernels (reduce_parts.hpp): the types of part
// SHOAL_PLUGIN_REDUCE_PART, set by device/meson.build.
#include "cuda_rt.hpp"
#include "loader.hpp"
#include "reduce_parts.hpp"

#define SHOAL_PLUGIN_PART_(K) SHOAL_STREAM_REDUCE_TYPES_##K
#define SHOAL_PLUGIN_PART(K) SHOAL_PLUGIN_PART_(K)
SHOAL_PLUGIN_PART(SHOAL_PLUGIN_REDUCE_PART)(SHOAL_PLUGIN_REDUCE_HERE)
