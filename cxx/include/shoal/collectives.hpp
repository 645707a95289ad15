// Collectives on a team (OpenSHMEM 1.5 team forms) and on an active set (the classic
// PE_start / logPE_stride / PE_size forms, with pSync / pWrk from a PsyncPool).
//
//     shoal::barrier(team);  shoal::sync(team);
//     shoal::broadcast(team, dest, source, root);            // root: index in team
//     shoal::fcollect(team, dest, source);
//     shoal::reduce(team, dest, source, shoal::max);
//
//     shoal::ActiveSetCollectives evens({0, 1, (n + 1) / 2});  // world-collective construction
//     if (evens.is_member()) evens.reduce(dest, source, shoal::sum);
//
// dest and source are spans over symmetric memory (SymmetricBuffer::local(), a global, a
// subspan of either). Element counts come from the spans; a destination too small stops every
// PE with a message. A C routine's non-zero return throws shoal::Error.
#ifndef SHOAL_CXX_COLLECTIVES_HPP
#define SHOAL_CXX_COLLECTIVES_HPP

#include <shmem.h>
#include <shoal/detail/traits.hpp>
#include <shoal/error.hpp>
#include <shoal/psync_pool.hpp>
#include <shoal/reduce_ops.hpp>
#include <shoal/rma.hpp>
#include <shoal/team.hpp>

#include <algorithm>
#include <cstddef>
#include <span>
#include <type_traits>

namespace shoal {

namespace detail {
inline void check_room(bool ok, const char *routine) noexcept
{
    if (!ok) [[unlikely]]
        fatal(routine, "the destination is too small for this collective");
}
#define SHOAL_DETAIL_COLL_T(T, WHERE)                                                          \
    static_assert(std::is_trivially_copyable_v<T>,                                             \
                  WHERE ": T must be trivially copyable (symmetric memory is copied byte-wise " \
                        "between PEs)")
template <class T>
using nd_span = std::span<const std::type_identity_t<T>>;
} // namespace detail

// ---- synchronisation ------------------------------------------------------------------
/// Complete this PE's updates, then wait for every member (shmem_barrier_all on the world).
inline void barrier(TeamRef team) { team.barrier(); }
/// Wait for every member (shmem_team_sync).
inline void sync(TeamRef team) { team.sync(); }

// ---- data movement (team forms) -------------------------------------------------------
/// source (on the root, an index in team) lands in dest on every member.
template <class T>
void broadcast(TeamRef team, std::span<T> dest, detail::nd_span<T> source, int root)
{
    SHOAL_DETAIL_COLL_T(T, "shoal::broadcast");
    detail::check_room(dest.size() >= source.size(), "shoal::broadcast");
    detail::check(detail::coll<T>::broadcast(team.native_handle(), dest.data(), source.data(),
                                             source.size(), root),
                  "shmem_broadcast");
}
/// Concatenation of every member's source, in team order (sizes may differ between PEs).
template <class T>
void collect(TeamRef team, std::span<T> dest, detail::nd_span<T> source)
{
    SHOAL_DETAIL_COLL_T(T, "shoal::collect");
    detail::check_room(dest.size() >= source.size(), "shoal::collect");
    detail::check(detail::coll<T>::collect(team.native_handle(), dest.data(), source.data(),
                                           source.size()),
                  "shmem_collect");
}
/// Concatenation of every member's source (all the same size).
template <class T>
void fcollect(TeamRef team, std::span<T> dest, detail::nd_span<T> source)
{
    SHOAL_DETAIL_COLL_T(T, "shoal::fcollect");
    const auto n = static_cast<std::size_t>(team.n_pes());
    detail::check_room(dest.size() >= source.size() * n, "shoal::fcollect");
    detail::check(detail::coll<T>::fcollect(team.native_handle(), dest.data(), source.data(),
                                            source.size()),
                  "shmem_fcollect");
}
/// Block j of source (source.size() / n_pes elements) goes to member j, landing at block
/// my_pe of its dest.
template <class T>
void alltoall(TeamRef team, std::span<T> dest, detail::nd_span<T> source)
{
    SHOAL_DETAIL_COLL_T(T, "shoal::alltoall");
    const auto n = static_cast<std::size_t>(std::max(1, team.n_pes()));
    if (source.size() % n != 0) [[unlikely]]
        detail::fatal("shoal::alltoall", "source size is not a multiple of the team size");
    detail::check_room(dest.size() >= source.size(), "shoal::alltoall");
    detail::check(detail::coll<T>::alltoall(team.native_handle(), dest.data(), source.data(),
                                            source.size() / n),
                  "shmem_alltoall");
}
/// Strided alltoall: nelems elements per member, element strides in dest and source.
template <class T>
void alltoalls(TeamRef team, std::span<T> dest, detail::nd_span<T> source, Strides strides,
               std::size_t nelems)
{
    static_assert(detail::has_typed_rma<T> || sizeof(T) == 1,
                  "shoal::alltoalls: T must be a C type of the RMA table (strides count "
                  "elements, which the byte form cannot express)");
    const auto n = static_cast<std::size_t>(std::max(1, team.n_pes()));
    if (nelems > 0) {
        const std::size_t last = n * nelems - 1;
        detail::check_room(last * static_cast<std::size_t>(strides.dest) < dest.size(),
                           "shoal::alltoalls");
        if (last * static_cast<std::size_t>(strides.source) >= source.size()) [[unlikely]]
            detail::fatal("shoal::alltoalls", "the source is too small for these strides");
    }
    detail::check(detail::coll<T>::alltoalls(team.native_handle(), dest.data(), source.data(),
                                             strides.dest, strides.source, nelems),
                  "shmem_alltoalls");
}

/// dest[i] = op over every member's source[i] (OpenSHMEM 1.5 team reduction). Legal (op, T)
/// pairs only: see reduce_ops.hpp.
template <class T, ReduceOp Op>
void reduce(TeamRef team, std::span<T> dest, detail::nd_span<T> source, Op)
{
    detail::check_room(dest.size() >= source.size(), "shoal::reduce");
    detail::check(Op::team(team.native_handle(), dest.data(), source.data(), source.size()),
                  "shmem_reduce");
}
/// In place: data[i] = op over every member's data[i].
template <class T, ReduceOp Op>
void reduce(TeamRef team, std::span<T> data, Op op)
{
    reduce(team, data, std::span<const T>(data), op);
}

// ---- active sets ----------------------------------------------------------------------
/// Active-set collectives over one ActiveSet, with their pSync / pWrk drawn from an owned
/// PsyncPool. Construction and destruction are collective over the world (symmetric arrays);
/// the collectives are called by the members of the set only. Roots are indices in the set.
class ActiveSetCollectives {
  public:
    explicit ActiveSetCollectives(ActiveSet set, int slots = PsyncPool::default_slots,
                                  std::size_t work_bytes = PsyncPool::default_work_bytes)
        : pool_(set, slots, work_bytes)
    {}
    ActiveSetCollectives(const ActiveSetCollectives &) = delete;
    ActiveSetCollectives &operator=(const ActiveSetCollectives &) = delete;
    ActiveSetCollectives(ActiveSetCollectives &&) noexcept = default;
    ActiveSetCollectives &operator=(ActiveSetCollectives &&) noexcept = default;
    ~ActiveSetCollectives() = default;

