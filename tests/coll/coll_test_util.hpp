// Helpers of the collective tests (tests/coll/): the teams every collective is run on, the
// values each member contributes, and element checks.
//
// Every collective is checked on four kinds of team: the world, a strided team (every other
// PE, from the last one backwards when that gives more members), a 2D split (the column team
// of xrange 2: stride 2) and a team made by shmemx_team_init in a scrambled order. A PE that
// is not a member of the team of a round only takes part in the collective creation.
//
// Rule that keeps a failing check from hanging the job: only EXPECT_* between collective
// calls, so every PE reaches the same collectives.
#ifndef SHOAL_TESTS_COLL_TEST_UTIL_HPP
#define SHOAL_TESTS_COLL_TEST_UTIL_HPP

#include <gtest/gtest.h>
#include <shmem.h>
#include <shmemx.h>

#include "pe_test_util.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace coll_test {

using namespace shoal_test; // me, npes, val, sentinel, show, check_each, SymArray, TagTypes

enum class Kind { World, Strided, Column2D, Init };
inline const char *kind_name(Kind k)
{
    switch (k) {
    case Kind::World: return "world";
    case Kind::Strided: return "strided";
    case Kind::Column2D: return "column2d";
    default: return "team_init";
    }
}
inline std::vector<Kind> all_kinds() { return {Kind::World, Kind::Strided, Kind::Column2D, Kind::Init}; }

/** A team of the given kind, made collectively over the world; destroyed at scope exit.
 *  handle() is SHMEM_TEAM_INVALID on PEs that are not members. */
class TestTeam {
  public:
    explicit TestTeam(Kind k) : kind_(k)
    {
        const int n = npes();
        switch (k) {
        case Kind::World: team_ = SHMEM_TEAM_WORLD; break;
        case Kind::Strided:
            // PEs 0, 2, 4, ... ; with 2 PEs: {1} alone is uninteresting, use start 0 stride 1.
            if (n == 2)
                rc_ = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 2, nullptr, 0, &team_);
            else
                rc_ = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, nullptr, 0, &team_);
            break;
        case Kind::Column2D: {
            shmem_team_t row;
            rc_ = shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, nullptr, 0, &row, nullptr, 0, &team_);
            extra_ = row;
            break;
        }
        case Kind::Init: {
            // Root PE (n-1) makes the id and hands it out; member order is scrambled:
            // index = (3 * (n - 1 - pe) + 1) % n when that is a permutation, else reversed.
            static shmemx_team_uniqueid_t uid; // symmetric (global)
            static shmemx_team_uniqueid_t uid_src;
            if (me() == n - 1) shmemx_team_get_uniqueid(&uid_src);
            shmem_barrier_all();
            shmem_broadcastmem(SHMEM_TEAM_WORLD, &uid, &uid_src, sizeof uid, n - 1);
            int idx = n - 1 - me();
            if (n % 3 != 0) idx = (3 * (n - 1 - me()) + 1) % n;
            rc_ = shmemx_team_init(&team_, nullptr, 0, n, idx, &uid);
            break;
        }
        }
    }
    ~TestTeam()
    {
        if (kind_ != Kind::World) {
            shmem_team_destroy(team_);
            shmem_team_destroy(extra_);
        }
        shmem_barrier_all();
    }
    TestTeam(const TestTeam &) = delete;
    TestTeam &operator=(const TestTeam &) = delete;

    shmem_team_t handle() const { return team_; }
    int rc() const { return rc_; }
    bool member() const { return team_ != SHMEM_TEAM_INVALID; }
    int size() const { return shmem_team_n_pes(team_); }
    int my_index() const { return shmem_team_my_pe(team_); }
    /** World PE of team index i. */
    int world(int i) const { return shmem_team_translate_pe(team_, i, SHMEM_TEAM_WORLD); }
    Kind kind() const { return kind_; }

  private:
    Kind kind_;
    shmem_team_t team_ = SHMEM_TEAM_INVALID;
    shmem_team_t extra_ = SHMEM_TEAM_INVALID;
    int rc_ = 0;
};

/** A symmetric pSync of SHMEM_SYNC_SIZE longs set to SHMEM_SYNC_VALUE (collective). */
class PSync {
  public:
    PSync() : p_(static_cast<long *>(shmem_malloc(SHMEM_SYNC_SIZE * sizeof(long))))
    {
        for (int i = 0; i < SHMEM_SYNC_SIZE; i++) p_[i] = SHMEM_SYNC_VALUE;
        shmem_barrier_all();
    }
    ~PSync() { shmem_free(p_); }
    PSync(const PSync &) = delete;
    PSync &operator=(const PSync &) = delete;
    long *get() const { return p_; }
    /** Every word is back to SHMEM_SYNC_VALUE (call when no collective uses it). */
    bool restored() const
    {
        for (int i = 0; i < SHMEM_SYNC_SIZE; i++)
            if (p_[i] != SHMEM_SYNC_VALUE) return false;
        return true;
    }

  private:
    long *p_;
};

/** Active sets used by the _to_all / 32 / 64 tests: {PE_start, logPE_stride, PE_size}. */
struct ActiveSet {
    int start, log_stride, size;
    bool contains(int pe) const
    {
        int d = pe - start;
        return d >= 0 && d % (1 << log_stride) == 0 && d / (1 << log_stride) < size;
    }
    int world(int i) const { return start + i * (1 << log_stride); }
    int index_of(int pe) const { return (pe - start) >> log_stride; }
};
inline std::vector<ActiveSet> active_sets()
{
    const int n = npes();
    std::vector<ActiveSet> s{{0, 0, n}};
    if (n >= 2) s.push_back({1, 0, n - 1});  // all but PE 0
    if (n >= 3) s.push_back({0, 1, (n + 1) / 2}); // even PEs
    if (n >= 4) s.push_back({1, 1, n / 2});  // odd PEs
    return s;
}

} // namespace coll_test

#endif
