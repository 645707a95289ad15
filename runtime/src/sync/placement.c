/* Where PEs run. With more PEs on a node than cores, every wait that fails costs a context
 * switch (measured 1.2-1.4 us between processes on our 2-core VM), so what matters is not
 * the hops but how many switches a collective needs. A waiter that cannot tell where the PE
 * it waits for runs must guess: spinning is right when that PE is running on another core
 * right now (it will write within a few hundred ns), and wrong when it sits behind the
 * waiter on the same core (only a yield lets it run).
 *
 * So, oversubscribed, each PE binds itself to one CPU: local PEs are dealt round-robin over
 * the CPUs they may all use (on 2 CPUs: PEs 0,2 on the first, 1,3 on the second), so
 * neighbouring PEs, the usual partners, run side by side as they would with a core each; and
 * every PE knows which peers share its CPU. Waits on those yield at once, waits on the
 * others spin first (shoal_g.spin_remote polls). A 4-PE barrier on 2 cores then takes one
 * switch per core, the least possible, instead of about two (benches/RESULTS.md).
 *
 * Oversubscribed means more local PEs than the CPUs they may use between them. PEs that a
 * launcher already placed (their CPU sets differ) are left where they are; if it gave them
 * one CPU each, peers with the same CPU are core-mates all the same.
 *
 * With no more PEs than CPUs, auto binds each PE to CPUs of its own, around the one it runs on
 * at init where it can (choose_sets): a busy process beside the job then shares a CPU with one
 * PE at most, instead of the scheduler stacking two PEs on one CPU (see below).
 *
 * SHOAL_BIND: auto (default: bind, as above), core (bind, dealt round-robin in order), none
 * (never; then every wait yields at once when oversubscribed). */
#include <sched.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/bootstrap_ops.h"
#include "core/env_long.h"
#include "core/error.h"
#include "core/state.h"
#include "sync/placement.h"
#include "sync/relax.h"

#define SPIN_DEFAULT 256

enum bind_mode { BIND_AUTO, BIND_CORE, BIND_NONE };
static enum bind_mode bind_mode;
static cpu_set_t start_set; /* the CPUs this process could use before it bound itself */
static int dealt;           /* the local PEs were dealt round-robin over start_set */
static long spin_env = -1; /* SHOAL_SPIN_POLLS, -1 when unset */

void shoal_placement_check_env(void)
{
    const char *b = getenv("SHOAL_BIND");
    if (!b || !*b || !strcmp(b, "auto")) bind_mode = BIND_AUTO;
    else if (!strcmp(b, "core")) bind_mode = BIND_CORE;
    else if (!strcmp(b, "none")) bind_mode = BIND_NONE;
    else shoal_fatal("shmem_init", "SHOAL_BIND=%s is not auto, core or none", b);

    spin_env = shoal_env_long("SHOAL_SPIN_POLLS", 0, 1000000000L, "a count", -1);
    /* The spin before napping lasts a time, not a count (sync/relax.h); measured before the
     * bootstrap's first wait. */
    const double poll = shoal_poll_ns();
    const double polls = poll > 1 ? SHOAL_SPIN_MORE_NS / poll : SHOAL_SPIN_MORE_NS;
    shoal_g.spin_more = polls < 256 ? 256 : polls > 65536 ? 65536 : (unsigned)polls;
    const double free_ns =
        1000.0 * (double)shoal_env_long("SHOAL_SPIN_FREE_US", 0, 1000000L, "a time in us",
                                        (long)(SHOAL_SPIN_FREE_NS / 1000));
    const double free = poll > 1 ? free_ns / poll : free_ns;
    shoal_g.spin_free = free > (double)(1u << 26) ? 1u << 26 : (unsigned)free;
}

/* The cpu-th CPU (0-based) of the set. */
static int nth_cpu(const cpu_set_t *set, int n)
{
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, set) && n-- == 0) return c;
    return -1;
}

/* The CPUs each of the nlocal PEs binds to (out[i] for local PE i). Oversubscribed, or
 * SHOAL_BIND=core: one CPU each, dealt round-robin over the shared set in order. With fewer
 * PEs than CPUs (auto): the set cut into nlocal runs of consecutive CPUs, one a PE, so that
 * the threads a PE starts still have CPUs; each PE keeps the run that holds the CPU the
 * scheduler has it on now, where no lower local PE has it already, and the others take the
 * lowest runs left (two jobs started side by side, spread by the scheduler, do not pile onto
 * the same first CPUs). */
static void choose_sets(const cpu_set_t *set, const int *now, int nlocal, int deal, cpu_set_t *out)
{
    const int ncpus = CPU_COUNT(set);
    for (int i = 0; i < nlocal; i++) CPU_ZERO(&out[i]);
    if (deal) {
        for (int i = 0; i < nlocal; i++) CPU_SET(nth_cpu(set, i % ncpus), &out[i]);
        return;
    }
    /* Run r: the set's CPUs r * ncpus / nlocal .. (r + 1) * ncpus / nlocal - 1. */
    int run_of[CPU_SETSIZE];
    for (int c = 0, k = 0; c < CPU_SETSIZE; c++)
        run_of[c] = CPU_ISSET(c, set) ? (int)((long)k++ * nlocal / ncpus) : -1;
    unsigned char taken[CPU_SETSIZE] = {0};
    int *run = calloc((size_t)nlocal, sizeof *run);
    if (!run) shoal_fatal("shmem_init", "out of memory");
    for (int i = 0; i < nlocal; i++) {
        const int r = now[i] >= 0 && now[i] < CPU_SETSIZE ? run_of[now[i]] : -1;
        run[i] = r >= 0 && !taken[r] ? r : -1;
        if (run[i] >= 0) taken[r] = 1;
    }
    for (int i = 0, r = 0; i < nlocal; i++) {
        if (run[i] >= 0) continue;
        while (taken[r]) r++;
        run[i] = r;
        taken[r] = 1;
    }
    for (int i = 0; i < nlocal; i++)
        for (int c = 0; c < CPU_SETSIZE; c++)
            if (run_of[c] == run[i]) CPU_SET(c, &out[i]);
    free(run);
}

