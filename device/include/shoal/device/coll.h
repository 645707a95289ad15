// Collectives from kernels, on a team or an active set (PE_start, logPE_stride, PE_size, pSync):
// sync, barrier, alltoall, broadcast, fcollect, collect, at thread, warp and block scope (every
// thread of the group calls with the same arguments; the group splits the copies). Simple
// algorithms: every member puts straight into every member's dest, then a sync. The sync is a
// dissemination over the members whose round-k counter counts arrivals not yet consumed: it
// returns to zero once a sync completes, so pSync is restored and a team slot starts clean for
// its next team. A team's counters and scratch are its own (its slot's, in the context), so
// collectives on different teams run at the same time; an active set's are its pSync's.
//
// A kernel of several blocks calls a collective from every block (one group of the scope in
// each, same arguments): the blocks split the data, and their syncs are combined into one
// arrival of the PE, which needs every block resident: a cooperative launch
// (nvshmemx_collective_launch). Without one, the call stops with one line.
// Bad input (invalid team, non-member, a member on another node, bad root or active set)
// prints one line `shoal: ROUTINE: PE n: message` and stops every PE (host) or traps (GPU).
#ifndef SHOAL_DEVICE_COLL_H
#define SHOAL_DEVICE_COLL_H

#include <shoal/typetable.h>
#include <shoal/device/fail.h>
#include <shoal/device/geometry.h>
#include <shoal/device/order.h>
#include <shoal/device/rma.h>
#include <shoal/device/scope.h>
#include <shoal/device/team.h>
#include <shoal/device/wait.h>

