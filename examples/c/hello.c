/* hello: every PE says who it is.
 *   shoalrun -n 4 ./hello    (or mpirun -np 4 ./hello, or ./hello for one PE) */
#include <stdio.h>

#include <shmem.h>

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    char name[SHMEM_MAX_NAME_LEN];
    shmem_info_get_name(name);
    printf("Hello from PE %d of %d (%s)\n", me, npes, name);
    shmem_finalize();
    return 0;
}
