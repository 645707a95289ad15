// The host emulation of the CUDA runtime that libshoal_cuda_emu.so gives the CUDA plugin, so a
// machine without a GPU runs the device heap, the host API on it and the _on_stream calls with
// the kernels a GPU would run (stream_kernels.h), emulated as emulate.h launches them:
//   - device memory is host memory that other processes map (as CUDA IPC maps it);
//   - a stream is a host thread running its work in order; streams run at the same time. The
//     legacy default stream (nullptr) waits for the work before it on every blocking stream,
//     and blocking streams wait for the legacy stream's (non-blocking streams do not);
//   - a synchronous call (memcpy, device_synchronize, malloc, free) while a stream is being
//     captured invalidates the capture and fails, as in CUDA's global capture mode.
// A test program links libshoal_cuda_emu.so, runs with SHOAL_CUDA_PLUGIN naming it (libshoal
// then loads the same library as its plugin), and drives streams through this header.
// Error codes are CUDA's numbers. Host only, C++17.
#ifndef SHOAL_DEVICE_EMULATE_CUDA_H
#define SHOAL_DEVICE_EMULATE_CUDA_H

#include <cstddef>
#include <functional>
#include <vector>

#include <shoal/device/geometry.h>

struct CUstream_st; // an emulated stream is what a cudaStream_t points to

namespace shoal::device::emulate::cuda {

using stream_t = CUstream_st *;
struct graph_st;
using graph_t = graph_st *;

enum error : int {
    success = 0,
    invalid_value = 1,
    memory_allocation = 2,
    invalid_configuration = 9,
    invalid_device = 101,
    capture_unsupported = 900,
    capture_invalidated = 901,
};
const char *error_string(int code);

/** cudaStreamCreate (blocking), or cudaStreamCreateWithFlags(cudaStreamNonBlocking). */
stream_t stream_create(bool non_blocking = false);
/** Waits for the stream's work, then ends it. */
int stream_destroy(stream_t s);
int stream_synchronize(stream_t s);
int device_synchronize();

/** A kernel on s (nullptr: the legacy stream): body runs on every thread of grid x block, as
 *  emulate::launch runs it (cooperative: every block at once). Returns at once. */
int launch(stream_t s, extent grid, extent block, std::function<void()> body, bool cooperative = false);

/** The kernels that ran on s so far, oldest first: their shapes. */
struct launch_record {
    extent grid, block;
    bool cooperative;
};
std::vector<launch_record> launches(stream_t s);

/** cudaMalloc / cudaFree: device memory (mappable by other processes). */
int malloc(void **ptr, std::size_t size);
int free(void *ptr);
/** cudaMemcpy: on the legacy stream, returning when done. */
int memcpy(void *dst, const void *src, std::size_t n);
/** cudaMemcpyAsync on s. */
int memcpy_async(void *dst, const void *src, std::size_t n, stream_t s);

/** Stream capture in global mode, and the graph it makes. */
int begin_capture(stream_t s);
int end_capture(stream_t s, graph_t *graph);
int graph_launch(graph_t graph, stream_t s);
void graph_destroy(graph_t graph);

} // namespace shoal::device::emulate::cuda

#endif
