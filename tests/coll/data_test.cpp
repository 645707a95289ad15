// Data-movement collectives: broadcast, collect, fcollect, alltoall, alltoalls, for every type
// of the RMA table and the mem forms, on the world, a strided team, a 2D-split team and a
// team_init team; alltoalls of 1- to 16-byte elements on windows of the world (uneven across
// nodes), nelems 0 included; and the active-set 32/64 forms over several active sets (pSync
// restored).
#include <gtest/gtest.h>
#include <shmem.h>
#include <shmemx.h>

#include "coll_test_util.hpp"

#include <utility>
#include <vector>

using namespace coll_test;

namespace {

#define COLL_TAG(TYPE, NAME, A)                                                                  \
    struct Tag_##NAME {                                                                          \
        using T = TYPE;                                                                          \
        static constexpr const char *name = #NAME;                                               \
        static int bcast(shmem_team_t t, T *d, const T *s, size_t n, int root)                   \
        {                                                                                        \
            return shmem_##NAME##_broadcast(t, d, s, n, root);                                   \
        }                                                                                        \
        static int collect(shmem_team_t t, T *d, const T *s, size_t n)                           \
        {                                                                                        \
            return shmem_##NAME##_collect(t, d, s, n);                                           \
        }                                                                                        \
        static int fcollect(shmem_team_t t, T *d, const T *s, size_t n)                          \
        {                                                                                        \
            return shmem_##NAME##_fcollect(t, d, s, n);                                          \
        }                                                                                        \
        static int alltoall(shmem_team_t t, T *d, const T *s, size_t n)                          \
        {                                                                                        \
            return shmem_##NAME##_alltoall(t, d, s, n);                                          \
        }                                                                                        \
        static int alltoalls(shmem_team_t t, T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst,     \
                             size_t n)                                                           \
        {                                                                                        \
            return shmem_##NAME##_alltoalls(t, d, s, dst, sst, n);                               \
        }                                                                                        \
    };
SHOAL_RMA_TYPES(COLL_TAG, _)
#undef COLL_TAG
#define COLL_TAG_NAME(TYPE, NAME, A) , Tag_##NAME
using AllTags = TagTypes<std::tuple<void SHOAL_RMA_TYPES(COLL_TAG_NAME, _)>>;
#undef COLL_TAG_NAME

template <class Tag> class TeamData : public ::testing::Test {};
TYPED_TEST_SUITE(TeamData, AllTags, TagName);

const size_t kSizes[] = {1, 37, 1500}; // 1500 8-byte elements take the direct (large) paths

TYPED_TEST(TeamData, Broadcast)
{
    using T = typename TypeParam::T;
    const size_t maxn = 1500;
    SymArray<T> src(maxn), dst(maxn);
    for (Kind k : all_kinds()) {
        TestTeam t(k);
        EXPECT_EQ(t.rc(), 0) << kind_name(k);
        if (!t.member()) continue;
        const int n = t.size();
        for (size_t nel : kSizes) {
            for (int root : {0, n - 1}) {
                for (size_t i = 0; i < maxn; i++) {
                    src[i] = val<T>(me(), i, (unsigned)nel);
                    dst[i] = sentinel<T>();
                }
                shmem_team_sync(t.handle());
                EXPECT_EQ(TypeParam::bcast(t.handle(), dst.get(), src.get(), nel, root), 0);
                const int rw = t.world(root);
                EXPECT_TRUE(check_each(dst.get(), nel, [&](size_t i) { return val<T>(rw, i, (unsigned)nel); }))
                    << kind_name(k) << " nelems " << nel << " root " << root;
                EXPECT_TRUE(check_each(dst.get() + nel, maxn - nel, [](size_t) { return sentinel<T>(); }))
                    << kind_name(k) << ": written past nelems";
                shmem_team_sync(t.handle());
            }
        }
    }
}

