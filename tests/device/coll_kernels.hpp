// Kernel bodies of the device collective tests, shared by the host emulation
// (device_coll_test.cpp) and the GPU suite (tests/gpu/): each runs one collective at scope S on
// a team or an active set, then checks what it got against values computed here from the
// senders' member indices, and against the next member's copy (written on another PE). Each
// returns the number of wrong elements the calling thread saw. A group fills its inputs split
// by rank, then syncs (S::sync): the collective's copies split them differently.
#ifndef SHOAL_TESTS_COLL_KERNELS_HPP
#define SHOAL_TESTS_COLL_KERNELS_HPP

#include <type_traits>

#include <shoal/device/api.h>

namespace coll_kernels {

namespace d = shoal::device;
using d::context;

/** Operation ids of the host-side reference. */
enum op_id { AND, OR, XOR, MAX, MIN, SUM, PROD };

/** Member m's input at i: 1..3, negated on every other (m + i) for signed types, plus a
 *  fraction by member for floating types, so that and/or/xor/sum differ and the combine order
 *  shows in the rounding. */
template <class T> SHOAL_HD T input(int m, std::size_t i)
{
    long v = 1 + static_cast<long>((static_cast<std::size_t>(m) * 3 + i) % 3);
    if (std::is_signed_v<T> && (static_cast<std::size_t>(m) + i) % 2 == 1) v = -v;
    if constexpr (std::is_floating_point_v<T>) return static_cast<T>(v) + static_cast<T>(0.1) * static_cast<T>(m);
    return static_cast<T>(v);
}

/** The reference combine, written apart from the library's. */
template <int Op, class T> SHOAL_HD T ref(T a, T b)
{
    if constexpr (Op == AND) return static_cast<T>(a & b);
    if constexpr (Op == OR) return static_cast<T>(a | b);
    if constexpr (Op == XOR) return static_cast<T>(a ^ b);
    if constexpr (Op == MAX) return a > b ? a : b;
    if constexpr (Op == MIN) return a < b ? a : b;
    if constexpr (Op == SUM) return static_cast<T>(a + b);
    return static_cast<T>(a * b);
}

/** World PE of team's member after me. */
SHOAL_HD inline int next_pe(const context &c, shmem_team_t team)
{
    return d::team_translate_pe(c, team, (d::team_my_pe(c, team) + 1) % d::team_n_pes(c, team), SHMEM_TEAM_WORLD);
}

/** nreduce elements of T reduced with Op over team (in place on odd Op ids). */
template <class S, class Op, int Id, class T>
SHOAL_HD int reduce_case(const context &c, shmem_team_t team, void *dst_v, void *src_v, std::size_t n)
{
    T *src = static_cast<T *>(src_v);
    T *dst = Id % 2 ? src : static_cast<T *>(dst_v);
    const int me = d::team_my_pe(c, team), np = d::team_n_pes(c, team);
    const auto r0 = static_cast<std::size_t>(S::rank()), step = static_cast<std::size_t>(S::size());
    for (std::size_t i = r0; i < n; i += step) src[i] = input<T>(me, i);
    S::sync();
    d::reduce<Op, S>(c, team, dst, src, n);
    int bad = 0;
    for (std::size_t i = r0; i < n; i += step) {
        T want = input<T>(0, i);
        for (int m = 1; m < np; m++) want = ref<Id>(want, input<T>(m, i));
        bad += !(dst[i] == want);
    }
    d::team_sync<S>(c, team);
    const int next = next_pe(c, team);
    for (std::size_t i = r0; i < n; i += step) bad += !(d::g(c, dst + i, next) == dst[i]);
    d::team_sync<S>(c, team); // the next case may overwrite dst
    return bad;
}

/** The library's operation of reference id Id. */
template <int Id> SHOAL_HD auto op_of()
{
    namespace dd = d::detail;
    if constexpr (Id == AND) return dd::op_and{};
    else if constexpr (Id == OR) return dd::op_or{};
    else if constexpr (Id == XOR) return dd::op_xor{};
    else if constexpr (Id == MAX) return dd::op_max{};
    else if constexpr (Id == MIN) return dd::op_min{};
    else if constexpr (Id == SUM) return dd::op_sum{};
    else return dd::op_prod{};
}

/** The reductions with operation Id (AND ... PROD) of every type row that has it, over team (n
 *  elements, buffers of n * 16 bytes). The GPU suite runs each Id as a kernel of its own. */
template <class S, int Id> SHOAL_HD int reduce_sweep_op(const context &c, shmem_team_t team, void *dst, void *src, std::size_t n)
{
    using Op = decltype(op_of<Id>());
    int bad = 0;
#define COLL_K_ROW(T, NAME, A) bad += reduce_case<S, Op, Id, T>(c, team, dst, src, n);
    if constexpr (Id == AND || Id == OR || Id == XOR) {
        SHOAL_REDUCE_BITWISE_TYPES(SHOAL_DEV_ROWS, COLL_K_ROW)
    } else {
        SHOAL_REDUCE_MINMAX_TYPES(SHOAL_DEV_ROWS, COLL_K_ROW)
    }
#undef COLL_K_ROW
    return bad;
}

/** Every reduction of the type table's rows over team (n elements, buffers of n * 16 bytes). */
template <class S> SHOAL_HD int reduce_sweep(const context &c, shmem_team_t team, void *dst, void *src, std::size_t n)
{
    return reduce_sweep_op<S, AND>(c, team, dst, src, n) + reduce_sweep_op<S, OR>(c, team, dst, src, n) +
           reduce_sweep_op<S, XOR>(c, team, dst, src, n) + reduce_sweep_op<S, MAX>(c, team, dst, src, n) +
           reduce_sweep_op<S, MIN>(c, team, dst, src, n) + reduce_sweep_op<S, SUM>(c, team, dst, src, n) +
           reduce_sweep_op<S, PROD>(c, team, dst, src, n);
}

/** The value member m sends for slot i of block b (alltoall: b = the receiver's index). */
SHOAL_HD inline long value(int m, std::size_t i, int b) { return 1000000L * (m + 1) + 1000L * b + static_cast<long>(i); }

/** alltoall, broadcast (root: the last member), fcollect and collect (member m gives m % 3 + 1
 *  blocks of n) of longs over team, then a barrier round (each member p()s to the next).
 *  dst and src hold npes * 3 * n longs. */
template <class S> SHOAL_HD int team_colls(const context &c, shmem_team_t team, long *dst, long *src, std::size_t n)
{
    const int me = d::team_my_pe(c, team), np = d::team_n_pes(c, team), root = np - 1;
    const auto r0 = static_cast<std::size_t>(S::rank()), step = static_cast<std::size_t>(S::size());
    const auto total = static_cast<std::size_t>(np) * n;
    int bad = 0;
    // alltoall: block j goes to member j.
    for (std::size_t k = r0; k < total; k += step) src[k] = value(me, k % n, static_cast<int>(k / n));
    S::sync();
    d::alltoall<S>(c, team, dst, src, n);
    for (std::size_t k = r0; k < total; k += step) bad += dst[k] != value(static_cast<int>(k / n), k % n, me);
    d::team_sync<S>(c, team);
    // broadcast from the last member (its own dest too).
    for (std::size_t i = r0; i < n; i += step) src[i] = value(me, i, 7);
    S::sync();
    d::broadcast<S>(c, team, dst, src, n, root);
    for (std::size_t i = r0; i < n; i += step) bad += dst[i] != value(root, i, 7);
    d::team_sync<S>(c, team);
    // fcollect.
    for (std::size_t i = r0; i < n; i += step) src[i] = value(me, i, 8);
    S::sync();
    d::fcollect<S>(c, team, dst, src, n);
    for (std::size_t k = r0; k < total; k += step) bad += dst[k] != value(static_cast<int>(k / n), k % n, 8);
    d::team_sync<S>(c, team);
    // collect: member m gives (m % 3 + 1) * n elements.
    const std::size_t mine = static_cast<std::size_t>(me % 3 + 1) * n;
    for (std::size_t i = r0; i < mine; i += step) src[i] = value(me, i, 9);
    S::sync();
    d::collect<S>(c, team, dst, src, mine);
    std::size_t off = 0;
    for (int m = 0; m < np; m++) {
        const std::size_t len = static_cast<std::size_t>(m % 3 + 1) * n;
        for (std::size_t i = r0; i < len; i += step) bad += dst[off + i] != value(m, i, 9);
        off += len;
    }
    d::team_sync<S>(c, team);
    // barrier: my value to the next member's src[0], then read what the one before wrote.
    if (S::rank() == 0) d::p(c, src, value(me, 0, 10), next_pe(c, team));
    d::barrier<S>(c, team);
    bad += src[0] != value((me + np - 1) % np, 0, 10);
    d::barrier<S>(c, team);
    return bad;
}

/** The active-set forms on (start, log_stride, size): broadcast64 (root: index 0, whose dest is
 *  left alone), fcollect32, collect64, alltoall64, long sum_to_all and int xor_to_all, barrier
 *  and sync. Callers in the set only; the caller checks that pSync is all zero again once every
 *  member has returned. */
template <class S>
SHOAL_HD int active_set_colls(const context &c, int start, int log_stride, int size, long *dst, long *src,
                              std::size_t n, long *psync)
{
    const int me = (c.my_pe - start) >> log_stride;
    const auto r0 = static_cast<std::size_t>(S::rank()), step = static_cast<std::size_t>(S::size());
    const auto total = static_cast<std::size_t>(size) * n;
    auto *src32 = reinterpret_cast<std::uint32_t *>(src);
    auto *dst32 = reinterpret_cast<std::uint32_t *>(dst);
    int bad = 0;
    for (std::size_t k = r0; k < total; k += step) dst[k] = -1;
    for (std::size_t i = r0; i < n; i += step) src[i] = value(me, i, 1);
    S::sync();
    d::sync<S>(c, start, log_stride, size, psync); // every dst is -1 before the root writes
    d::broadcast<S>(c, dst, src, n, 0, start, log_stride, size, psync);
    for (std::size_t i = r0; i < n; i += step) bad += dst[i] != (me == 0 ? -1 : value(0, i, 1));
    d::sync<S>(c, start, log_stride, size, psync);
    for (std::size_t i = r0; i < n; i += step) src32[i] = static_cast<std::uint32_t>(value(me, i, 2));
    S::sync();
    d::fcollect<S>(c, dst32, src32, n, start, log_stride, size, psync);
    for (std::size_t k = r0; k < total; k += step)
        bad += dst32[k] != static_cast<std::uint32_t>(value(static_cast<int>(k / n), k % n, 2));
    d::barrier<S>(c, start, log_stride, size, psync);
    const std::size_t mine = me % 2 ? n : 1;
    for (std::size_t i = r0; i < mine; i += step) src[i] = value(me, i, 3);
    S::sync();
    d::collect<S>(c, dst, src, mine, start, log_stride, size, psync);
    std::size_t off = 0;
    for (int m = 0; m < size; m++) {
        const std::size_t len = m % 2 ? n : 1;
        for (std::size_t i = r0; i < len; i += step) bad += dst[off + i] != value(m, i, 3);
        off += len;
    }
    d::sync<S>(c, start, log_stride, size, psync);
    for (std::size_t k = r0; k < total; k += step) src[k] = value(me, k % n, static_cast<int>(k / n));
    S::sync();
    d::alltoall<S>(c, dst, src, n, start, log_stride, size, psync);
    for (std::size_t k = r0; k < total; k += step) bad += dst[k] != value(static_cast<int>(k / n), k % n, me);
    d::sync<S>(c, start, log_stride, size, psync);
    for (std::size_t i = r0; i < n; i += step) src[i] = input<long>(me, i);
    S::sync();
    d::to_all<d::detail::op_sum, S>(c, dst, src, static_cast<int>(n), start, log_stride, size, dst, psync);
    for (std::size_t i = r0; i < n; i += step) {
        long want = 0;
        for (int m = 0; m < size; m++) want += input<long>(m, i);
        bad += dst[i] != want;
    }
    d::sync<S>(c, start, log_stride, size, psync);
    auto *srci = reinterpret_cast<int *>(src);
    auto *dsti = reinterpret_cast<int *>(dst);
    for (std::size_t i = r0; i < n; i += step) srci[i] = input<int>(me, i);
    S::sync();
    d::to_all<d::detail::op_xor, S>(c, dsti, srci, static_cast<int>(n), start, log_stride, size, dsti, psync);
    for (std::size_t i = r0; i < n; i += step) {
        int want = 0;
        for (int m = 0; m < size; m++) want ^= input<int>(m, i);
        bad += dsti[i] != want;
    }
    d::barrier<S>(c, start, log_stride, size, psync);
    return bad;
}

} // namespace coll_kernels

#endif
