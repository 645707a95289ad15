// Helpers shared by the facade tests.
#ifndef SHOAL_TESTS_CXX_TEST_UTIL_HPP
#define SHOAL_TESTS_CXX_TEST_UTIL_HPP

#include <shmemx.h>
#include <shoal/shoal.hpp>

#include <cstddef>

namespace shoal_test {

inline int me() { return shoal::my_pe(); }
inline int npes() { return shoal::n_pes(); }

/// Teams alive on this PE (world and shared included).
inline int teams_alive()
{
    int alive = 0, max = 0;
    shmemx_team_count(&alive, &max);
    return alive;
}

inline std::size_t heap_free() { return shmemx_heap_free(); }

/// Records the heap and team counts at construction; the test checks they are back.
struct LeakCheck {
    std::size_t heap = heap_free();
    int teams = teams_alive();
};

} // namespace shoal_test

#endif
