/* Reduction latency: shmem_TYPE_OP_to_all (active set = all PEs) over SIZE bytes (SIZE /
 * sizeof(TYPE) elements), OSU style: each call timed alone, an untimed shmem_barrier_all
 * between calls; mean over PEs. -O picks the operation (default sum), -T the type (default
 * long): every OpenSHMEM 1.4 operation on int, long, float and double. The result is checked
 * against the same fold computed locally (common/reduce_ops.h). */
#include "bench.h"
#include "reduce_ops.h"

static long psync[SHMEM_REDUCE_SYNC_SIZE];
static void *src, *dst, *pwrk;
static int me, npes, op, type;

static void prep(size_t size, void *ctx)
{
    (void)ctx;
    red_fill(op, type, src, size / red_type_sizes[type], me);
    memset(dst, 0, size);
}

/* shmem_TYPE_OP_to_all for the chosen pair. */
#define RED_CALL(T, NAME, OPN)                                                                   \
    shmem_##NAME##_##OPN##_to_all((T *)dst, (const T *)src, n, 0, 0, npes, (T *)pwrk, psync)
#define RED_ARITH(T, NAME)                                                                       \
    switch (op) {                                                                                \
    case RED_SUM: RED_CALL(T, NAME, sum); break;                                                 \
    case RED_PROD: RED_CALL(T, NAME, prod); break;                                               \
    case RED_MAX: RED_CALL(T, NAME, max); break;                                                 \
    case RED_MIN: RED_CALL(T, NAME, min); break;                                                 \
    }
#define RED_INTEGER(T, NAME)                                                                     \
    switch (op) {                                                                                \
    case RED_AND: RED_CALL(T, NAME, and); break;                                                 \
    case RED_OR: RED_CALL(T, NAME, or); break;                                                   \
    case RED_XOR: RED_CALL(T, NAME, xor); break;                                                 \
    default: RED_ARITH(T, NAME);                                                                 \
    }
static void run(size_t size, void *ctx)
{
    (void)ctx;
    const int n = (int)(size / red_type_sizes[type]);
    switch (type) {
    case RED_INT: RED_INTEGER(int, int); break;
    case RED_LONG: RED_INTEGER(long, long); break;
    case RED_FLOAT: RED_ARITH(float, float); break;
    default: RED_ARITH(double, double); break;
    }
}

static int check(size_t size, void *ctx)
{
    (void)ctx;
    return red_check(op, type, dst, size / red_type_sizes[type], npes);
}

int main(int argc, char **argv)
{
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    bench_opts o = {.title = "reduction latency (shmem_TYPE_OP_to_all)",
                    .iters = 1000, .warmup = 100, .min_size = 8, .max_size = 1 << 20,
                    .time_cap = 0.15};
    bench_init(&o, argc, argv);
    bench_sizes_of_8(&o);
    red_parse(&o, &op, &type);
    char title[96];
    snprintf(title, sizeof title, "reduction latency (shmem_%s_%s_to_all)", red_type_names[type],
             red_op_names[op]);
    o.title = title;
    me = o.me;
    npes = o.npes;
    const size_t nmax = o.max_size / red_type_sizes[type];
    size_t nwrk = nmax / 2 + 1;
    if (nwrk < SHMEM_REDUCE_MIN_WRKDATA_SIZE) nwrk = SHMEM_REDUCE_MIN_WRKDATA_SIZE;
    src = bench_shmalloc(&o, o.max_size);
    dst = bench_shmalloc(&o, o.max_size);
    pwrk = bench_shmalloc(&o, nwrk * sizeof(double));
    bench_header(&o, "active set: all PEs; Size = bytes reduced; untimed barrier_all between calls; mean over PEs",
                 "Size  Latency(us)");
    bench_coll_sweep(&o, &(bench_coll){.prep = prep, .run = run, .check = check});
    shmem_free(pwrk);
    shmem_free(dst);
    shmem_free(src);
    return bench_finish(&o);
}