    [[nodiscard]] const ActiveSet &active_set() const noexcept { return pool_.active_set(); }
    [[nodiscard]] bool is_member() const noexcept { return active_set().contains(shmem_my_pe()); }
    /// This PE's index in the set, or -1.
    [[nodiscard]] int my_index() const noexcept { return active_set().index_of(shmem_my_pe()); }
    [[nodiscard]] const PsyncPool &pool() const noexcept { return pool_; }

    void barrier() noexcept
    {
        const ActiveSet &s = member("shoal::ActiveSetCollectives::barrier");
        auto lease = pool_.acquire();
        shmem_barrier(s.start, s.log_stride, s.size, lease.psync());
    }
    void sync() noexcept
    {
        const ActiveSet &s = member("shoal::ActiveSetCollectives::sync");
        auto lease = pool_.acquire();
        shmem_sync(s.start, s.log_stride, s.size, lease.psync());
    }

    /// source on the root (index in the set) lands in dest on every other member.
    template <class T>
    void broadcast(std::span<T> dest, detail::nd_span<T> source, int root) noexcept
    {
        const ActiveSet &s = member("shoal::ActiveSetCollectives::broadcast");
        detail::check_room(dest.size() >= source.size(), "shoal::ActiveSetCollectives::broadcast");
        auto lease = pool_.acquire();
        if constexpr (words<T>(8))
            shmem_broadcast64(dest.data(), source.data(), source.size() * (sizeof(T) / 8), root,
                              s.start, s.log_stride, s.size, lease.psync());
        else
            shmem_broadcast32(dest.data(), source.data(), source.size() * (sizeof(T) / 4), root,
                              s.start, s.log_stride, s.size, lease.psync());
    }
    template <class T>
    void collect(std::span<T> dest, detail::nd_span<T> source) noexcept
    {
        const ActiveSet &s = member("shoal::ActiveSetCollectives::collect");
        detail::check_room(dest.size() >= source.size(), "shoal::ActiveSetCollectives::collect");
        auto lease = pool_.acquire();
        if constexpr (words<T>(8))
            shmem_collect64(dest.data(), source.data(), source.size() * (sizeof(T) / 8), s.start,
                            s.log_stride, s.size, lease.psync());
        else
            shmem_collect32(dest.data(), source.data(), source.size() * (sizeof(T) / 4), s.start,
                            s.log_stride, s.size, lease.psync());
    }
    template <class T>
    void fcollect(std::span<T> dest, detail::nd_span<T> source) noexcept
    {
        const ActiveSet &s = member("shoal::ActiveSetCollectives::fcollect");
        detail::check_room(dest.size() >= source.size() * static_cast<std::size_t>(s.size),
                           "shoal::ActiveSetCollectives::fcollect");
        auto lease = pool_.acquire();
        if constexpr (words<T>(8))
            shmem_fcollect64(dest.data(), source.data(), source.size() * (sizeof(T) / 8), s.start,
                             s.log_stride, s.size, lease.psync());
        else
            shmem_fcollect32(dest.data(), source.data(), source.size() * (sizeof(T) / 4), s.start,
                             s.log_stride, s.size, lease.psync());
    }
    template <class T>
    void alltoall(std::span<T> dest, detail::nd_span<T> source) noexcept
    {
        const ActiveSet &s = member("shoal::ActiveSetCollectives::alltoall");
        const auto n = static_cast<std::size_t>(s.size);
        if (source.size() % n != 0) [[unlikely]]
            detail::fatal("shoal::ActiveSetCollectives::alltoall",
                          "source size is not a multiple of the set size");
        detail::check_room(dest.size() >= source.size(), "shoal::ActiveSetCollectives::alltoall");
        auto lease = pool_.acquire();
        const std::size_t per = source.size() / n;
        if constexpr (words<T>(8))
            shmem_alltoall64(dest.data(), source.data(), per * (sizeof(T) / 8), s.start,
                             s.log_stride, s.size, lease.psync());
        else
            shmem_alltoall32(dest.data(), source.data(), per * (sizeof(T) / 4), s.start,
                             s.log_stride, s.size, lease.psync());
    }
    template <class T>
    void alltoalls(std::span<T> dest, detail::nd_span<T> source, Strides strides,
                   std::size_t nelems) noexcept
    {
        static_assert(sizeof(T) == 4 || sizeof(T) == 8,
                      "shoal::ActiveSetCollectives::alltoalls: elements must be 4 or 8 bytes "
                      "(shmem_alltoalls32 / 64)");
        const ActiveSet &s = member("shoal::ActiveSetCollectives::alltoalls");
        const auto n = static_cast<std::size_t>(s.size);
        if (nelems > 0) {
            const std::size_t last = n * nelems - 1;
            detail::check_room(last * static_cast<std::size_t>(strides.dest) < dest.size(),
                               "shoal::ActiveSetCollectives::alltoalls");
            if (last * static_cast<std::size_t>(strides.source) >= source.size()) [[unlikely]]
                detail::fatal("shoal::ActiveSetCollectives::alltoalls",
                              "the source is too small for these strides");
        }
        auto lease = pool_.acquire();
        if constexpr (sizeof(T) == 8)
            shmem_alltoalls64(dest.data(), source.data(), strides.dest, strides.source, nelems,
                              s.start, s.log_stride, s.size, lease.psync());
        else
            shmem_alltoalls32(dest.data(), source.data(), strides.dest, strides.source, nelems,
                              s.start, s.log_stride, s.size, lease.psync());
    }

