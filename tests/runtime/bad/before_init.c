/* Calling the library before shmem_init is a fatal error saying so (argv[1] picks the call). */
#include <shmem.h>

#include <stdio.h>
#include <string.h>

long target[4];

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "putmem";
    long src[4] = {0};
    if (strcmp(mode, "putmem") == 0) shmem_putmem(target, src, sizeof src, 0);
    else if (strcmp(mode, "malloc") == 0) (void)shmem_malloc(16);
    else if (strcmp(mode, "atomic") == 0) shmem_long_atomic_inc(target, 0);
    else if (strcmp(mode, "after_finalize") == 0) {
        shmem_init();
        shmem_finalize();
        shmem_putmem(target, src, sizeof src, 0);
    }
    fprintf(stderr, "before_init: %s returned\n", mode);
    return 0;
}
