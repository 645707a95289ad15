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

#include "pe_test_util.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>

namespace shoal_test {

/** The PE this PE writes to, and the one that writes to this PE. */
inline int right() { return (shmem_my_pe() + 1) % shmem_n_pes(); }
inline int left() { return (shmem_my_pe() + shmem_n_pes() - 1) % shmem_n_pes(); }

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

/** One comparison case of wait_until / signal_wait_until: the target starts at init, a decoy
 *  that does not satisfy "target CMP cmp_value" is written first, then final_value, which does. */
template <class V> struct CmpCase {
    int cmp;
    const char *name;
    V init, decoy, cmp_value, final_value;
};
template <class V>
inline constexpr CmpCase<V> kCmpCases[] = {
    {SHMEM_CMP_EQ, "EQ", 1, 3, 5, 5}, {SHMEM_CMP_NE, "NE", 1, 1, 1, 5}, {SHMEM_CMP_GT, "GT", 1, 2, 3, 5},
    {SHMEM_CMP_GE, "GE", 1, 4, 5, 5}, {SHMEM_CMP_LT, "LT", 9, 8, 7, 5}, {SHMEM_CMP_LE, "LE", 9, 6, 5, 5},
};

/** The tests' own model of the SHMEM_CMP_* comparisons (not the runtime's). */
template <class T> bool holds(int cmp, T a, T b)
{
    switch (cmp) {
    case SHMEM_CMP_EQ: return a == b;
    case SHMEM_CMP_NE: return a != b;
    case SHMEM_CMP_GT: return a > b;
    case SHMEM_CMP_GE: return a >= b;
    case SHMEM_CMP_LT: return a < b;
    default: return a <= b;
    }
}

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

/** Where a test's symmetric target lives. */
enum class Region { Heap, Global };
inline const char *region_name(Region r) { return r == Region::Heap ? "heap" : "global"; }

} // namespace shoal_test

#endif
