/* SHOAL_CHECK=1: every collective call (and every collective allocation) is compared with the
 * matching call of every other participating PE before it runs: routine, team or active set
 * (and pSync), root, operation, element type and size, counts, strides and the symmetric
 * offsets of dest and source. A difference stops the job with one line naming both PEs and
 * both calls with their arguments; a PE that is in a collective on another team or active set
 * that includes this PE is a difference too. This catches what the mailbox tags
 * (coll/engine/group.h) cannot see: barrier against sync, the same size on another team or
 * pSync, alltoall against fcollect, dest at another offset, a reduction's type of equal size.
 *
 * Off (the default, but in debug builds) each entry point pays one predictable branch on
 * shoal_g.check; the fingerprint is built only inside it. How the PEs compare calls:
 * coll/call_check.c. */
#ifndef SHOAL_COLL_CALL_CHECK_H
#define SHOAL_COLL_CALL_CHECK_H

#include <stddef.h>

#include "coll/call_record.h"
#include "core/state.h"

void shoal_call_check(const struct shoal_call *c) __attribute__((cold));

/* The hook every collective entry point calls once its arguments are checked:
 * SHOAL_CALL_CHECK(.routine = r, .kind = SHOAL_CALL_BCAST, .team = t, ...). */
#define SHOAL_CALL_CHECK(...)                                                                    \
    do {                                                                                         \
        if (SHOAL_UNLIKELY(shoal_g.check)) {                                                     \
            const struct shoal_call shoal_call_ = {__VA_ARGS__};                                 \
            shoal_call_check(&shoal_call_);                                                      \
        }                                                                                        \
    } while (0)

/* From shmem_init, after the teams: reads SHOAL_CHECK (every PE must agree) and reserves the
 * board. */
void shoal_call_check_init(void);
void shoal_call_check_fini(void);

#endif
