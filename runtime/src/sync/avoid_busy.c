/* Oversubscribed PEs beside unrelated load: leave the CPUs that load holds.
 *
 * With more PEs than CPUs the PEs are dealt over the CPUs (placement.c) and hand each CPU to
 * one another by yielding. A process that spins on one of those CPUs (a build, another job)
 * takes its time slices there, and every hand-off across it waits for one: a 4-PE barrier on
 * 2 CPUs beside one busy process took 50-56 us dealt over both, 3.3-5.3 us with the 4 PEs
 * alone on the other CPU (1.4-2.0 us idle, dealt over both; benches/RESULTS.md).
 *
 * So the node's lowest PE, from its yields and sleeps (where waits go anyway once they wait
 * for a core-mate), measures every WINDOW from shmem_init on how much of each CPU of the
 * job's set went to processes other than this node's PEs: /proc/stat's busy time of the CPU
 * less the run time of the PEs bound there (/proc/PID/schedstat). A window in which a CPU is
 * mostly someone else's (HELD) while another is almost free (FREE), for the second time in
 * four windows, has the CPUs so held avoided: every local PE is dealt over the CPUs left
 * (sched_setaffinity on their pids, the same uid). Not two in a row: an unbound busy process
 * that the scheduler moves between the CPUs as the PEs sleep and wake (0.86 of one CPU, then
 * 0.48/0.12, 0.38/0.26, 0.00/0.88) never holds one CPU two windows running, and then no PE
 * moved at all in 1 of 6 runs of a 4-PE reduce; once the PEs leave its CPU it stays there.
 * An avoided CPU that the others leave mostly idle (BACK, measured without PEs on it) for two
 * windows is dealt over again, and so is every CPU when the ones the PEs are on are held too
 * (the load followed them: two busy processes the scheduler had put on one CPU, then one on
 * each). A load that runs half the time (busy 5 ms, idle 5 ms: 0.35-0.51 of its CPU) stays
 * under HELD: dealt over both CPUs the PEs get its idle halves (4-PE barrier 14-16 us,
 * against 24-29 on one CPU). The cost: pairs of PEs that had the free CPU to themselves share
 * it with the others (benches/RESULTS.md: a ping-pong 0.63-0.96x). The first two windows,
 * 50 ms each, and every window till the PEs first move, move them at once where one CPU is
 * clearly held and another free, or about one CPU's worth of load is spread over the CPUs
 * while some idle (early_move, sync/busy_pick.c). Sooner still, at its first wait the leader
 * names the other processes running on the PEs' CPUs, and over the next 12 ms reads whether
 * they keep running (quick_look, sync/busy_look.c): where fewer such processes than CPUs ran
 * at nearly every reading (and took some of their CPU: not a cgroup's over its quota), the PEs
 * leave their CPUs, mostly before the first window ends;
 * where as many ran as there are CPUs, each on a CPU of its own, the PEs of their CPUs are
 * told to sleep (below), and where they all ran on some of the CPUs the PEs crowd on the rest.
 * Neither can tell PEs that wait from PEs that compute, and PEs that compute lose by a move:
 * they share the CPUs left. So windows in a row, COMPUTE_NS long in all, in which more PEs
 * computed (ran COMPUTE_SHARE of each, or COMPUTE_FAIR of their share of a CPU that more than
 * 4 PEs share, missing fewer than COMPUTE_WAITS waits) than there are CPUs left to them deal
 * them over every CPU again, and no CPU is left while they do. The windows are read at the
 * leader's waits and before its puts and gets of 64 KiB or more (path/path.h), so PEs that
 * compute from their first call are dealt back 0.2-1 s after init or at the first of those
 * after that, and a short program of puts runs crowded to its end.
 *
 * Each window (the first two 50 ms long) also tells the PEs of a held CPU with one or two PEs
 * on it (doorbell word held) to sleep from their waits' first yield on (sync/backoff.h),
 * before any move and where none can be made.
 *
 * Where others hold every CPU and none is free (two busy processes on 2 CPUs), the PEs crowd
 * on half of the CPUs instead, if the processes there may run elsewhere (pile): the kernel's
 * balancing moves that load onto the CPUs left, and the PEs then pass theirs between
 * themselves (4 PEs beside 2 busy processes: barrier_all 22-25 us dealt over both CPUs, each
 * hand-off a wake-up on a CPU the load held; 5.1-7.0 crowded). The kernel moves only a
 * process that waits in a run queue, not the one running, so until the load has left (its
 * pids watched every ms: watch) the crowded PEs' waits spin rather than yield (a yield hands
 * the CPU to the load: the busy process then ran 90-110% of the CPU kept and stayed there),
 * and after it they yield but never sleep (a CPU whose PEs all sleep idles, and the kernel
 * pulls the load back onto it). Held word 3 and 2.
 *
 * Light processes (a background job at nice 19: busy_look.h's shoal_busy_light) are not load:
 * beside PEs that keep their CPU such a process gets a small share of it, and the whole CPU
 * once they leave, so the quick look and the walks pass them by and the windows take the time
 * they ran off what others took (busy_light.h).
 *
 * The leader writes each PE's new CPU into its doorbell (cpu) and then counts the move in its
 * own (moves); each PE, at its next yield or sleep, sees the count change and reads which
 * peers now share its CPU (core-mates: sync/backoff.h). Only the PEs' main threads move.
 * SHOAL_AVOID_BUSY=0 turns it off; SHOAL_DEBUG=1 prints each move. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/error.h"
#include "core/state.h"
#include "sync/avoid_busy.h"
#include "sync/busy_light.h"
#include "sync/busy_look.h"
#include "sync/busy_pick.h"
#include "sync/doorbell.h"
#include "sync/placement.h"

#define WINDOW_NS 100000000L
/* The first windows: they tell the waits (publish_held) and may move the PEs (early_move). */
#define EARLY_NS 50000000L
#define EARLY_WINDOWS 2
#define HELD 0.65 /* share of a CPU others took: avoid it (one busy process: 0.82-0.89) */
#define FREE 0.15 /* ... at most, for a CPU the PEs may go to */
#define BACK 0.25 /* ... at most, for an avoided CPU to be used again */
#define LOOKS 4   /* looks at what holds a told CPU, while a process of this job's group seems to */
#define STUCK_NS 1000000000L /* with no CPU free this long, sampling slows down */
/* The quick look: readings at least QUICK_GAP_NS apart, QUICK_MIN of them over at least
 * QUICK_SPAN_NS (longer than the period of a load that runs 5 ms in 10: it ran at 4-7 of 12-16
 * readings, a busy process at all); a process running at QUICK_STEADY of them keeps its CPU
 * busy. It reads only at the leader's waits: 16 readings took 22-48 ms at 8 PEs on 2 CPUs, 12
 * took 25-52 ms at 4 PEs beside a busy process on each CPU (the leader's yields lose slices),
 * so the look goes on past the first windows, to QUICK_END_NS after its first reading or a
 * move of the PEs (its readings are of the CPUs before it). At most QUICK_MAX processes are
 * followed. */
