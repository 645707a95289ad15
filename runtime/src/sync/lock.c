/* Distributed locks: a ticket lock in the lock word's copy on PE 0 (high 32 bits: next
 * ticket, low 32 bits: now serving). Fair under contention; the word starts at 0 as the spec
 * requires, and every PE agrees on where it lives. */
#include <shmem.h>

#include "core/remote.h"
#include "sync/backoff.h"

#define TICKET ((uint64_t)1 << 32)
#define SERVING(w) ((uint32_t)(w))
#define NEXT(w) ((uint32_t)((w) >> 32))

static uint64_t *home(const char *routine, long *lock)
{
    return (uint64_t *)shoal_remote(routine, lock, sizeof *lock, 0);
}

void shmem_set_lock(long *lock)
{
    uint64_t *w = home("shmem_set_lock", lock);
    uint32_t ticket = NEXT(__atomic_fetch_add(w, TICKET, __ATOMIC_ACQ_REL));
    SHOAL_WAIT_FOR(SERVING(__atomic_load_n(w, __ATOMIC_ACQUIRE)) == ticket);
}

int shmem_test_lock(long *lock)
{
    uint64_t *w = home("shmem_test_lock", lock);
    uint64_t cur = __atomic_load_n(w, __ATOMIC_ACQUIRE);
    if (NEXT(cur) != SERVING(cur)) return 1;
    return __atomic_compare_exchange_n(w, &cur, cur + TICKET, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE) ? 0 : 1;
}

void shmem_clear_lock(long *lock)
{
    uint64_t *w = home("shmem_clear_lock", lock);
    __atomic_thread_fence(__ATOMIC_SEQ_CST); /* quiet: the critical section's updates land first */
    uint64_t cur = __atomic_load_n(w, __ATOMIC_ACQUIRE);
    if (NEXT(cur) == SERVING(cur))
        shoal_fatal("shmem_clear_lock", "lock %p is not held", (void *)lock);
    /* Only the holder moves "serving"; a carry out of the low half must not touch "next". */
    uint64_t want;
    do {
        want = (cur & ~(uint64_t)0xffffffffu) | (uint32_t)(SERVING(cur) + 1);
    } while (!__atomic_compare_exchange_n(w, &cur, want, 1, __ATOMIC_RELEASE, __ATOMIC_ACQUIRE));
}
