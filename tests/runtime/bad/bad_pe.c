/* A PE number out of range is a fatal, one-line error naming the routine (argv[1] picks the
 * routine). Only PE 0 makes the bad call; the others wait in a barrier it never reaches, so
 * the job ends only if the runtime stops every PE. */
#include <shmem.h>

#include <stdio.h>
#include <string.h>

long target[4];

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "putmem";
    shmem_init();
    const int n = shmem_n_pes();
    long src[4] = {1, 2, 3, 4};
    if (shmem_my_pe() == 0) {
        if (strcmp(mode, "putmem") == 0) shmem_putmem(target, src, sizeof src, n);
        else if (strcmp(mode, "getmem") == 0) shmem_getmem(src, target, sizeof src, n + 7);
        else if (strcmp(mode, "int_p") == 0) shmem_int_p((int *)target, 1, -1);
        else if (strcmp(mode, "atomic") == 0) (void)shmem_long_atomic_fetch_add(target, 1, n);
        else if (strcmp(mode, "ctx_put") == 0) shmem_ctx_long_put(SHMEM_CTX_DEFAULT, target, src, 4, n);
        fprintf(stderr, "bad_pe: %s with a bad PE returned\n", mode);
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
