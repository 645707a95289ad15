/* Oversubscribed PEs leave a CPU that unrelated load holds (sync/avoid_busy.c): 4 PEs on
 * 2 CPUs, a busy process bound to the last CPU of the set (PE 0's child). Collectives run all
 * along, their results checked, while the PEs move: within 10 s no PE may be on that CPU; once
 * the busy process is gone, within 10 s the PEs must be dealt over it again. Where each PE is
 * comes from its own affinity, gathered with fcollect so that every PE decides alike.
 *   avoid_busy          the above
 *   avoid_busy stay     with SHOAL_AVOID_BUSY=0: after 2 s beside the busy process some PE
 *                       is still on its CPU (nothing moved)
 *   avoid_busy churn    the busy process comes and goes every 0.3 s for 10 s, the PEs moving
 *                       off its CPU and back each time, while they run barrier_all and a checked
 *                       sum back to back; after each barrier every PE must have arrived at it
 *                       (what each stored before it, read by every PE)
 *   avoid_busy held     a busy process on every CPU (nowhere to go) for the whole run: after
 *                       0.4 s of barriers, the waits of every PE sleep rather than yield (a
 *                       yield hands the CPU to the busy process for a slice): fewer than 0.05
 *                       yields per barrier_all on each PE, from shmemx_wait_stats
 *   avoid_busy held_session  the same, the busy processes in sessions of their own (as
 *                       programs started from another terminal): where the kernel shares CPU
 *                       time between sessions, a yield goes to a PE of the job, and the waits
 *                       must yield: at least 0.05 yields and at most 0.05 sleeps per barrier_all
 *                       (skipped where the kernel does not group tasks by session)
 *   avoid_busy held_cgroup  run by cgroup_load, whose busy processes hold both CPUs from
 *                       before the job starts, in a cgroup of the cpu controller of their own (as
 *                       a service's): the quick look finds no CPU free, and the waits must yield
 *                       as in held_session (a yield goes to a PE of the job there)
 *   avoid_busy crowd    a busy process per CPU, bound to none (a build's, a loader's): with no
 *                       CPU free, within 8 s every PE must be on one CPU (of 2; half of them
 *                       on more), and where still so 0.5 s later (the kernel took the load off
 *                       that CPU: skipped where it never did) its waits must not sleep (a CPU
 *                       whose PEs all sleep idles, and the kernel brings the load back to it):
 *                       at most 0.05 sleeps per barrier_all. Once
 *                       they are gone, within 10 s the PEs must be dealt over every CPU again
 *   avoid_busy after_full  first 0.3 s with a busy process on every CPU (nowhere to go), then
 *                       only the one on the last: within 0.7 s no PE is on it (a short stretch
 *                       with no CPU free, as while a job starts beside load, must not slow the
 *                       measuring down for long)
 *   avoid_busy early    run by beside_busy.sh, whose busy process holds the last CPU before
 *                       the job starts: 0.2 s from the call to shmem_init no PE is on it (the
 *                       early windows move them 0.05-0.1 s after that call; the whole windows
 *                       alone, 0.25 s or later). Three tries (shmem_finalize, shmem_init), as
 *                       a job that the machine kept off its CPUs at the start may see the load
 *                       late
 *   avoid_busy quick    the same within 0.045 s: the quick look's move (about 15 ms after the
 *                       leader's first wait); the first window's could not come before 0.05 s
 *   avoid_busy quick_shared  the same beside as many busy processes as CPUs, all on the last
 *                       (BUSY_PER_CPU=2 on 2 CPUs: two that the kernel had put on one CPU):
 *                       the quick look finds every other CPU free and the PEs crowd there
 *   avoid_busy compute  run by beside_busy.sh: once the PEs left the busy CPU, the lower half
 *                       of the PEs put 256 KiB to the upper half without waiting (a barrier
 *                       every 20 ms, where the lowest PE measures) for 40 rounds: these PEs
 *                       compute, and more of them than the one CPU left to them get more
 *                       dealt over every CPU, so they must end on more than one CPU
 *   avoid_busy compute_crowd  run by beside_busy.sh with BUSY_PER_CPU=2, 10 PEs on 2 CPUs:
 *                       the PEs crowd on the CPU the two busy processes left, and then
 *                       every PE puts 256 KiB to the next without waiting (a barrier every
 *                       20 ms) for 60 rounds: each runs about 1/npes of that CPU, under 0.2 of
 *                       a window, and still counts as computing (0.8 of its share there), so
 *                       they must end on more than one CPU
 *   avoid_busy compute_nowait  the same with no wait at all: every PE puts 256 KiB to the
 *                       next for 1.2 s by its own clock, so the lowest PE reads the CPUs only
 *                       before its long puts (path/path.h); 1.0 s in, the PEs must be on more
 *                       than one CPU. compute_nowait iput: the same with strided puts (stride 1)
 *   avoid_busy look     0.1 s of checked collectives and nothing more: run by held_quick.sh
 *                       beside a busy process on every CPU, which reads what the quick look
 *                       decided from its debug line
 *   avoid_busy light    run by beside_busy.sh with BUSY_NICE=19: beside a busy process of nice
 *                       19 that holds the last CPU from before the job starts (a background
 *                       job), through 1 s of checked collectives from the start the PEs stay
 *                       on every CPU, that one too, and their waits do not sleep (at most 0.01
 *                       sleeps per collective): such a process takes little of a CPU the PEs
 *                       keep
 *   avoid_busy light_all  the same beside one such process on every CPU (BUSY_CPUS=all): no
 *                       crowding, no sleeping
 *   avoid_busy throttled  run by cgroup_load -q, whose busy process on the last CPU is held to
 *                       0.1% of it by its cgroup's quota (runnable at every instant, running
 *                       almost never): the same as light, over 1 s from the start; such a
 *                       process is not load
 * Exit 77 (skip) when the PEs are not oversubscribed here, the node has one CPU, or every CPU
 * but the busy one is already more than 15% busy with other work while the PEs sleep (then
 * there is nowhere to go, and SHOAL_AVOID_BUSY rightly moves nothing), and where a case failed
 * beside work not its own (verdict: beside more load than it staged the PEs rightly do
 * otherwise). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <shmem.h>
#include <shmemx.h>

#include "beside_load.h"
#include "sync/busy_look.h"

#define MAXPE 64

static int where[MAXPE], mine_now;
static long arrived = -1; /* churn: the last barrier this PE arrived at */
static long sum_src, sum_dst, big_src[512], big_dst[512], psync[SHMEM_BARRIER_SYNC_SIZE];
static int failures;
static long pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE], red_psync[2][SHMEM_REDUCE_SYNC_SIZE];
#define PUT_LONGS 32768 /* 256 KiB */
static long put_src[PUT_LONGS], put_dst[PUT_LONGS];

