/* The collectives' switch points: defaults and SHOAL_COLL_* overrides (tune.h). */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bootstrap/bootstrap.h"
#include "core/copy.h"
#include "coll/engine/group.h"
#include "coll/engine/tune.h"
#include "core/env_long.h"
#include "core/error.h"
#include "core/parse_size.h"
#include "core/state.h"

long shoal_coll_tune[SHOAL_TUNE_N] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
size_t shoal_coll_tune_at[SHOAL_TUNE_N][SHOAL_TUNE_NMAX + 1];

static const char *const names[SHOAL_TUNE_N] = {
    "SHOAL_COLL_FLAT_MAX",      "SHOAL_COLL_BCAST_DIRECT",  "SHOAL_COLL_BCAST_PULL",
    "SHOAL_COLL_REDUCE_DIRECT", "SHOAL_COLL_FCOLLECT_PUSH", "SHOAL_COLL_COLLECT_PUSH",
    "SHOAL_COLL_COLLECT_LEAD",  "SHOAL_COLL_ALLTOALL_PUSH", "SHOAL_COLL_STREAM",
    "SHOAL_COLL_SPIN",          "SHOAL_COLL_MOVSB",         "SHOAL_COLL_CHANNEL",
    "SHOAL_COLL_OUTBOX"};

/* One mailbox of data for a flat collective over n members (n - 1 boxes). */
static size_t one_mailbox(int n) { return shoal_mbox_layout(n > 1 ? n - 1 : 1).cap; }

/* The defaults, from benches/crossover.sh on the 2-core AMD EPYC of benches/RESULTS.md (2 PEs:
 * a core each; 4 and 8 PEs: oversubscribed, where every round of a collective costs context
 * switches, so one mailbox round is cheap and a second one dear). Each line says what the
 * crossover was; docs/collectives.md has the tables. */
size_t shoal_coll_tune_default(int which, int n)
{
    const int over = shoal_g.oversubscribed; /* the same on every PE of a node */
    switch (which) {
    case SHOAL_TUNE_FLAT_MAX: return SHOAL_FLAT_MAX;
    /* Push is the fastest broadcast at every size (4 KiB, 8 PEs: 0.58 us against 1.8 with
     * mailboxes and 8.2 with pull, slowest PE), but it writes other members' dests, which
     * the spec allows only once every dest is ready: a member still reading its dest from
     * the previous broadcast would see it change. Off unless asked for. */
    case SHOAL_TUNE_BCAST_DIRECT: return SIZE_MAX;
    /* Pull beats the mailboxes from 1 KiB with a core per PE (2 PEs, slowest PE: 0.117
     * against 0.135 us at 1 KiB, 0.126 against 0.170 at 2 KiB; 512 B: 0.112 against 0.111,
     * mean 0.088 against 0.074); a later switch leaves a cliff (mailbox 2 KiB slower than
     * pull 4 KiB). Oversubscribed the root's wait for its readers costs switches, and the
     * tree wins up to two mailboxes (8 PEs, 4 KiB: 1.8 against 8.2 us; 8 KiB: 30 against
     * 8.4). */
    case SHOAL_TUNE_BCAST_PULL: return over ? 2 * shoal_mbox_layout(2).cap + 1 : 1024;
    /* 2 PEs: direct from 1 KiB (0.167 against 0.185 us; 512 B: 0.217 against 0.123);
     * oversubscribed, mailboxes while one round carries it (4 PEs, 2 KiB: 4.5 against 5.0;
     * 4 KiB, two rounds: 13 against 5.5; 8 PEs, 512 B: 7.4 against 11, 1 KiB: 25 against 11). */
    case SHOAL_TUNE_REDUCE_DIRECT: return over ? one_mailbox(n) + 1 : 1024;
    /* Push wins from 64-256 B (2 PEs, 256 B: 0.347 against 0.422 us; 8 PEs, 512 B: 8.7
     * against 9.5); below, the two are within noise and the mailboxes do not depend on the
     * dest being free (see broadcast). */
    case SHOAL_TUNE_FCOLLECT_PUSH: return over ? 512 : 256;
    /* Only the blocks that do not fit collect's first round (which carries the sizes) move
     * after it; pushed, they are faster at every size measured (4 PEs, 4 KiB: 5.1 against
     * 7.9). */
    case SHOAL_TUNE_COLLECT_PUSH: return 0;
    /* A block in collect's first round is copied twice (into the box, out of it); after it,
     * once, straight into the dests, for one more round: crossover.sh on Intel family 6 model
     * 167, slowest PE, us: 2 PEs, 128 B 0.28 against 0.35, 256 B 0.37 against 0.34, 4 KiB 1.24
     * against 0.37; oversubscribed, where a round costs switches, 4 PEs 512 B 2.71 against
     * 3.01, 1 KiB 3.14 against 2.81 (the mean 2.36 against 2.65), 4 KiB 5.48 against 2.71; 8
     * PEs 1 KiB 8.3 against 9.9, 2 KiB 27.8 against 9.7. No more than the box carries. */
    case SHOAL_TUNE_COLLECT_LEAD: return over ? (n > 4 ? 1024 : 512) : 128;
    /* As fcollect (2 PEs, 256 B: 0.356 against 0.421 us; 8 PEs, 512 B: 8.0 against 9.4). */
    case SHOAL_TUNE_ALLTOALL_PUSH: return over ? 512 : 256;
    /* Bytes read and written in all: twice the 32 MiB last-level cache (alltoall, 4 PEs x
     * 2 MiB = 64 MiB: 959 against 1279 us; 1 MiB: 331 against 268). */
    case SHOAL_TUNE_STREAM: return (size_t)64 << 20;
    /* Oversubscribed, a PE on another core runs only part of the time: spin a little for it
     * (8 PEs, fcollect 8 B, slowest PE: 6.2 us with 16 polls, 6.3 with 64, 8.0 with the
     * runtime's 256), but not none (4 PEs, broadcast 8 B: 0.68 us mean with 0, 0.06 with 16),
     * nor too little for a second chunk that follows at once (8 PEs, broadcast 4 KiB in two
     * chunks: 2.1-6.2 us with 16, 0.59-0.67 with 64 or 256). A lower SHOAL_SPIN_POLLS applies
     * here too. */
    case SHOAL_TUNE_SPIN: return over && shoal_g.spin_remote > 64 ? 64 : shoal_g.spin_remote;
    /* rep movsb (where the CPU has ERMS) against memcpy, from 1 MiB per copy (slowest PE,
     * 2 PEs: broadcast 2 MiB 41.6 against 33.3 us, alltoall 4 MiB 156 against 134; 4 PEs:
     * alltoall 2 MiB 521 against 359); below, within 5% either way, except 4 PEs alltoall
     * 64 KiB (13.6 against 16.4). */
    case SHOAL_TUNE_MOVSB: return shoal_cpu_erms() ? (size_t)1 << 20 : SIZE_MAX;
    /* Oversubscribed, a second round of a reduction or collect costs more than copying a few
     * KiB per member twice (crossover.sh, slowest PE, us: 8 PEs, 1 KiB: reduce 17.2 -> 11.2,
     * collect 17.3 -> 11.2; 4 PEs, 4 KiB: the mean 6.85 -> 5.29 and 6.21 -> 5.21, and beside
     * 2 busy processes 46.3 -> 18.1 and 59.6 -> 21.3); more does not at 4 PEs (16 KiB each:
     * reduce 16 KiB 8.2 -> 20.3). 12800 carries 4 KiB to each of 3 members, 1.8 KiB to each
     * of 7. With a core per PE, none. */
    case SHOAL_TUNE_CHANNEL: return over ? 12800 : 0;
    /* Oversubscribed beside 2 busy processes a collect of 8 KiB per member takes one round
     * through the outboxes instead of two (4 PEs, 6 interleaved pairs: 59.7 -> 39.5 us, sleeps
     * per call and PE 1.95 -> 1.45); 16-32 KiB 0.86-0.97x, 64 KiB no gain. A sum-reduce of
     * 8 KiB 116.9 -> 64.5, of 16-32 KiB 0.53-0.68x (reduce.c: a vector up to cap, the
     * members' vectors up to 4 caps). Used only where the waits sleep, or where the members
     * all share one CPU after the PEs left a held one (outbox.h): idle rows unchanged (4 and
     * 8 PEs, 2-64 KiB: 0.95-1.07). */
    case SHOAL_TUNE_OUTBOX: return over ? 32768 : 0;
    default: return 0;
    }
}

