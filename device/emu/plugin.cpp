// libshoal_cuda_emu.so's plugin table: plugin.hpp over the emulated CUDA runtime (emu_rt.hpp,
// runtime.cpp), so the device heap, the host API on it and the _on_stream kernels run without a
// GPU, with the same source as libshoal_cuda.so and the same kernel bodies, launched in
// emulated grids. The reduction kernels compile in parts of their own, as the CUDA plugin's
// (reduce.cpp, ../src/reduce_parts.hpp).
#include "emu_rt.hpp"
#include "../src/loader.hpp"
#include "../src/reduce_parts.hpp"

SHOAL_STREAM_REDUCE_TYPES(SHOAL_PLUGIN_REDUCE_ELSEWHERE)

#include "../src/plugin.hpp"
