/* The heap size the environment asked for (SHOAL_SYMMETRIC_SIZE, else the spec's
 * SHMEM_SYMMETRIC_SIZE): argv[1] is the expected byte count; exit 0 when every PE has it. */
#include <shmem.h>
#include <shmemx.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    shmem_init();
    const size_t want = argc > 1 ? strtoull(argv[1], NULL, 10) : 0, got = shmemx_heap_size();
    int rc = 0;
    if (want && got != want) {
        fprintf(stderr, "heap_size_env: PE %d: heap is %zu bytes, expected %zu\n", shmem_my_pe(),
                got, want);
        rc = 1;
    }
    shmem_finalize();
    return rc;
}
