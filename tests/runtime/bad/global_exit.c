/* shmem_global_exit(3) from the last PE stops every PE; the job's exit status is 3. PE 0 waits
 * on a flag nobody sets, so only the global exit can end it. */
#include <shmem.h>

#include <stdio.h>

int flag;

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    shmem_barrier_all();
    if (me == n - 1) {
        fprintf(stderr, "global_exit: PE %d calls shmem_global_exit(3)\n", me);
        shmem_global_exit(3);
        fprintf(stderr, "global_exit: shmem_global_exit returned\n");
        return 0;
    }
    shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);
    fprintf(stderr, "global_exit: PE %d woke up, which it should never do\n", me);
    shmem_finalize();
    return 0;
}