/* A CPU over this share busy while every PE sleeps has other work on it. */
#define OTHER_WORK 0.15

/* The least busy CPU of the set but skip, as a share of its time over 300 ms while every PE
 * sleeps (PE 0 reads /proc/stat; the others just sleep); the busiest such CPU into *most_cpu
 * and its share into *most, where not NULL. nice_too 0: the time of processes of a nice value
 * above 0 (/proc/stat's nice column) does not count. */
static double least_busy(const cpu_set_t *set, int skip, int nice_too, double *most, int *most_cpu)
{
    static long long busy0[CPU_SETSIZE], all0[CPU_SETSIZE], busy1[CPU_SETSIZE], all1[CPU_SETSIZE];
    for (int pass = 0; pass < 2; pass++) {
        long long *busy = pass ? busy1 : busy0, *all = pass ? all1 : all0;
        FILE *f = shmem_my_pe() == 0 ? fopen("/proc/stat", "r") : NULL;
        char line[512];
        while (f && fgets(line, sizeof line, f)) {
            int c;
            long long v[8];
            if (strncmp(line, "cpu", 3) || line[3] < '0' || line[3] > '9' ||
                sscanf(line + 3, "%d %lld %lld %lld %lld %lld %lld %lld %lld", &c, &v[0], &v[1], &v[2],
                       &v[3], &v[4], &v[5], &v[6], &v[7]) < 9 || c < 0 || c >= CPU_SETSIZE)
                continue;
            busy[c] = v[0] + v[2] + v[5] + v[6] + v[7];
            all[c] = busy[c] + v[1] + v[3] + v[4];
            if (nice_too) busy[c] += v[1];
        }
        if (f) fclose(f);
        if (!pass) {
            struct timespec ts = {0, 300000000L};
            nanosleep(&ts, NULL);
        }
    }
    double got[3] = {1, 0, -1}; /* least, most, most's CPU */
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, set) && c != skip && all1[c] > all0[c]) {
            const double b = (double)(busy1[c] - busy0[c]) / (double)(all1[c] - all0[c]);
            if (b < got[0]) got[0] = b;
            if (b > got[1]) got[1] = b, got[2] = c;
        }
    static double shared[3];
    if (shmem_my_pe() == 0) memcpy(shared, got, sizeof got);
    shmem_barrier_all();
    shmem_double_get(got, shared, 3, 0);
    shmem_barrier_all();
    if (most) *most = got[1];
    if (most_cpu) *most_cpu = (int)got[2];
    return got[0];
}