TYPED_TEST(TeamData, CollectAndFcollect)
{
    using T = typename TypeParam::T;
    const size_t maxn = 1500 + (size_t)npes() + 8;
    SymArray<T> src(maxn), dst(maxn * (size_t)npes());
    for (Kind k : all_kinds()) {
        TestTeam t(k);
        if (!t.member()) continue;
        const int n = t.size(), mi = t.my_index();
        for (size_t nel : kSizes) {
            for (int fixed = 0; fixed < 2; fixed++) {
                // collect: member i contributes nel + i elements (fcollect: nel).
                const size_t mine = fixed ? nel : nel + (size_t)mi;
                for (size_t i = 0; i < mine; i++) src[i] = val<T>(me(), i, 7);
                for (size_t i = 0; i < maxn * (size_t)npes(); i++) dst[i] = sentinel<T>();
                shmem_team_sync(t.handle());
                int rc = fixed ? TypeParam::fcollect(t.handle(), dst.get(), src.get(), mine)
                               : TypeParam::collect(t.handle(), dst.get(), src.get(), mine);
                EXPECT_EQ(rc, 0);
                size_t off = 0;
                for (int j = 0; j < n; j++) {
                    const size_t theirs = fixed ? nel : nel + (size_t)j;
                    const int wj = t.world(j);
                    EXPECT_TRUE(check_each(dst.get() + off, theirs, [&](size_t i) { return val<T>(wj, i, 7); }))
                        << kind_name(k) << (fixed ? " fcollect" : " collect") << " nel " << nel
                        << " block of member " << j;
                    off += theirs;
                }
                EXPECT_TRUE(check_each(dst.get() + off, 8, [](size_t) { return sentinel<T>(); }))
                    << "written past the end";
                shmem_team_sync(t.handle());
            }
        }
    }
}

TYPED_TEST(TeamData, Alltoall)
{
    using T = typename TypeParam::T;
    const size_t maxn = 1500;
    const size_t cap = maxn * (size_t)npes();
    SymArray<T> src(cap * 3), dst(cap * 2);
    for (Kind k : all_kinds()) {
        TestTeam t(k);
        if (!t.member()) continue;
        const int n = t.size(), mi = t.my_index();
        for (size_t nel : kSizes) {
            for (int strided = 0; strided < 2; strided++) {
                const ptrdiff_t sst = strided ? 3 : 1, dstr = strided ? 2 : 1;
                for (size_t i = 0; i < cap * 3; i++) src[i] = sentinel<T>();
                for (size_t i = 0; i < cap * 2; i++) dst[i] = sentinel<T>();
                // Block j, element e: meant for member j.
                for (int j = 0; j < n; j++)
                    for (size_t e = 0; e < nel; e++)
                        src[((size_t)j * nel + e) * (size_t)sst] = val<T>(me(), (size_t)j * nel + e, 3);
                shmem_team_sync(t.handle());
                int rc = strided ? TypeParam::alltoalls(t.handle(), dst.get(), src.get(), dstr, sst, nel)
                                 : TypeParam::alltoall(t.handle(), dst.get(), src.get(), nel);
                EXPECT_EQ(rc, 0);
                for (int i = 0; i < n; i++) {
                    const int wi = t.world(i);
                    std::vector<T> got(nel);
                    for (size_t e = 0; e < nel; e++) got[e] = dst[((size_t)i * nel + e) * (size_t)dstr];
                    EXPECT_TRUE(check_each(got.data(), nel, [&](size_t e) { return val<T>(wi, (size_t)mi * nel + e, 3); }))
                        << kind_name(k) << (strided ? " alltoalls" : " alltoall") << " nel " << nel
                        << " from member " << i;
                }
                if (strided) { // the gaps of the strided dest are untouched
                    size_t bad = 0;
                    for (size_t x = 0; x < (size_t)n * nel * 2; x++)
                        if (x % 2 && !(dst[x] == sentinel<T>())) bad++;
                    EXPECT_EQ(bad, 0u) << "alltoalls wrote between dest elements";
                }
                shmem_team_sync(t.handle());
            }
        }
    }
}

