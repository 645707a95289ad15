// PsyncPool: the pSync / pWrk arrays of the active-set collectives, handed out as RAII leases
// and recycled without user bookkeeping (after Sandia OpenSHMEM's per-team pool).
//
// A slot is clean (never used since the last recycle), leased, or dirty (used; a peer may
// still be finishing the collective that used it). acquire() hands out a clean slot; when none
// is left, it completes this PE's operations (quiet) and synchronises the active set once
// (shmem_sync on a reserved pSync), after which every member has left every collective that
// used a dirty slot, so all dirty slots are clean again. A thousand collectives in a row thus
// cost one extra sync per `slots` collectives.
//
// The pool belongs to one active set (its recycle sync is over that set) and its arrays are
// symmetric memory: construction and destruction are collective over the world, like any
// SymmetricBuffer; acquire() is local, called by members of the set in the same order.
#ifndef SHOAL_CXX_PSYNC_POOL_HPP
#define SHOAL_CXX_PSYNC_POOL_HPP

#include <shmem.h>
#include <shoal/buffer.hpp>
#include <shoal/error.hpp>
#include <shoal/handle.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <ranges>
#include <vector>

namespace shoal {

/// An OpenSHMEM active set: PEs start, start + 2^log_stride, ... (size of them).
struct ActiveSet {
    int start = 0;
    int log_stride = 0;
    int size = 1;

    /// Every PE of the job.
    [[nodiscard]] static ActiveSet world() noexcept { return {0, 0, shmem_n_pes()}; }
    [[nodiscard]] constexpr int stride() const noexcept { return 1 << log_stride; }
    /// pe's index in the set, or -1.
    [[nodiscard]] constexpr int index_of(int pe) const noexcept
    {
        const int d = pe - start;
        if (d < 0 || d % stride() != 0 || d / stride() >= size)
            return -1;
        return d / stride();
    }
    [[nodiscard]] constexpr bool contains(int pe) const noexcept { return index_of(pe) >= 0; }
    /// World PE number of index i.
    [[nodiscard]] constexpr int pe(int i) const noexcept { return start + i * stride(); }
    /// The members as world PE numbers.
    [[nodiscard]] auto members() const noexcept
    {
        const ActiveSet s = *this;
        return std::views::iota(0, size) | std::views::transform([s](int i) { return s.pe(i); });
    }
    friend constexpr bool operator==(const ActiveSet &, const ActiveSet &) noexcept = default;
};

class PsyncPool {
    enum class Slot : unsigned char { clean, leased, dirty };
    struct State {
        ActiveSet set;
        int slots;
        std::size_t work_bytes;
        SymmetricBuffer<long> psync;          // (slots + 2) * SHMEM_SYNC_SIZE; last two reserved
        SymmetricBuffer<std::max_align_t> work; // slots * work_bytes
        std::vector<Slot> state;
        std::uint64_t recycles = 0;
        int next = 0;
    };
    struct LeaseValue {
        State *pool;
        int slot;
    };
    struct LeasePolicy {
        using value_type = LeaseValue;
        static constexpr LeaseValue null() noexcept { return {nullptr, -1}; }
        static constexpr bool is_null(const LeaseValue &v) noexcept { return v.pool == nullptr; }
        void operator()(LeaseValue v) const noexcept
        {
            v.pool->state[static_cast<std::size_t>(v.slot)] = Slot::dirty;
        }
    };

  public:
    static constexpr int default_slots = 8;
    static constexpr std::size_t default_work_bytes = 16 * 1024;

    /// One pSync and one pWrk slot for a collective in flight; returned dirty on destruction.
    class Lease {
      public:
        Lease(const Lease &) = delete;
        Lease &operator=(const Lease &) = delete;
        Lease(Lease &&) noexcept = default;
        Lease &operator=(Lease &&) noexcept = default;
        ~Lease() = default;

        /// SHMEM_SYNC_SIZE longs, all SHMEM_SYNC_VALUE, symmetric.
        [[nodiscard]] long *psync() const noexcept
        {
            const LeaseValue &v = h_.get();
            return v.pool->psync.data() + static_cast<std::size_t>(v.slot) * SHMEM_SYNC_SIZE;
        }
        /// work_bytes() of symmetric work space (pWrk), aligned for any type.
        [[nodiscard]] void *work() const noexcept
        {
            const LeaseValue &v = h_.get();
            return reinterpret_cast<unsigned char *>(v.pool->work.data()) +
                   static_cast<std::size_t>(v.slot) * v.pool->work_bytes;
        }
        [[nodiscard]] std::size_t work_bytes() const noexcept { return h_.get().pool->work_bytes; }
        [[nodiscard]] int slot() const noexcept { return h_.get().slot; }
        [[nodiscard]] bool valid() const noexcept { return !h_.empty(); }