/* The job's verdict (job_result), where this test's busy processes are stopped and those
 * still running hold skip at most (-1: none) or run at a nice value above 0 (nice_too 0: the
 * light cases). A failure beside work that is not the test's own (another job, a build: some
 * CPU of the set but skip over 15% busy while every PE sleeps) is skipped instead: each case
 * asserts what the PEs do beside the load it stages, and beside more load they rightly do
 * otherwise (held, crowd, light and light_all failed beside two unbound busy processes). A
 * quiet machine judges every failure. */
static int verdict(int failures, const cpu_set_t *set, int skip, int nice_too)
{
    static int total;
    shmem_int_atomic_add(&total, failures, 0);
    shmem_barrier_all();
    int other = 0;
    if (shmem_int_g(&total, 0) > 0) {
        double most;
        int cpu;
        least_busy(set, skip, nice_too, &most, &cpu);
        other = most > OTHER_WORK;
        if (other && shmem_my_pe() == 0)
            printf("avoid_busy: skipped (failed beside other work: CPU %d %.0f%% busy while the PEs slept)\n",
                   cpu, 100 * most);
    }
    return job_result_or_skip(other ? 0 : failures, other);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The one CPU this PE is bound to, -1 when bound to several. */
static int my_cpu(void)
{
    cpu_set_t s;
    if (sched_getaffinity(0, sizeof s, &s) != 0 || CPU_COUNT(&s) != 1) return -1;
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &s)) return c;
    return -1;
}

/* Every PE's CPU into where[], this PE's as given (my_cpu now, or read before). */
static void gather_where(int mine)
{
    mine_now = mine;
    shmem_barrier_all();
    shmem_int_fcollect(SHMEM_TEAM_WORLD, where, &mine_now, 1);
}

/* PEs bound to cpu, over every PE (the same answer on every PE). */
static int on_cpu(int cpu)
{
    gather_where(my_cpu());
    int n = 0;
    for (int p = 0; p < shmem_n_pes(); p++) n += where[p] == cpu;
    return n;
}

/* How many CPUs the PEs are on (mine: this PE's), over every PE. */
static int cpus_used_at(int mine)
{
    gather_where(mine);
    int n = 0;
    for (int p = 0; p < shmem_n_pes(); p++) {
        int seen = 0;
        for (int q = 0; q < p && !seen; q++) seen = where[q] == where[p];
        n += !seen;
    }
    return n;
}

static int cpus_used(void)
{
    return cpus_used_at(my_cpu());
}

/* Collectives with checked results for a while: what PEs that move must keep right. */
static void work(long round)
{
    const int me = shmem_my_pe(), n = shmem_n_pes();
    for (int i = 0; i < 50; i++) {
        sum_src = me + 1 + round + i;
        shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &sum_dst, &sum_src, 1);
        const long want = (long)n * (n + 1) / 2 + (long)n * (round + i);
        if (sum_dst != want && failures++ < 5)
            fprintf(stderr, "avoid_busy: PE %d: sum %ld, want %ld (round %ld)\n", me, sum_dst, want, round + i);
        /* 4 KiB: the direct reduction, which starts with the counting barrier */
        for (int k = 0; k < 512; k++) big_src[k] = me + k + i;
        shmem_long_sum_reduce(SHMEM_TEAM_WORLD, big_dst, big_src, 512);
        for (int k = 0; k < 512; k++)
            if (big_dst[k] != (long)n * (n - 1) / 2 + (long)n * (k + i) && failures++ < 5)
                fprintf(stderr, "avoid_busy: PE %d: big[%d] = %ld\n", me, k, big_dst[k]);
        shmem_barrier_all();
        /* the active-set barrier counts signals per sender: mates on one word, the others on
         * another, a choice both sides must make alike while PEs move */
        shmem_barrier(0, 0, n, psync);
        shmem_team_sync(SHMEM_TEAM_WORLD);
    }
}

