// Reductions: every typed TYPENAME_OP_reduce (team-based) and TYPENAME_OP_to_all (active set)
// entry point of <shmem.h>, listed from the same type tables, each checked against a locally
// computed result: on the world, a strided team, a 2D-split team and a team_init team; with
// 1, 7 and 3000 elements (the last takes the large reduce-scatter path for 8-byte types),
// out of place and in place (dest == source). Values include negatives (max/min, sums) and
// floating-point sums are compared within a tolerance. Complex types: complex_test.c (C only).
#include <gtest/gtest.h>
#include <shmem.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "coll_test_util.hpp"

using namespace coll_test;

namespace {

enum Op { AND, OR, XOR, MAX, MIN, SUM, PROD };
const Op op_and = AND, op_or = OR, op_xor = XOR, op_max = MAX, op_min = MIN, op_sum = SUM,
         op_prod = PROD;

template <class T> T rval(Op op, int pe, size_t i)
{
    const unsigned long long h = (static_cast<unsigned long long>(pe) * 0x9E3779B97F4A7C15ull) ^
                                 (static_cast<unsigned long long>(i + 1) * 0xC2B2AE3D27D4EB4Full);
    const unsigned long long m = h >> 17;
    constexpr bool fp = std::is_floating_point_v<T>, sgn = std::is_signed_v<T>;
    switch (op) {
    case AND:
    case OR:
    case XOR: return static_cast<T>(h);
    case MAX:
    case MIN:
        if constexpr (fp) return static_cast<T>(static_cast<int>(m % 200) - 120) * T(0.5);
        else if constexpr (sgn) return static_cast<T>(static_cast<int>(m % 200) - 120);
        else return static_cast<T>(m % 200);
    case SUM:
        if constexpr (fp) return static_cast<T>(static_cast<int>(m % 400) - 250) * T(0.25);
        else if constexpr (sgn) return static_cast<T>(static_cast<int>(m % 40) - 25);
        else return static_cast<T>(m % 40);
    default: // PROD: small factors so nothing overflows a byte at 4 PEs
        if constexpr (fp) {
            const T f[] = {T(0.5), T(1), T(2), T(-1)};
            return f[m % 4];
        } else if constexpr (sgn) {
            const int f[] = {-1, 1, 2};
            return static_cast<T>(f[m % 3]);
        } else {
            return static_cast<T>(1 + m % 3);
        }
    }
}

template <class T> T combine(Op op, T a, T b)
{
    if constexpr (std::is_integral_v<T>) {
        switch (op) {
        case AND: return static_cast<T>(a & b);
        case OR: return static_cast<T>(a | b);
        case XOR: return static_cast<T>(a ^ b);
        default: break;
        }
    }
    switch (op) {
    case MAX: return b > a ? b : a;
    case MIN: return b < a ? b : a;
    case SUM: return static_cast<T>(a + b);
    case PROD: return static_cast<T>(a * b);
    default: return a;
    }
}

template <class T> bool close(T got, T want)
{
    if constexpr (std::is_floating_point_v<T>)
        return std::fabs(static_cast<long double>(got) - static_cast<long double>(want)) <=
               1e-5L * (1 + std::fabs(static_cast<long double>(want)));
    else return got == want;
}

using AnyFn = void (*)();
struct Case {
    std::string name;
    Op op;
    bool to_all;
    AnyFn fn;
    void (*run)(const Case &);
};

const size_t kCounts[] = {1, 7, 3000};

template <class T> void run_team(const Case &c)
{
    using Fn = int (*)(shmem_team_t, T *, const T *, size_t);
    const Fn fn = reinterpret_cast<Fn>(c.fn);
    const size_t maxn = 3000;
    SymArray<T> src(maxn), dst(maxn);
    for (Kind k : all_kinds()) {
        TestTeam t(k);
        if (!t.member()) continue;
        const int n = t.size();
        for (size_t cnt : kCounts) {
            for (int inplace = 0; inplace < 2; inplace++) {
                for (size_t i = 0; i < maxn; i++) {
                    src[i] = rval<T>(c.op, me(), i);
                    dst[i] = static_cast<T>(99);
                }
                shmem_team_sync(t.handle());
                T *out = inplace ? src.get() : dst.get();
                EXPECT_EQ(fn(t.handle(), out, src.get(), cnt), 0);
                size_t bad = 0, first = 0;
                T want_first{};
                for (size_t i = 0; i < cnt; i++) {
                    T want = rval<T>(c.op, t.world(0), i);
                    for (int j = 1; j < n; j++) want = combine(c.op, want, rval<T>(c.op, t.world(j), i));
                    if (!close(out[i], want) && bad++ == 0) {
                        first = i;
                        want_first = want;
                    }
                }
                EXPECT_EQ(bad, 0u) << c.name << " on " << kind_name(k) << ", " << cnt << " elements"
                                   << (inplace ? " in place" : "") << ": first wrong [" << first
                                   << "] got " << show(out[first]) << " want " << show(want_first);
                if (!inplace)
                    for (size_t i = cnt; i < maxn; i++)
                        if (!(dst[i] == static_cast<T>(99))) {
                            ADD_FAILURE() << c.name << " wrote past nreduce at " << i;
                            break;
                        }
                shmem_team_sync(t.handle());
            }
        }
    }
}

template <class T> void run_to_all(const Case &c)
{
    using Fn = void (*)(T *, const T *, int, int, int, int, T *, long *);
    const Fn fn = reinterpret_cast<Fn>(c.fn);
    const size_t maxn = 3000;
    SymArray<T> src(maxn), dst(maxn), wrk(maxn / 2 + 1 + SHMEM_REDUCE_MIN_WRKDATA_SIZE);
    PSync ps[2];
    int use = 0;
    for (const ActiveSet &as : active_sets()) {
        if (as.contains(me())) {
            for (size_t cnt : kCounts) {
                for (int inplace = 0; inplace < 2; inplace++) {
                    for (size_t i = 0; i < maxn; i++) {
                        src[i] = rval<T>(c.op, me(), i);
                        dst[i] = static_cast<T>(99);
                    }
                    shmem_barrier(as.start, as.log_stride, as.size, ps[0].get());
                    T *out = inplace ? src.get() : dst.get();
                    // alternate pSync arrays, as the man page allows
                    fn(out, src.get(), (int)cnt, as.start, as.log_stride, as.size, wrk.get(), ps[use].get());
                    use ^= 1;
                    size_t bad = 0;
                    for (size_t i = 0; i < cnt; i++) {
                        T want = rval<T>(c.op, as.world(0), i);
                        for (int j = 1; j < as.size; j++) want = combine(c.op, want, rval<T>(c.op, as.world(j), i));
                        if (!close(out[i], want)) bad++;
                    }
                    EXPECT_EQ(bad, 0u) << c.name << " on set {" << as.start << "," << as.log_stride
                                       << "," << as.size << "}, " << cnt << " elements"
                                       << (inplace ? " in place" : "");
                }
            }
            shmem_barrier(as.start, as.log_stride, as.size, ps[0].get());
        }
        shmem_barrier_all();
        EXPECT_TRUE(ps[0].restored() && ps[1].restored()) << c.name << ": pSync not restored";
        shmem_barrier_all();
    }
}

std::vector<Case> all_cases()
{
    std::vector<Case> v;
#define TEAM_CASE(TYPE, NAME, OP)                                                                \
    v.push_back({"shmem_" #NAME "_" #OP "_reduce", op_##OP, false,                               \
                 reinterpret_cast<AnyFn>(&shmem_##NAME##_##OP##_reduce), &run_team<TYPE>});
#define TOALL_CASE(TYPE, NAME, OP)                                                               \
    v.push_back({"shmem_" #NAME "_" #OP "_to_all", op_##OP, true,                                \
                 reinterpret_cast<AnyFn>(&shmem_##NAME##_##OP##_to_all), &run_to_all<TYPE>});
#define TEAM_BITWISE(OP) SHOAL_REDUCE_BITWISE_TYPES(TEAM_CASE, OP)
#define TEAM_MINMAX(OP) SHOAL_REDUCE_MINMAX_TYPES(TEAM_CASE, OP)
#define TOALL_BITWISE(OP) SHOAL_TOALL_BITWISE_TYPES(TOALL_CASE, OP)
#define TOALL_MINMAX(OP) SHOAL_TOALL_MINMAX_TYPES(TOALL_CASE, OP)
    SHOAL_BITWISE_OPS(TEAM_BITWISE)
    SHOAL_MINMAX_OPS(TEAM_MINMAX)
    SHOAL_ARITH_OPS(TEAM_MINMAX)
    SHOAL_BITWISE_OPS(TOALL_BITWISE)
    SHOAL_MINMAX_OPS(TOALL_MINMAX)
    SHOAL_ARITH_OPS(TOALL_MINMAX)
    SHOAL_TOALL_FORTRAN_TYPES(TOALL_CASE, sum)
    return v;
}

class Reduce : public ::testing::TestWithParam<Case> {};

TEST_P(Reduce, MatchesLocalResult) { GetParam().run(GetParam()); }

INSTANTIATE_TEST_SUITE_P(AllTypedRoutines, Reduce, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<Case> &i) { return i.param.name; });

TEST(ReduceCount, EveryTableEntryIsTested)
{
    // 14 bitwise types x 3 + 24 min/max/sum/prod types x 4 (team); 4 x 3 + 7 x 4 + 4 (to_all)
    EXPECT_EQ(all_cases().size(), 14u * 3 + 24u * 4 + 4u * 3 + 7u * 4 + 4u);
}

// Back-to-back reductions with no barrier in between, the sum_to_all man page's example 2:
// element k reduced separately, pSync/pWrk alternating.
TEST(ReduceSequence, ManPageExample2)
{
    static int target[3], source[3], pwrk1[SHMEM_REDUCE_MIN_WRKDATA_SIZE], pwrk2[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
    static long psync1[SHMEM_REDUCE_SYNC_SIZE], psync2[SHMEM_REDUCE_SYNC_SIZE];
    const int n = npes();
    int failures = 0;
    for (int round = 0; round < 200; round++) {
        for (int k = 0; k < 3; k++) source[k] = (me() + 1) * (k + 1) + round;
        target[0] = target[1] = target[2] = -1;
        shmem_barrier_all();
        shmem_int_sum_to_all(&target[0], &source[0], 1, 0, 0, n, pwrk1, psync1);
        shmem_int_sum_to_all(&target[1], &source[1], 1, 0, 0, n, pwrk2, psync2);
        shmem_int_sum_to_all(&target[2], &source[2], 1, 0, 0, n, pwrk1, psync1);
        for (int k = 0; k < 3; k++) {
            const int want = (k + 1) * n * (n + 1) / 2 + round * n;
            if (target[k] != want && failures++ == 0)
                ADD_FAILURE() << "round " << round << " element " << k << ": got " << target[k] << " want " << want;
        }
    }
    EXPECT_EQ(failures, 0);
    shmem_barrier_all();
}

// Floating-point sums whose bits depend on the order of the additions (magnitudes 1 to 1e8
// by PE): every PE must get the very same bits, whatever order the engine combines in (a
// hierarchical engine combines node by node), and close to the sum in PE order. Sizes cover
// the mailbox, the direct and, across nodes, the large-message paths (1 MiB).
TEST(ReduceBits, SameBitsOnEveryPe)
{
    const int n = npes();
    const size_t maxn = size_t(1) << 17;
    SymArray<double> src(maxn), dst(maxn), peer(maxn);
    auto term = [](int pe, size_t i) {
        const unsigned long long h = (static_cast<unsigned long long>(pe + 1) * 0x9E3779B97F4A7C15ull) ^
                                     (static_cast<unsigned long long>(i + 1) * 0xC2B2AE3D27D4EB4Full);
        const double scale[] = {1.0, 1e4, 1e8};
        return static_cast<double>(h >> 11) * 0x1p-53 * scale[pe % 3];
    };
    for (size_t cnt : {size_t(1), size_t(7), size_t(3000), maxn}) {
        for (size_t i = 0; i < cnt; i++) src[i] = term(me(), i);
        shmem_barrier_all();
        EXPECT_EQ(shmem_double_sum_reduce(SHMEM_TEAM_WORLD, dst.get(), src.get(), cnt), 0);
        shmem_barrier_all();
        shmem_getmem(peer.get(), dst.get(), cnt * sizeof(double), 0);
        size_t differ = 0, far = 0;
        for (size_t i = 0; i < cnt; i++) {
            double want = term(0, i);
            for (int j = 1; j < n; j++) want += term(j, i);
            differ += std::memcmp(&dst[i], &peer[i], sizeof(double)) != 0;
            far += std::fabs(dst[i] - want) > 1e-12 * std::fabs(want);
        }
        EXPECT_EQ(differ, 0u) << cnt << " elements: bits differ from PE 0's";
        EXPECT_EQ(far, 0u) << cnt << " elements: not the sum";
        shmem_barrier_all();
    }
}

// Vectors from 64 KiB, which leaders on different nodes halve (reduce-scatter) and gather
// back: odd counts split into unequal halves, 1-byte and 8-byte elements, in place and out of
// place, on the world and on a team of every other PE (with 3 PEs: one whose size is not a
// power of two, so an extra leader folds in). Each element's expected value names its index.
template <class T, class Fn> void check_large(Fn fn, Op op, size_t cnt, shmem_team_t team)
{
    SymArray<T> src(cnt), dst(cnt); // every PE allocates: shmem_malloc is collective
    if (team == SHMEM_TEAM_INVALID) return;
    const int size = shmem_team_n_pes(team);
    std::vector<int> world(size);
    for (int j = 0; j < size; j++) world[j] = shmem_team_translate_pe(team, j, SHMEM_TEAM_WORLD);
    for (int inplace = 0; inplace < 2; inplace++) {
        for (size_t i = 0; i < cnt; i++) src[i] = rval<T>(op, me(), i), dst[i] = T(99);
        shmem_team_sync(team);
        T *out = inplace ? src.get() : dst.get();
        EXPECT_EQ(fn(team, out, src.get(), cnt), 0);
        size_t bad = 0, first = cnt;
        for (size_t i = 0; i < cnt; i++) {
            T want = rval<T>(op, world[0], i);
            for (int j = 1; j < size; j++) want = combine(op, want, rval<T>(op, world[j], i));
            if (out[i] != want && bad++ == 0) first = i;
        }
        EXPECT_EQ(bad, 0u) << cnt << " elements of " << sizeof(T) << " B on " << size << " PEs"
                           << (inplace ? " in place" : "") << ", first bad: " << first;
        shmem_team_sync(team);
    }
}

TEST(ReduceLarge, OddCountsAndHalves)
{
    shmem_team_t evens = SHMEM_TEAM_INVALID;
    if (npes() > 2) shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes() + 1) / 2, nullptr, 0, &evens);
    for (shmem_team_t team : {SHMEM_TEAM_WORLD, evens}) {
        check_large<long>(shmem_long_sum_reduce, SUM, (size_t(1) << 14) + 3, team);
        check_large<int8_t>(shmem_int8_xor_reduce, XOR, (size_t(1) << 16) + 5, team);
        check_large<uint64_t>(shmem_uint64_xor_reduce, XOR, (size_t(1) << 17) + 1, team);
        if (npes() <= 2) break;
    }
    shmem_barrier_all();
    if (evens != SHMEM_TEAM_INVALID) shmem_team_destroy(evens);
}

} // namespace
