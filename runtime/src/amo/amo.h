/* Atomic memory operations: on a mapped peer, a CPU atomic on its segment (the same
 * instruction whether the word is in the heap or a global variable); anything else takes the
 * data-path funnel's slow path (device memory, peers behind a transport). */
#ifndef SHOAL_AMO_H
#define SHOAL_AMO_H

#include "core/check.h"
#include "core/remote.h"
#include "ctx/ctx.h"
#include "path/path.h"

/* The target word of an AMO: sets wpe (world PE) and p (the host heap's word, or NULL: then
 * the funnel's slow path, which also does the checks; a misaligned word goes there too). */
#define SHOAL_AMO_TARGET(T, addr)                                                                \
    int wpe = shoal_ctx_pe(routine, ctx, pe);                                                    \
    T *p = (T *)shoal_amo_on(addr, sizeof(T), wpe)

#endif