namespace shoal::device {

namespace detail {

/** The members of one collective: index i is world PE pe(i); sync: the symmetric counters of
 *  its dissemination; grid: the words combining a cooperative launch's blocks (null: each
 *  block is a participant of its own, as the on-stream kernels' blocks are); count: where
 *  collect leaves this member's count; scratch: the team's staging area (null: the context's). */
struct members {
    int me, n;
    int start, stride;
    const std::int32_t *list;
    std::uint64_t *sync;
    std::uint64_t *grid = nullptr;
    std::uint64_t *count = nullptr;
    char *scratch = nullptr;
    std::size_t scratch_bytes = 0;
    SHOAL_HD int pe(int i) const { return list ? list[i] : start + i * stride; }
};

/** The blocks of this PE that make one collective call together: every block of the kernel
 *  (Shoal's device API), or the calling one alone (NVSHMEM's: one call per PE). */
struct callers {
    unsigned size, rank;
};
SHOAL_HD inline callers callers_of(const context &c)
{
    if (c.flags & SHOAL_DEVICE_CTX_ONE_CALL_PER_PE) return {1, 0};
    return {grid::size(), grid::rank()};
}

/** Several blocks may call a collective only together, and only when they all run at once. */
template <class S> SHOAL_HD inline void check_grid(const context &c, const char *routine)
{
    if (callers_of(c).size > 1 && !grid::cooperative())
        fail<S>(c, routine, "called from a kernel of %ld blocks that was not launched cooperatively: "
                            "launch it with nvshmemx_collective_launch, or call it from a kernel of one block",
                static_cast<long>(grid::size()));
}

/** Every member's heap must be mapped here: kernels reach no PE of another node. */
template <class S> SHOAL_HD inline void check_reach(const context &c, const members &m, const char *routine)
{
    for (int i = 0; i < m.n; i++)
        if (!c.peer_base[m.pe(i)])
            fail<S>(c, routine, "member PE %ld is on another node: kernels reach only the PEs of their own node",
                    m.pe(i));
}

/** The members of team as of its slot, with the slot's sync words and scratch. */
template <class S>
SHOAL_HD SHOAL_DEV_NOINLINE inline members team_members(const context &c, shmem_team_t team, const char *routine)
{
    const shoal_device_team *t = team_of(c, team);
    if (!t) fail<S>(c, routine, "team handle %#lx is not a live team", static_cast<long>(reinterpret_cast<std::uintptr_t>(team)));
    if (t->my_pe < 0) fail<S>(c, routine, "this PE is not a member of team %#lx", static_cast<long>(reinterpret_cast<std::uintptr_t>(team)));
    check_grid<S>(c, routine);
    const std::size_t slot = team_slot(c, t);
    std::uint64_t *sync = c.team_sync + slot * SHOAL_DEVICE_SYNC_WORDS;
    const members m{t->my_pe, t->size, t->start, t->stride, t->list, sync, sync + SHOAL_DEVICE_SYNC_GRID,
                    sync + SHOAL_DEVICE_SYNC_COUNT, c.scratch + slot * c.scratch_size,
                    static_cast<std::size_t>(c.scratch_size)};
    check_reach<S>(c, m, routine);
    return m;
}

template <class S>
SHOAL_HD SHOAL_DEV_NOINLINE inline members active_set(const context &c, int start, int log_stride, int size, long *psync, const char *routine)
{
    if (log_stride < 0 || log_stride > 30) fail<S>(c, routine, "logPE_stride %ld is out of range", log_stride);
    const long stride = 1L << log_stride;
    if (start < 0 || size < 1 || start + (size - 1L) * stride >= c.npes)
        fail<S>(c, routine, "active set PE_start %ld, logPE_stride %ld, PE_size %ld is not within the PEs", start,
                log_stride, size);
    const long off = c.my_pe - start;
    if (off < 0 || off % stride != 0 || off / stride >= size)
        fail<S>(c, routine, "this PE is not in the active set PE_start %ld, logPE_stride %ld, PE_size %ld", start,
                log_stride, size);
    if (!psync) fail<S>(c, routine, "pSync is NULL", 0);
    check_grid<S>(c, routine);
    auto *sync = reinterpret_cast<std::uint64_t *>(psync);
    const members m{static_cast<int>(off / stride), size, start, static_cast<int>(stride), nullptr, sync,
                    sync + SHOAL_DEVICE_SYNC_GRID, sync + SHOAL_DEVICE_SYNC_COUNT};
    check_reach<S>(c, m, routine);
    return m;
}

/** One thread: round k adds an arrival to member me + 2^k's counter k, then waits for and
 *  consumes one arrival of its own (a fast peer's next arrival stays for the next sync). */
SHOAL_HD SHOAL_DEV_NOINLINE inline void counted_dissemination(const context &c, const members &m)
{
    for (int k = 0, d = 1; d < m.n; k++, d <<= 1) {
        atomic_ref<std::uint64_t>(*peer(c, &m.sync[k], m.pe((m.me + d) % m.n))).fetch_add(1, cuda::std::memory_order_release);
        atomic_ref<std::uint64_t> mine(m.sync[k]);
        unsigned polls = 0;
        while (mine.load(cuda::std::memory_order_acquire) == 0) backoff(polls);
        mine.fetch_sub(1, cuda::std::memory_order_relaxed);
    }
}

/** One thread of each of `blocks` blocks: the last to arrive runs the PE's sync for all, then
 *  lets them go. Three words (arrivals, release, departures), all zero again once every block
 *  has left, so a pSync is restored: a block that comes back first waits until the last one of
 *  the previous round has gone. A block kept waiting 10 s says so once (a kernel where only
 *  some blocks call would wait for ever). */
SHOAL_HD SHOAL_DEV_NOINLINE inline void combine_blocks(const context &c, const members &m, unsigned blocks)
{
    atomic_ref<std::uint64_t> arrived(m.grid[0]), released(m.grid[1]), departed(m.grid[2]);
    unsigned polls = 0;
    while (released.load(cuda::std::memory_order_acquire) != 0) backoff(polls);
    if (arrived.fetch_add(1, cuda::std::memory_order_acq_rel) == blocks - 1) {
        arrived.store(0, cuda::std::memory_order_relaxed);
        counted_dissemination(c, m);
        released.store(1, cuda::std::memory_order_release);
    } else {
        while (released.load(cuda::std::memory_order_acquire) == 0) {
            backoff(polls);
            if (polls == stall_polls)
                note_once(c, "device collective", "block %ld of its kernel has waited 10 s for the others: in a "
                          "kernel of several blocks every block makes the call (or another PE is late)",
                          static_cast<long>(grid::rank()));
        }
    }
    if (departed.fetch_add(1, cuda::std::memory_order_acq_rel) == blocks - 1) {
        departed.store(0, cuda::std::memory_order_relaxed);
        released.store(0, cuda::std::memory_order_release);
    }
}

/** Every member's group arrived, and the stores each thread made before are visible. */
template <class S> SHOAL_HD SHOAL_DEV_NOINLINE inline void group_sync(const context &c, const members &m)
{
    fence(c);
    S::sync();
    if (S::rank() == 0) {
        const unsigned blocks = callers_of(c).size;
        if (m.grid && blocks > 1)
            combine_blocks(c, m, blocks);
        else
            counted_dissemination(c, m);
    }
    S::sync();
    fence(c);
}

/** This block's part of n items: all of them where one block makes the call. Each block of
 *  an on-stream kernel and its counterparts on the other members handle the same part. */
SHOAL_HD inline geometry::range block_part(const context &c, std::size_t n)
{
    const callers k = callers_of(c);
    return geometry::slice(n, k.size, k.rank);
}

template <class S, class T>
SHOAL_HD SHOAL_DEV_NOINLINE inline void alltoall_over(const context &c, const members &m, T *dest, const T *src, std::size_t n)
{
    const geometry::range part = block_part(c, n);
    for (int i = 0; i < m.n; i++) {
        const int j = (m.me + i) % m.n; // start with a different peer on each PE
        copy_elems<S>(peer(c, dest + static_cast<std::size_t>(m.me) * n + part.begin, m.pe(j)),
                      src + static_cast<std::size_t>(j) * n + part.begin, part.size());
    }
    group_sync<S>(c, m);
}

/** to_root: whether root's own dest receives the data too (teams: yes; active sets: no). */
template <class S, class T>
SHOAL_HD SHOAL_DEV_NOINLINE inline void broadcast_over(const context &c, const members &m, T *dest, const T *src, std::size_t n,
                                    int root, bool to_root, const char *routine)
{
    if (root < 0 || root >= m.n) fail<S>(c, routine, "root %ld is not a member index (the set has %ld PEs)", root, m.n);
    const geometry::range part = block_part(c, n);
    if (m.me == root)
        for (int j = 0; j < m.n; j++)
            if (j != root || to_root) copy_elems<S>(peer(c, dest + part.begin, m.pe(j)), src + part.begin, part.size());
    group_sync<S>(c, m);
}

template <class S, class T>
SHOAL_HD SHOAL_DEV_NOINLINE inline void fcollect_over(const context &c, const members &m, T *dest, const T *src, std::size_t n)
{
    const geometry::range part = block_part(c, n);
    for (int i = 0; i < m.n; i++)
        copy_elems<S>(peer(c, dest + static_cast<std::size_t>(m.me) * n + part.begin, m.pe((m.me + i) % m.n)),
                      src + part.begin, part.size());
    group_sync<S>(c, m);
}

/** Each member leaves its count in its own sync words (never a peer's: a peer may still be in
 *  another collective reading its own), then each reads those before it for its offset. */
template <class S, class T>
SHOAL_HD SHOAL_DEV_NOINLINE inline void collect_over(const context &c, const members &m, T *dest, const T *src, std::size_t n)
{
    auto *count = m.count ? m.count : reinterpret_cast<std::uint64_t *>(c.scratch);
    if (S::rank() == 0 && callers_of(c).rank == 0) *count = n;
    group_sync<S>(c, m);
    std::size_t off = 0;
    for (int j = 0; j < m.me; j++) off += *peer(c, count, m.pe(j));
    const geometry::range part = block_part(c, n);
    for (int i = 0; i < m.n; i++)
        copy_elems<S>(peer(c, dest + off + part.begin, m.pe((m.me + i) % m.n)), src + part.begin, part.size());
    group_sync<S>(c, m);
    if (S::rank() == 0 && callers_of(c).rank == 0 && m.count) *count = 0; // a pSync is restored
}

} // namespace detail

// Team forms (nvshmem_team_sync, nvshmem_barrier(team), nvshmem_TYPENAME_alltoall ...). Return 0.

/** Wait until every member of team arrived; their earlier stores are visible. */
template <class S = scope::thread> SHOAL_HD inline int team_sync(const context &c, shmem_team_t team)
{
    detail::group_sync<S>(c, detail::team_members<S>(c, team, "team_sync"));
    return 0;
}

/** Complete this group's puts and AMOs, then team_sync. */
template <class S = scope::thread> SHOAL_HD inline int barrier(const context &c, shmem_team_t team)
{
    quiet(c);
    detail::group_sync<S>(c, detail::team_members<S>(c, team, "barrier"));
    return 0;
}

/** Block j of src (nelems elements) goes to block me of member j's dest. */
template <class S = scope::thread, class T>
SHOAL_HD inline int alltoall(const context &c, shmem_team_t team, T *dest, const T *src, std::size_t nelems)
{
    detail::alltoall_over<S>(c, detail::team_members<S>(c, team, "alltoall"), dest, src, nelems);
    return 0;
}

/** Member root's src goes to every member's dest (root's included). */
template <class S = scope::thread, class T>
SHOAL_HD inline int broadcast(const context &c, shmem_team_t team, T *dest, const T *src, std::size_t nelems, int root)
{
    detail::broadcast_over<S>(c, detail::team_members<S>(c, team, "broadcast"), dest, src, nelems, root, true,
                              "broadcast");
    return 0;
}

/** Every member's nelems elements, concatenated in member order, in every member's dest. */
template <class S = scope::thread, class T>
SHOAL_HD inline int fcollect(const context &c, shmem_team_t team, T *dest, const T *src, std::size_t nelems)
{
    detail::fcollect_over<S>(c, detail::team_members<S>(c, team, "fcollect"), dest, src, nelems);
    return 0;
}

/** As fcollect, nelems may differ between members. */
template <class S = scope::thread, class T>
SHOAL_HD inline int collect(const context &c, shmem_team_t team, T *dest, const T *src, std::size_t nelems)
{
    detail::collect_over<S>(c, detail::team_members<S>(c, team, "collect"), dest, src, nelems);
    return 0;
}

// Active-set forms (PE_start, logPE_stride, PE_size, pSync of SHMEM_*_SYNC_SIZE longs, all
// SHMEM_SYNC_VALUE before the call and again after it).

template <class S = scope::thread> SHOAL_HD inline void sync(const context &c, int start, int log_stride, int size, long *psync)
{
    detail::group_sync<S>(c, detail::active_set<S>(c, start, log_stride, size, psync, "sync"));
}

template <class S = scope::thread> SHOAL_HD inline void barrier(const context &c, int start, int log_stride, int size, long *psync)
{
    quiet(c);
    detail::group_sync<S>(c, detail::active_set<S>(c, start, log_stride, size, psync, "barrier"));
}

template <class S = scope::thread, class T>
SHOAL_HD inline void alltoall(const context &c, T *dest, const T *src, std::size_t nelems, int start, int log_stride,
                              int size, long *psync)
{
    detail::alltoall_over<S>(c, detail::active_set<S>(c, start, log_stride, size, psync, "alltoall"), dest, src, nelems);
}

/** root: an index in the active set; root's dest is not written (OpenSHMEM 1.4 semantics). */
template <class S = scope::thread, class T>
SHOAL_HD inline void broadcast(const context &c, T *dest, const T *src, std::size_t nelems, int root, int start,
                               int log_stride, int size, long *psync)
{
    detail::broadcast_over<S>(c, detail::active_set<S>(c, start, log_stride, size, psync, "broadcast"), dest, src,
                              nelems, root, false, "broadcast");
}

template <class S = scope::thread, class T>
SHOAL_HD inline void fcollect(const context &c, T *dest, const T *src, std::size_t nelems, int start, int log_stride,
                              int size, long *psync)
{
    detail::fcollect_over<S>(c, detail::active_set<S>(c, start, log_stride, size, psync, "fcollect"), dest, src, nelems);
}

template <class S = scope::thread, class T>
SHOAL_HD inline void collect(const context &c, T *dest, const T *src, std::size_t nelems, int start, int log_stride,
                             int size, long *psync)
{
    detail::collect_over<S>(c, detail::active_set<S>(c, start, log_stride, size, psync, "collect"), dest, src, nelems);
}

// Named forms for each scope suffix SFX ("", _warp, _block): barrier, team_sync, sync,
// TYPENAME_{alltoall,broadcast,fcollect,collect}, {alltoall,...}mem (team), and the active-set
// {alltoall,broadcast,fcollect,collect}{32,64}.
#define SHOAL_DEV_COLL_TEAM(E, D, PFX, MID, SFX, S)                                                          \
    SHOAL_HD inline int PFX##alltoall##MID##SFX(const context &c, shmem_team_t t, D *d, const D *s, std::size_t n) \
    { return alltoall<S>(c, t, static_cast<E *>(d), static_cast<const E *>(s), n); }                         \
    SHOAL_HD inline int PFX##broadcast##MID##SFX(const context &c, shmem_team_t t, D *d, const D *s, std::size_t n, \
                                                 int root)                                                   \
    { return broadcast<S>(c, t, static_cast<E *>(d), static_cast<const E *>(s), n, root); }                  \
    SHOAL_HD inline int PFX##fcollect##MID##SFX(const context &c, shmem_team_t t, D *d, const D *s, std::size_t n) \
    { return fcollect<S>(c, t, static_cast<E *>(d), static_cast<const E *>(s), n); }                         \
    SHOAL_HD inline int PFX##collect##MID##SFX(const context &c, shmem_team_t t, D *d, const D *s, std::size_t n) \
    { return collect<S>(c, t, static_cast<E *>(d), static_cast<const E *>(s), n); }
