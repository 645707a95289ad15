/* Names from SGI/Cray SHMEM and OpenSHMEM <= 1.3 that existing programs and benchmarks still
 * call. Each forwards to the current routine. */
#include <stdlib.h>

#include <shmem.h>

#include "core/state.h"

/* OpenSHMEM 1.0 had no shmem_finalize: programs that start with start_pes end by returning
 * from main, so the runtime finalises at exit for them (a collective, as if each PE called
 * shmem_finalize there). Programs that call shmem_init must call shmem_finalize. */
static void finalize_at_exit(void) { shmem_finalize(); }

void start_pes(int npes)
{
    (void)npes; /* the launcher decides the PE count */
    static int registered;
    if (!registered++) atexit(finalize_at_exit);
    shmem_init();
}
int _my_pe(void) { return shmem_my_pe(); }
int _num_pes(void) { return shmem_n_pes(); }
int my_pe(void) { return shmem_my_pe(); }
int num_pes(void) { return shmem_n_pes(); }
void *shmalloc(size_t size) { return shmem_malloc(size); }
void shfree(void *ptr) { shmem_free(ptr); }
void *shrealloc(void *ptr, size_t size) { return shmem_realloc(ptr, size); }
void *shmemalign(size_t alignment, size_t size) { return shmem_align(alignment, size); }
void globalexit(int status) { shmem_global_exit(status); }

/* Caches are coherent here: the cache routines have nothing to do. */
void shmem_clear_cache_inv(void) {}
void shmem_set_cache_inv(void) {}
void shmem_clear_cache_line_inv(void *dest) { (void)dest; }
void shmem_set_cache_line_inv(void *dest) { (void)dest; }
void shmem_udcflush(void) {}
void shmem_udcflush_line(void *dest) { (void)dest; }

void(shmem_wait)(long *ivar, long cmp_value) { shmem_long_wait_until(ivar, SHMEM_CMP_NE, cmp_value); }
void(shmem_wait_until)(long *ivar, int cmp, long cmp_value)
{
    shmem_long_wait_until(ivar, cmp, cmp_value);
}
#define SHOAL_DEF_OLD_WAIT(T, N, A)                                                              \
    void shmem_##N##_wait(T *ivar, T cmp_value) { shmem_##N##_wait_until(ivar, SHMEM_CMP_NE, cmp_value); }
SHOAL_DEF_OLD_WAIT(short, short, _)
SHOAL_DEF_OLD_WAIT(int, int, _)
SHOAL_DEF_OLD_WAIT(long, long, _)
SHOAL_DEF_OLD_WAIT(long long, longlong, _)

#define SHOAL_DEF_OLD_AMO(T, N, A)                                                               \
    T shmem_##N##_fadd(T *dest, T value, int pe) { return shmem_##N##_atomic_fetch_add(dest, value, pe); } \
    T shmem_##N##_finc(T *dest, int pe) { return shmem_##N##_atomic_fetch_inc(dest, pe); }       \
    T shmem_##N##_cswap(T *dest, T cond, T value, int pe)                                        \
    {                                                                                            \
        return shmem_##N##_atomic_compare_swap(dest, cond, value, pe);                           \
    }                                                                                            \
    void shmem_##N##_add(T *dest, T value, int pe) { shmem_##N##_atomic_add(dest, value, pe); }  \
    void shmem_##N##_inc(T *dest, int pe) { shmem_##N##_atomic_inc(dest, pe); }
#define SHOAL_DEF_OLD_AMO_EXT(T, N, A)                                                           \
    T shmem_##N##_swap(T *dest, T value, int pe) { return shmem_##N##_atomic_swap(dest, value, pe); } \
    T shmem_##N##_fetch(const T *source, int pe) { return shmem_##N##_atomic_fetch(source, pe); } \
    void shmem_##N##_set(T *dest, T value, int pe) { shmem_##N##_atomic_set(dest, value, pe); }
SHOAL_OLD_AMO_TYPES(SHOAL_DEF_OLD_AMO, _)
SHOAL_OLD_AMO_TYPES(SHOAL_DEF_OLD_AMO_EXT, _)
SHOAL_AMO_EXT_FLOAT_TYPES(SHOAL_DEF_OLD_AMO_EXT, _)

long(shmem_swap)(long *dest, long value, int pe) { return shmem_long_atomic_swap(dest, value, pe); }
