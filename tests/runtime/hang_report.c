/* Hang reports. PE 0 waits in shmem_barrier_all while PE 1 computes (sleeps):
 *   hang_report late    PE 1 arrives after 3 s: with SHOAL_HANG_TIMEOUT=1, PE 0 prints one
 *                       line naming the routine and PE 1, keeps waiting, and the job ends well
 *   hang_report stuck   PE 1 never arrives: shoalrun's --timeout says where each PE was */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>

#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "late";
    shmem_init();
    if (shmem_my_pe() == 1) sleep(strcmp(mode, "stuck") == 0 ? 120 : 3);
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
