// Teams: TeamRef (non-owning, trivially copyable: world, shared, any borrowed team) and Team
// (move-only owner; shmem_team_destroy on scope exit, which is local and never blocks).
//
//     shoal::TeamRef world = shoal::world();
//     std::optional<shoal::Team> evens = world.split_strided(0, 2, (world.n_pes() + 1) / 2);
//     if (evens) { for (int pe : evens->members()) ...; }      // world PE numbers
//     auto [row, column] = world.split_2d(4);                  // shoal::Split2d
//
// Splits are collective over the parent; a PE that is not in the new team gets an empty
// optional, never an invalid handle.
#ifndef SHOAL_CXX_TEAM_HPP
#define SHOAL_CXX_TEAM_HPP

#include <shmem.h>
#include <shmemx.h>
#include <shoal/context.hpp>
#include <shoal/error.hpp>
#include <shoal/handle.hpp>

#include <algorithm>
#include <cstring>
#include <optional>
#include <ranges>
#include <type_traits>

namespace shoal {

class Team;
struct Split2d;

/// Team creation options (shmem_team_config_t).
struct TeamConfig {
    int num_contexts = 0; ///< contexts the team should be able to create (0: no request)
};

/// An id naming one team_init: made on one PE, given to every future member (it is trivially
/// copyable, so a broadcast or put carries it).
class UniqueId {
  public:
    /// A fresh id (shmemx_team_get_uniqueid). Local.
    [[nodiscard]] static UniqueId make()
    {
        UniqueId id;
        detail::check(shmemx_team_get_uniqueid(&id.id_), "shmemx_team_get_uniqueid");
        return id;
    }
    [[nodiscard]] const shmemx_team_uniqueid_t &native() const noexcept { return id_; }
    friend bool operator==(const UniqueId &a, const UniqueId &b) noexcept
    {
        return std::memcmp(&a.id_, &b.id_, sizeof a.id_) == 0;
    }

  private:
    shmemx_team_uniqueid_t id_{};
};

namespace detail {

inline const shmem_team_config_t *config_ptr(const TeamConfig &c, shmem_team_config_t &out,
                                             long &mask) noexcept
{
    mask = 0;
    if (c.num_contexts <= 0)
        return nullptr;
    out.num_contexts = c.num_contexts;
    mask = SHMEM_TEAM_NUM_CONTEXTS;
    return &out;
}

/// The queries and splits TeamRef and Team share (CRTP over native_handle()).
template <class Derived>
class TeamOps {
  public:
    /// This PE's index in the team, or -1 when it is not a member.
    [[nodiscard]] int my_pe() const noexcept { return shmem_team_my_pe(h()); }
    /// Number of PEs in the team.
    [[nodiscard]] int n_pes() const noexcept { return shmem_team_n_pes(h()); }
    [[nodiscard]] bool is_member() const noexcept { return my_pe() >= 0; }

    /// pe (an index in this team) as an index in dest, or none where it is not a member.
    template <class Dest>
    [[nodiscard]] std::optional<int> translate(int pe, const Dest &dest) const noexcept
    {
        const int r = shmem_team_translate_pe(h(), pe, dest.native_handle());
        return r < 0 ? std::nullopt : std::optional<int>(r);
    }
    /// Team index -> world PE number.
    [[nodiscard]] int world_pe(int pe) const noexcept
    {
        return shmem_team_translate_pe(h(), pe, SHMEM_TEAM_WORLD);
    }
    /// The members as world PE numbers, in team order (a lazy std::ranges view; it holds the
    /// handle, so it must not outlive an owning Team).
    [[nodiscard]] auto members() const noexcept
    {
        const shmem_team_t team = h();
        return std::views::iota(0, std::max(0, n_pes())) |
               std::views::transform([team](int i) { return shmem_team_translate_pe(team, i, SHMEM_TEAM_WORLD); });
    }

    /// Collective over this team: members start, start + stride, ... (size of them, indices in
    /// this team). Non-members get an empty optional.
    [[nodiscard]] std::optional<Team> split_strided(int start, int stride, int size,
                                                    const TeamConfig &config = {}) const;
    /// Collective over this team: a grid xrange wide; x_axis holds the caller's row, y_axis its
    /// column.
    [[nodiscard]] Split2d split_2d(int xrange, const TeamConfig &x_config = {},
                                   const TeamConfig &y_config = {}) const;

    /// Wait for every member (shmem_team_sync; remote updates are not completed).
    void sync() const { check(shmem_team_sync(h()), "shmem_team_sync"); }
    /// Complete this PE's updates (quiet), then wait for every member.
    void barrier() const
    {
        if (h() == SHMEM_TEAM_WORLD) {
            shmem_barrier_all();
            return;
        }
        shmem_quiet();
        check(shmem_team_sync(h()), "shmem_team_sync");
    }

  private:
    shmem_team_t h() const noexcept { return static_cast<const Derived &>(*this).native_handle(); }
};

} // namespace detail

/// A team handle that owns nothing.
class TeamRef : public detail::TeamOps<TeamRef> {
  public:
    /// Borrow a C handle (SHMEM_TEAM_WORLD, SHMEM_TEAM_SHARED or one owned elsewhere).
    explicit TeamRef(shmem_team_t handle) noexcept : handle_(handle) {}
    [[nodiscard]] shmem_team_t native_handle() const noexcept { return handle_; }
    friend bool operator==(TeamRef a, TeamRef b) noexcept { return a.handle_ == b.handle_; }

