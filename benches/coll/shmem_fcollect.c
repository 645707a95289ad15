/* Fcollect latency: the collect benchmark with shmem_fcollect64 (one program per operation,
 * as OSU and NVSHMEM's perftest have it). */
#define BENCH_FCOLLECT 1
#include "shmem_collect.c"
