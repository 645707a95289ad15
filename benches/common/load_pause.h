/* -I of the benchmarks (bench.h) and the floor programs (coll_floor, copy_floor,
 * line_pingpong): stop the busy processes named in SHOAL_BENCH_LOAD_PIDS (compare.sh -L -I)
 * for a first pass of each row, printed as a '# idle ' line, and let them go on for the row
 * itself. This VM's figures move 2-4x within seconds, so a loaded row and its idle figure are
 * taken at one moment. */
#ifndef SHOAL_BENCH_LOAD_PAUSE_H
#define SHOAL_BENCH_LOAD_PAUSE_H

#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>

/* Sends sig to every pid of SHOAL_BENCH_LOAD_PIDS; returns how many it names (0: no pass). */
static inline int load_pause_signal(int sig)
{
    const char *s = getenv("SHOAL_BENCH_LOAD_PIDS");
    int n = 0;
    while (s && *s) {
        char *end;
        const long v = strtol(s, &end, 10);
        if (end == s) break;
        if (v > 1) {
            if (sig) kill((pid_t)v, sig);
            n++;
        }
        for (s = end; *s == ' ' || *s == ','; s++) {
        }
    }
    return n;
}

#endif
