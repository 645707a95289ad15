// Helpers shared by the runtime tests (tests/runtime/*_test.cpp).
//
// Every typed test is generated from the type tables in <shoal/typetable.h>: an X-macro turns
// each table row into a small "tag" struct (the C type, its OpenSHMEM name, and the typed
// routines as static functions), and TagTypes<...> turns the list of tags into the
// ::testing::Types of a typed test suite. Tags are keyed on the OpenSHMEM name, not on the C
// type, because the fixed-width aliases (int32_t, size_t, ...) are the same C types as the
// standard ones and would collide as template arguments.
//
// Rules the tests follow so that a failing check never hangs the job: only EXPECT_* (never
// ASSERT_*) between collective calls, so every PE always reaches the same barriers; values
// are written by one PE and asserted on the PE that received them, after shmem_barrier_all.
#ifndef SHOAL_TESTS_RUNTIME_TEST_UTIL_HPP
#define SHOAL_TESTS_RUNTIME_TEST_UTIL_HPP

#include <gtest/gtest.h>
#include <shmem.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>

namespace shoal_test {

inline int me() { return shmem_my_pe(); }
inline int npes() { return shmem_n_pes(); }
/** The PE this PE writes to, and the one that writes to this PE. */
inline int right() { return (shmem_my_pe() + 1) % shmem_n_pes(); }
inline int left() { return (shmem_my_pe() + shmem_n_pes() - 1) % shmem_n_pes(); }

/** A value that cannot be produced by val(): fills memory nobody should write. */
template <class T> constexpr T sentinel()
{
    if constexpr (std::is_floating_point_v<T>) return T(-1.5);
    else return static_cast<T>(~0ull);
}

/** The value PE `pe` stores at index i (salt tells rounds apart). Exact in every type, never
 *  0 nor the sentinel, and different for neighbouring indices and PEs, so data from the
 *  wrong PE, the wrong offset or a stale round does not pass. */
template <class T> T val(int pe, std::size_t i, unsigned salt = 0)
{
    const unsigned long long x = static_cast<unsigned long long>(pe + 1) * 1000003ull +
                                 static_cast<unsigned long long>(i) * 7919ull +
                                 static_cast<unsigned long long>(salt) * 104729ull;
    T v;
    if constexpr (std::is_floating_point_v<T>) v = static_cast<T>(x % 4000000ull) + T(0.25);
    else if constexpr (sizeof(T) == 1) v = static_cast<T>(x % 97ull + 1);
    else v = static_cast<T>(x);
    if (v == T(0) || v == sentinel<T>()) v = T(1);
    return v;
}

template <class T> std::string show(T v)
{
    std::ostringstream os;
    if constexpr (sizeof(T) == 1 && std::is_integral_v<T>) os << static_cast<int>(v);
    else os << v;
    return os.str();
}

/** Checks got[k] == want(k) for k in [0, n); reports the first mismatch and the count. */
template <class T, class F>
::testing::AssertionResult check_each(const T *got, std::size_t n, F want)
{
    std::size_t bad = 0, first = 0;
    for (std::size_t k = 0; k < n; ++k) {
        if (!(got[k] == static_cast<T>(want(k)))) {
            if (bad++ == 0) first = k;
        }
    }
    if (bad == 0) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << bad << " of " << n << " elements wrong on PE " << shmem_my_pe() << "; first at ["
           << first << "]: got " << show(got[first]) << ", want "
           << show(static_cast<T>(want(first)));
}

template <class T> void fill(T *p, std::size_t n, T v)
{
    for (std::size_t k = 0; k < n; ++k) p[k] = v;
}

/** How a typed routine is called: the plain form, or the ctx_ form on a given context. */
struct Via {
    bool plain;
    shmem_ctx_t ctx;
    const char *what;
};
inline Via via_plain() { return {true, SHMEM_CTX_DEFAULT, "plain"}; }
inline Via via_ctx(shmem_ctx_t c, const char *what) { return {false, c, what}; }

/** Calls shmem_F(args) or shmem_ctx_F(ctx, args). F is pasted, e.g. int_put. */
#define SHOAL_T_VIA(v, F, ...)                                                                 \
    ((v).plain ? shmem_##F(__VA_ARGS__) : shmem_ctx_##F((v).ctx, __VA_ARGS__))

/** A private context for the duration of a test (created per PE, not collective). */
class PrivateCtx {
  public:
    explicit PrivateCtx(long options = SHMEM_CTX_PRIVATE) : rc_(shmem_ctx_create(options, &ctx_)) {}
    ~PrivateCtx()
    {
        if (rc_ == 0) shmem_ctx_destroy(ctx_);
    }
    PrivateCtx(const PrivateCtx &) = delete;
    PrivateCtx &operator=(const PrivateCtx &) = delete;
    int rc() const { return rc_; }
    shmem_ctx_t get() const { return rc_ == 0 ? ctx_ : SHMEM_CTX_DEFAULT; }

  private:
    shmem_ctx_t ctx_ = SHMEM_CTX_INVALID;
    int rc_;
};

/** Symmetric heap array of n T (collective allocation and release). */
template <class T> class SymArray {
  public:
    explicit SymArray(std::size_t n) : n_(n), p_(static_cast<T *>(shmem_malloc(n * sizeof(T)))) {}
    ~SymArray() { shmem_free(p_); }
    SymArray(const SymArray &) = delete;
    SymArray &operator=(const SymArray &) = delete;
    T *get() const { return p_; }
    T &operator[](std::size_t k) const { return p_[k]; }
    std::size_t size() const { return n_; }

  private:
    std::size_t n_;
    T *p_;
};

/** Where a test's symmetric target lives. */
enum class Region { Heap, Global };
inline const char *region_name(Region r) { return r == Region::Heap ? "heap" : "global"; }

/** TagTypes<std::tuple<void, A, B, ...>> = ::testing::Types<A, B, ...>: the leading void lets
 *  an X-macro emit ", Tag" for every row. */
template <class Tuple> struct TagTypesImpl;
template <class... Ts> struct TagTypesImpl<std::tuple<void, Ts...>> {
    using type = ::testing::Types<Ts...>;
};
template <class Tuple> using TagTypes = typename TagTypesImpl<Tuple>::type;

/** Test names show the OpenSHMEM type name (RmaTyped/int32.Put) instead of an index. */
struct TagName {
    template <class Tag> static std::string GetName(int) { return Tag::name; }
};

} // namespace shoal_test

#endif
