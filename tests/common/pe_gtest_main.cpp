// Shared GoogleTest main for multi-PE tests of the C API: every PE runs every test; the exit
// status is non-zero on any PE that failed, so shoalrun fails the whole job.
#include <gtest/gtest.h>
#include <shmem.h>

#include "pe_listeners.hpp"

int main(int argc, char **argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    shmem_init();
    shoal_test::quiet_other_pes(shmem_my_pe());
    const int rc = RUN_ALL_TESTS();
    shmem_finalize();
    return rc;
}