#define QUICK_GAP_NS 250000L
#define QUICK_SPAN_NS 12000000L
#define QUICK_MIN 12
#define QUICK_STEADY 0.9
#define QUICK_MAX 8
#define QUICK_END_NS 100000000L
/* ... and a process that ran at nearly every reading but took under QUICK_SHARE of its fair
 * share of its CPU (one over the PEs there and it) over the look waits for time it is not
 * given: a cgroup over its CPU quota keeps its tasks runnable (state R) while they do not run.
 * Such a process (2% of a CPU) had 4 PEs crowd off its CPU for the first window, a reduce of
 * 128 KiB-1 MiB 1.3-2.1x slower there. A busy process took 0.09-0.68 of its CPU over the look
 * beside 2-8 PEs a CPU (fair shares 1/9-1/3). */
#define QUICK_SHARE 0.25
/* A PE computes, rather than waits, in a window where it ran at least COMPUTE_SHARE of it and
 * fewer than COMPUTE_WAITS of its waits missed their condition at the first poll (a PE in a
 * loop of collectives misses hundreds; one that waits out a phase in a single barrier runs
 * little). With more than 4 PEs on its CPU the bar is COMPUTE_FAIR of a CPU's share per PE
 * there: 16 PEs crowded on one CPU run 0.0625 of it each, and under a bar of 0.2 PEs putting
 * 64 KiB beside 2 busy processes were never dealt back (8.7 us a put, 5.2 dealt back). */
#define COMPUTE_SHARE 0.2
#define COMPUTE_FAIR 0.8
#define COMPUTE_WAITS 64
/* ... through windows in a row of this long in all, before they are dealt back: a program
 * whose computing and collectives alternate every 0.1 s was dealt back and moved again at each
 * change, and its reductions took 30-62 us a call against 18-19 left moved. */
#define COMPUTE_NS 200000000L
/* A crowding (pile) that the load followed onto the CPUs kept, or undone for PEs that compute,
 * is tried again after PILE_WAIT_NS, then twice as long each time up to PILE_WAIT_MAX_NS. */
#define PILE_WAIT_NS 1000000000L
#define PILE_WAIT_MAX_NS 16000000000L

int shoal_avoid_busy_on;
int shoal_avoid_busy_leads; /* this PE is the leader: avoid_busy.h */
const uint32_t *shoal_avoid_busy_held_word;
uint64_t *shoal_avoid_busy_waits_word;
static int enabled = 1; /* SHOAL_AVOID_BUSY */
static uint32_t seen_moves;
static int sampling; /* the leader's sample runs in one thread at a time */
/* The leader's: */
static int ncpu, *cpus; /* the CPUs the PEs were dealt over at init */
static struct cpu_state {
    long long busy_ticks; /* /proc/stat: user nice system irq softirq steal */
    long long idle_ticks; /* /proc/stat: idle iowait */
    double others;        /* last window: share of the CPU others took */
    double others_idle;   /* the same, as what neither the PEs nor idle took (early_move) */
    double idled;         /* last window: share of the CPU idle */
    int held, back;       /* windows in a row held (see sample), under BACK */
    int loaded;           /* the last window: held */
    int told;             /* its PEs' waits were told to sleep (publish_held) */
    int grouped;          /* since told: what holds it is of other sessions or cgroups */
    int looks;            /* looks at its holders since told (publish_held) */
    int avoided;
} *st;
static int *pe_cpu;          /* by local index: the CPU each PE is bound to now */
static int *pe_pid;          /* by local index: its pid */
static long long *pe_run_ns; /* by local index: its run time at the last sample */
static uint64_t *pe_waits;   /* ... and its count of waits (wait activity line) */
static long start_ns, last_ns, ticks_per_s;
static long wait_ns = WINDOW_NS; /* till the next sample: longer while no CPU is free */
static int early;                /* early windows left */
static int confirm;              /* the next window checks an early move */
static int moved_once;           /* the PEs moved since init */
static int dealt_back;           /* the last move dealt PEs that compute over every CPU */
static long compute_ns;          /* how long the windows in a row up to now found them computing */
static long stuck_ns;            /* how long no CPU was free to go to, up to now */
static unsigned seen_held;       /* the last 4 windows: bit set where a CPU was held, one free */
static int quick_on;             /* the quick look is still reading */
static long quick_first_ns, quick_last_ns;
static int quick_n;              /* readings so far */
static int quick_np;             /* processes followed: */
static int quick_pid[QUICK_MAX], quick_cpu[QUICK_MAX], quick_runs[QUICK_MAX];
static int quick_hops[QUICK_MAX]; /* readings that found it on another CPU than the last */
static long long quick_run0[QUICK_MAX]; /* its run time at the first reading */
static int quick_moved; /* the last move was the quick look's (debug output) */
static int debug; /* SHOAL_DEBUG=1: say each move; 2: each window too (say_window) */
static int piled;                 /* the CPUs avoided now are a crowding's (pile) */
static long pile_next_ns;         /* no crowding before */
static long pile_wait_ns;         /* ... the wait after the next one the load follows */
static int pile_turn;             /* where the next crowding's kept CPUs start */
/* While the load is still on the CPUs the PEs crowd on, its processes, watched every
 * WATCH_GAP_NS at the leader's waits: once none of them runs there the PEs' waits yield. */
#define WATCH_MAX 8
#define WATCH_GAP_NS 1000000L
/* ... for at most this long: a load the kernel leaves there (it left in 0.04-0.29 s in 19 of
 * 20 runs, not in 3 s in the 20th) costs the PEs more than dealt over every CPU (they spin
 * meanwhile), so they are dealt again, and crowd again later (pile_next_ns). */
#define WATCH_END_NS 400000000L
static int watch_pid[WATCH_MAX], watch_n;
static long watch_last_ns, watch_since_ns;

void shoal_avoid_busy_check_env(void)
{
    const char *s = getenv("SHOAL_AVOID_BUSY");
    enabled = 1;
    if (!s || !*s || !strcmp(s, "1")) return;
    if (strcmp(s, "0")) shoal_fatal("shmem_init", "SHOAL_AVOID_BUSY=%s is not 0 or 1", s);
    enabled = 0;
}

