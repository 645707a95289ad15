// Helpers every multi-PE test suite shares (tests/runtime, tests/coll): the values a PE
// contributes, element checks, a symmetric array, and the tag plumbing of typed tests.
#ifndef SHOAL_TESTS_PE_TEST_UTIL_HPP
#define SHOAL_TESTS_PE_TEST_UTIL_HPP

#include <gtest/gtest.h>
#include <shmem.h>

#include <cstddef>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>

namespace shoal_test {

inline int me() { return shmem_my_pe(); }
inline int npes() { return shmem_n_pes(); }

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

/** Symmetric heap array of n T (collective allocation and release; n == 0 allocates one). */
template <class T> class SymArray {
  public:
    explicit SymArray(std::size_t n)
        : n_(n), p_(static_cast<T *>(shmem_malloc((n ? n : 1) * sizeof(T))))
    {
    }
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
