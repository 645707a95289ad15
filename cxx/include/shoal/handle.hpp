// shoal::UniqueHandle: the one move-only owner every facade owner is built from (Team,
// Context, SymmetricBuffer, PsyncPool leases, StreamCollectives). The classes that use it
// default their special members; none writes its own move code.
//
// A Policy describes the owned value:
//   using value_type = ...;                          // trivially copyable (a C handle, a pointer
//                                                    // or a small struct of them)
//   static constexpr value_type null() noexcept;     // the empty state
//   static bool is_null(const value_type&) noexcept; // optional; defaults to == null()
//   void operator()(value_type) noexcept;            // release a non-null value
// The policy object itself is stored (it may carry state, e.g. a pool pointer) and moves with
// the value. Destruction releases a non-null value exactly once.
#ifndef SHOAL_CXX_HANDLE_HPP
#define SHOAL_CXX_HANDLE_HPP

#include <concepts>
#include <type_traits>
#include <utility>

namespace shoal {

template <class P>
concept HandlePolicy = requires(P policy, typename P::value_type v) {
    { P::null() } noexcept -> std::same_as<typename P::value_type>;
    { policy(v) } noexcept;
} && std::is_trivially_copyable_v<typename P::value_type> && std::is_nothrow_move_constructible_v<P>;

template <HandlePolicy Policy>
class UniqueHandle {
  public:
    using value_type = typename Policy::value_type;

    /// Empty.
    constexpr UniqueHandle() noexcept = default;
    /// Adopt value (released by policy on destruction).
    constexpr explicit UniqueHandle(value_type value, Policy policy = Policy{}) noexcept
        : value_(value), policy_(std::move(policy))
    {}

    UniqueHandle(const UniqueHandle &) = delete;
    UniqueHandle &operator=(const UniqueHandle &) = delete;

    constexpr UniqueHandle(UniqueHandle &&other) noexcept
        : value_(std::exchange(other.value_, Policy::null())), policy_(std::move(other.policy_))
    {}
    constexpr UniqueHandle &operator=(UniqueHandle &&other) noexcept
    {
        if (this != &other) {
            reset();
            value_ = std::exchange(other.value_, Policy::null());
            policy_ = std::move(other.policy_);
        }
        return *this;
    }

    ~UniqueHandle() { reset(); }

    /// The owned value (null() when empty).
    [[nodiscard]] constexpr const value_type &get() const noexcept { return value_; }
    [[nodiscard]] constexpr bool empty() const noexcept { return is_null(value_); }
    constexpr explicit operator bool() const noexcept { return !empty(); }
    [[nodiscard]] constexpr const Policy &policy() const noexcept { return policy_; }

    /// Give up ownership without releasing; the handle becomes empty.
    [[nodiscard]] constexpr value_type release() noexcept
    {
        return std::exchange(value_, Policy::null());
    }
    /// Release the owned value now (no-op when empty).
    constexpr void reset() noexcept
    {
        value_type old = std::exchange(value_, Policy::null());
        if (!is_null(old))
            policy_(old);
    }

  private:
    static constexpr bool is_null(const value_type &v) noexcept
    {
        if constexpr (requires { Policy::is_null(v); })
            return Policy::is_null(v);
        else
            return v == Policy::null();
    }

    value_type value_ = Policy::null();
    [[no_unique_address]] Policy policy_{};
};

} // namespace shoal

#endif