/* A local PE's doorbell: mapped wherever this runs (shoal_avoid_busy_init checks). */
static struct shoal_doorbell *bell_of(int pe)
{
    return (struct shoal_doorbell *)shoal_g.peers[pe].bell;
}

/* ... and the count of its waits, on the line after it. */
static uint64_t *waits_of(int pe)
{
    return &((struct shoal_wait_activity *)(bell_of(pe) + 1))->waits;
}

static int slot_of(int cpu)
{
    for (int i = 0; i < ncpu; i++)
        if (cpus[i] == cpu) return i;
    return -1;
}

/* The PEs bound to each CPU of the set now, by slot. */
static void count_pes(int npe[CPU_SETSIZE])
{
    memset(npe, 0, CPU_SETSIZE * sizeof *npe);
    for (int i = 0; i < shoal_g.n_local_pes; i++) {
        const int k = slot_of(pe_cpu[i]);
        if (k >= 0) npe[k]++;
    }
}

/* The share of a window a PE must run to count as computing, on a CPU that npe PEs share. */
static double compute_bar(int npe)
{
    return COMPUTE_FAIR / npe < COMPUTE_SHARE ? COMPUTE_FAIR / npe : COMPUTE_SHARE;
}

/* Busy and idle ticks of every CPU of the set into busy[slot], idle[slot]; 0 when /proc/stat
 * cannot be read. */
static int read_ticks(long long *busy, long long *idle)
{
    FILE *f = fopen("/proc/stat", "re");
    if (!f) return 0;
    char line[512];
    int got = 0;
    while (fgets(line, sizeof line, f)) {
        int cpu;
        long long v[8] = {0};
        if (strncmp(line, "cpu", 3) || line[3] < '0' || line[3] > '9') continue;
        if (sscanf(line + 3, "%d %lld %lld %lld %lld %lld %lld %lld %lld", &cpu, &v[0], &v[1],
                   &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) < 9)
            continue;
        const int k = slot_of(cpu);
        if (k < 0) continue;
        busy[k] = v[0] + v[1] + v[2] + v[5] + v[6] + v[7]; /* user nice system irq softirq steal */
        idle[k] = v[3] + v[4];                            /* idle iowait */
        got++;
    }
    fclose(f);
    return got == ncpu;
}

static void sample(long t);
static void move_pes(long t);

static void leader_free(void)
{
    free(cpus);
    free(st);
    free(pe_cpu);
    free(pe_pid);
    free(pe_run_ns);
    free(pe_waits);
    cpus = NULL;
    st = NULL;
    pe_cpu = NULL;
    pe_pid = NULL;
    pe_run_ns = NULL;
    pe_waits = NULL;
    ncpu = 0;
    shoal_busy_light_reset();
    __atomic_store_n(&shoal_avoid_busy_leads, 0, __ATOMIC_RELAXED);
}

void shoal_avoid_busy_init(void)
{
    shoal_avoid_busy_on = 0;
    if (!enabled || !shoal_g.oversubscribed || shoal_g.bound_cpu < 0 || !shoal_bells_on) return;
    /* Every local PE's doorbell mapped here (not so under SHOAL_TRANSPORT=tcp or mpi). */
    for (int i = 0; i < shoal_g.n_local_pes; i++)
        if (shoal_bell(shoal_g.local_pes[i]) == NULL) return;
    struct shoal_doorbell *own = bell_of(shoal_g.me);
    own->cpu = shoal_g.bound_cpu;
    __atomic_store_n(&own->held, 0, __ATOMIC_RELAXED);
    shoal_avoid_busy_held_word = &own->held;
    __atomic_store_n(waits_of(shoal_g.me), 0, __ATOMIC_RELAXED);
    shoal_avoid_busy_waits_word = waits_of(shoal_g.me);
    seen_moves = 0;
    shoal_avoid_busy_on = 1;
    shoal_avoid_busy_leads = shoal_g.local_pes[0] == shoal_g.me;
    if (!shoal_avoid_busy_leads) return;
    own->moves = 0;
    const char *d = getenv("SHOAL_DEBUG");
    debug = d ? atoi(d) : 0;
    const int n = shoal_g.n_local_pes;
    cpus = calloc(CPU_SETSIZE, sizeof *cpus);
    st = calloc(CPU_SETSIZE, sizeof *st);
    pe_cpu = calloc((size_t)n, sizeof *pe_cpu);
    pe_pid = calloc((size_t)n, sizeof *pe_pid);
    pe_run_ns = calloc((size_t)n, sizeof *pe_run_ns);
    pe_waits = calloc((size_t)n, sizeof *pe_waits);
    ticks_per_s = sysconf(_SC_CLK_TCK);
    ncpu = cpus ? shoal_placement_dealt_cpus(cpus) : 0;
    if (!st || !pe_cpu || !pe_pid || !pe_run_ns || !pe_waits || ticks_per_s <= 0 || ncpu < 2) {
        leader_free(); /* nowhere to go: the others wait for moves that never come */
        return;
    }
    for (int i = 0; i < n; i++) {
        pe_cpu[i] = cpus[i % ncpu]; /* as placement dealt them */
        pe_pid[i] = shoal_g.peers[shoal_g.local_pes[i]].pid;
    }
    last_ns = 0;
    stuck_ns = 0;
    seen_held = 0;
    early = EARLY_WINDOWS;
    confirm = 0;
    moved_once = 0;
    dealt_back = 0;
    compute_ns = 0;
    quick_n = quick_np = 0;
    quick_first_ns = quick_last_ns = 0;
    quick_moved = 0;
    piled = 0;
    __atomic_store_n(&watch_n, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&watch_last_ns, 0, __ATOMIC_RELAXED);
    watch_since_ns = 0;
    pile_next_ns = 0;
    pile_wait_ns = PILE_WAIT_NS;
    pile_turn = 0;
    __atomic_store_n(&quick_on, 1, __ATOMIC_RELAXED);
    __atomic_store_n(&wait_ns, EARLY_NS, __ATOMIC_RELAXED);
    start_ns = shoal_now_ns();
    sample(start_ns); /* the first window starts here */
}

void shoal_avoid_busy_fini(void)
{
    leader_free();
    shoal_avoid_busy_held_word = NULL;
    shoal_avoid_busy_waits_word = NULL;
    shoal_avoid_busy_on = 0;
}

