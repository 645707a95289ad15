// libshoal_cuda.so over the CUDA runtime (cuda_rt.hpp): the plugin's table (plugin.hpp), single
// source with the host emulation's build (emu/plugin.cpp). The reduction kernels are compiled in
// parts of their own (cuda_reduce.cu, reduce_parts.hpp), so that no compile step holds them all.
#include "cuda_rt.hpp"
#include "loader.hpp"
#include "reduce_parts.hpp"

SHOAL_STREAM_REDUCE_TYPES(SHOAL_PLUGIN_REDUCE_ELSEWHERE)

#include "plugin.hpp"
