// Reductions from kernels: TYPENAME_OP_reduce (team) and TYPENAME_OP_to_all (active set), at
// thread, warp and block scope, for and/or/xor/max/min/sum/prod over the type table's rows
// (complex types are not in the device API: device code has no C _Complex). Every member
// combines every member's source in member order (0, 1, ...) into its own dest, so every PE
// gets identical bits. When source is symmetric and dest does not overlap it, it reads the
// members' sources directly (a sync before, so they are ready, and one after, so none is
// overwritten while read); otherwise each chunk of source is staged first in the team's
// scratch (an active set's pWrk, of the OpenSHMEM size max(nreduce / 2 + 1,
// SHMEM_REDUCE_MIN_WRKDATA_SIZE)). A group's threads, and a kernel's blocks, split the elements.
#ifndef SHOAL_DEVICE_REDUCE_H
#define SHOAL_DEVICE_REDUCE_H

#include <shoal/device/coll.h>

namespace shoal::device {

namespace detail {

struct op_and { template <class T> SHOAL_HD static T apply(T a, T b) { return static_cast<T>(a & b); } };
struct op_or { template <class T> SHOAL_HD static T apply(T a, T b) { return static_cast<T>(a | b); } };
struct op_xor { template <class T> SHOAL_HD static T apply(T a, T b) { return static_cast<T>(a ^ b); } };
struct op_max { template <class T> SHOAL_HD static T apply(T a, T b) { return a < b ? b : a; } };
struct op_min { template <class T> SHOAL_HD static T apply(T a, T b) { return b < a ? b : a; } };
struct op_sum { template <class T> SHOAL_HD static T apply(T a, T b) { return static_cast<T>(a + b); } };
struct op_prod { template <class T> SHOAL_HD static T apply(T a, T b) { return static_cast<T>(a * b); } };

/** Store element i of to: into this member's own (to may be private), or every member's
 *  (everywhere; to symmetric). A run-time choice: one combine serves both paths, and the
 *  plugins compile each reduction's loop once. */
template <class E>
SHOAL_HD inline void store_item(const context &c, const members &m, E *to, std::size_t i, const E &v, bool everywhere)
{
    if (!everywhere) {
        to[i] = v;
        return;
    }
    for (int j = 0; j < m.n; j++) *peer(c, to + i, m.pe(j)) = v;
}

/** to[i] = the members' from[i] combined in member order, i in [begin, end) split over the group,
 *  into this member's to or every member's (store_item); each thread keeps in_flight elements
 *  of a member in flight before it combines them. */
template <class Op, class S, class E>
SHOAL_HD SHOAL_DEV_NOINLINE inline void combine(const context &c, const members &m, E *to, const E *from,
                                                std::size_t begin, std::size_t end, bool everywhere = false)
{
    const auto step = static_cast<std::size_t>(S::size());
    std::size_t i = begin + static_cast<std::size_t>(S::rank());
    for (; i + (in_flight - 1) * step < end; i += in_flight * step) {
        E acc[in_flight];
        SHOAL_UNROLL
        for (std::size_t u = 0; u < in_flight; u++) acc[u] = *peer(c, from + i + u * step, m.pe(0));
        for (int j = 1; j < m.n; j++) {
            E v[in_flight];
            SHOAL_UNROLL
            for (std::size_t u = 0; u < in_flight; u++) v[u] = *peer(c, from + i + u * step, m.pe(j));
            SHOAL_UNROLL
            for (std::size_t u = 0; u < in_flight; u++) acc[u] = Op::apply(acc[u], v[u]);
        }
        SHOAL_UNROLL
        for (std::size_t u = 0; u < in_flight; u++) store_item(c, m, to, i + u * step, acc[u], everywhere);
    }
    for (; i < end; i += step) {
        E acc = *peer(c, from + i, m.pe(0));
        for (int j = 1; j < m.n; j++) acc = Op::apply(acc, *peer(c, from + i, m.pe(j)));
        store_item(c, m, to, i, acc, everywhere);
    }
}

template <class T> SHOAL_HD inline bool overlaps(const T *dest, const T *src, std::size_t n)
{
    const auto d = reinterpret_cast<std::uintptr_t>(dest), s = reinterpret_cast<std::uintptr_t>(src);
    return n && d < s + n * sizeof(T) && s < d + n * sizeof(T);
}

/** Whether n T at p lie in the symmetric heap. */
template <class T> SHOAL_HD inline bool symmetric(const context &c, const T *p, std::size_t n)
{
    const auto *b = reinterpret_cast<const char *>(p);
    return b >= c.heap_base && b <= c.heap_base + c.heap_size && n * sizeof(T) <= c.heap_size - (b - c.heap_base);
}

/** Whether a reduction stages its source: source is not symmetric, or dest overlaps it. */
template <class T> SHOAL_HD inline bool staged(const context &c, const T *dest, const T *src, std::size_t n)
{
    return !symmetric(c, src, n) || overlaps(dest, src, n);
}

/** The reduction of parts blocks of n elements: parts = 1 (reduce: dest = the members' source
 *  combined), or the members (reduce-scatter: source holds a block per member, and dest = the
 *  members' block me combined). work: an active set's pWrk (where it stages). */
template <class Op, class S, class T>
SHOAL_HD SHOAL_DEV_NOINLINE inline void reduce_parts(const context &c, const members &m, T *dest, const T *src,
                                                     std::size_t n, std::size_t parts, T *work, const char *routine)
{
    const callers k = callers_of(c);
    const unsigned blocks = k.size, b = k.rank;
    const std::size_t own = parts > 1 ? static_cast<std::size_t>(m.me) : 0;
    if (!staged(c, dest, src, n * parts)) {
        const geometry::range part = block_part(c, n);
        group_sync<S>(c, m);
        combine<Op, S>(c, m, dest, src + own * n, part.begin, part.end);
        group_sync<S>(c, m);
        return;
    }
    // Staged. The blocks of a cooperative kernel share the staging area chunk by chunk (each
    // syncs for the PE); the blocks of an on-stream kernel each stage their own part of the
    // elements in their own part of it.
    T *stage;
    std::size_t room;
    if (m.scratch) {
        stage = reinterpret_cast<T *>(m.scratch);
        room = m.scratch_bytes / sizeof(T);
    } else if (work) {
        stage = work;
        room = n / 2 + 1 > SHMEM_REDUCE_MIN_WRKDATA_SIZE ? n / 2 + 1 : SHMEM_REDUCE_MIN_WRKDATA_SIZE;
    } else {
        stage = reinterpret_cast<T *>(c.scratch);
        room = c.scratch_size / sizeof(T);
    }
    const bool shared = m.grid && blocks > 1;
    geometry::range mine{0, n};
    if (!shared && blocks > 1) {
        mine = block_part(c, n);
        room /= blocks;
        stage += room * b;
    }
    const std::size_t chunk = room / parts; // each chunk: its elements of every part
    if (chunk == 0 && mine.size())
        fail<S>(c, routine, "the team's %ld members do not fit the device scratch", m.n);
    for (std::size_t off = mine.begin; off < mine.end; off += chunk) {
        const std::size_t len = mine.end - off < chunk ? mine.end - off : chunk;
        const geometry::range sub = shared ? geometry::slice(len, blocks, b) : geometry::range{0, len};
        for (std::size_t k = 0; k < parts; k++)
            copy_elems<S>(stage + k * len + sub.begin, src + k * n + off + sub.begin, sub.size());
        group_sync<S>(c, m);
        combine<Op, S>(c, m, dest + off, stage + own * len, sub.begin, sub.end);
        group_sync<S>(c, m); // every member has read my stage: the next chunk may overwrite it
    }
}

/** The reduction; work: an active set's pWrk (where it stages). */
template <class Op, class S, class T>
SHOAL_HD inline void reduce_over(const context &c, const members &m, T *dest, const T *src, std::size_t n,
                                 T *work = nullptr)
{
    reduce_parts<Op, S>(c, m, dest, src, n, 1, work, "reduce");
}

} // namespace detail

/** dest[i] = source[i] of member 0 Op member 1 Op ... for i < nreduce, on every member. */
template <class Op, class S = scope::thread, class T>
SHOAL_HD inline int reduce(const context &c, shmem_team_t team, T *dest, const T *source, std::size_t nreduce)
{
    detail::reduce_over<Op, S>(c, detail::team_members<S>(c, team, "reduce"), dest, source, nreduce);
    return 0;
}

/** The active-set form (nvshmem_TYPENAME_OP_to_all); pWrk stages in-place reductions. */
template <class Op, class S = scope::thread, class T>
SHOAL_HD inline int to_all(const context &c, T *dest, const T *source, int nreduce, int start, int log_stride, int size,
                           T *pwrk, long *psync)
{
    const detail::members m = detail::active_set<S>(c, start, log_stride, size, psync, "to_all");
    if (nreduce < 0) detail::fail<S>(c, "to_all", "nreduce %ld is negative", nreduce);
    if (!pwrk && nreduce > 0 && detail::staged(c, dest, source, static_cast<std::size_t>(nreduce)))
        detail::fail<S>(c, "to_all", "pWrk is NULL, and the reduction stages through it (dest overlaps source, "
                                     "or source is not symmetric)", 0);
    detail::reduce_over<Op, S>(c, m, dest, source, static_cast<std::size_t>(nreduce), pwrk);
    return 0;
}

// Named forms: TYPENAME_OP_reduce(SFX) and TYPENAME_OP_to_all(SFX), SFX in "", _warp, _block,
// from the type table's reduction rows (team) and to_all rows (active set).
#define SHOAL_DEV_REDUCE_SCOPED(T, NAME, OP, SFX, S)                                                        \
    SHOAL_HD inline int NAME##_##OP##_reduce##SFX(const context &c, shmem_team_t t, T *d, const T *s, std::size_t n) \
    { return reduce<detail::op_##OP, S>(c, t, d, s, n); }
#define SHOAL_DEV_TOALL_SCOPED(T, NAME, OP, SFX, S)                                                         \
    SHOAL_HD inline int NAME##_##OP##_to_all##SFX(const context &c, T *d, const T *s, int n, int ps, int ls, int sz, \
                                                 T *wrk, long *psync)                                       \
    { return to_all<detail::op_##OP, S>(c, d, s, n, ps, ls, sz, wrk, psync); }
#define SHOAL_DEV_RED_SCOPES(FORM, T, NAME, OP)                                                             \
    FORM(T, NAME, OP, , scope::thread) FORM(T, NAME, OP, _warp, scope::warp) FORM(T, NAME, OP, _block, scope::block)
// One X(T, NAME, A) per (form, operation): the tables pass no operation through.
#define SHOAL_DEV_REDUCE_and(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_REDUCE_SCOPED, T, NAME, and)
#define SHOAL_DEV_REDUCE_or(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_REDUCE_SCOPED, T, NAME, or)
#define SHOAL_DEV_REDUCE_xor(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_REDUCE_SCOPED, T, NAME, xor)
#define SHOAL_DEV_REDUCE_max(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_REDUCE_SCOPED, T, NAME, max)
#define SHOAL_DEV_REDUCE_min(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_REDUCE_SCOPED, T, NAME, min)
#define SHOAL_DEV_REDUCE_sum(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_REDUCE_SCOPED, T, NAME, sum)
#define SHOAL_DEV_REDUCE_prod(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_REDUCE_SCOPED, T, NAME, prod)
#define SHOAL_DEV_TOALL_and(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_TOALL_SCOPED, T, NAME, and)
#define SHOAL_DEV_TOALL_or(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_TOALL_SCOPED, T, NAME, or)
#define SHOAL_DEV_TOALL_xor(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_TOALL_SCOPED, T, NAME, xor)
#define SHOAL_DEV_TOALL_max(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_TOALL_SCOPED, T, NAME, max)
#define SHOAL_DEV_TOALL_min(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_TOALL_SCOPED, T, NAME, min)
#define SHOAL_DEV_TOALL_sum(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_TOALL_SCOPED, T, NAME, sum)
#define SHOAL_DEV_TOALL_prod(T, NAME, A) SHOAL_DEV_RED_SCOPES(SHOAL_DEV_TOALL_SCOPED, T, NAME, prod)
// Each class's table once per operation of the class (SHOAL_*_OPS lists them).
#define SHOAL_DEV_BITWISE_REDUCE(OP) SHOAL_REDUCE_BITWISE_TYPES(SHOAL_DEV_ROWS, SHOAL_DEV_REDUCE_##OP)
#define SHOAL_DEV_MINMAX_REDUCE(OP) SHOAL_REDUCE_MINMAX_TYPES(SHOAL_DEV_ROWS, SHOAL_DEV_REDUCE_##OP)
#define SHOAL_DEV_BITWISE_TOALL(OP) SHOAL_TOALL_BITWISE_TYPES(SHOAL_DEV_ROWS, SHOAL_DEV_TOALL_##OP)
#define SHOAL_DEV_MINMAX_TOALL(OP) SHOAL_TOALL_MINMAX_TYPES(SHOAL_DEV_ROWS, SHOAL_DEV_TOALL_##OP)
SHOAL_BITWISE_OPS(SHOAL_DEV_BITWISE_REDUCE)
SHOAL_MINMAX_OPS(SHOAL_DEV_MINMAX_REDUCE)
SHOAL_ARITH_OPS(SHOAL_DEV_MINMAX_REDUCE) // the arithmetic rows less the complex ones
SHOAL_BITWISE_OPS(SHOAL_DEV_BITWISE_TOALL)
SHOAL_MINMAX_OPS(SHOAL_DEV_MINMAX_TOALL)
SHOAL_ARITH_OPS(SHOAL_DEV_MINMAX_TOALL)
#undef SHOAL_DEV_BITWISE_REDUCE
#undef SHOAL_DEV_MINMAX_REDUCE
#undef SHOAL_DEV_BITWISE_TOALL
#undef SHOAL_DEV_MINMAX_TOALL
#undef SHOAL_DEV_REDUCE_and
#undef SHOAL_DEV_REDUCE_or
#undef SHOAL_DEV_REDUCE_xor
#undef SHOAL_DEV_REDUCE_max
#undef SHOAL_DEV_REDUCE_min
#undef SHOAL_DEV_REDUCE_sum
#undef SHOAL_DEV_REDUCE_prod
#undef SHOAL_DEV_TOALL_and
#undef SHOAL_DEV_TOALL_or
#undef SHOAL_DEV_TOALL_xor
#undef SHOAL_DEV_TOALL_max
#undef SHOAL_DEV_TOALL_min
#undef SHOAL_DEV_TOALL_sum
#undef SHOAL_DEV_TOALL_prod
#undef SHOAL_DEV_RED_SCOPES
#undef SHOAL_DEV_TOALL_SCOPED
#undef SHOAL_DEV_REDUCE_SCOPED

} // namespace shoal::device

#endif
