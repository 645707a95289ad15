// The device context of the host emulation tests (shmemx_device_context, checked).
#ifndef SHOAL_TESTS_EMU_CONTEXT_HPP
#define SHOAL_TESTS_EMU_CONTEXT_HPP

#include <gtest/gtest.h>
#include <shmemx.h>

#include <shoal/device/config.h>

namespace shoal_test {

inline shoal::device::context make_context()
{
    shoal::device::context c{};
    EXPECT_EQ(shmemx_device_context(&c), 0);
    return c;
}

} // namespace shoal_test

#endif
