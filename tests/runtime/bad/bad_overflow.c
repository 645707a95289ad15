/* A length that overflows: nelems * element size wraps size_t, or a byte count so large that
 * it cannot fit in symmetric memory. Fatal, never a wrapped (short) copy. */
#include <shmem.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "typed";
    shmem_init();
    const int right = (shmem_my_pe() + 1) % shmem_n_pes();
    long *sym = shmem_malloc(64 * sizeof(long));
    long src[64] = {0};
    if (shmem_my_pe() == 0) {
        /* SIZE_MAX / 4 + 1 longs: times 8 bytes wraps around to a small number. */
        if (strcmp(mode, "typed") == 0) shmem_long_put(sym, src, SIZE_MAX / 4 + 1, right);
        else if (strcmp(mode, "iput") == 0) shmem_long_iput(sym, src, 1, 1, SIZE_MAX / 2 + 1, right);
        else if (strcmp(mode, "put64") == 0) shmem_put64(sym, src, SIZE_MAX / 8 + 2, right);
        else if (strcmp(mode, "mem") == 0) shmem_putmem(sym, src, SIZE_MAX - 8, right);
        fprintf(stderr, "bad_overflow: %s returned\n", mode);
    }
    shmem_barrier_all();
    shmem_free(sym);
    shmem_finalize();
    return 0;
}
