/* Strided all-to-all latency: the alltoall benchmark with shmem_alltoalls64 (dst = sst = 2). */
#define BENCH_ALLTOALLS 1
#include "shmem_alltoall.c"
