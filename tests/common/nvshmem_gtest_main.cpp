// Shared GoogleTest main for multi-PE tests written against nvshmem.h: as pe_gtest_main.cpp,
// with NVSHMEM's start and stop calls.
#include <gtest/gtest.h>
#include <nvshmem.h>

#include "pe_listeners.hpp"

int main(int argc, char **argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    nvshmem_init();
    shoal_test::quiet_other_pes(nvshmem_my_pe());
    const int rc = RUN_ALL_TESTS();
    nvshmem_finalize();
    return rc;
}
