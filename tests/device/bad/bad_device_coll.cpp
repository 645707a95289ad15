// Bad input to the device collectives (host emulation), one case per argument: each must stop
// every PE with one line naming the routine and the bad value.
#include <shmem.h>
#include <shmemx.h>

#include <cstring>

#include <shoal/device/api.h>
#include <shoal/device/emulate.h>

namespace d = shoal::device;

int main(int argc, char **argv)
{
    shmem_init();
    d::context c{};
    shmemx_device_context(&c);
    long *buf = static_cast<long *>(shmem_calloc(64, sizeof(long)));
    long *psync = static_cast<long *>(shmem_calloc(SHMEM_BCAST_SYNC_SIZE, sizeof(long)));
    const char *what = argc > 1 ? argv[1] : "";
    const int npes = shmem_n_pes();
    d::emulate::launch(32, [&] {
        if (!std::strcmp(what, "root"))
            d::long_broadcast_warp(c, SHMEM_TEAM_WORLD, buf, buf + 8, 4, npes); // one past the last member
        else if (!std::strcmp(what, "active_set"))
            d::broadcast64_warp(c, buf, buf + 8, 4, 0, 0, 0, npes + 1, psync); // more PEs than there are
        else if (!std::strcmp(what, "team"))
            d::barrier_warp(c, reinterpret_cast<shmem_team_t>(std::uintptr_t{77}));
    });
    shmem_finalize();
    return 0;
}
