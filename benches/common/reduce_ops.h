/* What the reduction benchmarks share (coll/shmem_reduce.c, mpi/mpi_coll.c): the operations
 * and element types -O and -T pick, the values each PE contributes, and the check of the
 * result. Every value is a small integer, exact in every type, and the expected result is the
 * same fold computed here over all PEs' values. Include after bench.h. */
#ifndef SHOAL_BENCH_REDUCE_OPS_H
#define SHOAL_BENCH_REDUCE_OPS_H

enum { RED_SUM, RED_PROD, RED_AND, RED_OR, RED_XOR, RED_MAX, RED_MIN, RED_NOPS };
enum { RED_INT, RED_LONG, RED_FLOAT, RED_DOUBLE, RED_NTYPES };
static const char *const red_op_names[RED_NOPS] = {"sum", "prod", "and", "or", "xor", "max", "min"};
static const char *const red_type_names[RED_NTYPES] = {"int", "long", "float", "double"};
static const size_t red_type_sizes[RED_NTYPES] = {sizeof(int), sizeof(long), sizeof(float),
                                                  sizeof(double)};

/* -O / -T into indices (defaults sum, long); a bad name or a bitwise op on a real type ends
 * the program with a message. */
static inline void red_parse(const bench_opts *o, int *op, int *type)
{
    const char *on = o->red_op ? o->red_op : "sum", *tn = o->red_type ? o->red_type : "long";
    *op = *type = -1;
    for (int i = 0; i < RED_NOPS; i++)
        if (!strcmp(on, red_op_names[i])) *op = i;
    for (int i = 0; i < RED_NTYPES; i++)
        if (!strcmp(tn, red_type_names[i])) *type = i;
    if (*op < 0 || *type < 0)
        bench_fail(o, "-O takes sum|prod|and|or|xor|max|min, -T int|long|float|double");
    if (*op >= RED_AND && *op <= RED_XOR && *type >= RED_FLOAT)
        bench_fail(o, "bitwise reductions take an integer type (-T int or long)");
}

/* Element i of PE p's source. */
static inline long red_value(int op, int p, size_t i)
{
    switch (op) {
    case RED_SUM: return (long)p + (long)(i % 61);
    case RED_PROD: return (i + (size_t)p) % 5 == 0 ? 2 : 1; /* products of a few 2s */
    case RED_AND:
    case RED_OR:
    case RED_XOR: return (long)(((i * 2654435761u) ^ ((size_t)p * 0x9e3779b9u)) & 0x7fffffff);
    default: return (long)((i * 7 + (size_t)p * 13) % 101); /* max, min */
    }
}

static inline long red_fold(int op, long a, long b)
{
    switch (op) {
    case RED_SUM: return a + b;
    case RED_PROD: return a * b;
    case RED_AND: return a & b;
    case RED_OR: return a | b;
    case RED_XOR: return a ^ b;
    case RED_MAX: return a > b ? a : b;
    default: return a < b ? a : b;
    }
}

static inline void red_store(int type, void *buf, size_t i, long v)
{
    switch (type) {
    case RED_INT: ((int *)buf)[i] = (int)v; break;
    case RED_LONG: ((long *)buf)[i] = v; break;
    case RED_FLOAT: ((float *)buf)[i] = (float)v; break;
    default: ((double *)buf)[i] = (double)v; break;
    }
}

static inline long red_load(int type, const void *buf, size_t i)
{
    switch (type) {
    case RED_INT: return ((const int *)buf)[i];
    case RED_LONG: return ((const long *)buf)[i];
    case RED_FLOAT: return (long)((const float *)buf)[i];
    default: return (long)((const double *)buf)[i];
    }
}

static inline void red_fill(int op, int type, void *src, size_t count, int me)
{
    for (size_t i = 0; i < count; i++) red_store(type, src, i, red_value(op, me, i));
}

/* 1 if dst holds the reduction over npes PEs. */
static inline int red_check(int op, int type, const void *dst, size_t count, int npes)
{
    for (size_t i = 0; i < count; i++) {
        long want = red_value(op, 0, i);
        for (int p = 1; p < npes; p++) want = red_fold(op, want, red_value(op, p, i));
        if (red_load(type, dst, i) != want) return 0;
    }
    return 1;
}

#endif