/* Runs work() for secs seconds of PE 0's clock. */
static void work_for(double secs)
{
    const double t0 = now();
    static int more;
    for (long round = 0;; round += 50) {
        work(round);
        if (shmem_my_pe() == 0) more = now() - t0 < secs;
        shmem_barrier_all();
        if (!shmem_int_g(&more, 0)) break;
    }
}

/* PE 0: a busy process on every CPU of set below last, their pids in pids; how many. */
static int busy_below(const cpu_set_t *set, int last, pid_t *pids)
{
    int n = 0;
    for (int c = 0; c < last && shmem_my_pe() == 0; c++)
        if (CPU_ISSET(c, set)) pids[n++] = busy_child_start(c);
    return n;
}

/* Runs work() until on_cpu(cpu) says done(n) or limit seconds pass: 1 if it did. */
static int until(int cpu, int want_none, double limit)
{
    const double t0 = now();
    for (long round = 0;; round += 50) {
        work(round);
        const int n = on_cpu(cpu);
        if (want_none ? n == 0 : n > 0) return 1;
        /* PE 0's clock decides, for everyone */
        static int out;
        int late = now() - t0 > limit;
        if (shmem_my_pe() == 0) out = late;
        shmem_barrier_all();
        if (shmem_int_g(&out, 0)) return 0;
    }
}

/* Whether the kernel shares CPU time between this process's session and others (autogroup,
 * which groups only the tasks of the root task group). */
static int autogroup_on(void)
{
    FILE *f = fopen("/proc/sys/kernel/sched_autogroup_enabled", "r");
    int on = 0;
    if (f) {
        on = fgetc(f) == '1';
        fclose(f);
    }
    char group[512];
    return on && (!shoal_busy_task_group(0, group, sizeof group) || !strcmp(group, "/"));
}

