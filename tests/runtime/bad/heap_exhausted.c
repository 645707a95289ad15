/* heap_exhausted SIZE_BYTES, run with SHOAL_SYMMETRIC_SIZE set to that size: the heap is no
 * larger than asked, and shmem_malloc(64 x SIZE) is not fatal: it returns NULL on every PE and
 * prints a line naming the size, what is free and SHOAL_SYMMETRIC_SIZE (checked by
 * run_expect.sh); so do shmem_align, shmem_calloc and shmem_realloc. The heap stays
 * usable. Exits 0 only if all of that holds. */
#include <shmem.h>
#include <shmemx.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    const size_t asked = argc > 1 ? strtoull(argv[1], NULL, 10) : ((size_t)1 << 20);
    shmem_init();
    int bad = 0;
    if (shmemx_heap_size() > asked) {
        fprintf(stderr, "heap_exhausted: heap is %zu bytes; SHOAL_SYMMETRIC_SIZE=%zu not honoured\n",
                shmemx_heap_size(), asked);
        bad = 1;
    }
    const size_t free_before = shmemx_heap_free();
    void *p = shmem_malloc(64 * asked);
    if (p != NULL) {
        fprintf(stderr, "heap_exhausted: PE %d: shmem_malloc(%zu) returned %p, want NULL\n", shmem_my_pe(), 64 * asked, p);
        bad = 1;
    }
    /* The other allocating routines fail the same way. */
    void *small = shmem_malloc(64);
    if (shmem_align(64, 64 * asked) || shmem_calloc(64, asked) || shmem_realloc(small, 64 * asked)) {
        fprintf(stderr, "heap_exhausted: PE %d: align/calloc/realloc did not return NULL\n", shmem_my_pe());
        bad = 1;
    }
    shmem_free(small);
    if (shmemx_heap_free() != free_before) {
        fprintf(stderr, "heap_exhausted: PE %d: failed malloc changed the free space\n", shmem_my_pe());
        bad = 1;
    }
    /* Still usable: a small symmetric allocation works across PEs. */
    int *q = shmem_malloc(sizeof(int));
    if (q == NULL) {
        fprintf(stderr, "heap_exhausted: small malloc after the failure returned NULL\n");
        bad = 1;
    } else {
        *q = -1;
        shmem_barrier_all();
        shmem_int_p(q, shmem_my_pe(), (shmem_my_pe() + 1) % shmem_n_pes());
        shmem_barrier_all();
        const int left = (shmem_my_pe() + shmem_n_pes() - 1) % shmem_n_pes();
        if (*q != left) {
            fprintf(stderr, "heap_exhausted: PE %d: got %d from the left neighbour, want %d\n", shmem_my_pe(), *q, left);
            bad = 1;
        }
        shmem_free(q);
    }
    shmem_finalize();
    return bad;
}