      private:
        friend class PsyncPool;
        explicit Lease(LeaseValue v) noexcept : h_(v) {}
        UniqueHandle<LeasePolicy> h_;
    };

    /// Collective over the world: symmetric arrays for slots collectives of set in flight
    /// between recycles, each with work_bytes of pWrk (rounded up to whole max_align_t units).
    explicit PsyncPool(ActiveSet set, int slots = default_slots,
                       std::size_t work_bytes = default_work_bytes)
    {
        if (slots < 1 || set.size < 1 || set.log_stride < 0 || set.start < 0 ||
            set.pe(set.size - 1) >= shmem_n_pes())
            throw Error(errc::invalid_argument, "shoal::PsyncPool");
        static_assert(SHMEM_SYNC_VALUE == 0, "zero-filled memory must be a fresh pSync");
        const std::size_t unit = sizeof(std::max_align_t);
        work_bytes = (work_bytes + unit - 1) / unit * unit;
        auto st = std::make_unique<State>();
        st->set = set;
        st->slots = slots;
        st->work_bytes = work_bytes;
        st->psync = SymmetricBuffer<long>(static_cast<std::size_t>(slots + 2) * SHMEM_SYNC_SIZE);
        st->work = SymmetricBuffer<std::max_align_t>(static_cast<std::size_t>(slots) * work_bytes / unit,
                                                     no_init);
        st->state.assign(static_cast<std::size_t>(slots), Slot::clean);
        state_ = std::move(st);
    }

    PsyncPool(const PsyncPool &) = delete;
    PsyncPool &operator=(const PsyncPool &) = delete;
    PsyncPool(PsyncPool &&) noexcept = default;
    PsyncPool &operator=(PsyncPool &&) noexcept = default;
    /// Collective over the world (frees the arrays). No lease may outlive the pool.
    ~PsyncPool() = default;

    /// A clean slot; recycles every dirty slot first when none is clean (quiet + one sync over
    /// the set). Only members of the set may call it.
    [[nodiscard]] Lease acquire() noexcept
    {
        State &s = *state_;
        for (int tries = 0; tries < 2; ++tries) {
            for (int k = 0; k < s.slots; ++k) {
                const int i = (s.next + k) % s.slots;
                if (s.state[static_cast<std::size_t>(i)] == Slot::clean) {
                    s.state[static_cast<std::size_t>(i)] = Slot::leased;
                    s.next = (i + 1) % s.slots;
                    return Lease(LeaseValue{&s, i});
                }
            }
            if (tries == 0)
                recycle();
        }
        detail::fatal("shoal::PsyncPool::acquire", "every slot is leased at once");
    }

    [[nodiscard]] const ActiveSet &active_set() const noexcept { return state_->set; }
    [[nodiscard]] int slots() const noexcept { return state_->slots; }
    [[nodiscard]] std::size_t work_bytes() const noexcept { return state_->work_bytes; }
    /// Slots ready for a collective without a recycle.
    [[nodiscard]] int clean_slots() const noexcept
    {
        int n = 0;
        for (Slot s : state_->state)
            n += s == Slot::clean;
        return n;
    }
    /// How many times acquire() has synchronised the set to recycle slots.
    [[nodiscard]] std::uint64_t recycles() const noexcept { return state_->recycles; }

  private:
    void recycle() noexcept
    {
        State &s = *state_;
        if (!s.set.contains(shmem_my_pe()))
            detail::fatal("shoal::PsyncPool::acquire", "this PE is not a member of the active set");
        // Two reserved pSyncs used alternately: the sync before the previous one has been left
        // by every member once this PE has left the previous one.
        long *reserved = s.psync.data() +
                         static_cast<std::size_t>(s.slots + static_cast<int>(s.recycles % 2)) *
                             SHMEM_SYNC_SIZE;
        shmem_quiet();
        shmem_sync(s.set.start, s.set.log_stride, s.set.size, reserved);
        ++s.recycles;
        for (Slot &slot : s.state)
            if (slot == Slot::dirty)
                slot = Slot::clean;
    }

    std::unique_ptr<State> state_;
};

} // namespace shoal

#endif