    /// dest[i] = op over every member's source[i] (TYPE_OP_to_all). Any length: reductions
    /// longer than one lease's pWrk allows run in pieces, each on its own lease.
    template <class T, ReduceOp Op>
    void reduce(std::span<T> dest, detail::nd_span<T> source, Op) noexcept
    {
        const ActiveSet &s = member("shoal::ActiveSetCollectives::reduce");
        detail::check_room(dest.size() >= source.size(), "shoal::ActiveSetCollectives::reduce");
        // pWrk needs max(nreduce / 2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE) elements.
        const std::size_t capacity = pool_.work_bytes() / sizeof(T);
        if (capacity < SHMEM_REDUCE_MIN_WRKDATA_SIZE) [[unlikely]]
            detail::fatal("shoal::ActiveSetCollectives::reduce", "the pool's pWrk is too small");
        const std::size_t chunk = 2 * (capacity - 1);
        for (std::size_t done = 0; done < source.size(); done += chunk) {
            const std::size_t n = std::min(chunk, source.size() - done);
            auto lease = pool_.acquire();
            Op::active_set(dest.data() + done, source.data() + done, static_cast<int>(n), s.start,
                           s.log_stride, s.size, static_cast<T *>(lease.work()), lease.psync());
        }
    }
    /// In place.
    template <class T, ReduceOp Op>
    void reduce(std::span<T> data, Op op) noexcept
    {
        reduce(data, std::span<const T>(data), op);
    }

  private:
    /// The 32/64-bit form for T: elements whose size is a multiple of 8 (or 4) bytes.
    template <class T>
    static constexpr bool words(std::size_t width) noexcept
    {
        static_assert(std::is_trivially_copyable_v<T>,
                      "shoal::ActiveSetCollectives: T must be trivially copyable");
        static_assert(sizeof(T) % 4 == 0,
                      "shoal::ActiveSetCollectives: active-set data movement moves 32- or 64-bit "
                      "words: the element size must be a multiple of 4 bytes");
        return sizeof(T) % width == 0;
    }
    const ActiveSet &member(const char *routine) const noexcept
    {
        if (!is_member()) [[unlikely]]
            detail::fatal(routine, "this PE is not a member of the active set");
        return active_set();
    }

    PsyncPool pool_;
};

} // namespace shoal

#endif