  private:
    shmem_team_t handle_;
};
static_assert(std::is_trivially_copyable_v<TeamRef>);

/// SHMEM_TEAM_WORLD.
[[nodiscard]] inline TeamRef world() noexcept { return TeamRef(SHMEM_TEAM_WORLD); }
/// SHMEM_TEAM_SHARED (the PEs of this node).
[[nodiscard]] inline TeamRef shared() noexcept { return TeamRef(SHMEM_TEAM_SHARED); }

/// Owner of a team made by a split or team_init.
class Team : public detail::TeamOps<Team> {
    struct Policy {
        using value_type = shmem_team_t;
        static constexpr shmem_team_t null() noexcept { return SHMEM_TEAM_INVALID; }
        void operator()(shmem_team_t team) const noexcept { shmem_team_destroy(team); }
    };

  public:
    Team(const Team &) = delete;
    Team &operator=(const Team &) = delete;
    Team(Team &&) noexcept = default;
    Team &operator=(Team &&) noexcept = default;
    /// Local: shmem_team_destroy (never waits for other PEs).
    ~Team() = default;

    /// Adopt a team made through the C API. The predefined teams and SHMEM_TEAM_INVALID are
    /// refused (borrow those through TeamRef).
    [[nodiscard]] static Team from_native_handle(shmem_team_t team)
    {
        if (team == SHMEM_TEAM_INVALID || team == SHMEM_TEAM_WORLD || team == SHMEM_TEAM_SHARED)
            throw Error(errc::invalid_team, "shoal::Team::from_native_handle");
        return Team(team);
    }
    /// SHMEM_TEAM_INVALID once moved from or released.
    [[nodiscard]] shmem_team_t native_handle() const noexcept { return handle_.get(); }
    /// Give up ownership; the caller destroys the returned team.
    [[nodiscard]] shmem_team_t release() noexcept { return handle_.release(); }
    [[nodiscard]] bool valid() const noexcept { return !handle_.empty(); }
    explicit operator bool() const noexcept { return valid(); }

    [[nodiscard]] TeamRef ref() const noexcept { return TeamRef(handle_.get()); }
    operator TeamRef() const noexcept { return ref(); }

  private:
    template <class>
    friend class detail::TeamOps;
    friend Team team_init(const UniqueId &, int, int, const TeamConfig &);
    explicit Team(shmem_team_t team) noexcept : handle_(team) {}

    UniqueHandle<Policy> handle_;
};

/// Result of split_2d: the caller's row (x_axis: PEs with the same y, xrange wide at most) and
/// column (y_axis).
struct Split2d {
    Team x_axis;
    Team y_axis;
};

template <class Derived>
std::optional<Team> detail::TeamOps<Derived>::split_strided(int start, int stride, int size,
                                                            const TeamConfig &config) const
{
    shmem_team_config_t cfg{};
    long mask = 0;
    const shmem_team_config_t *c = config_ptr(config, cfg, mask);
    shmem_team_t team = SHMEM_TEAM_INVALID;
    check(shmem_team_split_strided(h(), start, stride, size, c, mask, &team),
          "shmem_team_split_strided");
    if (team == SHMEM_TEAM_INVALID)
        return std::nullopt;
    return Team(team);
}

template <class Derived>
Split2d detail::TeamOps<Derived>::split_2d(int xrange, const TeamConfig &x_config,
                                           const TeamConfig &y_config) const
{
    if (!is_member())
        throw Error(errc::not_a_member, "shoal::TeamRef::split_2d");
    shmem_team_config_t xc{}, yc{};
    long xmask = 0, ymask = 0;
    const shmem_team_config_t *xp = config_ptr(x_config, xc, xmask);
    const shmem_team_config_t *yp = config_ptr(y_config, yc, ymask);
    shmem_team_t x = SHMEM_TEAM_INVALID, y = SHMEM_TEAM_INVALID;
    check(shmem_team_split_2d(h(), xrange, xp, xmask, &x, yp, ymask, &y), "shmem_team_split_2d");
    Team xt(x), yt(y); // owned before anything can throw
    if (!xt || !yt)
        throw Error(errc::invalid_team, "shmem_team_split_2d");
    return Split2d{std::move(xt), std::move(yt)};
}

/// Collective over the npes PEs that pass the same id: the caller becomes index index of the
/// new team (any order, any subset of the world).
[[nodiscard]] inline Team team_init(const UniqueId &id, int npes, int index,
                                    const TeamConfig &config = {})
{
    shmem_team_config_t cfg{};
    long mask = 0;
    const shmem_team_config_t *c = detail::config_ptr(config, cfg, mask);
    shmem_team_t team = SHMEM_TEAM_INVALID;
    detail::check(shmemx_team_init(&team, c, mask, npes, index, &id.native()), "shmemx_team_init");
    if (team == SHMEM_TEAM_INVALID)
        throw Error(errc::invalid_team, "shmemx_team_init");
    return Team(team);
}

inline Context::Context(const TeamRef &team, ContextOption options)
{
    shmem_ctx_t ctx = SHMEM_CTX_INVALID;
    detail::check(shmem_team_create_ctx(team.native_handle(), static_cast<long>(options), &ctx),
                  "shmem_team_create_ctx");
    handle_ = UniqueHandle<Policy>(ctx);
}

/// The team a context was created on.
[[nodiscard]] inline TeamRef team_of(ContextRef ctx)
{
    shmem_team_t team = SHMEM_TEAM_INVALID;
    detail::check(shmem_ctx_get_team(ctx.native_handle(), &team), "shmem_ctx_get_team");
    return TeamRef(team);
}

} // namespace shoal

#endif
