/* Bad arguments: each must stop every PE with one line
 * naming the routine. argv[1] picks the case. */
#include <shmem.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "wait_stack";
    shmem_init();
    const int right = (shmem_my_pe() + 1) % shmem_n_pes();
    long stack_word = 0;
    uint64_t stack_sig = 0;
    long *sym = shmem_calloc(4, sizeof(long));
    size_t n;
    if (shmem_my_pe() == 0) {
        if (strcmp(mode, "wait_stack") == 0) shmem_long_wait_until(&stack_word, SHMEM_CMP_EQ, 1);
        else if (strcmp(mode, "wait_any_stack") == 0)
            n = shmem_long_wait_until_any(&stack_word, 1, NULL, SHMEM_CMP_EQ, 1);
        else if (strcmp(mode, "signal_wait_stack") == 0)
            shmem_signal_wait_until(&stack_sig, SHMEM_CMP_EQ, 1);
        else if (strcmp(mode, "amo_misaligned") == 0)
            shmem_long_atomic_add((long *)((char *)sym + 4), 1, right);
        else if (strcmp(mode, "fetch_misaligned") == 0)
            n = (size_t)shmem_int_atomic_fetch((int *)((char *)sym + 2), right);
        else if (strcmp(mode, "getmem_null") == 0) shmem_getmem(NULL, sym, 8, right);
        else if (strcmp(mode, "test_some_null") == 0)
            n = shmem_long_test_some(sym, 4, NULL, NULL, SHMEM_CMP_EQ, 0);
        else if (strcmp(mode, "wait_some_null") == 0)
            n = shmem_long_wait_until_some(sym, 4, NULL, NULL, SHMEM_CMP_EQ, 0);
        fprintf(stderr, "bad_args: %s returned\n", mode);
    }
    (void)n;
    shmem_barrier_all();
    shmem_free(sym);
    shmem_finalize();
    return 0;
}
