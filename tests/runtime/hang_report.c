/* Hang reports. PE 0 waits in shmem_barrier_all while PE 1 computes (sleeps):
 *   hang_report late    PE 1 arrives after 3 s: with SHOAL_HANG_TIMEOUT=1, PE 0 prints one
 *                       line naming the routine and PE 1, keeps waiting, and the job ends well
 *   hang_report stuck   PE 1 never arrives: shoalrun's --timeout says where each PE was
 *   hang_report caller  as late, with PE 0's wait made for a binding's routine
 *                       (shmemx_wait_caller): the line names it beside shmem_barrier_all */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <shmemx.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "late";
    shmem_init();
    const int caller = strcmp(mode, "caller") == 0;
    if (shmem_my_pe() == 1) sleep(strcmp(mode, "stuck") == 0 ? 120 : 3);
    /* Each call returns the name it replaces, so that bindings' calls can nest. */
    if (caller && (shmemx_wait_caller("outer") != NULL ||
                   strcmp(shmemx_wait_caller("mylib.sync"), "outer") != 0)) {
        fprintf(stderr, "hang_report: shmemx_wait_caller did not return the name it replaced\n");
        return 1;
    }
    shmem_barrier_all();
    if (caller && strcmp(shmemx_wait_caller(NULL), "mylib.sync") != 0) {
        fprintf(stderr, "hang_report: shmemx_wait_caller(NULL) did not return mylib.sync\n");
        return 1;
    }
    shmem_finalize();
    return 0;
}
