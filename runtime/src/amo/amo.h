/* Atomic memory operations: on a mapped peer, a CPU atomic on its segment (the same
 * instruction whether the word is in the heap or a global variable); other peers go through
 * their transport. */
#ifndef SHOAL_AMO_H
#define SHOAL_AMO_H

#include "core/check.h"
#include "core/remote.h"
#include "ctx/ctx.h"
#include "transport/transport.h"

/* The target word of an AMO: sets wpe (world PE) and p (mapped pointer or NULL). */
#define SHOAL_AMO_TARGET(T, addr)                                                                \
    int wpe = shoal_ctx_pe(routine, ctx, pe);                                                    \
    T *p = (T *)shoal_remote(routine, addr, sizeof(T), wpe)

/* Through the peer's transport (no mapping): integer words of 4 or 8 bytes. */
static inline void shoal_amo_remote(const char *routine, enum shoal_amo_op op, const void *addr,
                                    size_t size, const void *operand, const void *cond,
                                    void *result, int wpe)
{
    if (size != 4 && size != 8) shoal_fatal(routine, "no %zu-byte atomics off-node", size);
    shoal_g.peers[wpe].ops->amo(op, (void *)addr, size, operand, cond, result, wpe);
}

#endif
