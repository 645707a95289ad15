// shoal::Error and the one check every C call of the facade goes through.
//
// A C routine that reports failure by its return code (team splits, contexts, team
// collectives, init) is called as detail::check(shmem_xxx(...), "shmem_xxx"): non-zero throws
// shoal::Error, a std::system_error in Shoal's error category. Symmetric heap exhaustion
// throws shoal::HeapExhausted, a std::bad_alloc. Misuse the runtime treats as fatal (a PE out
// of range, an address outside symmetric memory) stops every PE with one line on stderr, as
// in C; the facade adds its own fatal checks (detail::fatal) for the few contracts it owns.
#ifndef SHOAL_CXX_ERROR_HPP
#define SHOAL_CXX_ERROR_HPP

#include <shmem.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <system_error>

namespace shoal {

/// Error codes the facade raises itself. A C routine's own non-zero return code is kept as
/// the error value unchanged (the category prints it as "C routine returned N").
enum class errc : int {
    already_initialized = 1001, ///< a second shoal::Runtime while one is alive
    not_initialized,            ///< a call that needs a shoal::Runtime before it exists
    invalid_argument,           ///< an argument the facade rejects before calling C
    not_a_member,               ///< the calling PE is not a member of the team / active set
    invalid_team,               ///< a null or predefined handle where an owner was expected
};

namespace detail {
class ErrorCategory final : public std::error_category {
  public:
    const char *name() const noexcept override { return "shoal"; }
    std::string message(int value) const override
    {
        switch (static_cast<errc>(value)) {
        case errc::already_initialized: return "a shoal::Runtime is already alive";
        case errc::not_initialized: return "no shoal::Runtime is alive";
        case errc::invalid_argument: return "invalid argument";
        case errc::not_a_member: return "this PE is not a member";
        case errc::invalid_team: return "invalid team handle";
        }
        return "C routine returned " + std::to_string(value);
    }
};
} // namespace detail

/// Shoal's error category (name "shoal").
inline const std::error_category &error_category() noexcept
{
    static const detail::ErrorCategory category;
    return category;
}

inline std::error_code make_error_code(errc e) noexcept
{
    return {static_cast<int>(e), error_category()};
}

/// Every failure the facade reports by exception, except heap exhaustion.
class Error : public std::system_error {
  public:
    Error(int code, const char *routine) : std::system_error(code, error_category(), routine) {}
    Error(errc code, const char *routine) : Error(static_cast<int>(code), routine) {}
};

/// The symmetric heap cannot satisfy a collective allocation (every PE throws it, since the
/// allocation sequence is the same on every PE).
class HeapExhausted : public std::bad_alloc {
  public:
    HeapExhausted(std::size_t requested, std::size_t available) noexcept
    {
        std::snprintf(what_, sizeof what_,
                      "shoal: symmetric heap exhausted: %zu bytes requested, %zu free "
                      "(raise SHOAL_SYMMETRIC_SIZE)",
                      requested, available);
    }
    const char *what() const noexcept override { return what_; }

  private:
    char what_[160];
};

namespace detail {

/// The one check: a C routine's return code, 0 = success.
inline void check(int rc, const char *routine)
{
    if (rc != 0) [[unlikely]]
        throw Error(rc, routine);
}

/// A contract of the facade broken on this PE: one line in the runtime's format, then every PE
/// stops (as the C API does for its own fatal checks).
[[noreturn]] inline void fatal(const char *routine, const char *message) noexcept
{
    std::fprintf(stderr, "shoal: %s: PE %d: %s\n", routine, shmem_my_pe(), message);
    std::fflush(stderr);
    shmem_global_exit(1);
    std::_Exit(1); // not reached: shmem_global_exit stops this PE too
}

} // namespace detail
} // namespace shoal

template <>
struct std::is_error_code_enum<shoal::errc> : std::true_type {};

#endif