/* What each PE tells the others at init: the CPUs it may use, and the one it runs on now. */
struct where {
    cpu_set_t set;
    int cpu;
};

void shoal_placement_init(void)
{
    struct where here = {.cpu = sched_getcpu()};
    cpu_set_t set;
    CPU_ZERO(&here.set);
    if (sched_getaffinity(0, sizeof here.set, &here.set) != 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        for (long c = 0; c < n && c < CPU_SETSIZE; c++) CPU_SET((int)c, &here.set);
    }
    set = here.set;
    struct where *w = calloc((size_t)shoal_g.npes, sizeof *w);
    int *now = calloc((size_t)shoal_g.n_local_pes + 1, sizeof *now);
    cpu_set_t *to = calloc((size_t)shoal_g.n_local_pes + 1, sizeof *to);
    if (!w || !now || !to) shoal_fatal("shmem_init", "out of memory");
    shoal_g.boot->allgather(&here, w, sizeof here);

    /* Oversubscribed: more local PEs than the CPUs they may use between them (a launcher
     * that binds each PE to a core of its own leaves each with a one-CPU set). */
    const int nlocal = shoal_g.n_local_pes;
    cpu_set_t joint;
    CPU_ZERO(&joint);
    int same_sets = 1, my_local = 0;
    for (int i = 0; i < nlocal; i++) {
        const int pe = shoal_g.local_pes[i];
        CPU_OR(&joint, &joint, &w[pe].set);
        if (!CPU_EQUAL(&w[pe].set, &set)) same_sets = 0;
        if (pe == shoal_g.me) my_local = i;
        now[i] = w[pe].cpu;
    }
    shoal_g.oversubscribed = nlocal > CPU_COUNT(&joint);

    /* Bind only PEs that all start with the same set: otherwise a launcher placed them. With
     * CPUs to spare, auto binds each PE to its own part of them: unbound, a busy process
     * beside the PEs made the scheduler put both PEs of a 2-PE job on one CPU and leave the
     * other to it, and every wait then cost a switch or a nap (a barrier 0.16 -> 450 us;
     * benches/RESULTS.md). */
    const int ncpus = CPU_COUNT(&set);
    const int bind = same_sets && nlocal > 1 && ncpus > 1 && bind_mode != BIND_NONE;
    shoal_g.bound_cpu = -1;
    if (bind) {
        /* Every local PE computes every other's CPU the same way, so nothing more is
         * exchanged. */
        choose_sets(&set, now, nlocal, bind_mode == BIND_CORE || shoal_g.oversubscribed, to);
        const cpu_set_t mine = to[my_local];
        start_set = set;
        dealt = 0;
        if (CPU_COUNT(&mine) > 0 && sched_setaffinity(0, sizeof mine, &mine) == 0) {
            shoal_g.bound_cpu = nth_cpu(&mine, 0);
            dealt = bind_mode == BIND_CORE || shoal_g.oversubscribed;
            for (int i = 0; i < nlocal; i++) w[shoal_g.local_pes[i]].set = to[i];
            set = mine;
        }
    }
    /* Core-mates: peers whose one-CPU set is mine, whoever bound us. */
    const int pinned = CPU_COUNT(&set) == 1;
    for (int i = 0; i < nlocal; i++) {
        const int pe = shoal_g.local_pes[i];
        shoal_g.peers[pe].core_mate = pinned && pe != shoal_g.me && CPU_EQUAL(&w[pe].set, &set);
        shoal_g.peers[pe].mate_at_init = shoal_g.peers[pe].core_mate;
    }
    free(w);
    free(now);
    free(to);

    /* Unknown writer: spin only when every PE has a core of its own. Known writer on another
     * core: spin too when bound (it is running now). Same core: never spin. */
    const unsigned dflt = shoal_g.oversubscribed ? 0 : SPIN_DEFAULT;
    /* Waits nap in steps from 1 us (sync/backoff.h, and oversubscribed under load
     * sync/doorbell.c); the default 50 us timer slack would make every nap 50 us long. */
    prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
    shoal_g.spin_polls = spin_env >= 0 ? (unsigned)spin_env : dflt;
    shoal_g.spin_remote = spin_env >= 0 ? (unsigned)spin_env : pinned ? SPIN_DEFAULT : dflt;
}

int shoal_placement_dealt_cpus(int *cpus)
{
    int n = 0;
    if (!dealt) return 0;
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &start_set)) cpus[n++] = c;
    return n;
}

void shoal_placement_fini(void)
{
    if (shoal_g.bound_cpu < 0) return;
    sched_setaffinity(0, sizeof start_set, &start_set);
    shoal_g.bound_cpu = -1;
}
