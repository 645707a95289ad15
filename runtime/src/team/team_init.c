/* shmemx_team_get_uniqueid / shmemx_team_init: a team of any members in any order, without a
 * parent team.
 *
 * The id names its creator PE and a per-creator sequence number. The members meet on a
 * "rendezvous board": symmetric memory reserved at init on every PE (SHOAL_BOARD_ENTRIES
 * entries), of which they use the creator's entry (seq mod SHOAL_BOARD_ENTRIES), with atomics
 * only (CPU ones where mapped, else through the off-node transport):
 *   1. claim: the first member to arrive swaps the entry's tag from 0 to -seq, fills in npes,
 *      all-ones slot masks and empty member list, then publishes tag = seq; the others wait
 *      for tag == seq (an entry still busy with another id is waited out);
 *   2. register: each member writes its world PE at its index (compare-and-swap from -1, so a
 *      duplicate index is caught), ANDs its free-slot mask into the entry, and counts itself
 *      in; the last to arrive picks the lowest slot free on everyone and publishes it;
 *   3. every member copies the slot and the member list, counts itself out; the last one
 *      frees the entry (tag = 0).
 * Up to SHOAL_BOARD_ENTRIES ids of one creator may be in flight at once; a later one waits for
 * its entry. An id made but never used blocks the entry of the id SHOAL_BOARD_ENTRIES later. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>
#include <shmemx.h>

#include "coll/engine/group.h"
#include "core/check.h"
#include "heap/heap.h"
#include "path/path.h"
#include "team/team.h"

#define SHOAL_BOARD_ENTRIES 16
#define UID_MAGIC 0x53686f616c554944ull /* "ShoalUID" */

enum { E_TAG, E_NPES, E_ARRIVED, E_CHOSEN, E_DEPARTED, E_MASK = 8 };

static long *board;
static size_t entry_longs;
static int64_t next_seq;

struct uid {
    uint64_t magic;
    int32_t creator;
    int32_t world;
    int64_t seq;
    uint64_t check;
};
_Static_assert(sizeof(struct uid) <= sizeof(shmemx_team_uniqueid_t), "id fits");

static uint64_t uid_check(const struct uid *u)
{
    uint64_t h = 1469598103934665603ull;
    h = (h ^ u->magic) * 1099511628211ull;
    h = (h ^ (uint64_t)(uint32_t)u->creator) * 1099511628211ull;
    h = (h ^ (uint64_t)(uint32_t)u->world) * 1099511628211ull;
    h = (h ^ (uint64_t)u->seq) * 1099511628211ull;
    return h;
}

static size_t members_at(void) { return E_MASK + (size_t)shoal_team_mask_words(); }

void shoal_team_init_board_reserve(void)
{
    entry_longs = (members_at() + (size_t)shoal_g.npes + SHOAL_LINE - 1) / SHOAL_LINE * SHOAL_LINE;
    board = shoal_heap_alloc_internal(SHOAL_BOARD_ENTRIES * entry_longs * sizeof(long), 64);
}

void shoal_team_init_board_fini(void) { board = NULL; }

int shmemx_team_get_uniqueid(shmemx_team_uniqueid_t *uniqueid)
{
    SHOAL_CHECK_INIT("shmemx_team_get_uniqueid");
    if (!uniqueid) return -1;
    struct uid u = {UID_MAGIC, shoal_g.me, shoal_g.npes,
                    __atomic_add_fetch(&next_seq, 1, __ATOMIC_RELAXED), 0};
    u.check = uid_check(&u);
    memset(uniqueid, 0, sizeof *uniqueid);
    memcpy(uniqueid->internal, &u, sizeof u);
    return 0;
}

