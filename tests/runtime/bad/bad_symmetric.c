/* An address outside symmetric memory (stack, libc heap, past the end of the symmetric heap)
 * as the remote side of an RMA or AMO is a fatal error mentioning "symmetric". */
#include <shmem.h>
#include <shmemx.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "stack";
    shmem_init();
    const int right = (shmem_my_pe() + 1) % shmem_n_pes();
    long stack_buf[8] = {0};
    long src[8] = {0};
    long *heap_buf = malloc(sizeof stack_buf);
    long *sym = shmem_malloc(sizeof stack_buf);
    if (shmem_my_pe() == 0) {
        if (strcmp(mode, "stack") == 0) shmem_putmem(stack_buf, src, sizeof src, right);
        else if (strcmp(mode, "malloc") == 0) shmem_putmem(heap_buf, src, sizeof src, right);
        else if (strcmp(mode, "get_src") == 0) shmem_getmem(src, stack_buf, sizeof src, right);
        else if (strcmp(mode, "atomic") == 0) shmem_long_atomic_add(stack_buf, 1, right);
        else if (strcmp(mode, "past_end") == 0)
            /* Starts inside the heap, runs past its end. */
            shmem_putmem((char *)sym + 64, src, shmemx_heap_size(), right);
        fprintf(stderr, "bad_symmetric: %s returned\n", mode);
    }
    shmem_barrier_all();
    free(heap_buf);
    shmem_free(sym);
    shmem_finalize();
    return 0;
}