#define SHOAL_DEV_COLL_ASET(E, BITS, SFX, S)                                                                 \
    SHOAL_HD inline void alltoall##BITS##SFX(const context &c, void *d, const void *s, std::size_t n, int ps,    \
                                             int ls, int sz, long *psync)                                     \
    { alltoall<S>(c, static_cast<E *>(d), static_cast<const E *>(s), n, ps, ls, sz, psync); }                 \
    SHOAL_HD inline void broadcast##BITS##SFX(const context &c, void *d, const void *s, std::size_t n, int root, \
                                              int ps, int ls, int sz, long *psync)                            \
    { broadcast<S>(c, static_cast<E *>(d), static_cast<const E *>(s), n, root, ps, ls, sz, psync); }          \
    SHOAL_HD inline void fcollect##BITS##SFX(const context &c, void *d, const void *s, std::size_t n, int ps,    \
                                             int ls, int sz, long *psync)                                     \
    { fcollect<S>(c, static_cast<E *>(d), static_cast<const E *>(s), n, ps, ls, sz, psync); }                 \
    SHOAL_HD inline void collect##BITS##SFX(const context &c, void *d, const void *s, std::size_t n, int ps,     \
                                            int ls, int sz, long *psync)                                      \
    { collect<S>(c, static_cast<E *>(d), static_cast<const E *>(s), n, ps, ls, sz, psync); }
