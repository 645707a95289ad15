// The reduction kernels of the CUDA plugin by element type, in parts compiled on their own
// (cuda_reduce.cu for libshoal_cuda.so, ../emu/reduce.cpp for libshoal_cuda_emu.so, once per
// part): together they took each plugin's one compile step past a minute. Part K is the pair
// SHOAL_STREAM_REDUCE_TYPES_K of stream_kernels.h's type list. Each part defines
// stream::reduce_as for its types with both launchers (the one that enqueues, the one that loads
// ahead); the main file declares them and instantiates none. The includer first includes its
// runtime (cuda_rt.hpp, ../emu/emu_rt.hpp) and loader.hpp.
#ifndef SHOAL_DEVICE_SRC_REDUCE_PARTS_HPP
#define SHOAL_DEVICE_SRC_REDUCE_PARTS_HPP

#include <shoal/device/stream_kernels.h>

#define SHOAL_PLUGIN_REDUCE_AS(PREFIX, L, T)                                                           \
    PREFIX template int shoal::device::stream::reduce_as<L, T>(L &, const shoal::device::context &,    \
                                                               const shoal::device::stream::args &);
/** Declared here, defined in its part. */
#define SHOAL_PLUGIN_REDUCE_ELSEWHERE(KIND, BYTES, T)                                                  \
    SHOAL_PLUGIN_REDUCE_AS(extern, shoal_plugin::rt::launcher, T)                                      \
    SHOAL_PLUGIN_REDUCE_AS(extern, shoal_plugin::loader, T)
/** Defined here. */
#define SHOAL_PLUGIN_REDUCE_HERE(KIND, BYTES, T)                                                       \
    SHOAL_PLUGIN_REDUCE_AS(, shoal_plugin::rt::launcher, T)                                            \
    SHOAL_PLUGIN_REDUCE_AS(, shoal_plugin::loader, T)

#endif