int main(int argc, char **argv)
{
    cpu_set_t start;
    sched_getaffinity(0, sizeof start, &start);
    const int ncpus = CPU_COUNT(&start);
    for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) red_psync[0][i] = red_psync[1][i] = SHMEM_SYNC_VALUE;
    double t_init = now();
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    const int stay = argc > 1 && !strcmp(argv[1], "stay");
    const int after_full = argc > 1 && !strcmp(argv[1], "after_full");
    const int crowd = argc > 1 && !strcmp(argv[1], "crowd");
    const int churn = argc > 1 && !strcmp(argv[1], "churn");
    const int held_session = argc > 1 && !strcmp(argv[1], "held_session");
    const int held_cgroup = argc > 1 && !strcmp(argv[1], "held_cgroup");
    const int held = held_session || held_cgroup || (argc > 1 && !strcmp(argv[1], "held"));
    busy_child_setsid = held_session;
    const int quick = argc > 1 && (!strcmp(argv[1], "quick") || !strcmp(argv[1], "quick_shared"));
    const int early = quick || (argc > 1 && !strcmp(argv[1], "early"));
    const double limit = quick ? 0.045 : 0.2;
    if (npes > MAXPE || ncpus < 2 || npes <= ncpus || my_cpu() < 0) {
        if (me == 0) printf("avoid_busy: skipped (%d PEs on %d CPUs, bound: %s)\n", npes, ncpus,
                            my_cpu() >= 0 ? "yes" : "no");
        shmem_finalize();
        return 77;
    }
    int last = -1;
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &start)) last = c;

    if (early) {
        int left = 0;
        for (int try = 0; try < 3 && !left; try++) {
            if (try > 0) {
                t_init = now();
                shmem_init(); /* placement gave the PEs their first CPUs back */
            }
            left = until(last, 1, limit - (now() - t_init)); /* PE 0's clock decides */
            if (me == 0)
                printf("avoid_busy: %s: try %d: %s CPU %d after %.3f s\n", argv[1], try + 1,
                       left ? "the PEs left" : "a PE still on", last, now() - t_init);
            if (!left && try == 2 && least_busy(&start, last, 1, NULL, NULL) > OTHER_WORK) {
                if (me == 0) printf("avoid_busy: skipped (no CPU but %d is free of other work)\n", last);
                shmem_finalize();
                return 77;
            }
            if (!left && try < 2) shmem_finalize();
        }
        if (!left && me == 0) {
            fprintf(stderr, "avoid_busy: %s: beside a busy process that held CPU %d from the start, a PE "
                            "was still on it %.3f s from the call to shmem_init in 3 of 3 tries\n", argv[1], last, limit);
            failures++;
        }
        return verdict(failures, &start, last, 1);
    }
    if (argc > 1 && !strcmp(argv[1], "compute")) {
        if (!until(last, 1, 2.0)) {
            if (me == 0) printf("avoid_busy: skipped (the PEs did not leave CPU %d within 2 s)\n", last);
            shmem_finalize();
            return 77;
        }
        const int half = npes / 2, putter = me < half;
        for (int k = 0; k < PUT_LONGS; k++) put_src[k] = me * 1000003L + k;
        for (int round = 0; round < 40; round++) {
            const double t0 = now();
            while (putter && now() - t0 < 0.02) {
                shmem_long_put(put_dst, put_src, PUT_LONGS, me + half);
                shmem_quiet();
            }
            shmem_barrier_all();
        }
        for (int k = 0; k < PUT_LONGS && me >= half; k++)
            if (put_dst[k] != (me - half) * 1000003L + k && failures++ < 5)
                fprintf(stderr, "avoid_busy: compute: PE %d: put_dst[%d] = %ld\n", me, k, put_dst[k]);
        on_cpu(last); /* every PE's CPU into where[] */
        int spread = 0;
        for (int p = 1; p < half; p++) spread |= where[p] != where[0];
        if (me == 0) {
            printf("avoid_busy: compute: the %d PEs that put are on CPUs", half);
            for (int p = 0; p < half; p++) printf(" %d", where[p]);
            printf("\n");
            if (!spread) {
                fprintf(stderr, "avoid_busy: compute: the %d PEs that computed (put without waiting) for 0.8 s "
                                "all stayed on CPU %d, beside a busy process on CPU %d\n", half, where[0], last);
                failures++;
            }
        }
        return verdict(failures, &start, last, 1);
    }
    if (argc > 1 && (!strcmp(argv[1], "compute_crowd") || !strcmp(argv[1], "compute_nowait"))) {
        const char *name = argv[1];
        const int nowait = !strcmp(name, "compute_nowait");
        const int strided = nowait && argc > 2 && !strcmp(argv[2], "iput");
        if (!until(last, 1, 2.0)) {
            if (me == 0) printf("avoid_busy: skipped (the PEs did not leave CPU %d within 2 s)\n", last);
            shmem_finalize();
            return 77;
        }
        const int next = (me + 1) % npes, prev = (me + npes - 1) % npes;
        for (int k = 0; k < PUT_LONGS; k++) put_src[k] = me * 1000003L + k;
        int at = -1; /* compute_nowait: this PE's CPU 1.0 s in, read with no wait since the start */
        if (nowait) {
            shmem_barrier_all();
            const double t0 = now();
            while (now() - t0 < 1.2) {
                if (strided) shmem_long_iput(put_dst, put_src, 1, 1, PUT_LONGS, next);
                else shmem_long_put(put_dst, put_src, PUT_LONGS, next);
                if (at == -1 && now() - t0 >= 1.0) at = my_cpu();
            }
        }
        for (int round = 0; round < 60 && !nowait; round++) {
            const double t0 = now();
            while (now() - t0 < 0.02) {
                shmem_long_put(put_dst, put_src, PUT_LONGS, next);
                shmem_quiet();
            }
            shmem_barrier_all();
        }
        shmem_quiet();
        shmem_barrier_all();
        for (int k = 0; k < PUT_LONGS; k++)
            if (put_dst[k] != prev * 1000003L + k && failures++ < 5)
                fprintf(stderr, "avoid_busy: %s: PE %d: put_dst[%d] = %ld\n", name, me, k, put_dst[k]);
        const int used = nowait ? cpus_used_at(at) : cpus_used();
        if (me == 0) {
            printf("avoid_busy: %s: the %d PEs that put are on %d CPUs%s\n", name, npes, used,
                   nowait ? " 1.0 s in" : "");
            if (used < 2) {
                fprintf(stderr, "avoid_busy: %s: the %d PEs that computed (put without waiting%s) "
                                "for %s s all stayed on CPU %d\n", name, npes, nowait ? " at all" : "",
                        nowait ? "1.0" : "1.2", where[0]);
                failures++;
            }
        }
        return verdict(failures, &start, last, 1);
    }
    if (argc > 1 && !strcmp(argv[1], "look")) {
        work_for(0.1);
        return job_result(failures);
    }
    if (argc > 1 && (!strcmp(argv[1], "light") || !strcmp(argv[1], "light_all") ||
                     !strcmp(argv[1], "throttled"))) {
        /* beside_busy.sh's busy processes run at nice 19 from before the job (cgroup_load -q's
         * over its quota): from the start (the quick look) through 1 s (8 windows) the PEs
         * keep every CPU and never sleep */
        const int all = !strcmp(argv[1], "light_all"), throttled = !strcmp(argv[1], "throttled");
        const char *what = throttled ? "a busy process over its cgroup's quota" : "busy processes of nice 19";
        shmemx_wait_stats_t a, b;
        shmemx_wait_stats(&a);
        const double t0 = now();
        int fewest = ncpus, fewest_last = npes;
        long rounds = 0;
        for (;; rounds++) {
            work(rounds * 50);
            const int used = cpus_used(), on_last = on_cpu(last);
            fewest = used < fewest ? used : fewest;
            fewest_last = on_last < fewest_last ? on_last : fewest_last;
            static int more;
            if (me == 0) more = now() - t0 < 1.0;
            shmem_barrier_all();
            if (!shmem_int_g(&more, 0)) break;
        }
        shmemx_wait_stats(&b);
        /* work(): 50 times 5 collectives; cpus_used, on_cpu: 2 barriers and an fcollect each */
        const double calls = (double)(rounds + 1) * (50 * 5 + 7);
        const double sleeps = (double)(b.sleeps - a.sleeps) / calls;
        if (me == 0)
            printf("avoid_busy: %s: beside %s on %s, over 1 s: the PEs on at least %d of %d CPUs, at "
                   "least %d on CPU %d\n", argv[1], what, all ? "every CPU" : "the last CPU", fewest,
                   ncpus, fewest_last, last);
        printf("avoid_busy: %s: PE %d: %.4f sleeps per collective\n", argv[1], me, sleeps);
        if (me == 0 && (fewest < ncpus || fewest_last == 0)) {
            fprintf(stderr, "avoid_busy: %s: beside %s the PEs were on %d of %d CPUs, %d on CPU %d, at "
                            "some point of 1 s: they must keep every CPU (such a process takes little of "
                            "a CPU that PEs keep)\n", argv[1], what, fewest, ncpus, fewest_last, last);
            failures++;
        }
        if (sleeps > 0.01) {
            fprintf(stderr, "avoid_busy: %s: PE %d slept %.4f times per collective beside %s (limit "
                            "0.01): its waits must yield\n", argv[1], me, sleeps, what);
            failures++;
        }
        /* beside_busy.sh's processes run at nice 19; cgroup_load's takes 0.1% of its CPU */
        return verdict(failures, &start, -1, throttled);
    }
    const double quiet = held || crowd ? 0 : least_busy(&start, last, 1, NULL, NULL);
    if (!stay && quiet > OTHER_WORK) {
        if (me == 0)
            printf("avoid_busy: skipped (no CPU but %d is free of other work: the least busy %.0f%%)\n",
                   last, 100 * quiet);
        shmem_finalize();
        return 77;
    }
    pid_t busy = me == 0 && !held_cgroup && !crowd ? busy_child_start(last) : -1;
    if (churn) {
        static int go = 1;
        int moves = 0, was_on = 1;
        const double t0 = now();
        double flip = t0 + 0.3;
        for (long i = 0;; i++) {
            sum_src = me + i;
            /* the active-set form, as the benchmarks call it: its pSync mailboxes are taken
             * without a claim when the area is known idle, which a PE let out early breaks */
            shmem_long_sum_to_all(&sum_dst, &sum_src, 1, 0, 0, npes, pwrk, red_psync[i & 1]);
            if (sum_dst != (long)npes * (npes - 1) / 2 + (long)npes * i && failures++ < 5)
                fprintf(stderr, "avoid_busy: PE %d: sum %ld at call %ld\n", me, sum_dst, i);
            /* the barrier itself: no PE leaves before every PE has arrived, seen in what
             * each stored before it (a PE that learns of a move between awaiting its
             * core-mates and the others must still await every source) */
            shmem_long_atomic_set(&arrived, i, me);
            shmem_barrier_all();
            for (int p = 0; p < npes; p++) {
                const long a = shmem_long_atomic_fetch(&arrived, p);
                if (a < i && failures++ < 5)
                    fprintf(stderr, "avoid_busy: PE %d left barrier %ld before PE %d arrived (it was at %ld)\n",
                            me, i, p, a);
            }
            if ((i & 63) != 0) continue;
            if (me == 0) {
                const double t = now();
                if (t >= flip) { /* the busy process goes or comes back */
                    if (busy > 0) {
                        busy_child_stop(busy);
                        busy = -1;
                    } else {
                        busy = busy_child_start(last);
                    }
                    flip = t + 0.3;
                }
                go = t - t0 < 10.0;
            }
            const int on = on_cpu(last) > 0; /* collective */
            moves += on != was_on;
            was_on = on;
            shmem_barrier_all();
            if (!shmem_int_g(&go, 0)) break;
        }
        if (me == 0) printf("avoid_busy: churn: the PEs left CPU %d or came back %d times, no collective hung\n", last, moves);
        busy_child_stop(busy);
        return verdict(failures, &start, -1, 1);
    }
    if (held_session && !autogroup_on()) {
        busy_child_stop(busy);
        if (me == 0) printf("avoid_busy: held_session: skipped (the kernel does not group tasks by session)\n");
        shmem_finalize();
        return 77;
    }
    if (held) {
        pid_t others[CPU_SETSIZE];
        const int n_others = held_cgroup ? 0 : busy_below(&start, last, others);
        work_for(0.4); /* the windows see the load */
        const long iters = 2000;
        shmemx_wait_stats_t a, b;
        shmemx_wait_stats(&a);
        for (long i = 0; i < iters; i++) shmem_barrier_all();
        shmemx_wait_stats(&b);
        for (int i = 0; i < n_others; i++) busy_child_stop(others[i]);
        const double yields = (double)(b.yields - a.yields) / (double)iters;
        const double past = (double)(b.past_spin - a.past_spin) / (double)iters;
        printf("avoid_busy: held: PE %d: per barrier_all beside a busy process on every CPU: %.3f past "
               "spin, %.3f yields (%.3f slow), %.3f sleeps, %.3f naps\n", me, past, yields,
               (double)(b.slow_yields - a.slow_yields) / (double)iters,
               (double)(b.sleeps - a.sleeps) / (double)iters, (double)(b.naps - a.naps) / (double)iters);
        const double sleeps = (double)(b.sleeps - a.sleeps) / (double)iters;
        const int apart = held_session || held_cgroup;
        if (!apart && yields > 0.05) {
            fprintf(stderr, "avoid_busy: held: PE %d yielded %.3f times per barrier on a CPU held by a "
                            "busy process (limit 0.05): its waits must sleep there\n", me, yields);
            failures++;
        }
        if (apart && (sleeps > 0.05 || yields < 0.05)) {
            fprintf(stderr, "avoid_busy: %s: PE %d slept %.3f and yielded %.3f times per barrier "
                            "on a CPU held by other %s' processes (limits: sleeps 0.05, yields at "
                            "least 0.05): a yield there goes to a PE of this job, its waits must yield\n",
                    argv[1], me, sleeps, yields, held_session ? "sessions" : "cgroups");
            failures++;
        }
        busy_child_stop(busy);
        return held_cgroup ? job_result(failures) : verdict(failures, &start, -1, 1);
    }
    if (crowd) {
        pid_t loads[CPU_SETSIZE];
        int n_loads = 0;
        for (int c = 0; c < ncpus && me == 0; c++) {
            /* over the job's CPUs, not PE 0's one that a child would inherit */
            loads[n_loads] = busy_child_start(-1);
            if (loads[n_loads] > 0) sched_setaffinity(loads[n_loads++], sizeof start, &start);
        }
        /* Crowding is the runtime's; the load leaving the CPUs kept is the kernel's, which
         * left it there in about 1 try of 20 (the PEs are dealt again and crowd later). */
        int crowded = 0, stayed = 0, n = 0;
        double sleeps = 0, yields = 0, t_crowd = 0;
        const double t0 = now();
        while (!stayed) {
            work(n++ * 50);
            if (cpus_used() <= ncpus / 2) {
                if (!crowded++) t_crowd = now() - t0;
                work_for(0.5); /* a crowding the load stayed beside is undone by now */
                const long iters = 2000;
                shmemx_wait_stats_t a, b;
                shmemx_wait_stats(&a);
                for (long i = 0; i < iters; i++) shmem_barrier_all();
                shmemx_wait_stats(&b);
                sleeps = (double)(b.sleeps - a.sleeps) / (double)iters;
                yields = (double)(b.yields - a.yields) / (double)iters;
                stayed = cpus_used() <= ncpus / 2;
            }
            static int late;
            if (me == 0) late = now() - t0 >= 8.0;
            shmem_barrier_all();
            if (shmem_int_g(&late, 0)) break;
        }
        if (!crowded && me == 0) {
            fprintf(stderr, "avoid_busy: crowd: 8 s beside %d busy processes bound to no CPU, the PEs "
                            "never crowded on %d CPUs\n", ncpus, ncpus / 2);
            failures++;
        }
        if (stayed && sleeps > 0.05) {
            fprintf(stderr, "avoid_busy: crowd: PE %d slept %.3f times per barrier_all (limit 0.05) "
                            "on the CPU the PEs crowd on\n", me, sleeps);
            failures++;
        }
        if (me == 0) {
            printf("avoid_busy: crowd: the PEs crowded %.2f s after the load came, %d tries; %s", t_crowd,
                   crowded, stayed ? "per barrier_all" : "the load never left their CPUs");
            if (stayed) printf(" %.3f sleeps, %.3f yields; the busy processes on CPUs", sleeps, yields);
            for (int i = 0; i < n_loads && stayed; i++) {
                int c = -1;
                shoal_busy_is_running(loads[i], &c);
                printf(" %d", c);
            }
            printf(", the PEs on CPU %d\n", where[0]);
            for (int i = 0; i < n_loads; i++) busy_child_stop(loads[i]);
        }
        shmem_barrier_all();
        const double t1 = now();
        int back = 0;
        for (long round = 0; !back && now() - t1 < 10.0; round += 50) {
            work(round);
            back = cpus_used() == ncpus;
            static int done;
            if (me == 0) done = back || now() - t1 >= 10.0;
            shmem_barrier_all();
            back = shmem_int_g(&done, 0) && back;
            if (shmem_int_g(&done, 0)) break;
        }
        if (!back && me == 0) {
            fprintf(stderr, "avoid_busy: crowd: 10 s after the busy processes ended the PEs are not "
                            "dealt over every CPU\n");
            failures++;
        }
        busy_child_stop(busy);
        if (crowded && !stayed && !failures) { /* nothing of the runtime's was wrong */
            shmem_finalize();
            return 77;
        }
        return verdict(failures, &start, -1, 1);
    }
    if (after_full) {
        pid_t others[CPU_SETSIZE];
        const int n_others = busy_below(&start, last, others);
        work_for(0.3);
        for (int i = 0; i < n_others; i++) busy_child_stop(others[i]);
        shmem_barrier_all();
        const double t1 = now();
        const int left = until(last, 1, 0.7);
        if (!left && me == 0) {
            fprintf(stderr, "avoid_busy: 0.7 s after the other CPUs' load ended, a PE is still on CPU %d "
                            "beside its busy process\n", last);
            failures++;
        }
        if (left && me == 0)
            printf("avoid_busy: %d PEs left CPU %d %.2f s after another CPU came free\n", npes, last, now() - t1);
        busy_child_stop(busy);
        return verdict(failures, &start, -1, 1);
    }
    shmem_barrier_all();
    if (on_cpu(last) == 0 && me == 0) {
        fprintf(stderr, "avoid_busy: no PE on CPU %d at the start (placement deals over every CPU)\n", last);
        failures++;
    }
    if (stay) {
        if (until(last, 1, 2.0) && me == 0) {
            fprintf(stderr, "avoid_busy: SHOAL_AVOID_BUSY=0 and the PEs left CPU %d\n", last);
            failures++;
        }
    } else {
        const int left = until(last, 1, 10.0);
        if (!left && me == 0) {
            fprintf(stderr, "avoid_busy: after 10 s beside a busy process on CPU %d a PE is still there\n", last);
            failures++;
        }
        if (me == 0) {
            busy_child_stop(busy);
            busy = -1;
        }
        if (left && !until(last, 0, 10.0) && me == 0) {
            fprintf(stderr, "avoid_busy: 10 s after the busy process ended no PE is back on CPU %d\n", last);
            failures++;
        }
        if (me == 0 && left)
            printf("avoid_busy: %d PEs left CPU %d beside a busy process and came back\n", npes, last);
    }
    busy_child_stop(busy);
    return verdict(failures, &start, -1, 1);
}
