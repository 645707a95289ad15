/* A host dies mid-job: run by host_death.sh under run.sh. Every PE of host b (the simulated
 * host whose PID namespace's init is run.sh's holder) kills every process of its host at
 * once, mpirun's daemon there included, as a power cut would; the PEs of host a are then
 * waiting for them: in shmem_barrier_all ("barrier") or in shmem_wait_until on a word that
 * a PE of host b was to write ("wait"). They must not return (host b never arrives) and must
 * not hang: the job has to stop, non-zero, with a message. host_death.sh times it.
 * HOST_DEATH_SIGNAL=STOP freezes host b instead (nothing can tell it from a slow host: the
 * test then fails at its time limit; that is how to see it fail). */
#define _GNU_SOURCE
#include <shmem.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long flag; /* symmetric: written by no one (its writer dies) */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* On host b only: the simulated host's own PID namespace, whose init is run.sh's holder
 * (a sleep). kill(-1) there reaches every process of the host and nothing else. */
static int on_host_b(void)
{
    char host[64] = "", init[32] = "";
    gethostname(host, sizeof host - 1);
    FILE *f = fopen("/proc/1/comm", "r");
    if (f) {
        if (!fgets(init, sizeof init, f)) init[0] = 0;
        fclose(f);
    }
    return strcmp(host, "shoal-host-b") == 0 && strcmp(init, "sleep\n") == 0;
}

int main(int argc, char **argv)
{
    const int barrier = argc > 1 && strcmp(argv[1], "barrier") == 0;
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    const int b = on_host_b();
    shmem_barrier_all(); /* every PE is up and connected */
    if (b) {
        /* Serve host a's last barrier messages until host a's PEs are surely in their wait
         * (a get from host a runs the transport here), then die. */
        printf("host_death: PE %d of %d: killing host b\n", me, n);
        fflush(stdout);
        for (const double t0 = now_s(); now_s() - t0 < 0.4;) (void)shmem_long_g(&flag, 0);
        const char *how = getenv("HOST_DEATH_SIGNAL");
        const int sig = how && strcmp(how, "STOP") == 0 ? SIGSTOP : SIGKILL;
        kill(-1, sig); /* every process of host b but this one */
        raise(sig);
    }
    if (barrier) shmem_barrier_all();
    else shmem_long_wait_until(&flag, SHMEM_CMP_NE, 0);
    printf("host_death: PE %d: FAIL: the %s returned though host b is dead\n", me,
           barrier ? "barrier" : "wait");
    shmem_finalize();
    return 1;
}