/* Deal every local PE over the CPUs not avoided (in local order, as placement does). */
static int deal(void)
{
    int allowed[CPU_SETSIZE], na = 0;
    for (int k = 0; k < ncpu; k++)
        if (!st[k].avoided) allowed[na++] = cpus[k];
    if (na == 0) return 0;
    for (int i = 0; i < shoal_g.n_local_pes; i++) {
        const int pe = shoal_g.local_pes[i], cpu = allowed[i % na];
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(cpu, &one);
        if (sched_setaffinity(shoal_g.peers[pe].pid, sizeof one, &one) != 0) return 0;
        pe_cpu[i] = cpu;
        __atomic_store_n(&bell_of(pe)->cpu, cpu, __ATOMIC_RELEASE);
    }
    struct shoal_doorbell *own = bell_of(shoal_g.me);
    __atomic_store_n(&own->moves, own->moves + 1, __ATOMIC_RELEASE);
    return 1;
}

/* Tell the PEs of a CPU that others held in the last window to sleep from their waits' first
 * yield on: with one or two PEs there a yield seldom finds a PE to hand the CPU to, and hands
 * it to the load for a whole slice (4 PEs on 2 CPUs: barrier beside 1 busy process before the
 * move 50-57 us yielding, 8-42 sleeping; beside 2, which no move avoids, 53-70 against 20-33;
 * benches/RESULTS.md). With three or more PEs on the CPU the yields pass it between PEs,
 * and sleeping made every hand-off a wake-up: 6 and 8 PEs beside 2 busy processes 1.3-2x
 * slower (reduce 8 B-4 KiB, barrier), so they keep yielding. A load that runs half the time
 * stays under HELD, and those waits keep yielding too: sleeping made a 4-PE barrier beside
 * one busy 5 ms, idle 5 ms 12-29 us instead of 2-14, and a reduce or collect of 16 KiB-1 MiB
 * 1.2-4x slower (the PEs of its CPU told wherever others took over 0.2 of it). */
static void publish_held(int may_begin)
{
    int npe[CPU_SETSIZE];
    count_pes(npe);
    for (int k = 0; k < ncpu; k++) {
        const int was = st[k].told;
        /* may_begin 0 (a window of 50 ms, the first two) begins no telling: beside a load
         * busy 5 ms and idle 5 one read 0.66-0.73 of its CPU in 10 of 102 runs of 4 PEs, and
         * in 6 the next read 0.27-0.41 with the PEs asleep, over BACK, so they slept till the
         * windows moved them off at 0.3 s (fcollect 8 B 3.7-7.1 us, 2.1-3.2 yielding;
         * benches/RESULTS.md). A steady process is the quick look's to tell (nowhere to go),
         * or the next window's. */
        st[k].told = st[k].loaded && npe[k] <= 2 && (was || may_begin);
        /* Where the kernel shares the CPU between groups of tasks (cgroups of the cpu
         * controller, or sessions: autogroup) and what holds it is of other groups, a yield
         * goes to the next PE of this job, which keeps its group's share: yielding beats
         * sleeping there (4 PEs beside 2 busy processes started from
         * another terminal: fcollect 8 B 8.3 us yielding, 28.3 sleeping, Open MPI's MPI 14.4;
         * benches/RESULTS.md). Looked at (a walk over /proc) when a CPU comes to be told and,
         * while a process of this job's group seemed to hold it, at the next LOOKS - 1 windows:
         * one that ran there at the first look for a moment (a helper of the machine's own,
         * in about 1 run of 80 of tests/runtime's avoid_busy held_cgroup) must not decide for
         * good. Once other groups' processes were seen holding it, it is not looked at again
         * while it stays told, even if a process of this job's group takes it over. */
        if (st[k].told && !was) st[k].looks = 0;
        if (st[k].told && (!was || (!st[k].grouped && st[k].looks < LOOKS))) {
            st[k].looks++;
            st[k].grouped = shoal_busy_cpu_other_groups(pe_pid, shoal_g.n_local_pes, cpus[k]);
            if (debug && st[k].grouped)
                fprintf(stderr, "shoal: debug: PE %d, %.3f s after init: CPU %d is held by processes "
                        "of other sessions or cgroups: its PEs' waits yield\n", shoal_g.me,
                        (double)(shoal_now_ns() - start_ns) * 1e-9, cpus[k]);
        }
    }
    for (int i = 0; i < shoal_g.n_local_pes; i++) {
        const int k = slot_of(pe_cpu[i]);
        /* crowded (pile): 3 while the load is still on their CPU, then 2 */
        const uint32_t held = piled ? (k >= 0 && st[k].loaded ? 3u : 2u)
                                    : (uint32_t)(k >= 0 && st[k].told && !st[k].grouped);
        struct shoal_doorbell *d = bell_of(shoal_g.local_pes[i]);
        if (__atomic_load_n(&d->held, __ATOMIC_RELAXED) != held)
            __atomic_store_n(&d->held, held, __ATOMIC_RELAXED);
    }
}

/* SHOAL_DEBUG=2: what a window read, per CPU, and what its PEs' waits were told: a wait that
 * sleeps in one part of a run and yields in another shows why here. */
static void say_window(long t)
{
    char line[1024];
    int at = snprintf(line, sizeof line, "shoal: debug: PE %d, %.3f s after init: window:", shoal_g.me,
                      (double)(t - start_ns) * 1e-9);
    for (int k = 0; k < ncpu && at > 0 && at < (int)sizeof line; k++) {
        const int asleep = st[k].told && !st[k].grouped && !piled && !st[k].avoided;
        at += snprintf(line + at, sizeof line - (size_t)at, " CPU %d others %.2f idle %.2f%s%s%s;",
                       cpus[k], st[k].others, st[k].idled, st[k].loaded ? " held" : "",
                       st[k].avoided ? " avoided" : "", asleep ? ", its PEs sleep" : "");
    }
    fprintf(stderr, "%s\n", line);
}

/* No more windows (the leader stops): no PE goes on sleeping by an old one. */
static void clear_held(void)
{
    for (int i = 0; i < shoal_g.n_local_pes; i++)
        __atomic_store_n(&bell_of(shoal_g.local_pes[i])->held, 0, __ATOMIC_RELAXED);
}

/* An early window's move (sync/busy_pick.c decides); 1 if so. Not from 2 of 4 whole windows,
 * as sample does later: that move came 0.25-0.55 s after init, and before it 4 PEs beside one
 * busy process took 40-60 us for a reduce or alltoall of 8 B (6-10 after it). The busy ticks
 * that sample reads sample who ran at each tick, and over the 5 ticks of a window one busy
 * process read 0.24-0.92 of its CPU. Windows of 25 ms caught no steady load sooner, and moved
 * off a load that runs half the time. Such a move is undone by the first whole window
 * (confirm) where its CPU is not held. */
