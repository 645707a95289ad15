// GoogleTest main of the C++ facade tests: the facade's own shoal::Runtime guard starts and
// stops the runtime (no shmem_init here). Every PE runs every test; the exit status is
// non-zero on any PE that failed, so the launcher fails the whole job.
#include <gtest/gtest.h>

#include <shoal/runtime.hpp>

#include "pe_listeners.hpp"

int main(int argc, char **argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    shoal::Runtime runtime;
    shoal_test::quiet_other_pes(runtime.my_pe());
    return RUN_ALL_TESTS();
}
