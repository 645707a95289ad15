/* bad_pe_routine NAME: PE 0 calls routine NAME with a PE number out of range. The fatal line
 * must name the routine the program called (not an internal routine it forwards to):
 * "shoal: NAME: PE 0: ...". */
#include <shmem.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

long lw[8];
unsigned long uw[8];
uint64_t sig;

int main(int argc, char **argv)
{
    const char *r = argc > 1 ? argv[1] : "";
    shmem_init();
    const int bad = shmem_n_pes();
    long src[8] = {0}, f;
    unsigned long uf;
    if (shmem_my_pe() == 0) {
#define CASE(NAME, CALL) else if (strcmp(r, #NAME) == 0) CALL
        if (0) {}
        CASE(shmem_long_put, shmem_long_put(lw, src, 8, bad));
        CASE(shmem_long_get, shmem_long_get(src, lw, 8, bad));
        CASE(shmem_long_p, shmem_long_p(lw, 1, bad));
        CASE(shmem_long_g, (void)shmem_long_g(lw, bad));
        CASE(shmem_long_put_nbi, shmem_long_put_nbi(lw, src, 8, bad));
        CASE(shmem_long_get_nbi, shmem_long_get_nbi(src, lw, 8, bad));
        CASE(shmem_long_iput, shmem_long_iput(lw, src, 1, 1, 4, bad));
        CASE(shmem_long_iget, shmem_long_iget(src, lw, 1, 1, 4, bad));
        CASE(shmem_put32, shmem_put32(lw, src, 2, bad));
        CASE(shmem_putmem_nbi, shmem_putmem_nbi(lw, src, 8, bad));
        CASE(shmem_long_put_signal, shmem_long_put_signal(lw, src, 8, &sig, 1, SHMEM_SIGNAL_SET, bad));
        CASE(shmem_putmem_signal_nbi, shmem_putmem_signal_nbi(lw, src, 8, &sig, 1, SHMEM_SIGNAL_ADD, bad));
        CASE(shmem_long_atomic_fetch, (void)shmem_long_atomic_fetch(lw, bad));
        CASE(shmem_long_atomic_set, shmem_long_atomic_set(lw, 1, bad));
        CASE(shmem_long_atomic_swap, (void)shmem_long_atomic_swap(lw, 1, bad));
        CASE(shmem_long_atomic_compare_swap, (void)shmem_long_atomic_compare_swap(lw, 0, 1, bad));
        CASE(shmem_long_atomic_fetch_add, (void)shmem_long_atomic_fetch_add(lw, 1, bad));
        CASE(shmem_long_atomic_add, shmem_long_atomic_add(lw, 1, bad));
        CASE(shmem_long_atomic_fetch_inc, (void)shmem_long_atomic_fetch_inc(lw, bad));
        CASE(shmem_long_atomic_inc, shmem_long_atomic_inc(lw, bad));
        CASE(shmem_long_atomic_fetch_add_nbi, shmem_long_atomic_fetch_add_nbi(&f, lw, 1, bad));
        CASE(shmem_ulong_atomic_fetch_and, (void)shmem_ulong_atomic_fetch_and(uw, 1, bad));
        CASE(shmem_ulong_atomic_or, shmem_ulong_atomic_or(uw, 1, bad));
        CASE(shmem_ulong_atomic_fetch_xor_nbi, shmem_ulong_atomic_fetch_xor_nbi(&uf, uw, 1, bad));
        CASE(shmem_ctx_long_atomic_inc, shmem_ctx_long_atomic_inc(SHMEM_CTX_DEFAULT, lw, bad));
        else {
            fprintf(stderr, "bad_pe_routine: unknown routine %s\n", r);
            return 2;
        }
        fprintf(stderr, "bad_pe_routine: %s with a bad PE returned\n", r);
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
