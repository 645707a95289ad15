/* Distributed locks: a ticket lock in the lock word's copy on PE 0 (high 32 bits: next
 * ticket, low 32 bits: now serving). Fair under contention; the word starts at 0 as the spec
 * requires, and every PE agrees on where it lives. Every access takes the data-path funnel,
 * so PE 0 may be on another node. */
#include <shmem.h>

#include "path/path.h"
#include "sync/backoff.h"

#define TICKET ((uint64_t)1 << 32)
#define SERVING(w) ((uint32_t)(w))
#define NEXT(w) ((uint32_t)((w) >> 32))
#define HOME 0 /* the PE whose copy of the lock word is the lock */

static uint64_t lock_amo(const char *routine, enum shoal_amo_op op, long *lock, uint64_t v,
                         uint64_t cond)
{
    return shoal_path_amo64(routine, op, lock, v, cond, HOME);
}

void shmem_set_lock(long *lock)
{
    const char *routine = "shmem_set_lock";
    uint32_t ticket = NEXT(lock_amo(routine, SHOAL_AMO_ADD, lock, TICKET, 0));
    shoal_wait_at(routine);
    SHOAL_WAIT_FOR(SERVING(lock_amo(routine, SHOAL_AMO_FETCH, lock, 0, 0)) == ticket);
}

int shmem_test_lock(long *lock)
{
    const char *routine = "shmem_test_lock";
    uint64_t cur = lock_amo(routine, SHOAL_AMO_FETCH, lock, 0, 0);
    if (NEXT(cur) == SERVING(cur) &&
        lock_amo(routine, SHOAL_AMO_CSWAP, lock, cur + TICKET, cur) == cur)
        return 0;
    shoal_poll_progress(); /* a loop of failed tests is a wait (sync/backoff.h) */
    return 1;
}

void shmem_clear_lock(long *lock)
{
    const char *routine = "shmem_clear_lock";
    shmem_quiet(); /* the critical section's updates land first */
    uint64_t cur = lock_amo(routine, SHOAL_AMO_FETCH, lock, 0, 0);
    if (NEXT(cur) == SERVING(cur))
        shoal_fatal(routine, "lock %p is not held", (void *)lock);
    /* Only the holder moves "serving"; a carry out of the low half must not touch "next". */
    for (;;) {
        uint64_t want = (cur & ~(uint64_t)0xffffffffu) | (uint32_t)(SERVING(cur) + 1);
        uint64_t seen = lock_amo(routine, SHOAL_AMO_CSWAP, lock, want, cur);
        if (seen == cur) return;
        cur = seen;
    }
}