TEST(TeamDataMem, AllMemForms)
{
    const size_t maxn = 40000; // bytes: above every mailbox threshold
    const int N = npes();
    SymArray<unsigned char> src(maxn * (size_t)N), dst(maxn * (size_t)N);
    for (Kind k : all_kinds()) {
        TestTeam t(k);
        if (!t.member()) continue;
        const int n = t.size(), mi = t.my_index();
        for (size_t nel : {size_t(1), size_t(333), maxn}) {
            for (size_t i = 0; i < maxn * (size_t)N; i++) src[i] = val<unsigned char>(me(), i, 1);
            std::memset(dst.get(), 0, maxn * (size_t)N);
            shmem_team_sync(t.handle());
            EXPECT_EQ(shmem_broadcastmem(t.handle(), dst.get(), src.get(), nel, n - 1), 0);
            const int last = t.world(n - 1);
            EXPECT_TRUE(check_each(dst.get(), nel, [&](size_t i) { return val<unsigned char>(last, i, 1); }))
                << kind_name(k) << " broadcastmem " << nel;
            shmem_team_sync(t.handle());
            EXPECT_EQ(shmem_fcollectmem(t.handle(), dst.get(), src.get(), nel), 0);
            for (int j = 0; j < n; j++) {
                const int wj = t.world(j);
                EXPECT_TRUE(check_each(dst.get() + (size_t)j * nel, nel, [&](size_t i) { return val<unsigned char>(wj, i, 1); }))
                    << kind_name(k) << " fcollectmem " << nel;
            }
            shmem_team_sync(t.handle());
            EXPECT_EQ(shmem_collectmem(t.handle(), dst.get(), src.get(), nel), 0);
            for (int j = 0; j < n; j++) {
                const int wj = t.world(j);
                EXPECT_TRUE(check_each(dst.get() + (size_t)j * nel, nel, [&](size_t i) { return val<unsigned char>(wj, i, 1); }))
                    << kind_name(k) << " collectmem " << nel;
            }
            shmem_team_sync(t.handle());
            EXPECT_EQ(shmem_alltoallmem(t.handle(), dst.get(), src.get(), nel), 0);
            for (int j = 0; j < n; j++) {
                const int wj = t.world(j);
                EXPECT_TRUE(check_each(dst.get() + (size_t)j * nel, nel, [&](size_t i) { return val<unsigned char>(wj, (size_t)mi * nel + i, 1); }))
                    << kind_name(k) << " alltoallmem " << nel;
            }
            shmem_team_sync(t.handle());
            if (nel <= 333) {
                EXPECT_EQ(shmem_alltoallsmem(t.handle(), dst.get(), src.get(), 2, 1, nel), 0);
                for (int j = 0; j < n; j++) {
                    const int wj = t.world(j);
                    for (size_t e = 0; e < nel; e++)
                        if (dst[((size_t)j * nel + e) * 2] != val<unsigned char>(wj, (size_t)mi * nel + e, 1)) {
                            ADD_FAILURE() << kind_name(k) << " alltoallsmem from " << j << " at " << e;
                            break;
                        }
                }
                shmem_team_sync(t.handle());
            }
        }
    }
}

// ---- alltoalls over uneven layouts ----------------------------------------------------------

// Windows of the world, {first PE, size}: across 2 hosts x 2 PEs, {1, 3} holds 1 + 2 PEs of the
// hosts and {0, 3} 2 + 1; across 2 x 3, {0, 4} holds 3 + 1. Every member index is a different
// place in its host's subgroup.
struct Window {
    int start, size;
};
std::vector<Window> windows()
{
    const int n = npes();
    std::vector<Window> w{{0, n}};
    if (n >= 2) w.push_back({1, n - 1});
    if (n >= 3) w.push_back({0, n - 1});
    if (n >= 4) w.push_back({0, n - 2});
    return w;
}

