/* Open MPI's MPI collectives in the loop, options and output shape of benches/coll (OSU
 * style: each call timed alone, an untimed MPI_Barrier between calls; the mean over ranks,
 * -f adds the fastest and slowest rank). The other thing a user on one node would pick: the
 * third column of benches/compare.sh. One source, one program per collective, chosen at
 * compile time with -DMPI_COLL=<one of the MPI_COLL_* below>:
 *
 *   mpi_barrier    MPI_Barrier back to back (as coll/shmem_barrier), one row "barrier"
 *   mpi_bcast      MPI_Bcast from rank 0, Size bytes                    (shmem_broadcast64)
 *   mpi_allreduce  MPI_Allreduce, Size bytes, -O/-T op and type          (shmem_TYPE_OP_to_all)
 *   mpi_reduce     MPI_Reduce to rank 0, the same
 *   mpi_allgather  MPI_Allgather, Size bytes per rank                    (shmem_fcollect64)
 *   mpi_allgatherv MPI_Allgatherv, Size bytes per rank                   (shmem_collect64)
 *   mpi_alltoall   MPI_Alltoall, Size bytes per rank pair                (shmem_alltoall64)
 *   mpi_alltoalls  MPI_Alltoall of vector types, every other element     (shmem_alltoalls64)
 *
 * Built with Open MPI's mpicc (compare.sh does that; meson too where MPI is found):
 *   mpicc -std=c17 -O2 -Ibenches/common -DMPI_COLL=MPI_COLL_BCAST benches/mpi/mpi_coll.c
 *   mpirun --allow-run-as-root --oversubscribe -np 4 ./a.out -s 8:1M -f */
#define BENCH_MPI 1
#include "bench.h"
#include "reduce_ops.h"

#define MPI_COLL_BARRIER 1
#define MPI_COLL_BCAST 2
#define MPI_COLL_ALLREDUCE 3
#define MPI_COLL_REDUCE 4
#define MPI_COLL_ALLGATHER 5
#define MPI_COLL_ALLGATHERV 6
#define MPI_COLL_ALLTOALL 7
#define MPI_COLL_ALLTOALLS 8
#ifndef MPI_COLL
#error "build with -DMPI_COLL=MPI_COLL_<name>"
#endif

static int me, npes;
#if MPI_COLL != MPI_COLL_BARRIER
static char *src, *dst;
static int red_op, red_type;
static int *counts, *displs;
static MPI_Datatype vec_type; /* alltoalls: one block of every other element */

static inline MPI_Datatype mpi_type(int type)
{
    const MPI_Datatype types[RED_NTYPES] = {MPI_INT, MPI_LONG, MPI_FLOAT, MPI_DOUBLE};
    return types[type];
}
static inline MPI_Op mpi_op(int op)
{
    static const MPI_Op ops[RED_NOPS] = {MPI_SUM, MPI_PROD, MPI_BAND, MPI_BOR, MPI_BXOR,
                                         MPI_MAX, MPI_MIN};
    return ops[op];
}

#if MPI_COLL == MPI_COLL_ALLTOALLS
#define STRIDE 2
#else
#define STRIDE 1
#endif

/* Element e of the block rank `from` sends to rank `to` (alltoall, as shmem_alltoall.c). */
static inline uint64_t elem(size_t size, int from, int to, size_t e)
{
    return (uint64_t)size * 1000003u + (uint64_t)from * 7919u + (uint64_t)to * 104729u + e;
}

static void prep(size_t size, void *ctx)
{
    (void)ctx;
#if MPI_COLL == MPI_COLL_BCAST
    if (me == 0) bench_fill(src, size, size, 0);
    memset(dst, 0, size);
#elif MPI_COLL == MPI_COLL_ALLREDUCE || MPI_COLL == MPI_COLL_REDUCE
    red_fill(red_op, red_type, src, size / red_type_sizes[red_type], me);
    memset(dst, 0, size);
#elif MPI_COLL == MPI_COLL_ALLGATHER || MPI_COLL == MPI_COLL_ALLGATHERV
    bench_fill(src, size, size, me);
    memset(dst, 0, size * (size_t)npes);
    for (int i = 0; i < npes; i++) {
        counts[i] = (int)size;
        displs[i] = (int)(size * (size_t)i);
    }
#else
    const size_t n = size / 8;
    uint64_t *s = (uint64_t *)src;
    for (int j = 0; j < npes; j++)
        for (size_t e = 0; e < n; e++) s[((size_t)j * n + e) * STRIDE] = elem(size, me, j, e);
    memset(dst, 0, size * (size_t)npes * STRIDE);
#if MPI_COLL == MPI_COLL_ALLTOALLS
    if (vec_type != MPI_DATATYPE_NULL) MPI_Type_free(&vec_type);
    MPI_Datatype v;
    MPI_Type_vector((int)n, 1, STRIDE, MPI_UINT64_T, &v);
    MPI_Type_create_resized(v, 0, (MPI_Aint)(n * STRIDE * 8), &vec_type);
    MPI_Type_free(&v);
    MPI_Type_commit(&vec_type);
#endif
#endif
}

