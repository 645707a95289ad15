/* Bad input to the _on_stream API (shmemx.h, and nvshmemx.h's names over it); argv[1] picks the
 * case. The checks come before CUDA is touched, so each line is the same with or without a GPU
 * (the device heap is never created here: host heap addresses are what is wrong). PE 0 makes
 * the bad call; the others wait to be stopped. Built as C. */
#include <nvshmemx.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    nvshmem_init();
    int *host = (int *)shmem_malloc(64 * sizeof(int));
    uint64_t *sig = (uint64_t *)shmem_malloc(sizeof *sig);
    if (shmem_my_pe() != 0) {
        /* waits here until PE 0's error stops the job */
    } else if (!strcmp(mode, "host_dest")) {
        shmemx_int_put_on_stream(host, host + 32, 4, 1, NULL); /* NULL: the default stream, legal */
    } else if (!strcmp(mode, "bad_pe")) {
        shmemx_putmem_on_stream(host, host + 32, 16, 99, NULL);
    } else if (!strcmp(mode, "get_host_source")) {
        shmemx_getmem_on_stream(host + 32, host, 16, 0, NULL);
    } else if (!strcmp(mode, "iput_stride")) {
        shmemx_iput32_on_stream(host, host, 0, 1, 4, 0, NULL);
    } else if (!strcmp(mode, "signal_op")) {
        shmemx_int_put_signal_on_stream(host, host, 1, sig, 1, 7, 0, NULL);
    } else if (!strcmp(mode, "wait_cmp")) {
        shmemx_signal_wait_until_on_stream(sig, 99, 1, NULL);
    } else if (!strcmp(mode, "reduce_host")) {
        (void)nvshmemx_int_sum_reduce_on_stream(NVSHMEM_TEAM_WORLD, host, host + 32, 4, NULL);
    } else if (!strcmp(mode, "broadcast_root")) {
        (void)shmemx_long_broadcast_on_stream(SHMEM_TEAM_WORLD, (long *)host, (long *)host, 1, 5, NULL);
    } else if (!strcmp(mode, "to_all_set")) {
        static long psync[SHMEM_REDUCE_SYNC_SIZE];
        shmemx_int_sum_to_all_on_stream(host, host, 4, 0, 0, 5, NULL, psync, NULL);
    } else if (!strcmp(mode, "barrier")) {
        shmemx_barrier_all_on_stream(NULL); /* no CUDA or no GPU here */
    } else {
        fprintf(stderr, "bad_on_stream: unknown case '%s'\n", mode);
    }
    nvshmem_finalize();
    return 0;
}
