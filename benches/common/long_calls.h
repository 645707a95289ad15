/* The "#   calls over 1 ms" line: how many timed calls of a row lost a time slice to other
 * work and the share of the timed time they hold. One form for the benchmarks (bench.h -P)
 * and the bare patterns (copy_floor, coll_floor), which compare.sh and under_load.sh parse. */
#ifndef SHOAL_BENCH_LONG_CALLS_H
#define SHOAL_BENCH_LONG_CALLS_H

#include <stdio.h>

#define LONG_CALL_S 1e-3 /* a call over this lost a time slice to other work */

/* n_long calls of the calls timed took t_long seconds of the t_timed timed; who: "PE" or
 * "process" (the unit of the per-1000 count). Prints nothing for an empty row. */
static inline void long_calls_print(double n_long, double t_long, double t_timed, double calls, const char *who)
{
    if (t_timed <= 0 || calls <= 0) return;
    printf("#   calls over 1 ms: %.2f per 1000 calls and %s, %.0f%% of the timed time; the others %.3f us "
           "a call\n", 1000 * n_long / calls, who, 100 * t_long / t_timed,
           calls > n_long ? (t_timed - t_long) * 1e6 / (calls - n_long) : 0.0);
}

/* The bare patterns' form: per process i of n, long_n[i] calls over LONG_CALL_S that took
 * long_t[i] seconds of its timed timed_t[i]; each process timed `calls` calls. */
static inline void long_calls_print_procs(const long *long_n, const double *long_t, const double *timed_t, int n,
                                          long calls)
{
    double nl = 0, tl = 0, tt = 0;
    for (int p = 0; p < n; p++) {
        nl += (double)long_n[p];
        tl += long_t[p];
        tt += timed_t[p];
    }
    long_calls_print(nl, tl, tt, (double)calls * n, "process");
}

#endif