static void run(size_t size, void *ctx)
{
    (void)ctx;
    (void)size;
#if MPI_COLL == MPI_COLL_BCAST
    MPI_Bcast(me == 0 ? src : dst, (int)size, MPI_BYTE, 0, MPI_COMM_WORLD);
#elif MPI_COLL == MPI_COLL_ALLREDUCE
    MPI_Allreduce(src, dst, (int)(size / red_type_sizes[red_type]), mpi_type(red_type),
                  mpi_op(red_op), MPI_COMM_WORLD);
#elif MPI_COLL == MPI_COLL_REDUCE
    MPI_Reduce(src, dst, (int)(size / red_type_sizes[red_type]), mpi_type(red_type),
               mpi_op(red_op), 0, MPI_COMM_WORLD);
#elif MPI_COLL == MPI_COLL_ALLGATHER
    MPI_Allgather(src, (int)size, MPI_BYTE, dst, (int)size, MPI_BYTE, MPI_COMM_WORLD);
#elif MPI_COLL == MPI_COLL_ALLGATHERV
    MPI_Allgatherv(src, (int)size, MPI_BYTE, dst, counts, displs, MPI_BYTE, MPI_COMM_WORLD);
#elif MPI_COLL == MPI_COLL_ALLTOALL
    MPI_Alltoall(src, (int)size, MPI_BYTE, dst, (int)size, MPI_BYTE, MPI_COMM_WORLD);
#else
    MPI_Alltoall(src, 1, vec_type, dst, 1, vec_type, MPI_COMM_WORLD);
#endif
}

static int check(size_t size, void *ctx)
{
    (void)ctx;
#if MPI_COLL == MPI_COLL_BCAST
    return me == 0 ? 1 : bench_check(dst, size, size, 0);
#elif MPI_COLL == MPI_COLL_ALLREDUCE
    return red_check(red_op, red_type, dst, size / red_type_sizes[red_type], npes);
#elif MPI_COLL == MPI_COLL_REDUCE
    return me != 0 || red_check(red_op, red_type, dst, size / red_type_sizes[red_type], npes);
#elif MPI_COLL == MPI_COLL_ALLGATHER || MPI_COLL == MPI_COLL_ALLGATHERV
    for (int p = 0; p < npes; p++)
        if (!bench_check(dst + (size_t)p * size, size, size, p)) return 0;
    return 1;
#else
    const size_t n = size / 8;
    const uint64_t *d = (const uint64_t *)dst;
    for (int j = 0; j < npes; j++)
        for (size_t e = 0; e < n; e++)
            if (d[((size_t)j * n + e) * STRIDE] != elem(size, j, me, e)) return 0;
    return 1;
#endif
}
#endif

int main(int argc, char **argv)
{
    static const char *const titles[] = {
        "", "barrier latency (MPI_Barrier)", "broadcast latency (MPI_Bcast, root 0)",
        "all-reduce latency (MPI_Allreduce)", "reduce latency (MPI_Reduce, root 0)",
        "allgather latency (MPI_Allgather, SIZE bytes per rank)",
        "allgatherv latency (MPI_Allgatherv, SIZE bytes per rank)",
        "alltoall latency (MPI_Alltoall, SIZE bytes per rank pair)",
        "strided alltoall latency (MPI_Alltoall of vector types, every other element, SIZE "
        "payload bytes per rank pair)"};
    bench_opts o = {.title = titles[MPI_COLL], .iters = 1000, .warmup = 100, .min_size = 8,
                    .max_size = 1 << 20, .time_cap = MPI_COLL == MPI_COLL_BARRIER ? 0.3 : 0.15};
    bench_init(&o, argc, argv);
    me = o.me;
    npes = o.npes;
#if MPI_COLL == MPI_COLL_BARRIER
    bench_header(&o, "calls back to back, mean over ranks", "Operation  Latency(us)");
    if (bench_selected(&o, "barrier")) BENCH_PASSES(&o) {
        long iters = o.iters, warm = o.warmup;
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = bench_now();
        for (long i = 0; i < warm; i++) MPI_Barrier(MPI_COMM_WORLD);
        double tw = warm > 0 ? (bench_now() - t0) / (double)warm : 0.0;
        iters = bench_cap_iters(&o, iters, tw);
        MPI_Barrier(MPI_COMM_WORLD);
        long done = 0;
        double secs = 0;
        BENCH_TIMED(&o, 1, i, iters, done, secs, MPI_Barrier(MPI_COMM_WORLD));
        bench_row(&o, 0, "barrier", secs * 1e6 / (double)done, 1, BENCH_AVG, done, 3, 0);
    }
#else
    vec_type = MPI_DATATYPE_NULL;
    bench_sizes_of_8(&o);
    char title[160];
    if (MPI_COLL == MPI_COLL_ALLREDUCE || MPI_COLL == MPI_COLL_REDUCE) {
        red_parse(&o, &red_op, &red_type);
        snprintf(title, sizeof title, "%s, %s of %s", titles[MPI_COLL], red_op_names[red_op],
                 red_type_names[red_type]);
        o.title = title;
    }
    const size_t per = MPI_COLL == MPI_COLL_BCAST || MPI_COLL == MPI_COLL_ALLREDUCE ||
                               MPI_COLL == MPI_COLL_REDUCE
                           ? 1
                           : (size_t)npes * STRIDE;
    src = bench_shmalloc(&o, o.max_size * per);
    dst = bench_shmalloc(&o, o.max_size * per);
    counts = malloc(2 * (size_t)npes * sizeof *counts);
    if (!counts) bench_fail(&o, "out of memory");
    displs = counts + npes;
    bench_header(&o, "MPI_COMM_WORLD; untimed MPI_Barrier between calls; mean over ranks",
                 "Size  Latency(us)");
    bench_coll_sweep(&o, &(bench_coll){.prep = prep, .run = run, .check = check});
    if (vec_type != MPI_DATATYPE_NULL) MPI_Type_free(&vec_type);
    free(counts);
    bench_lib_free(dst);
    bench_lib_free(src);
#endif
    return bench_finish(&o);
}
