// Communication contexts: ContextRef (non-owning, trivially copyable; the default context or a
// borrowed one) and Context (move-only owner; shmem_ctx_destroy on scope exit, which completes
// the context's outstanding operations and never blocks on other PEs).
//
//     shoal::Context ctx{shoal::ContextOption::private_};
//     shoal::put_nbi(ctx, buffer.on(peer), values);
//     shoal::quiet(ctx);
#ifndef SHOAL_CXX_CONTEXT_HPP
#define SHOAL_CXX_CONTEXT_HPP

#include <shmem.h>
#include <shoal/error.hpp>
#include <shoal/handle.hpp>

#include <cstddef>

namespace shoal {

class TeamRef;

/// Options of shmem_ctx_create (combine with |).
enum class ContextOption : long {
    none = 0,
    private_ = SHMEM_CTX_PRIVATE,
    serialized = SHMEM_CTX_SERIALIZED,
    nostore = SHMEM_CTX_NOSTORE,
};
[[nodiscard]] constexpr ContextOption operator|(ContextOption a, ContextOption b) noexcept
{
    return static_cast<ContextOption>(static_cast<long>(a) | static_cast<long>(b));
}

/// A context handle that owns nothing.
class ContextRef {
  public:
    /// The default context (SHMEM_CTX_DEFAULT).
    ContextRef() noexcept : handle_(SHMEM_CTX_DEFAULT) {}
    /// Borrow a C handle.
    explicit constexpr ContextRef(shmem_ctx_t handle) noexcept : handle_(handle) {}
    [[nodiscard]] static ContextRef default_context() noexcept { return ContextRef{}; }

    [[nodiscard]] constexpr shmem_ctx_t native_handle() const noexcept { return handle_; }
    friend constexpr bool operator==(ContextRef, ContextRef) noexcept = default;

  private:
    shmem_ctx_t handle_;
};

/// Owner of a context created on the world team or on a team.
class Context {
    struct Policy {
        using value_type = shmem_ctx_t;
        static constexpr shmem_ctx_t null() noexcept { return SHMEM_CTX_INVALID; }
        void operator()(shmem_ctx_t ctx) const noexcept { shmem_ctx_destroy(ctx); }
    };

  public:
    /// A context on the world team (shmem_ctx_create). Throws shoal::Error when no context is
    /// available.
    explicit Context(ContextOption options = ContextOption::none)
    {
        shmem_ctx_t ctx = SHMEM_CTX_INVALID;
        detail::check(shmem_ctx_create(static_cast<long>(options), &ctx), "shmem_ctx_create");
        handle_ = UniqueHandle<Policy>(ctx);
    }
    /// A context on team (shmem_team_create_ctx); defined in team.hpp.
    Context(const TeamRef &team, ContextOption options = ContextOption::none);

    Context(const Context &) = delete;
    Context &operator=(const Context &) = delete;
    Context(Context &&) noexcept = default;
    Context &operator=(Context &&) noexcept = default;
    ~Context() = default;

    /// Adopt a C context (destroyed by this owner). The default or invalid context is refused.
    [[nodiscard]] static Context from_native_handle(shmem_ctx_t ctx)
    {
        if (ctx == SHMEM_CTX_INVALID || ctx == SHMEM_CTX_DEFAULT)
            throw Error(errc::invalid_argument, "shoal::Context::from_native_handle");
        return Context(adopt, ctx);
    }
    [[nodiscard]] shmem_ctx_t native_handle() const noexcept { return handle_.get(); }
    /// Give up ownership; the caller destroys the returned context.
    [[nodiscard]] shmem_ctx_t release() noexcept { return handle_.release(); }
    [[nodiscard]] bool valid() const noexcept { return !handle_.empty(); }
    explicit operator bool() const noexcept { return valid(); }
    [[nodiscard]] ContextRef ref() const noexcept { return ContextRef(handle_.get()); }
    operator ContextRef() const noexcept { return ref(); }

  private:
    struct Adopt {};
    static constexpr Adopt adopt{};
    Context(Adopt, shmem_ctx_t ctx) noexcept : handle_(ctx) {}

    UniqueHandle<Policy> handle_;
};

/// Order this PE's puts and AMOs to each PE (shmem_fence).
inline void fence() noexcept { shmem_fence(); }
inline void fence(ContextRef ctx) noexcept { shmem_ctx_fence(ctx.native_handle()); }
/// Complete every put, AMO and non-blocking operation issued so far (shmem_quiet).
inline void quiet() noexcept { shmem_quiet(); }
inline void quiet(ContextRef ctx) noexcept { shmem_ctx_quiet(ctx.native_handle()); }

} // namespace shoal

#endif
