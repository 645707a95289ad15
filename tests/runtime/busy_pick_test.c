/* The first windows' decision (runtime/src/sync/busy_pick.c) on readings taken beside load:
 * which CPUs the PEs leave, or none; and where to crowd them when others hold every CPU. No PEs: the code alone. Exit status: failures. */
#include <stdio.h>

#include "sync/busy_pick.h"

static int failures;

/* What a decision returned (moved: 1 or 0) and left in avoid (filled with 7 before) against
 * want: the CPUs to leave as a bit mask, -1 for no move. */
static void judge(const char *what, int moved, int ncpu, const int *avoid, int want)
{
    int got = -1;
    if (moved) {
        got = 0;
        for (int k = 0; k < ncpu; k++) got |= avoid[k] ? 1 << k : 0;
    } else {
        for (int k = 0; k < ncpu; k++)
            if (avoid[k] != 7) got = -2; /* touched without a move */
    }
    if (got != want) {
        fprintf(stderr, "busy_pick: %s: leave mask %d, want %d\n", what, got, want);
        failures++;
    }
}

static void check(const char *what, int ncpu, const double *others, const double *idled, int want)
{
    int avoid[8] = {7, 7, 7, 7, 7, 7, 7, 7};
    judge(what, shoal_busy_pick(ncpu, others, idled, avoid), ncpu, avoid, want);
}

/* shoal_busy_pile: -1 for no crowding. */
static void check_pile(const char *what, int ncpu, const int *movable, int turn, int want)
{
    int avoid[8] = {7, 7, 7, 7, 7, 7, 7, 7};
    judge(what, shoal_busy_pile(ncpu, movable, turn, avoid), ncpu, avoid, want);
}

int main(void)
{
    /* one busy process on CPU 1 (4 PEs, first window), and on CPU 0 */
    check("held and free", 2, (double[]){0.01, 0.93}, (double[]){0, 0}, 2);
    check("held and free, CPU 0", 2, (double[]){0.87, 0.0}, (double[]){0, 0.2}, 1);
    /* one busy process moved between the CPUs as 8 PEs slept */
    check("spread", 2, (double[]){0.23, 0.42}, (double[]){0.39, 0.39}, 2);
    check("spread, CPU 0", 2, (double[]){0.40, 0.36}, (double[]){0, 0.30}, 1);
    check("spread over 4 CPUs", 4, (double[]){0.2, 0.5, 0.1, 0.0}, (double[]){0, 0, 0.3, 0.5}, 2);
    /* two busy processes beside 4 and 6 PEs: no CPU idles, so no move */
    check("two busy, 4 PEs", 2, (double[]){0.56, 0.53}, (double[]){0, 0}, -1);
    check("two busy, 6 PEs", 2, (double[]){0.29, 0.28}, (double[]){0, 0}, -1);
    check("two busy, settled", 2, (double[]){1.0, 0.9}, (double[]){0, 0}, -1);
    /* ... even where one tick of idle was read: two CPUs' worth */
    check("two busy, a tick idle", 2, (double[]){0.8, 0.6}, (double[]){0.1, 0}, -1);
    /* busy 5 ms, idle 5 ms: at most half a CPU */
    check("half a CPU", 2, (double[]){0.50, 0.0}, (double[]){0.3, 0.2}, -1);
    check("half a CPU, spread", 2, (double[]){0.30, 0.20}, (double[]){0.3, 0.2}, -1);
    /* idle machine, a one-CPU node */
    check("idle", 2, (double[]){0.02, 0.0}, (double[]){0.5, 0.6}, -1);
    check("one CPU", 1, (double[]){0.9}, (double[]){0.1}, -1);
    /* held with no free CPU, and more than a CPU's worth spread */
    check("held, none free", 2, (double[]){0.9, 0.3}, (double[]){0, 0.1}, -1);
    check("over a CPU spread", 2, (double[]){0.7, 0.55}, (double[]){0.1, 0.1}, -1);
    /* every CPU held, none free: crowd on half of them where the load may move */
    check_pile("2 CPUs, both movable", 2, (int[]){1, 1}, 0, 2);
    check_pile("2 CPUs, the next turn", 2, (int[]){1, 1}, 1, 1);
    check_pile("2 CPUs, CPU 0 bound", 2, (int[]){0, 1}, 0, 1);
    check_pile("2 CPUs, both bound", 2, (int[]){0, 0}, 0, -1);
    check_pile("4 CPUs", 4, (int[]){1, 1, 1, 1}, 3, 6);
    check_pile("4 CPUs, one movable", 4, (int[]){0, 1, 0, 0}, 0, -1);
    check_pile("3 CPUs", 3, (int[]){0, 0, 1}, 0, 3);
    check_pile("one CPU", 1, (int[]){1}, 0, -1);
    if (!failures) printf("busy_pick: 23 cases ok\n");
    return failures;
}
