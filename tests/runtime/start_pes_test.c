/* An OpenSHMEM 1.0-era program: start_pes(0), _my_pe/_num_pes, shmalloc/shfree, a global
 * target, no shmem_finalize (the runtime finalises at exit). Values checked on the receiver. */
#include <shmem.h>

#include <stdio.h>

static int g_ring[8];

int main(void)
{
    start_pes(0);
    const int me = _my_pe(), n = _num_pes();
    const int right = (me + 1) % n, left = (me + n - 1) % n;
    int *h = (int *)shmalloc(8 * sizeof(int));
    int src[8];
    for (int k = 0; k < 8; ++k) {
        src[k] = me * 10 + k;
        h[k] = -1;
        g_ring[k] = -1;
    }
    shmem_barrier_all();
    shmem_int_put(h, src, 8, right);
    shmem_int_put(g_ring, src, 8, right);
    shmem_barrier_all();
    int bad = 0;
    for (int k = 0; k < 8; ++k) {
        if (h[k] != left * 10 + k || g_ring[k] != left * 10 + k) bad = 1;
    }
    if (bad) fprintf(stderr, "start_pes_test: PE %d: wrong data from PE %d\n", me, left);
    shmem_barrier_all();
    shfree(h);
    return bad;
}
