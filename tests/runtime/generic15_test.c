/* The C11 generics added for OpenSHMEM 1.5 completeness: shmem_sync(team), shmem_team_ptr,
 * bitwise AMOs on int32_t/int64_t, bitwise team reductions on int8_t..int64_t, and the
 * deprecated AMO generics (shmem_swap/fetch/set/cswap/fadd/finc/add/inc) dispatched on type.
 * Every value is written by one PE and checked on another. Exit status = failures. */
#include <shmem.h>

#include <stdint.h>
#include <stdio.h>

static int failures;
#define CHECK(cond)                                                                              \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            fprintf(stderr, "[PE %d] %s:%d: check failed: %s\n", shmem_my_pe(), __FILE__,        \
                    __LINE__, #cond);                                                            \
            ++failures;                                                                          \
        }                                                                                        \
    } while (0)

static long psync[SHMEM_SYNC_SIZE];
static int32_t w32;
static int64_t w64;
static int8_t r8[2];
static int16_t r16[2];
static int32_t r32[2];
static int64_t r64[2];
static float fw;
static double dw;
static int iw;
static long lw;
static long long llw;
static int slot[64];

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    const int right = (me + 1) % n, left = (me + n - 1) % n;
    for (int i = 0; i < SHMEM_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    fw = -1.0f;
    dw = -1.0;
    iw = 0;
    lw = 100;
    llw = 0;
    w32 = 0;
    w64 = -1;
    shmem_barrier_all();

    /* shmem_sync: the team form (1.5 C11) and the active-set form, by argument count. */
    CHECK(shmem_sync(SHMEM_TEAM_WORLD) == 0);
    shmem_sync(0, 0, n, psync);

    /* shmem_team_ptr: store through the pointer to the right neighbour's slot. On one node
     * every PE is mapped; across nodes only those of mine (shmem_ptr says which). */
    int *p = shmem_team_ptr(SHMEM_TEAM_WORLD, &slot[me], right);
    CHECK(p == shmem_ptr(&slot[me], right));
    if (shmem_team_n_pes(SHMEM_TEAM_SHARED) == n) CHECK(p != NULL); /* one node */
    if (p) *p = 1000 + me;
    const int left_mapped = shmem_ptr(&slot[me], left) != NULL;
    CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, &slot[me], n) == NULL);
    CHECK(shmem_team_ptr(SHMEM_TEAM_INVALID, &slot[me], 0) == NULL);

    /* Bitwise AMOs on the signed fixed-width types: every PE sets its bit on PE 0. */
    shmem_atomic_or(&w32, (int32_t)1 << me, 0);
    (void)shmem_atomic_fetch_xor(&w64, (int64_t)1 << (me + 32), 0);
    shmem_barrier_all();
    if (left_mapped) CHECK(slot[left] == 1000 + left);
    if (me == 0) {
        CHECK(w32 == (int32_t)((1u << n) - 1));
        int64_t want = -1;
        for (int pe = 0; pe < n; pe++) want ^= (int64_t)1 << (pe + 32);
        CHECK(w64 == want);
    }
    shmem_barrier_all();
    if (me == 0) CHECK(shmem_atomic_fetch_and(&w32, (int32_t)6, 0) == (int32_t)((1u << n) - 1));
    shmem_barrier_all();
    if (me == 0) CHECK(w32 == (int32_t)(((1u << n) - 1) & 6));

    /* Bitwise reductions on int8_t..int64_t: or of distinct bits, xor, and. */
    static int8_t s8[2];
    static int16_t s16[2];
    static int32_t s32[2];
    static int64_t s64[2];
    s8[0] = (int8_t)(1 << me);
    s8[1] = (int8_t)(me == 1 ? 0x0f : 0x3f);
    s16[0] = (int16_t)(1 << (me + 8));
    s16[1] = (int16_t)(1 << me);
    s32[0] = (int32_t)(3 << me);
    s32[1] = (int32_t)0x7f;
    s64[0] = (int64_t)1 << (me + 40);
    s64[1] = (int64_t)5 << me;
    shmem_barrier_all();
    CHECK(shmem_or_reduce(SHMEM_TEAM_WORLD, r8, s8, 1) == 0);
    CHECK(shmem_and_reduce(SHMEM_TEAM_WORLD, r8 + 1, s8 + 1, 1) == 0);
    CHECK(shmem_or_reduce(SHMEM_TEAM_WORLD, r16, s16, 2) == 0);
    CHECK(shmem_xor_reduce(SHMEM_TEAM_WORLD, r32, s32, 1) == 0);
    CHECK(shmem_and_reduce(SHMEM_TEAM_WORLD, r32 + 1, s32 + 1, 1) == 0);
    CHECK(shmem_xor_reduce(SHMEM_TEAM_WORLD, r64, s64, 2) == 0);
    int8_t or8 = 0, and8 = 0x3f;
    int16_t or16a = 0, or16b = 0;
    int32_t x32 = 0;
    int64_t x64a = 0, x64b = 0;
    for (int pe = 0; pe < n; pe++) {
        or8 |= (int8_t)(1 << pe);
        and8 &= (int8_t)(pe == 1 ? 0x0f : 0x3f);
        or16a |= (int16_t)(1 << (pe + 8));
        or16b |= (int16_t)(1 << pe);
        x32 ^= (int32_t)(3 << pe);
        x64a ^= (int64_t)1 << (pe + 40);
        x64b ^= (int64_t)5 << pe;
    }
    CHECK(r8[0] == or8 && r8[1] == and8);
    CHECK(r16[0] == or16a && r16[1] == or16b);
    CHECK(r32[0] == x32 && r32[1] == 0x7f);
    CHECK(r64[0] == x64a && r64[1] == x64b);

    /* Deprecated AMO generics, each on its own type, into the right neighbour. */
    const float fold = shmem_swap(&fw, 2.5f + (float)me, right);
    const double dold = shmem_swap(&dw, 0.125 * me, right);
    shmem_barrier_all();
    CHECK(fold == -1.0f && dold == -1.0);
    CHECK(fw == 2.5f + (float)left && dw == 0.125 * left);
    shmem_barrier_all(); /* checked before the left neighbour writes again */
    CHECK(shmem_fetch(&fw, right) == 2.5f + (float)me);
    shmem_set(&dw, 7.0 + me, right);
    shmem_add(&iw, me + 1, 0);
    shmem_inc(&llw, 0);
    const long before = shmem_fadd(&lw, 10, right);
    shmem_barrier_all();
    CHECK(dw == 7.0 + left);
    CHECK(before == 100);
    CHECK(lw == 110);
    if (me == 0) CHECK(iw == n * (n + 1) / 2 && llw == n);
    shmem_barrier_all();
    CHECK(shmem_finc(&lw, right) == 110);
    shmem_barrier_all();
    CHECK(lw == 111);
    shmem_barrier_all();
    CHECK(shmem_cswap(&lw, 111L, 5L * me, right) == 111);
    CHECK(shmem_cswap(&llw, -7LL, 9LL, right) != -7LL); /* no match: nothing stored */
    shmem_barrier_all();
    CHECK(lw == 5L * left);
    CHECK(shmem_fetch(&iw, 0) == n * (n + 1) / 2);

    shmem_barrier_all();
    shmem_finalize();
    if (failures) fprintf(stderr, "[PE %d] %d check(s) failed\n", me, failures);
    return failures ? 1 : 0;
}
