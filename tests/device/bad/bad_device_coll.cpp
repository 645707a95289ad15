// Bad input to the device collectives and RMA (host emulation), one case per argument: each
// must stop every PE with one line naming the routine and the bad value. Also what a GPU leaves
// undefined, which the emulation stops on: a block sync some threads never reach. And a wait
// that would never end, which says why once it has lasted 10 s (shoalrun's timeout stops it).
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
    if (!std::strcmp(what, "multiblock")) // several blocks, launched plainly: they may not all run at once
        d::emulate::launch({2, 1, 1}, {32, 1, 1}, [&] { d::barrier_all_block(c); });
    if (!std::strcmp(what, "offnode")) // SHOAL_TRANSPORT=tcp: no peer's heap is mapped here
        d::emulate::launch(32, [&] {
            if (shmem_my_pe() == 0) d::long_put_warp(c, buf, buf + 8, 4, 1);
        });
    if (!std::strcmp(what, "partial_grid")) // only block 0 of a cooperative grid calls: it waits, and says so
        d::emulate::launch_cooperative({2, 1, 1}, {32, 1, 1}, [&] {
            if (d::grid::rank() == 0) d::barrier_all_block(c);
        });
    if (!std::strcmp(what, "stranded")) // thread 1 returns, thread 0 waits for it at a block sync
        d::emulate::launch(2, [&] {
            if (d::scope::block::rank() == 1) return;
            d::scope::block::sync();
        });
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