static int early_move(void)
{
    static double others[CPU_SETSIZE], idled[CPU_SETSIZE]; /* one sample at a time */
    static int avoid[CPU_SETSIZE];
    for (int k = 0; k < ncpu; k++) {
        others[k] = st[k].others_idle;
        idled[k] = st[k].idled;
    }
    if (!shoal_busy_pick(ncpu, others, idled, avoid)) return 0;
    for (int k = 0; k < ncpu; k++) st[k].avoided = avoid[k];
    return 1;
}

/* The processes that run on the CPUs the PEs crowd on, to watch (watch): their pids. */
static void watch_start(long t)
{
    static int kept[CPU_SETSIZE]; /* one sample at a time */
    int nkept = 0;
    for (int k = 0; k < ncpu; k++)
        if (!st[k].avoided) kept[nkept++] = cpus[k];
    if (watch_n == 0) watch_since_ns = t; /* a new watch (a window may renew the pids) */
    const int n = shoal_busy_running_list(pe_pid, shoal_g.n_local_pes, kept, nkept, watch_pid, WATCH_MAX);
    __atomic_store_n(&watch_n, n > 0 ? n : 0, __ATOMIC_RELAXED);
    __atomic_store_n(&watch_last_ns, t, __ATOMIC_RELAXED);
}

/* The PEs crowd on the CPUs not in avoid (pile, quick_look): dealt there by the move that
 * follows, their waits yield but do not sleep (publish_held) while the load's processes on
 * those CPUs, if any, are watched till they leave. */
static void crowd_start(long t, const int *avoid)
{
    for (int k = 0; k < ncpu; k++) st[k].avoided = avoid[k];
    piled = 1;
    watch_start(t);
}

/* Others hold every CPU (none free to go to) with processes the scheduler may move, and the
 * PEs wait rather than compute: crowd the PEs on half of the CPUs (one of 2). The kernel's
 * balancing then takes the load off the CPUs kept (it cannot move the bound PEs, and a CPU of
 * PEs that yield to one another never idles, so it does not pull the load back), and the PEs
 * pass them between themselves by yielding, where dealt over every CPU each hand-off waited
 * for a wake-up on a CPU the load held. Where the load stays (bound there, or the kernel left
 * it), they are dealt over every CPU again (watch, or all_held in sample); then no crowding
 * for a second, then twice as long each time. Sets the CPUs to avoid and returns 1 if so. */
static int pile(long t, int computing)
{
    if (t < pile_next_ns) return 0;
    const int keep = ncpu / 2 > 0 ? ncpu / 2 : 1;
    if (computing > keep) return 0;
    for (int k = 0; k < ncpu; k++)
        if (!st[k].loaded || st[k].grouped) return 0;
    /* a CPU held by other sessions or cgroups: the PEs' yields stay in the job there (told
     * CPUs were looked at by publish_held) */
    for (int k = 0; k < ncpu; k++)
        if (!st[k].told && shoal_busy_cpu_other_groups(pe_pid, shoal_g.n_local_pes, cpus[k])) {
            pile_next_ns = t + PILE_WAIT_MAX_NS;
            return 0;
        }
    static int movable[CPU_SETSIZE], avoid[CPU_SETSIZE], to[CPU_SETSIZE]; /* one sample at a time */
    for (int k = 0; k < ncpu; k++) {
        int nto = 0;
        for (int j = 0; j < ncpu; j++)
            if (j != k) to[nto++] = cpus[j];
        movable[k] = shoal_busy_cpu_movable(pe_pid, shoal_g.n_local_pes, cpus[k], to, nto);
    }
    if (!shoal_busy_pile(ncpu, movable, pile_turn, avoid)) {
        /* bound load: look again later, not at every window (a walk over /proc each) */
        pile_next_ns = t + PILE_WAIT_NS;
        return 0;
    }
    pile_turn = (pile_turn + 1) % ncpu;
    crowd_start(t, avoid);
    if (debug)
        fprintf(stderr, "shoal: debug: PE %d, %.3f s after init: no CPU free, what holds them may "
                "move: the PEs crowd on %d of %d CPUs\n", shoal_g.me, (double)(t - start_ns) * 1e-9,
                keep, ncpu);
    return 1;
}

/* The CPUs avoided are dealt over again: a crowding undone by the load that followed or by
 * PEs that compute waits before the next (pile). */
static void unpile(long t, int followed)
{
    if (!piled) return;
    piled = 0;
    __atomic_store_n(&watch_n, 0, __ATOMIC_RELAXED);
    if (!followed) {
        pile_wait_ns = PILE_WAIT_NS;
        return;
    }
    pile_next_ns = t + pile_wait_ns;
    pile_wait_ns = pile_wait_ns * 2 > PILE_WAIT_MAX_NS ? PILE_WAIT_MAX_NS : pile_wait_ns * 2;
}

/* One reading of the quick look, and once there are enough, its move: where the processes
 * that ran at nearly every reading (each keeps a CPU busy: one or two readings without it are
 * a process that came and went) were on some of the CPUs only, the PEs leave those CPUs. The
 * first windows cannot see them sooner than 50 ms after init, and a program's first calls all
 * run before: beside one busy process a 4-PE barrier_all of 27-105 us and a reduce of 45-64 us
 * (idle 3.6-4.5 us, 7-9 once moved). None running at the first reading or none steady: no
 * move (the windows decide); a steady one on every CPU: the PEs may crowd (pile). The window
 * that follows confirms a move off fewer processes than CPUs, as an early window's. The look
 * cannot tell PEs that wait from PEs that compute between waits (the busy process's share of
 * its CPU read 0.16-0.34 beside a reduce, 0.20-0.46 beside put latency), so it also moves
 * programs that the windows would leave dealt over every CPU: put and get latency at 4 PEs
 * beside one busy process down to 0.51x, while first collective calls gained 3-12x. */