#define SHOAL_DEV_COLL_SCOPED(SFX, S)                                                                        \
    SHOAL_HD inline int barrier##SFX(const context &c, shmem_team_t t) { return barrier<S>(c, t); }          \
    SHOAL_HD inline int team_sync##SFX(const context &c, shmem_team_t t) { return team_sync<S>(c, t); }      \
    SHOAL_HD inline void barrier##SFX(const context &c, int ps, int ls, int sz, long *psync)                 \
    { barrier<S>(c, ps, ls, sz, psync); }                                                                     \
    SHOAL_HD inline void sync##SFX(const context &c, int ps, int ls, int sz, long *psync) { sync<S>(c, ps, ls, sz, psync); } \
    SHOAL_DEV_COLL_TEAM(unsigned char, void, , mem, SFX, S)                                                  \
    SHOAL_DEV_COLL_ASET(std::uint32_t, 32, SFX, S)                                                           \
    SHOAL_DEV_COLL_ASET(std::uint64_t, 64, SFX, S)
#define SHOAL_DEV_COLL_TYPE(T, NAME, A)                                                                      \
    SHOAL_DEV_COLL_TEAM(T, T, NAME##_, , , scope::thread)                                                    \
    SHOAL_DEV_COLL_TEAM(T, T, NAME##_, , _warp, scope::warp)                                                 \
    SHOAL_DEV_COLL_TEAM(T, T, NAME##_, , _block, scope::block)
SHOAL_DEV_COLL_SCOPED(_warp, scope::warp)
SHOAL_DEV_COLL_SCOPED(_block, scope::block)
SHOAL_DEV_COLL_TEAM(unsigned char, void, , mem, , scope::thread)
SHOAL_DEV_COLL_ASET(std::uint32_t, 32, , scope::thread)
SHOAL_DEV_COLL_ASET(std::uint64_t, 64, , scope::thread)
SHOAL_RMA_TYPES(SHOAL_DEV_ROWS, SHOAL_DEV_COLL_TYPE)
#undef SHOAL_DEV_COLL_TYPE
#undef SHOAL_DEV_COLL_SCOPED
#undef SHOAL_DEV_COLL_ASET
#undef SHOAL_DEV_COLL_TEAM

} // namespace shoal::device

#endif
