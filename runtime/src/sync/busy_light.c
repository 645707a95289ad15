/* What light processes took of the PEs' CPUs (sync/busy_light.h). */
#include "sync/busy_light.h"
#include "sync/busy_look.h"

#define LIGHT_MAX 8
/* A walk over /proc costs 0.5-1 ms at about 70 processes (10 ms at most: busy_look.c). */
#define LOOK_GAP_NS 1000000000L

static int light_pid[LIGHT_MAX], light_n;
static long long light_run[LIGHT_MAX]; /* run time at the last call, ns; -1 unknown */
static long looked_ns = -1;

void shoal_busy_light_took(const int *pids, int npe, const int *cpus, int ncpu, long t, double window,
                           int look, double *took)
{
    for (int k = 0; k < ncpu; k++) took[k] = 0;
    for (int i = 0; i < light_n; i++) {
        const long long r = shoal_busy_run_ns(light_pid[i]);
        int cpu = -1;
        shoal_busy_is_running(light_pid[i], &cpu); /* where it is now, running or not */
        for (int k = 0; k < ncpu && r >= 0 && light_run[i] >= 0; k++)
            if (cpus[k] == cpu) took[k] += (double)(r - light_run[i]) * 1e-9;
        light_run[i] = r;
    }
    if (!look || (looked_ns >= 0 && t - looked_ns < LOOK_GAP_NS)) return;
    looked_ns = t;
    int found[LIGHT_MAX];
    const int n = shoal_busy_light_list(pids, npe, cpus, ncpu, found, LIGHT_MAX);
    long long run[LIGHT_MAX];
    for (int j = 0; j < n; j++) {
        run[j] = -1;
        for (int i = 0; i < light_n; i++)
            if (light_pid[i] == found[j]) run[j] = light_run[i]; /* followed already */
        if (run[j] >= 0) continue;
        run[j] = shoal_busy_run_ns(found[j]);
        /* its run time before is unknown: what others took of its CPU may all be its */
        int cpu = -1;
        shoal_busy_is_running(found[j], &cpu);
        for (int k = 0; k < ncpu; k++)
            if (cpus[k] == cpu) took[k] = window;
    }
    light_n = n > 0 ? n : 0;
    for (int j = 0; j < light_n; j++) {
        light_pid[j] = found[j];
        light_run[j] = run[j];
    }
}

void shoal_busy_light_reset(void)
{
    light_n = 0;
    looked_ns = -1;
}