int shmemx_team_init(shmem_team_t *team, const shmem_team_config_t *config, long config_mask,
                     int npes, int pe_idx_in_team, const shmemx_team_uniqueid_t *uniqueid)
{
    const char *routine = "shmemx_team_init";
    SHOAL_CHECK_INIT(routine);
    if (!team) return -1;
    *team = SHMEM_TEAM_INVALID;
    struct uid u;
    if (uniqueid) memcpy(&u, uniqueid->internal, sizeof u);
    if (!uniqueid || u.magic != UID_MAGIC || u.check != uid_check(&u) || u.world != shoal_g.npes ||
        u.creator < 0 || u.creator >= shoal_g.npes || u.seq < 1) {
        shoal_warn(routine, "the unique id was not made by shmemx_team_get_uniqueid in this job");
        return -1;
    }
    if (npes < 1 || npes > shoal_g.npes || pe_idx_in_team < 0 || pe_idx_in_team >= npes) {
        shoal_warn(routine, "npes %d, pe_idx_in_team %d: need 1 <= npes <= %d and 0 <= "
                   "pe_idx_in_team < npes", npes, pe_idx_in_team, shoal_g.npes);
        return -1;
    }
    const int w = shoal_team_mask_words();
    /* The creator's entry, by its symmetric address here: every access is an atomic at the
     * creator (path/path.h), a CPU one where mapped, else through the off-node transport. */
    const int c = u.creator;
    long *e = board + (size_t)(u.seq % SHOAL_BOARD_ENTRIES) * entry_longs;
    long *members = e + members_at();
#define B_OP(op, word, v, cond) ((long)shoal_path_amo_internal(op, &(word), (uint64_t)(v), (uint64_t)(cond), c))
#define B_GET(word) B_OP(SHOAL_AMO_FETCH, word, 0, 0)
#define B_SET(word, v) B_OP(SHOAL_AMO_SET, word, v, 0)

    /* 1. claim or join the entry */
    shoal_wait_at_collective(routine);
    struct shoal_backoff bo = SHOAL_BACKOFF_INIT;
    for (;; shoal_backoff(&bo)) {
        long tag = B_GET(e[E_TAG]);
        if (tag == u.seq) break;
        if (tag == 0 && B_OP(SHOAL_AMO_CSWAP, e[E_TAG], -u.seq, 0) == 0) {
            B_SET(e[E_NPES], npes);
            B_SET(e[E_ARRIVED], 0);
            B_SET(e[E_CHOSEN], -1);
            B_SET(e[E_DEPARTED], 0);
            for (int i = 0; i < w; i++) B_SET(e[E_MASK + i], -1L);
            for (int i = 0; i < npes; i++) B_SET(members[i], -1);
            B_SET(e[E_TAG], u.seq);
            break;
        }
    }
    shoal_backoff_end(&bo); /* withdraw the wait site a slow claim published */
    /* 2. register */
    const long their_npes = B_GET(e[E_NPES]);
    if (their_npes != npes)
        shoal_fatal(routine, "npes is %d here but %ld on another member of this team", npes,
                    their_npes);
    const long expected = B_OP(SHOAL_AMO_CSWAP, members[pe_idx_in_team], shoal_g.me, -1);
    if (expected != -1)
        shoal_fatal(routine, "pe_idx_in_team %d is claimed by both PE %ld and this PE",
                    pe_idx_in_team, expected);
    uint64_t mine[w];
    shoal_team_free_mask(mine);
    for (int i = 0; i < w; i++) B_OP(SHOAL_AMO_AND, e[E_MASK + i], (long)mine[i], 0);
    if (B_OP(SHOAL_AMO_ADD, e[E_ARRIVED], 1, 0) + 1 == npes) {
        uint64_t all[w];
        for (int i = 0; i < w; i++) all[i] = (uint64_t)B_GET(e[E_MASK + i]);
        int s = shoal_team_mask_first(all, 0);
        B_SET(e[E_CHOSEN], s < 0 ? -2L : (long)s);
    }
    long chosen;
    SHOAL_WAIT_FOR((chosen = B_GET(e[E_CHOSEN])) != -1);
    /* 3. copy out, leave */
    int *list = malloc((size_t)npes * sizeof *list);
    if (!list) shoal_fatal(routine, "out of memory");
    for (int i = 0; i < npes; i++) list[i] = (int)B_GET(members[i]);
    if (B_OP(SHOAL_AMO_ADD, e[E_DEPARTED], 1, 0) + 1 == npes) B_SET(e[E_TAG], 0);
#undef B_OP
#undef B_GET
#undef B_SET
    if (chosen < 0) {
        int alive, max;
        shmemx_team_count(&alive, &max);
        shoal_warn(routine, "no team slot is free on every member (%d teams alive on this PE, at "
                   "most %d): destroy teams or raise SHOAL_MAX_TEAMS", alive, max);
        free(list);
        return -1;
    }
    *team = shoal_team_create((int)chosen, npes, 0, 1, list, pe_idx_in_team, config, config_mask);
    free(list);
    return 0;
}
