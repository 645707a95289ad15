/* Bad input to the device heap API; argv[1] picks the case. PE 0 makes the bad call (each
 * fails before the collective part, so the others just wait to be stopped), so the line the
 * test looks for always names PE 0 (expect_fail.sh in tests/device/meson.build). */
#include <shmem.h>
#include <shmemx.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    shmem_init();
    long *host = shmem_malloc(64);
    if (shmem_my_pe() != 0) {
        /* waits here until PE 0's error stops the job */
    } else if (!strcmp(mode, "malloc")) {
        (void)shmemx_device_malloc(1024); /* no CUDA, no GPU, or a heap too large for it */
    } else if (!strcmp(mode, "hints")) {
        (void)shmem_malloc_with_hints(1024, SHMEMX_MALLOC_DEVICE);
    } else if (!strcmp(mode, "free_host")) {
        shmemx_device_free(host); /* a host heap address where a device one is needed */
    } else {
        fprintf(stderr, "bad_device: unknown case '%s'\n", mode);
    }
    shmem_finalize();
    return 0;
}