/* "auto" or unset: -1; "off": never (a size no payload reaches); else a size ("0" included) or,
 * for the member count, 1..SHOAL_FLAT_MAX. */
static long parse(int which)
{
    const char *v = getenv(names[which]);
    if (!v || !*v || !strcmp(v, "auto")) return -1;
    if (!strcmp(v, "off") && (which == SHOAL_TUNE_CHANNEL || which == SHOAL_TUNE_OUTBOX)) return 0;
    if (!strcmp(v, "off") && which != SHOAL_TUNE_FLAT_MAX && which != SHOAL_TUNE_SPIN)
        return LONG_MAX;
    if (which == SHOAL_TUNE_FLAT_MAX)
        return shoal_env_long_of(names[which], v, 1, SHOAL_FLAT_MAX, "a member count", "auto");
    if (which == SHOAL_TUNE_SPIN)
        return shoal_env_long_of(names[which], v, 0, 1000000000L, "a count of polls", "auto");
    const size_t s = strcmp(v, "0") ? shoal_parse_size(v) : 0;
    if ((s == 0 && strcmp(v, "0")) || s > (size_t)LONG_MAX)
        shoal_fatal("shmem_init", "%s=%s is not a size in bytes (e.g. 0, 4096, 64K), off or auto",
                    names[which], v);
    return (long)s;
}

void shoal_coll_tune_init(void)
{
    long mine[SHOAL_TUNE_N];
    for (int i = 0; i < SHOAL_TUNE_N; i++) mine[i] = parse(i);
    if (shoal_g.npes > 1) {
        long *all = malloc((size_t)shoal_g.npes * sizeof mine);
        if (!all) shoal_fatal("shmem_init", "out of memory");
        shoal_g.boot->allgather(mine, all, sizeof mine);
        for (int pe = 0; pe < shoal_g.npes; pe++)
            for (int i = 0; i < SHOAL_TUNE_N; i++)
                if (all[pe * SHOAL_TUNE_N + i] != mine[i])
                    shoal_fatal("shmem_init", "%s differs between this PE and PE %d: every PE must "
                                "use the same value (each collective's algorithm depends on it)",
                                names[i], pe);
        free(all);
    }
    memcpy(shoal_coll_tune, mine, sizeof mine);
    for (int i = 0; i < SHOAL_TUNE_N; i++)
        for (int n = 0; n <= SHOAL_TUNE_NMAX; n++)
            shoal_coll_tune_at[i][n] = mine[i] >= 0 ? (size_t)mine[i] : shoal_coll_tune_default(i, n);
    shoal_coll_spin_remote = (unsigned)shoal_coll_threshold(SHOAL_TUNE_SPIN, 0);
    shoal_copy_movsb_min = shoal_coll_threshold(SHOAL_TUNE_MOVSB, 0);
}
