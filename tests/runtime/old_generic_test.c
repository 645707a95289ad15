/* The deprecated C11 AMO generics (shmem_fetch, set, swap, cswap, add, fadd, inc, finc) on every
 * type of the 1.5 standard and extended AMO tables, generated from the type table: each PE
 * updates its right neighbour's symmetric variable and the neighbour checks what landed.
 *   old_generic_test GENERIC    one generic over every type of its table */
#include <shmem.h>

#include <stdio.h>
#include <string.h>

static int failures, me, right, left;

#define CHECK(generic, type, cond)                                                                 \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "[PE %d] %s on %s: check failed: %s\n", me, generic, type, #cond);   \
            ++failures;                                                                            \
        }                                                                                          \
    } while (0)

/* The generics expand the type table's own macros, which the preprocessor will not expand
 * again inside an expansion of that table (SHOAL_AMO_STD_TYPES(FETCH, _) below). So each call
 * is deferred (G(shmem_fetch) leaves "shmem_fetch (" for later) and the tables are expanded
 * inside AFTER(...), whose rescan then expands the generic outside the table's expansion. */
#define NOTHING()
#define G(generic) generic NOTHING()
#define AFTER(...) __VA_ARGS__

/* One symmetric word per type and generic (globals are symmetric). */
#define VARS(T, N, A) static T g_##N[8];
SHOAL_AMO_EXT_TYPES(VARS, _)

