/* SHOAL_CHECK=1: how the PEs compare their calls (call_check.h says what is compared).
 *
 * Every PE owns a board in the runtime's symmetric memory holding the record of its current
 * call, numbered 1, 2, ... in call order. A PE entering a collective posts its record, then
 * reads the board of every other member of its team or active set (O(members) per call: a
 * debugging mode) until it finds a record it has not matched before:
 *  - same team or active set: the records must agree, field by field; the reader then acks
 *    (adds 1 to the writer's R_ACKS) and remembers the number (seen[pe]);
 *  - another team or active set that includes the reader: a mismatch too. The writer went into
 *    a collective the reader has not reached, while the reader is in one the writer has not:
 *    PEs that share two teams must call their collectives in the same order;
 *  - another that does not include the reader: the writer is busy elsewhere; wait.
 * A record stays on the board until every member of its group has acked it (the writer waits
 * for that before it posts its next one), so no reader misses it, and a reader never mistakes
 * a record it did not need for the one it waits for: records come in call order, and any
 * record of a group including the reader is one the reader has acked or must ack next.
 * Every access goes through the runtime's internal atomics, so off-node peers work too; every
 * wait backs off and is named by the hang report (SHOAL_HANG_TIMEOUT). */
#include <stdlib.h>
#include <string.h>

#include <shmem.h>

#include "coll/call_record.h"
#include "coll/engine/group.h"
#include "core/env_agree.h"
#include "core/error.h"
#include "heap/heap.h"
#include "path/path.h"
#include "sync/backoff.h"
#include "team/team.h"

static uint64_t *board;    /* symmetric: R_BOARD_WORDS words, same offset on every PE */
static uint64_t *seen;     /* per world PE: the number of its last record this PE acked */
static uint64_t posted;    /* my records so far */
static uint64_t acks_owed; /* acks my posted records need in all */

static uint64_t word_at(int pe, int w)
{
    return shoal_path_amo_internal(SHOAL_AMO_FETCH, board + w, 0, 0, pe);
}

static void word_set(int w, uint64_t v)
{
    shoal_path_amo_internal(SHOAL_AMO_SET, board + w, v, 0, shoal_g.me);
}

/* The record numbered n on pe's board, whole (not torn by a rewrite); 0 when pe's board
 * holds no record numbered above `after` yet. */
static uint64_t read_record(int pe, uint64_t after, uint64_t *r)
{
    const uint64_t n = word_at(pe, R_POSTED);
    if (n == 0 || n <= after) return 0;
    for (int w = R_KIND; w < R_WORDS; w++) r[w] = word_at(pe, w);
    return word_at(pe, R_POSTED) == n ? n : 0;
}

/* Group index i of the caller's group, as a world PE. */
static int member_pe(const struct shoal_call *c, int i)
{
    return c->group ? shoal_group_pe(c->group, i) : shoal_team_pe(c->team, i);
}

/* Wait for pe's record of this call and compare it with mine. */
static void match_with(const uint64_t *mine, int pe)
{
    uint64_t theirs[R_WORDS];
    uint64_t after = seen[pe]; /* records up to here are acked or foreign: not read again */
    struct shoal_backoff bo = SHOAL_BACKOFF_FROM(pe);
    for (;;) {
        const uint64_t n = read_record(pe, after, theirs);
        if (n != 0) {
            if (shoal_call_same_group(mine, theirs)) {
                const char *what = shoal_call_differ(mine, theirs);
                if (what) shoal_call_mismatch(mine, pe, theirs, what);
                seen[pe] = n;
                shoal_path_amo_internal(SHOAL_AMO_ADD, board + R_ACKS, 1, 0, pe);
                break;
            }
            if (shoal_call_includes_me(theirs))
                shoal_call_mismatch(mine, pe, theirs, "the team or active set");
            after = n;
        }
        shoal_backoff(&bo);
    }
    shoal_backoff_end(&bo);
}

void shoal_call_check(const struct shoal_call *call)
{
    struct shoal_call world;
    const struct shoal_call *c = call;
    if (!call->group && !call->team) {
        world = *call;
        world.team = &shoal_teams[0];
        c = &world;
    }
    uint64_t mine[R_WORDS] = {0};
    shoal_call_record(c, mine);
    const int size = (int)mine[R_SIZE];
    shoal_wait_at_collective(c->routine);
    /* My previous record stays until every member of its group has matched it. */
    SHOAL_WAIT_FOR(word_at(shoal_g.me, R_ACKS) >= acks_owed);
    word_set(R_POSTED, 0);
    for (int w = R_KIND; w < R_WORDS; w++) word_set(w, mine[w]);
    word_set(R_POSTED, ++posted);
    acks_owed += (uint64_t)(size - 1);
    for (int i = 0; i < size; i++) {
        const int pe = member_pe(c, i);
        if (pe != shoal_g.me) match_with(mine, pe);
    }
}

/* SHOAL_CHECK, or when unset the build's default (1 in debug builds: SHOAL_CHECK_DEFAULT from
 * shoal_config.h), so that a hang from mismatched collectives is named where programs are
 * debugged. *set: whether the variable chose. */
static int env_check(int *set)
{
    const char *v = getenv("SHOAL_CHECK");
    *set = v && *v;
    if (!*set) return SHOAL_CHECK_DEFAULT;
    if (!strcmp(v, "0")) return 0;
    if (!strcmp(v, "1")) return 1;
    shoal_fatal("shmem_init", "SHOAL_CHECK=%s is not 0 or 1", v);
}

void shoal_call_check_init(void)
{
    int set;
    const int on = env_check(&set);
    shoal_env_agree("SHOAL_CHECK", on); /* the board is reserved only when checking */
    if (!on) return;
    if (shoal_g.thread_level == SHMEM_THREAD_MULTIPLE) {
        /* Threads may run collectives on different teams at once; one board per PE cannot
         * tell them apart. The debug builds' default stays quiet about it. */
        if (shoal_g.me == 0 && set)
            shoal_warn("shmem_init", "SHOAL_CHECK=1 is ignored under SHMEM_THREAD_MULTIPLE");
        return;
    }
    board = shoal_heap_alloc_internal(R_BOARD_WORDS * sizeof *board, 64);
    seen = calloc((size_t)shoal_g.npes, sizeof *seen);
    if (!board || !seen) shoal_fatal("shmem_init", "out of memory");
    memset(board, 0, R_BOARD_WORDS * sizeof *board);
    posted = acks_owed = 0;
    shoal_g.check = 1;
}

void shoal_call_check_fini(void)
{
    shoal_g.check = 0;
    free(seen);
    seen = NULL;
    board = NULL;
}
