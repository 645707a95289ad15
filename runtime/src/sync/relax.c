/* How long a poll of a spinning wait takes here (relax.h). */
#define _POSIX_C_SOURCE 200809L
#include <time.h>

#include "sync/relax.h"

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

double shoal_poll_ns(void)
{
    /* The shortest of a few rounds: a round that an interrupt or another process cut into
     * reads long. About 30 us on a CPU whose pause takes 40 ns. */
    enum { POLLS = 256, ROUNDS = 3 };
    static volatile long word;
    double best = 0;
    for (int r = 0; r < ROUNDS; r++) {
        const double t0 = now_ns();
        for (int i = 0; i < POLLS; i++) {
            if (word) break;
            shoal_cpu_relax();
        }
        const double t = (now_ns() - t0) / POLLS;
        if (r == 0 || t < best) best = t;
    }
    return best;
}