static void quick_look(long t)
{
    if (quick_n == 0) {
        quick_first_ns = t;
        quick_np = shoal_busy_running_list(pe_pid, shoal_g.n_local_pes, cpus, ncpu, quick_pid, QUICK_MAX);
        if (quick_np <= 0) {
            __atomic_store_n(&quick_on, 0, __ATOMIC_RELAXED);
            return;
        }
        for (int i = 0; i < quick_np; i++) {
            quick_runs[i] = 0;
            quick_hops[i] = 0;
            quick_cpu[i] = -1;
            quick_run0[i] = shoal_busy_run_ns(quick_pid[i]);
        }
    }
    quick_n++;
    __atomic_store_n(&quick_last_ns, t, __ATOMIC_RELAXED);
    for (int i = 0; i < quick_np; i++) {
        int cpu;
        if (shoal_busy_is_running(quick_pid[i], &cpu)) {
            quick_hops[i] += quick_cpu[i] >= 0 && cpu != quick_cpu[i];
            quick_runs[i]++;
            quick_cpu[i] = cpu;
        }
    }
    if (quick_n < QUICK_MIN || t - quick_first_ns < QUICK_SPAN_NS) {
        if (t - quick_first_ns > QUICK_END_NS) __atomic_store_n(&quick_on, 0, __ATOMIC_RELAXED);
        return;
    }
    __atomic_store_n(&quick_on, 0, __ATOMIC_RELAXED);
    static int on[CPU_SETSIZE], npe[CPU_SETSIZE]; /* one look at a time */
    static double share[QUICK_MAX];
    int steady = 0, hopped = 0;
    for (int k = 0; k < ncpu; k++) on[k] = 0;
    count_pes(npe);
    for (int i = 0; i < quick_np; i++) {
        const long long r = shoal_busy_run_ns(quick_pid[i]);
        share[i] = r >= 0 && quick_run0[i] >= 0 ? (double)(r - quick_run0[i]) / (double)(t - quick_first_ns)
                                                : -1; /* unknown (gone, or no schedstat) */
        if (quick_runs[i] < QUICK_STEADY * quick_n) continue;
        const int k = slot_of(quick_cpu[i]);
        if (k < 0 || (share[i] >= 0 && share[i] < QUICK_SHARE / (npe[k] + 1))) continue;
        on[k] = 1;
        steady++;
        hopped += quick_hops[i] > 0;
    }
    int left = 0;
    for (int k = 0; k < ncpu; k++) left += !on[k];
    if (debug)
        for (int i = 0; i < quick_np; i++)
            fprintf(stderr, "shoal: debug: PE %d, %.3f s after init: quick look: task %d ran at %d of %d "
                    "readings in %.1f ms, on CPU %d, share %.2f\n", shoal_g.me, (double)(t - start_ns) * 1e-9,
                    quick_pid[i], quick_runs[i], quick_n, (double)(t - quick_first_ns) * 1e-6, quick_cpu[i],
                    share[i]);
    if (steady == 0) return;
    if (left == 0 || (steady >= ncpu && hopped)) {
        /* Nowhere to go: the PEs of a CPU a steady process holds sleep from their waits'
         * first yield on (a yield hands that CPU to the process for a slice). The windows
         * tell them so only where others took over HELD of it, and beside PEs that yield a
         * busy process took 0.31-0.60 over the look: at 4 PEs beside 2 busy processes a
         * program's first barrier_all took 57-68 us, 23-30 told here. */
        for (int k = 0; k < ncpu; k++) st[k].loaded |= on[k];
        publish_held(1);
        if (debug)
            fprintf(stderr, "shoal: debug: PE %d, %.3f s after init: quick look: no CPU free; "
                    "the PEs of held CPUs sleep in their waits (yield where other sessions or "
                    "cgroups hold them)\n", shoal_g.me, (double)(t - start_ns) * 1e-9);
        if (!pile(t, 0)) return;
    } else if (steady >= ncpu) {
        /* As many steady processes as CPUs, all on some of them through the whole look (two
         * busy processes on one CPU, where a job before this one crowded its PEs on the other
         * and the kernel left them): the PEs crowd on the CPUs left, as a pile ends once the
         * kernel has moved the load, without waiting for that (0.05-0.6 s or more: a
         * program's first rows). They yield there but never sleep: a CPU of PEs that all
         * sleep idles, and the kernel pulls one of the load's processes over (moved plainly,
         * the PEs had 10% of their CPU 0.3 s later). */
        for (int k = 0; k < ncpu; k++) st[k].loaded = on[k];
        crowd_start(t, on);
        if (debug)
            fprintf(stderr, "shoal: debug: PE %d, %.3f s after init: quick look: the load's %d "
                    "processes share %d of %d CPUs: the PEs crowd on the rest\n", shoal_g.me,
                    (double)(t - start_ns) * 1e-9, steady, ncpu - left, ncpu);
    } else {
        for (int k = 0; k < ncpu; k++) st[k].avoided = on[k];
    }
    early = 0;
    confirm = !piled; /* a crowding is undone where the load follows (sample: all_held) */
    quick_moved = 1;
    move_pes(t);
    quick_moved = 0;
    if (!__atomic_load_n(&shoal_avoid_busy_leads, __ATOMIC_RELAXED)) return;
    __atomic_store_n(&wait_ns, WINDOW_NS, __ATOMIC_RELAXED);
    __atomic_store_n(&last_ns, 0, __ATOMIC_RELAXED);
    sample(t); /* the whole window that confirms starts here */
}

