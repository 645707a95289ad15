/* Where each collective switches algorithm: the defaults (the measured crossovers, written
 * beside each default in tune.c and in docs/collectives.md) and their SHOAL_COLL_* overrides,
 * read once at shmem_init and the same on every PE (every member must pick the same
 * algorithm, or a collective hangs). A size threshold T means: payloads of at least T bytes
 * take the direct path (copies straight into or out of the peers' symmetric buffers), smaller
 * ones the mailboxes of the sync area. */
#ifndef SHOAL_COLL_TUNE_H
#define SHOAL_COLL_TUNE_H

#include <stddef.h>

enum shoal_tune {
    SHOAL_TUNE_FLAT_MAX,       /* members: one round up to it, log-depth algorithms beyond */
    SHOAL_TUNE_BCAST_DIRECT,   /* bytes: broadcast copies straight into the dests (push) */
    SHOAL_TUNE_BCAST_PULL,     /* bytes: ... or each member copies from the root's source */
    SHOAL_TUNE_REDUCE_DIRECT,  /* bytes: reduce-scatter + allgather through the mapping */
    SHOAL_TUNE_FCOLLECT_PUSH,  /* bytes per member: blocks copied straight into the dests */
    SHOAL_TUNE_COLLECT_PUSH,   /* bytes, largest member's: the same for collect */
    SHOAL_TUNE_COLLECT_LEAD,   /* bytes: collect's blocks up to it ride its first round */
    SHOAL_TUNE_ALLTOALL_PUSH,  /* bytes per block: the same for alltoall(s) */
    SHOAL_TUNE_STREAM,         /* bytes written in all: copies bypass the cache (copy.c) */
    SHOAL_TUNE_SPIN,           /* polls a wait spins for a member on another core (group.h) */
    SHOAL_TUNE_MOVSB,          /* bytes per copy from which copies use rep movsb (copy.c) */
    SHOAL_TUNE_CHANNEL,        /* bytes: a pair channel box's payload, 0 none (channel.h) */
    SHOAL_TUNE_OUTBOX,         /* bytes: an outbox's payload, 0 none (outbox.h) */
    SHOAL_TUNE_N
};

/* Set value of each setting, -1 where the variable is unset (the default applies). */
extern long shoal_coll_tune[SHOAL_TUNE_N];

/* Read the variables and check that every PE has the same values (collective, shmem_init);
 * set the values the waits and copies read (shoal_coll_spin_remote, shoal_copy_movsb_min). */
void shoal_coll_tune_init(void);

/* The default of setting `which` for a group of n members (tune.c: the measured crossovers). */
size_t shoal_coll_tune_default(int which, int n);

/* Each setting's value for groups of up to SHOAL_TUNE_NMAX members, resolved at shmem_init:
 * a collective's choice is then a load, not a call (a small broadcast makes three). */
#define SHOAL_TUNE_NMAX 64
extern size_t shoal_coll_tune_at[SHOAL_TUNE_N][SHOAL_TUNE_NMAX + 1];

/* The value of setting `which` for a group of n members. */
static inline size_t shoal_coll_threshold(int which, int n)
{
    if ((unsigned)n <= SHOAL_TUNE_NMAX) return shoal_coll_tune_at[which][n];
    const long v = shoal_coll_tune[which];
    return v >= 0 ? (size_t)v : shoal_coll_tune_default(which, n);
}

/* Up to this many members, latency-bound collectives talk to every peer directly. */
static inline int shoal_coll_flat_max(void)
{
    return (int)shoal_coll_threshold(SHOAL_TUNE_FLAT_MAX, 0);
}

#endif
