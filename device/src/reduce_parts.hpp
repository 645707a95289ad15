// The reduction kernels of the CUDA plugin by element type, in parts compiled on their own
// (cuda_reduce.cu for libshoal_cuda.so, ../emu/reduce.cpp for libshoal_cuda_emu.so, once per
// part): together they took each plugin's one compile step past a minute. Each part defines stream::reduce_as for its types with both launchers (the one that
// enqueues, the one that loads ahead); the main file declares them and instantiates none.
// The includer first includes its runtime (cuda_rt.hpp, ../emu/emu_rt.hpp) and loader.hpp.
#ifndef SHOAL_DEVICE_SRC_REDUCE_PARTS_HPP
#define SHOAL_DEVICE_SRC_REDUCE_PARTS_HPP

#include <cstdint>

#include <shoal/device/stream_kernels.h>

// X(T) for the types of part K, and for every part (the types stream::reduce dispatches).
#define SHOAL_PLUGIN_REDUCE_PART0(X) X(std::int8_t) X(std::uint8_t)
#define SHOAL_PLUGIN_REDUCE_PART1(X) X(std::int16_t) X(std::uint16_t)
#define SHOAL_PLUGIN_REDUCE_PART2(X) X(std::int32_t) X(std::uint32_t)
#define SHOAL_PLUGIN_REDUCE_PART3(X) X(std::int64_t) X(std::uint64_t)
#define SHOAL_PLUGIN_REDUCE_PART4(X) X(float) X(double)
#ifdef SHOAL_DEVICE_STREAM_HALF // stream_kernels.h: where CUDA's 16-bit types are on the include path
#define SHOAL_PLUGIN_REDUCE_PART5(X) X(__half) X(__nv_bfloat16)
#else
#define SHOAL_PLUGIN_REDUCE_PART5(X)
#endif
#define SHOAL_PLUGIN_REDUCE_TYPES(X)                                                                   \
    SHOAL_PLUGIN_REDUCE_PART0(X) SHOAL_PLUGIN_REDUCE_PART1(X) SHOAL_PLUGIN_REDUCE_PART2(X)             \
    SHOAL_PLUGIN_REDUCE_PART3(X) SHOAL_PLUGIN_REDUCE_PART4(X) SHOAL_PLUGIN_REDUCE_PART5(X)

#define SHOAL_PLUGIN_REDUCE_AS(PREFIX, L, T)                                                           \
    PREFIX template int shoal::device::stream::reduce_as<L, T>(L &, const shoal::device::context &,    \
                                                               const shoal::device::stream::args &);
/** Declared here, defined in its part. */
#define SHOAL_PLUGIN_REDUCE_ELSEWHERE(T)                                                               \
    SHOAL_PLUGIN_REDUCE_AS(extern, shoal_plugin::rt::launcher, T)                                      \
    SHOAL_PLUGIN_REDUCE_AS(extern, shoal_plugin::loader, T)
/** Defined here. */
#define SHOAL_PLUGIN_REDUCE_HERE(T)                                                                    \
    SHOAL_PLUGIN_REDUCE_AS(, shoal_plugin::rt::launcher, T)                                            \
    SHOAL_PLUGIN_REDUCE_AS(, shoal_plugin::loader, T)

#endif
