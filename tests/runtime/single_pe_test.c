/* A program started without a launcher (`./single_pe_test`) is a job of one PE that can put,
 * get and update atomically its own symmetric memory (heap and globals). Also run under
 * shoalrun -n 1, where the same must hold. */
#include <shmem.h>
#include <shmemx.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            ++failures;                                                                            \
        }                                                                                          \
    } while (0)

static long g_words[16];
static long g_src[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

int main(int argc, char **argv)
{
    const int expect_single = argc > 1 && strcmp(argv[1], "--no-launcher") == 0;
    shmem_init();
    CHECK(shmem_n_pes() == 1);
    CHECK(shmem_my_pe() == 0);
    if (expect_single) {
        CHECK(getenv("SHOAL_LOCAL_FD") == NULL);
        CHECK(strcmp(shmemx_bootstrap_name(), "single") == 0);
    }
    CHECK(shmem_pe_accessible(0) == 1);
    CHECK(shmem_pe_accessible(1) == 0);

    long *heap = shmem_malloc(16 * sizeof(long));
    CHECK(heap != NULL);
    CHECK(shmem_addr_accessible(heap, 0) == 1);
    CHECK(shmem_ptr(heap, 0) == heap);
    shmem_long_put(heap, g_src, 16, 0);
    for (int k = 0; k < 16; ++k) CHECK(heap[k] == k + 1);
    shmem_long_put(g_words, heap, 16, 0);
    shmem_barrier_all();
    for (int k = 0; k < 16; ++k) CHECK(g_words[k] == k + 1);
    long back[16] = {0};
    shmem_long_get(back, g_words, 16, 0);
    for (int k = 0; k < 16; ++k) CHECK(back[k] == k + 1);
    CHECK(shmem_long_g(heap + 3, 0) == 4);
    shmem_long_p(heap + 3, 40, 0);
    CHECK(heap[3] == 40);
    CHECK(shmem_long_atomic_fetch_add(g_words, 100, 0) == 1);
    shmem_long_atomic_inc(heap, 0);
    CHECK(g_words[0] == 101);
    CHECK(heap[0] == 2);
    shmem_long_iput(heap, g_src, 2, 1, 8, 0);
    for (int k = 0; k < 8; ++k) CHECK(heap[2 * k] == k + 1);
    shmem_long_wait_until(heap, SHMEM_CMP_EQ, 1);
    shmem_sync_all();
    shmem_free(heap);
    shmem_finalize();
    if (failures == 0) printf("single_pe_test: ok\n");
    return failures ? 1 : 0;
}
