/* The collectives' switch points: defaults and SHOAL_COLL_* overrides (tune.h). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "bootstrap/bootstrap.h"
#include "coll/engine/engine.h"
#include "coll/engine/tune.h"
#include "core/error.h"
#include "core/parse_size.h"
#include "core/state.h"

long shoal_coll_tune[SHOAL_TUNE_N] = {-1, -1, -1, -1, -1, -1, -1};

static const char *const names[SHOAL_TUNE_N] = {
    "SHOAL_COLL_FLAT_MAX",      "SHOAL_COLL_BCAST_DIRECT",  "SHOAL_COLL_BCAST_PULL",
    "SHOAL_COLL_REDUCE_DIRECT", "SHOAL_COLL_FCOLLECT_PUSH", "SHOAL_COLL_COLLECT_PUSH",
    "SHOAL_COLL_ALLTOALL_PUSH"};

size_t shoal_coll_tune_default(int which, int n)
{
    switch (which) {
    case SHOAL_TUNE_FLAT_MAX: return SHOAL_FLAT_MAX;
    case SHOAL_TUNE_BCAST_DIRECT: return shoal_mbox_layout(2).cap + 1;
    case SHOAL_TUNE_BCAST_PULL: return 64 * 1024;
    case SHOAL_TUNE_REDUCE_DIRECT: return shoal_mbox_layout(n - 1).cap + 1;
    case SHOAL_TUNE_FCOLLECT_PUSH:
    case SHOAL_TUNE_COLLECT_PUSH:
    case SHOAL_TUNE_ALLTOALL_PUSH: return shoal_mbox_layout(n - 1).cap + 1;
    default: return 0;
    }
}

/* "auto" or unset: -1; else a size ("0" included) or, for the member count, 2..SHOAL_FLAT_MAX. */
static long parse(int which)
{
    const char *v = getenv(names[which]);
    if (!v || !*v || !strcmp(v, "auto")) return -1;
    if (which == SHOAL_TUNE_FLAT_MAX) {
        char *end;
        const long k = strtol(v, &end, 10);
        if (*end || k < 1 || k > SHOAL_FLAT_MAX)
            shoal_fatal("shmem_init", "%s=%s is not a member count from 1 to %d (or auto)",
                        names[which], v, SHOAL_FLAT_MAX);
        return k;
    }
    const size_t s = strcmp(v, "0") ? shoal_parse_size(v) : 0;
    if ((s == 0 && strcmp(v, "0")) || s > (size_t)LONG_MAX)
        shoal_fatal("shmem_init", "%s=%s is not a size in bytes (e.g. 0, 4096, 64K) or auto",
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
}