template <class T> using AlltoallsFn = int (*)(shmem_team_t, T *, const T *, ptrdiff_t, ptrdiff_t, size_t);

// Every dest element is checked: element e of block i must be element e of block mi of member
// i's source (val names the source PE and the element), and every other slot (stride gaps,
// past the end; all of them for nelems 0) must still hold the sentinel.
template <class T> void alltoall_layouts(AlltoallsFn<T> fn, const char *type)
{
    const size_t maxn = 300;
    const size_t cap = maxn * (size_t)npes() * 3 + 8;
    SymArray<T> src(cap), dst(cap);
    unsigned salt = 0; // the same on every PE, members or not: rounds differ
    for (const Window &w : windows()) {
        salt = (salt / 64 + 1) * 64;
        shmem_team_t t = SHMEM_TEAM_INVALID;
        EXPECT_EQ(shmem_team_split_strided(SHMEM_TEAM_WORLD, w.start, 1, w.size, nullptr, 0, &t), 0);
        if (t != SHMEM_TEAM_INVALID) {
            const int n = shmem_team_n_pes(t), mi = shmem_team_my_pe(t);
            for (size_t nel : {size_t(0), size_t(1), size_t(5), maxn}) {
                for (const auto &st : {std::pair<ptrdiff_t, ptrdiff_t>{1, 1}, {2, 3}, {3, 1}}) {
                    const size_t ds = (size_t)st.first, ss = (size_t)st.second;
                    salt++;
                    for (size_t x = 0; x < cap; x++) src[x] = dst[x] = sentinel<T>();
                    for (size_t k = 0; k < (size_t)n * nel; k++) src[k * ss] = val<T>(me(), k, salt);
                    shmem_team_sync(t);
                    EXPECT_EQ(fn(t, dst.get(), src.get(), st.first, st.second, nel), 0);
                    size_t bad = 0, first = 0;
                    for (size_t x = 0; x < cap; x++) {
                        T want = sentinel<T>();
                        if (x % ds == 0 && x / ds < (size_t)n * nel) {
                            const size_t i = x / ds / nel, e = x / ds % nel;
                            want = val<T>(w.start + (int)i, (size_t)mi * nel + e, salt);
                        }
                        if (!(dst[x] == want) && bad++ == 0) first = x;
                    }
                    EXPECT_EQ(bad, 0u) << type << " alltoalls on PEs " << w.start << ".."
                                       << w.start + w.size - 1 << ", nelems " << nel << ", dst "
                                       << ds << ", sst " << ss << ": first wrong dest element " << first;
                    shmem_team_sync(t);
                }
            }
            shmem_team_destroy(t);
        }
        shmem_barrier_all();
    }
}

TEST(AlltoallLayouts, ElementSizesStridesAndEmpty)
{
    alltoall_layouts<uint8_t>(shmem_uint8_alltoalls, "uint8");
    alltoall_layouts<uint16_t>(shmem_uint16_alltoalls, "uint16");
    alltoall_layouts<uint32_t>(shmem_uint32_alltoalls, "uint32");
    alltoall_layouts<uint64_t>(shmem_uint64_alltoalls, "uint64");
    alltoall_layouts<long double>(shmem_longdouble_alltoalls, "longdouble"); // 16 bytes
}

// ---- Active-set forms ----------------------------------------------------------------------

