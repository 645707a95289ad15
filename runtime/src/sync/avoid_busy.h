/* Oversubscribed PEs leave the CPUs that unrelated load holds (see avoid_busy.c). */
#ifndef SHOAL_SYNC_AVOID_BUSY_H
#define SHOAL_SYNC_AVOID_BUSY_H

#include <stdint.h>

/* 1 while this PE takes part: oversubscribed, bound by placement, SHOAL_AVOID_BUSY not 0. */
extern int shoal_avoid_busy_on;

/* Read SHOAL_AVOID_BUSY; fatal on a bad value. Before the bootstrap starts. */
void shoal_avoid_busy_check_env(void);

/* After shoal_doorbell_init: publish this PE's CPU; the node's lowest PE starts measuring. */
void shoal_avoid_busy_init(void);
void shoal_avoid_busy_fini(void);

/* This PE's doorbell word `held` (sync/doorbell.h) while it takes part, else NULL. */
extern const uint32_t *shoal_avoid_busy_held_word;
/* 1 when the last window found this PE's CPU held by other processes: its oversubscribed
 * waits then sleep from their first yield on (sync/backoff.h). */
static inline int shoal_avoid_busy_held(void)
{
    const uint32_t *w = shoal_avoid_busy_held_word;
    return w != NULL && __atomic_load_n(w, __ATOMIC_RELAXED) == 1;
}

/* While the node's PEs crowd on part of the CPUs, leaving the rest to unrelated load that held
 * every CPU (sync/avoid_busy.c): 2 while that load is still on this PE's CPU, 1 once it left,
 * else 0. What shoal_yield (sync/doorbell.h) makes of it. */
static inline int shoal_avoid_busy_crowd(void)
{
    const uint32_t *w = shoal_avoid_busy_held_word;
    const uint32_t v = w != NULL ? __atomic_load_n(w, __ATOMIC_RELAXED) : 0;
    return v == 3 ? 2 : v == 2 ? 1 : 0;
}

/* This PE's wait activity line (sync/doorbell.h) while it takes part, else NULL. */
extern uint64_t *shoal_avoid_busy_waits_word;
/* A wait did not find its condition at its first poll: counted for the leader, which tells
 * PEs that compute (few such waits) from PEs that wait. A plain increment: threads of a PE may
 * lose one now and then, which a count of hundreds per window does not feel. */
static inline void shoal_avoid_busy_count_wait(void)
{
    uint64_t *w = shoal_avoid_busy_waits_word;
    if (__builtin_expect(w != NULL, 0))
        __atomic_store_n(w, __atomic_load_n(w, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
}

/* From oversubscribed yields and sleeps: follow the leader's moves (which peers share this
 * PE's CPU now); the leader measures once a window and moves the PEs. */
void shoal_avoid_busy_poll(void);
static inline void shoal_avoid_busy_check(void)
{
    if (__builtin_expect(shoal_avoid_busy_on, 0)) shoal_avoid_busy_poll();
}

/* The node's lowest PE while it measures (this process's flag): between its waits, where it
 * computes, it may still take its look (path/path.h, before long copies); the other PEs
 * follow its moves at their waits. */
extern int shoal_avoid_busy_leads;
static inline void shoal_avoid_busy_look(void)
{
    if (__builtin_expect(__atomic_load_n(&shoal_avoid_busy_leads, __ATOMIC_RELAXED), 0))
        shoal_avoid_busy_poll();
}

#endif