/* Per type: the generic's call, then (after a barrier) the check on the receiving PE. */
#define FETCH(T, N, A)                                                                             \
    static void fetch_##N(void)                                                                    \
    {                                                                                              \
        g_##N[0] = (T)(10 + me);                                                                   \
        shmem_barrier_all();                                                                       \
        const T v = G(shmem_fetch)(&g_##N[0], right);                                              \
        CHECK("shmem_fetch", #T, v == (T)(10 + right));                                            \
        shmem_barrier_all();                                                                       \
    }
#define SET(T, N, A)                                                                               \
    static void set_##N(void)                                                                      \
    {                                                                                              \
        g_##N[1] = 0;                                                                              \
        shmem_barrier_all();                                                                       \
        G(shmem_set)(&g_##N[1], (T)(20 + me), right);                                              \
        shmem_barrier_all();                                                                       \
        CHECK("shmem_set", #T, g_##N[1] == (T)(20 + left));                                        \
    }
#define SWAP(T, N, A)                                                                              \
    static void swap_##N(void)                                                                     \
    {                                                                                              \
        g_##N[2] = (T)(30 + me);                                                                   \
        shmem_barrier_all();                                                                       \
        const T old = G(shmem_swap)(&g_##N[2], (T)(40 + me), right);                               \
        CHECK("shmem_swap", #T, old == (T)(30 + right));                                           \
        shmem_barrier_all();                                                                       \
        CHECK("shmem_swap", #T, g_##N[2] == (T)(40 + left));                                       \
    }
#define CSWAP(T, N, A)                                                                             \
    static void cswap_##N(void)                                                                    \
    {                                                                                              \
        g_##N[3] = (T)(50 + me);                                                                   \
        shmem_barrier_all();                                                                       \
        const T miss = G(shmem_cswap)(&g_##N[3], (T)99, (T)70, right); /* no match: kept */        \
        const T old = G(shmem_cswap)(&g_##N[3], (T)(50 + right), (T)(60 + me), right);             \
        CHECK("shmem_cswap", #T, miss == (T)(50 + right) && old == (T)(50 + right));              \
        shmem_barrier_all();                                                                       \
        CHECK("shmem_cswap", #T, g_##N[3] == (T)(60 + left));                                      \
    }
#define FADD(T, N, A)                                                                              \
    static void fadd_##N(void)                                                                     \
    {                                                                                              \
        g_##N[4] = (T)5;                                                                           \
        shmem_barrier_all();                                                                       \
        const T old = G(shmem_fadd)(&g_##N[4], (T)(me + 1), right);                                \
        CHECK("shmem_fadd", #T, old == (T)5);                                                      \
        shmem_barrier_all();                                                                       \
        CHECK("shmem_fadd", #T, g_##N[4] == (T)(5 + left + 1));                                    \
    }
#define FINC(T, N, A)                                                                              \
    static void finc_##N(void)                                                                     \
    {                                                                                              \
        g_##N[5] = (T)(7 + me);                                                                    \
        shmem_barrier_all();                                                                       \
        const T old = G(shmem_finc)(&g_##N[5], right);                                             \
        CHECK("shmem_finc", #T, old == (T)(7 + right));                                            \
        shmem_barrier_all();                                                                       \
        CHECK("shmem_finc", #T, g_##N[5] == (T)(8 + me));                                          \
    }
#define ADD(T, N, A)                                                                               \
    static void add_##N(void)                                                                      \
    {                                                                                              \
        g_##N[6] = (T)9;                                                                           \
        shmem_barrier_all();                                                                       \
        G(shmem_add)(&g_##N[6], (T)(me + 2), right);                                               \
        shmem_barrier_all();                                                                       \
        CHECK("shmem_add", #T, g_##N[6] == (T)(9 + left + 2));                                     \
    }
#define INC(T, N, A)                                                                               \
    static void inc_##N(void)                                                                      \
    {                                                                                              \
        g_##N[7] = (T)(11 + me);                                                                   \
        shmem_barrier_all();                                                                       \
        G(shmem_inc)(&g_##N[7], right);                                                            \
        shmem_barrier_all();                                                                       \
        CHECK("shmem_inc", #T, g_##N[7] == (T)(12 + me));                                          \
    }
/* fetch, set and swap take the extended AMO types; the others the standard ones. */
AFTER(SHOAL_AMO_EXT_TYPES(FETCH, _))
AFTER(SHOAL_AMO_EXT_TYPES(SET, _))
AFTER(SHOAL_AMO_EXT_TYPES(SWAP, _))
AFTER(SHOAL_AMO_STD_TYPES(CSWAP, _))
AFTER(SHOAL_AMO_STD_TYPES(FADD, _))
AFTER(SHOAL_AMO_STD_TYPES(FINC, _))
AFTER(SHOAL_AMO_STD_TYPES(ADD, _))
AFTER(SHOAL_AMO_STD_TYPES(INC, _))

#define CALL(T, N, OP) OP##_##N(), ++ntypes;
#define RUN(NAME, TABLE)                                                                           \
    if (!strcmp(which, #NAME)) {                                                                   \
        TABLE(CALL, NAME)                                                                          \
    }

int main(int argc, char **argv)
{
    const char *which = argc > 1 ? argv[1] : "";
    shmem_init();
    me = shmem_my_pe();
    const int n = shmem_n_pes();
    right = (me + 1) % n;
    left = (me + n - 1) % n;
    int ntypes = 0;
    RUN(fetch, SHOAL_AMO_EXT_TYPES)
    RUN(set, SHOAL_AMO_EXT_TYPES)
    RUN(swap, SHOAL_AMO_EXT_TYPES)
    RUN(cswap, SHOAL_AMO_STD_TYPES)
    RUN(fadd, SHOAL_AMO_STD_TYPES)
    RUN(finc, SHOAL_AMO_STD_TYPES)
    RUN(add, SHOAL_AMO_STD_TYPES)
    RUN(inc, SHOAL_AMO_STD_TYPES)
    if (ntypes == 0) {
        fprintf(stderr, "old_generic_test: unknown generic '%s'\n", which);
        ++failures;
    }
    if (failures == 0 && me == 0)
        printf("old_generic_test: shmem_%s on %d types, %d PEs\n", which, ntypes, n);
    shmem_finalize();
    return failures ? 1 : 0;
}