template <class W> void active_set_round(const ActiveSet &as, long *psync, size_t nel, W *src, W *dst)
{
    const int n = as.size, mi = as.index_of(me());
    const size_t total = nel * (size_t)npes() * 2;
    auto fill = [&] {
        for (size_t i = 0; i < total; i++) {
            src[i] = val<W>(me(), i, 5);
            dst[i] = sentinel<W>();
        }
    };
    constexpr bool is32 = sizeof(W) == 4;
    const std::string what = std::string(is32 ? "32" : "64") + " set {" + std::to_string(as.start) + "," +
                             std::to_string(as.log_stride) + "," + std::to_string(as.size) + "} nel " +
                             std::to_string(nel);
    // broadcast: root's dest untouched
    for (int root : {0, n - 1}) {
        fill();
        shmem_barrier(as.start, as.log_stride, as.size, psync);
        if (is32) shmem_broadcast32(dst, src, nel, root, as.start, as.log_stride, as.size, psync);
        else shmem_broadcast64(dst, src, nel, root, as.start, as.log_stride, as.size, psync);
        const int rw = as.world(root);
        if (mi == root)
            EXPECT_TRUE(check_each(dst, nel, [](size_t) { return sentinel<W>(); })) << "root's dest " << what;
        else
            EXPECT_TRUE(check_each(dst, nel, [&](size_t i) { return val<W>(rw, i, 5); })) << "broadcast " << what;
    }
    // fcollect / collect (collect: member i gives nel + i)
    for (int fixed = 0; fixed < 2; fixed++) {
        fill();
        shmem_barrier(as.start, as.log_stride, as.size, psync);
        const size_t mine = fixed ? nel : nel + (size_t)mi;
        if (fixed) {
            if (is32) shmem_fcollect32(dst, src, mine, as.start, as.log_stride, as.size, psync);
            else shmem_fcollect64(dst, src, mine, as.start, as.log_stride, as.size, psync);
        } else {
            if (is32) shmem_collect32(dst, src, mine, as.start, as.log_stride, as.size, psync);
            else shmem_collect64(dst, src, mine, as.start, as.log_stride, as.size, psync);
        }
        size_t off = 0;
        for (int j = 0; j < n; j++) {
            const size_t theirs = fixed ? nel : nel + (size_t)j;
            const int wj = as.world(j);
            EXPECT_TRUE(check_each(dst + off, theirs, [&](size_t i) { return val<W>(wj, i, 5); }))
                << (fixed ? "fcollect " : "collect ") << what << " block " << j;
            off += theirs;
        }
    }
    // alltoall and alltoalls (dst 1, sst 2)
    for (int strided = 0; strided < 2; strided++) {
        fill();
        shmem_barrier(as.start, as.log_stride, as.size, psync);
        if (strided) {
            if (is32) shmem_alltoalls32(dst, src, 1, 2, nel, as.start, as.log_stride, as.size, psync);
            else shmem_alltoalls64(dst, src, 1, 2, nel, as.start, as.log_stride, as.size, psync);
        } else {
            if (is32) shmem_alltoall32(dst, src, nel, as.start, as.log_stride, as.size, psync);
            else shmem_alltoall64(dst, src, nel, as.start, as.log_stride, as.size, psync);
        }
        const size_t ss = strided ? 2 : 1;
        for (int j = 0; j < n; j++) {
            const int wj = as.world(j);
            EXPECT_TRUE(check_each(dst + (size_t)j * nel, nel, [&](size_t e) { return val<W>(wj, ((size_t)mi * nel + e) * ss, 5); }))
                << (strided ? "alltoalls " : "alltoall ") << what << " from " << j;
        }
    }
    shmem_barrier(as.start, as.log_stride, as.size, psync);
}

TEST(ActiveSetData, AllForms32And64)
{
    PSync psync;
    const size_t maxn = 1500;
    SymArray<uint32_t> s32(maxn * (size_t)npes() * 2), d32(maxn * (size_t)npes() * 2);
    SymArray<uint64_t> s64(maxn * (size_t)npes() * 2), d64(maxn * (size_t)npes() * 2);
    for (const ActiveSet &as : active_sets()) {
        if (as.contains(me())) {
            for (size_t nel : kSizes) {
                active_set_round(as, psync.get(), nel, s32.get(), d32.get());
                active_set_round(as, psync.get(), nel, s64.get(), d64.get());
            }
        }
        shmem_barrier_all();
        EXPECT_TRUE(psync.restored()) << "pSync not restored after active set {" << as.start << ","
                                      << as.log_stride << "," << as.size << "}";
        shmem_barrier_all();
    }
}

} // namespace