/* One window: each CPU's share that others took; avoid or use again where it says so. */
static void sample(long t)
{
    long long ticks[CPU_SETSIZE], idle[CPU_SETSIZE];
    double ours[CPU_SETSIZE] = {0};
    if (!read_ticks(ticks, idle)) {
        clear_held();
        leader_free();
        return;
    }
    const int first = last_ns == 0;
    const long window = t - last_ns;
    int computing = 0; /* PEs that computed through this window on the CPUs not avoided */
    int npe[CPU_SETSIZE];
    count_pes(npe);
    for (int i = 0; i < shoal_g.n_local_pes; i++) {
        const long long r = shoal_busy_run_ns(shoal_g.peers[shoal_g.local_pes[i]].pid);
        const uint64_t w = __atomic_load_n(waits_of(shoal_g.local_pes[i]), __ATOMIC_RELAXED);
        const int k = slot_of(pe_cpu[i]);
        if (r >= 0 && k >= 0 && !first) {
            ours[k] += (double)(r - pe_run_ns[i]) * 1e-9;
            computing += !st[k].avoided && pe_run_ns[i] >= 0 &&
                         (double)(r - pe_run_ns[i]) >= compute_bar(npe[k]) * (double)window &&
                         w - pe_waits[i] < COMPUTE_WAITS;
        }
        pe_run_ns[i] = r;
        pe_waits[i] = w;
    }
    const double secs = (double)window * 1e-9;
    __atomic_store_n(&last_ns, t, __ATOMIC_RELAXED);
    /* The time light processes took (a nice-19 background job: busy_light.h) is not load:
     * beside 4 PEs dealt over 2 CPUs a busy process of nice 19 took 0.22-0.24 of its CPU, and
     * a 4-PE reduce of 8 B took 3.5 us (idle 2.4); moved off its CPU, 6.9-8.6. Of nice 15,
     * 4.7 against 6.5; of nice 10, which counts, 8.3-8.8 against 6.3-6.7. */
    static double busy[CPU_SETSIZE], light[CPU_SETSIZE]; /* one sample at a time */
    int look = 0;
    for (int k = 0; k < ncpu; k++) {
        busy[k] = (double)(ticks[k] - st[k].busy_ticks) / (double)ticks_per_s;
        look |= !first && (busy[k] - ours[k]) / secs > FREE;
    }
    shoal_busy_light_took(pe_pid, shoal_g.n_local_pes, cpus, ncpu, t, secs, look, light);
    int change = 0, free_cpu = 0;
    for (int k = 0; k < ncpu; k++) {
        const double idled = (double)(idle[k] - st[k].idle_ticks) / (double)ticks_per_s;
        st[k].busy_ticks = ticks[k];
        st[k].idle_ticks = idle[k];
        if (first) continue;
        const double o = (busy[k] - ours[k] - light[k]) / secs;
        st[k].others = o < 0 ? 0 : o;
        /* idle time is counted in whole ticks: one more where there was any */
        const double oi =
            1 - (ours[k] + light[k] + idled + (idled > 0 ? 1.0 / (double)ticks_per_s : 0)) / secs;
        st[k].others_idle = oi < 0 ? 0 : oi;
        st[k].idled = idled / secs;
        /* Held: over HELD; or, while its PEs slept, over BACK. Sleeping PEs leave the load
         * the CPU less often: one busy process then took 0.36-0.38 of it where yielding PEs
         * had left it 0.96, and a plain threshold flipped the waits between sleeping and
         * yielding every window and put the move off to 0.35-0.45 s. */
        const int held = st[k].others > HELD || (st[k].told && st[k].others > BACK);
        st[k].loaded = held;
        if (early) continue;
        st[k].held = held ? st[k].held + 1 : 0;
        st[k].back = st[k].others < BACK ? st[k].back + 1 : 0;
        /* an early move off a CPU the load no longer holds: used again, as after two windows
         * under BACK */
        if (confirm && st[k].avoided && st[k].others < HELD) st[k].back = 2;
        change |= st[k].avoided && st[k].back >= 2;
        free_cpu |= !st[k].avoided && st[k].others < FREE;
    }
    if (first) return;
    if (!early) confirm = 0;
    int kept_held = 0;
    for (int k = 0; k < ncpu; k++) kept_held |= piled && !st[k].avoided && st[k].loaded;
    if (kept_held) watch_start(t); /* the load is (back) on the CPUs the PEs crowd on */
    publish_held(early == 0);
    if (debug >= 2) say_window(t);
    if (early) {
        early--;
        const int moved = early_move();
        if (moved || !early) __atomic_store_n(&wait_ns, WINDOW_NS, __ATOMIC_RELAXED);
        if (!moved) return;
        early = 0;
        confirm = 1;
        move_pes(t);
        return;
    }
    /* Until the PEs first move, each window may move them as the first ones do. With three
     * or more PEs on a CPU their yields keep a busy process to 0.12-0.45 of it while the job
     * starts, and the scheduler moves it between CPUs, so the first windows often miss it;
     * two whole windows of the rule below held it only 0.3-0.6 s after init in 6 of 20 runs
     * of 8 PEs (never in 3 of them), and till then an fcollect of 8 B took 90-110 us, 22-27
     * after. */
    if (!moved_once && early_move()) {
        confirm = 1;
        move_pes(t);
        return;
    }
    /* Load that followed the PEs (two busy processes the scheduler had put on one CPU, now
     * one on each): every CPU they are on is held too, so they are better dealt over all. */
    int all_held = 1, some_avoided = 0, left_to = 0, kept = 0;
    for (int k = 0; k < ncpu; k++) {
        if (st[k].avoided) some_avoided = 1;
        else all_held &= st[k].held >= 2;
        left_to += !st[k].avoided;
        kept += !st[k].avoided && !st[k].loaded;
    }
    /* PEs that compute rather than wait, more of them than the CPUs they were left to, get
     * more of the machine dealt over every CPU: two PEs putting 1 MiB each, on the free CPU
     * together beside a busy process on the other, took 58-73 us a put where Open MPI's, one
     * on each CPU, took 51 (idle 33). And they do not leave a CPU while they compute, or they would come back at
     * the next window. The PEs that only wait are not counted: a PE waiting out a phase runs
     * little, one in a loop of collectives misses many waits. */
    compute_ns = some_avoided && computing > left_to ? compute_ns + window : 0;
    const int compute = compute_ns >= COMPUTE_NS;
    if (compute && debug)
        fprintf(stderr, "shoal: debug: PE %d, %.2f s after init: %d PEs compute (ran over %.0f%% of "
                "the window, or %.0f%% of a share of their CPU, fewer than %d waits) on %d CPUs: "
                "dealt over every CPU\n", shoal_g.me, (double)(t - start_ns) * 1e-9, computing,
                100 * COMPUTE_SHARE, 100 * COMPUTE_FAIR, COMPUTE_WAITS, left_to);
    const int reset = some_avoided && (all_held || compute);
    if (reset) unpile(t, 1);
    /* No CPU free, none avoided: where the load may move, crowd the PEs (pile). */
    if (!some_avoided && !free_cpu && !compute && pile(t, computing)) {
        move_pes(t);
        return;
    }
    /* No CPU to go to and none left for a second: sample a tenth as often (reading /proc
     * beside busy processes on every CPU cost a 4-PE barrier 3-12% at 100 ms windows, 1-6% at
     * 1 s). Not from one window: the first, over the job's start, finds one busy process
     * spread over both CPUs (0.21 and 0.20) before it settles on one, and at 1 s a short
     * program ended before the second window could move its PEs. */
    stuck_ns = !free_cpu && !some_avoided ? stuck_ns + window : 0;
    /* Not shorter windows: a load that spins 50 ms and sleeps 50 then holds its CPU in every
     * other window, and the PEs left it (4-PE barrier 26 us, against 11 dealt over both CPUs
     * and taking its idle halves). */
    const long next = stuck_ns >= STUCK_NS ? 10 * WINDOW_NS : WINDOW_NS;
    __atomic_store_n(&wait_ns, next, __ATOMIC_RELAXED);
    int held_now = 0;
    for (int k = 0; k < ncpu; k++) held_now |= !st[k].avoided && st[k].loaded && free_cpu;
    seen_held = ((seen_held << 1) | (unsigned)held_now) & 0xfu;
    /* Dealt back for PEs that computed, they leave again at the first window they stop: a
     * program whose phases of computing and of collectives alternate every 0.3 s otherwise
     * ran the first 2-4 windows of each collective phase beside the load (4 PEs, reductions
     * 16-20 us a call moved, 28 with the two-of-four rule). */
    const int leave = held_now && computing <= kept &&
                      (__builtin_popcount(seen_held) >= 2 || dealt_back);
    dealt_back = compute ? 1 : leave ? 0 : dealt_back;
    change |= leave;
    if (!change && !reset) return;
    for (int k = 0; k < ncpu; k++) {
        if (reset || (st[k].avoided && st[k].back >= 2)) st[k].avoided = 0;
        else if (!st[k].avoided && st[k].loaded && leave) st[k].avoided = 1;
    }
    unpile(t, 0); /* the load left (a crowding undone for the load that followed: above) */
    move_pes(t);
}

