/* The decision of the first windows (sync/avoid_busy.c: early_move), apart so that a unit
 * test can feed it the readings that runs beside load gave (tests/runtime/busy_pick_test.c).
 *
 * Each share is what neither the PEs nor idle took: exact while the PEs keep their CPUs busy
 * (their run time is counted in ns, idle in ticks). One busy process read 0.46-0.96 of its
 * CPU in the first 50 ms beside 4 PEs (0.63-0.97 in the second window); a load that runs half
 * the time can take at most half of a CPU (busy 5 ms, idle 5 ms: 0.20-0.50). */
#include "sync/busy_pick.h"

#define HELD 0.6  /* share of a CPU others took: leave it */
#define FREE 0.25 /* ... at most, for a CPU the PEs may go to */

int shoal_busy_pick(int ncpu, const double *others, const double *idled, int *avoid)
{
    int held = 0, free_cpu = 0, most = 0;
    double sum = 0, idle = 0;
    for (int k = 0; k < ncpu; k++) {
        held |= others[k] >= HELD;
        free_cpu |= others[k] < FREE;
        sum += others[k];
        idle += idled[k];
        if (others[k] > others[most]) most = k;
    }
    if (ncpu < 2 || (held && !free_cpu)) return 0;
    if (held) {
        for (int k = 0; k < ncpu; k++) avoid[k] = others[k] >= HELD;
        return 1;
    }
    /* No CPU held, but about one CPU's worth spread over several while some CPU idled: one
     * busy process that the scheduler moves to whichever CPU the PEs' sleeps leave idle
     * (beside 8 PEs on 2 CPUs: 0.23 and 0.42, 0.40 and 0.36, 0.14 and 0.57, then 0.87 and
     * 0). Off the CPU it took most of, it stays there. Two busy processes read alike beside
     * 4 and 6 PEs (0.56 and 0.53, 0.29 and 0.28), but load that never sleeps leaves no CPU
     * idle while it has two. */
    if (sum < HELD || sum >= 1 + FREE || idle <= 0) return 0;
    for (int k = 0; k < ncpu; k++) avoid[k] = k == most;
    return 1;
}

int shoal_busy_pile(int ncpu, const int *movable, int turn, int *avoid)
{
    const int keep = ncpu / 2 > 0 ? ncpu / 2 : 1;
    if (ncpu < 2 || turn < 0) return 0;
    int kept = 0;
    for (int i = 0; i < ncpu; i++) kept += movable[i] != 0;
    if (kept < keep) return 0;
    kept = 0;
    for (int i = 0; i < ncpu; i++) {
        const int k = (turn + i) % ncpu;
        avoid[k] = !(movable[k] && kept < keep);
        kept += !avoid[k];
    }
    return 1;
}
