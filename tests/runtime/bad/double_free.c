/* Freeing the same symmetric block twice is a fatal error naming shmem_free. */
#include <shmem.h>

#include <stdio.h>

int main(void)
{
    shmem_init();
    void *p = shmem_malloc(64);
    void *keep = shmem_malloc(64); /* so the heap is not simply empty again */
    shmem_free(p);
    shmem_free(p);
    fprintf(stderr, "double_free: second shmem_free returned\n");
    shmem_free(keep);
    shmem_finalize();
    return 0;
}
