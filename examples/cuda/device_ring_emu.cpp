// device_ring.cu built by a C++ compiler alone: the same kernel body, run by the host emulation
// only (machines without nvcc). Needs libcu++ (the CUDA toolkit's include/cccl).
#include "device_ring.cu"