/* Deal the PEs over the CPUs not avoided now; the windows count afresh. */
static void move_pes(long t)
{
    moved_once = 1;
    __atomic_store_n(&quick_on, 0, __ATOMIC_RELAXED); /* its readings were of the CPUs before */
    for (int k = 0; k < ncpu; k++) st[k].held = st[k].back = 0;
    seen_held = 0;
    if (debug)
        for (int k = 0; k < ncpu; k++) {
            if (quick_moved)
                fprintf(stderr, "shoal: debug: PE %d, %.2f s after init: CPU %d: %s\n", shoal_g.me,
                        (double)(t - start_ns) * 1e-9, cpus[k],
                        st[k].avoided ? "another process runs there: the node's PEs leave it" : "free");
            else
                fprintf(stderr, "shoal: debug: PE %d, %.2f s after init: CPU %d: %.0f%% taken by "
                        "other processes%s\n", shoal_g.me, (double)(t - start_ns) * 1e-9, cpus[k],
                        100 * (confirm ? st[k].others_idle : st[k].others), /* what decided */
                        st[k].avoided ? ": the node's PEs leave it" : "");
        }
    if (!deal()) {
        clear_held();
        leader_free(); /* not allowed to move them: they stay as they are */
        return;
    }
    publish_held(1); /* where they are now */
}

/* The crowding's first phase (pile): the load's processes that were on the CPUs kept; once
 * none runs there, those CPUs count as not held and the PEs' waits go back to yielding. */
static void watch(long t)
{
    __atomic_store_n(&watch_last_ns, t, __ATOMIC_RELAXED);
    for (int i = 0; i < watch_n; i++) {
        int cpu;
        if (!shoal_busy_is_running(watch_pid[i], &cpu)) continue;
        const int k = slot_of(cpu);
        if (k < 0 || st[k].avoided) continue;
        if (t - watch_since_ns < WATCH_END_NS) return; /* still there */
        if (debug)
            fprintf(stderr, "shoal: debug: PE %d, %.3f s after init: the load stayed on the CPUs the "
                    "PEs crowd on: dealt over every CPU again\n", shoal_g.me,
                    (double)(t - start_ns) * 1e-9);
        for (int j = 0; j < ncpu; j++) st[j].avoided = 0;
        unpile(t, 1);
        move_pes(t);
        return;
    }
    __atomic_store_n(&watch_n, 0, __ATOMIC_RELAXED);
    for (int k = 0; k < ncpu; k++)
        if (!st[k].avoided) st[k].loaded = 0;
    publish_held(1);
    if (debug)
        fprintf(stderr, "shoal: debug: PE %d, %.3f s after init: the load left the CPUs the PEs "
                "crowd on\n", shoal_g.me, (double)(t - start_ns) * 1e-9);
}

void shoal_avoid_busy_poll(void)
{
    struct shoal_doorbell *lead = bell_of(shoal_g.local_pes[0]);
    const uint32_t m = __atomic_load_n(&lead->moves, __ATOMIC_ACQUIRE);
    if (m != __atomic_load_n(&seen_moves, __ATOMIC_RELAXED)) {
        /* Threads of one PE may do this at once: they write the same values. */
        __atomic_store_n(&seen_moves, m, __ATOMIC_RELAXED);
        const int cpu = __atomic_load_n(&bell_of(shoal_g.me)->cpu, __ATOMIC_ACQUIRE);
        __atomic_store_n(&shoal_g.bound_cpu, cpu, __ATOMIC_RELAXED);
        for (int i = 0; i < shoal_g.n_local_pes; i++) {
            const int pe = shoal_g.local_pes[i];
            const int mate =
                pe != shoal_g.me && __atomic_load_n(&bell_of(pe)->cpu, __ATOMIC_ACQUIRE) == cpu;
            __atomic_store_n(&shoal_g.peers[pe].core_mate, mate, __ATOMIC_RELAXED);
        }
    }
    /* the leader's flag and last_ns change only under sampling; read before taking it, they are atomic */
    if (!__atomic_load_n(&shoal_avoid_busy_leads, __ATOMIC_RELAXED)) return;
    const long t = shoal_now_ns();
    const long since = t - __atomic_load_n(&last_ns, __ATOMIC_RELAXED);
    const int quick = __atomic_load_n(&quick_on, __ATOMIC_RELAXED) &&
                      t - __atomic_load_n(&quick_last_ns, __ATOMIC_RELAXED) >= QUICK_GAP_NS;
    const int watching = __atomic_load_n(&watch_n, __ATOMIC_RELAXED) > 0 &&
                         t - __atomic_load_n(&watch_last_ns, __ATOMIC_RELAXED) >= WATCH_GAP_NS;
    if ((since < __atomic_load_n(&wait_ns, __ATOMIC_RELAXED) && !quick && !watching) ||
        __atomic_exchange_n(&sampling, 1, __ATOMIC_ACQUIRE))
        return;
    if (shoal_avoid_busy_leads && watch_n > 0 && t - watch_last_ns >= WATCH_GAP_NS) watch(t);
    if (shoal_avoid_busy_leads && quick_on && t - quick_last_ns >= QUICK_GAP_NS) quick_look(t);
    if (shoal_avoid_busy_leads && t - last_ns >= wait_ns) sample(t);
    __atomic_store_n(&sampling, 0, __ATOMIC_RELEASE);
}
