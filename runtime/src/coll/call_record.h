/* SHOAL_CHECK=1: a collective call as its entry point describes it (struct shoal_call, what
 * SHOAL_CALL_CHECK in call_check.h is given), and its fingerprint as 64-bit words, the form
 * in which it sits on its PE's board for the other PEs to read (call_check.c), compare and
 * describe (call_report.c). */
#ifndef SHOAL_COLL_CALL_RECORD_H
#define SHOAL_COLL_CALL_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "core/error.h"

struct shoal_team;
struct shoal_group;

/* What kind of call: calls of different kinds never match. */
enum shoal_call_kind {
    SHOAL_CALL_BARRIER = 1, /* shmem_barrier_all, shmem_barrier (they also quiet) */
    SHOAL_CALL_SYNC,        /* shmem_sync_all, shmem_team_sync, shmem_sync */
    SHOAL_CALL_BCAST,
    SHOAL_CALL_COLLECT,
    SHOAL_CALL_FCOLLECT,
    SHOAL_CALL_ALLTOALL, /* and alltoalls: alltoall is alltoalls with strides 1, 1 */
    SHOAL_CALL_REDUCE,
    SHOAL_CALL_ALLOC,    /* shmem_malloc/calloc/align/realloc: nelems = bytes, esize = alignment */
    SHOAL_CALL_FREE,     /* dest = the block */
    SHOAL_CALL_SPLIT,    /* split_strided: root = start, dst = stride, nelems = size */
    SHOAL_CALL_SPLIT_2D, /* nelems = xrange */
    SHOAL_CALL_FINALIZE,
};

/* One call as the entry point sees it. group (an active set, its area the pSync) or team
 * names who takes part; neither: SHMEM_TEAM_WORLD. Unused fields stay 0. */
struct shoal_call {
    const char *routine;
    int kind;
    const struct shoal_team *team;
    const struct shoal_group *group;
    int root, op, type; /* bcast root (index); reduce operation and element kind */
    size_t nelems, esize;
    ptrdiff_t dst, sst;
    const void *dest, *src;
};

/* Board words: R_POSTED (the record's number, 0 while it is written) and R_ACKS (members
 * that matched a record of mine, cumulative), then the record. */
enum {
    R_POSTED, R_ACKS,
    R_KIND,
    R_GKIND,          /* G_TEAM or G_ASET */
    R_GID,            /* team: slot; active set: where pSync is (shoal_call_where) */
    R_START, R_STRIDE, R_SIZE, /* members: world PEs start + i * stride, i < size ... */
    R_HASH,           /* ... or a team's explicit list: its hash (R_STRIDE 0) */
    R_ROOT, R_OP, R_TYPE, R_ESIZE, R_NELEMS, R_DST, R_SST, R_DEST, R_SRC,
    R_NAME,           /* the routine's name, NUL-padded */
    R_NAME_WORDS = 6,
    R_WORDS = R_NAME + R_NAME_WORDS,
    R_BOARD_WORDS = 32 /* whole cache lines */
};
_Static_assert(R_WORDS <= R_BOARD_WORDS, "a record fits its board");

enum { G_TEAM = 1, G_ASET = 2 };

/* A symmetric address as (segment + 1) << 56 | offset, the same on every PE for the same
 * object; 0 for NULL or memory that is not symmetric. */
uint64_t shoal_call_where(const void *addr);

/* The record of call c (R_KIND onwards; the board words are left alone). */
void shoal_call_record(const struct shoal_call *c, uint64_t *r);

/* 1 when this PE is a member of the team or active set of record r. */
int shoal_call_includes_me(const uint64_t *r);

/* 1 when records a and b name the same team or active set. */
int shoal_call_same_group(const uint64_t *a, const uint64_t *b);

/* What the two records (same group) differ in, or NULL when they match. */
const char *shoal_call_differ(const uint64_t *a, const uint64_t *b);

/* Stops the job: PE me called mine while PE pe called theirs; what: how they differ. */
noreturn void shoal_call_mismatch(const uint64_t *mine, int pe, const uint64_t *theirs,
                                  const char *what);

#endif
