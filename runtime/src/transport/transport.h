/* A transport moves bytes and performs atomics to one peer. The API layer first tries the
 * direct path (the peer's segment is mapped here: plain loads/stores, see core/remote.h);
 * only peers without a mapping go through their ops table. A transport knows nothing of
 * teams or collectives. Addresses passed here are symmetric addresses on THIS PE. */
#ifndef SHOAL_TRANSPORT_H
#define SHOAL_TRANSPORT_H

#include <stddef.h>
#include <stdint.h>

enum shoal_amo_op {
    SHOAL_AMO_FETCH, SHOAL_AMO_SET, SHOAL_AMO_SWAP, SHOAL_AMO_CSWAP, SHOAL_AMO_ADD,
    SHOAL_AMO_AND, SHOAL_AMO_OR, SHOAL_AMO_XOR
};

struct shoal_transport_ops {
    const char *name;
    void (*put)(void *dest, const void *src, size_t len, int pe);
    void (*get)(void *dest, const void *src, size_t len, int pe);
    /* 4- or 8-byte integer atomics; result gets the old value where the op fetches. */
    void (*amo)(enum shoal_amo_op op, void *dest, size_t size, const void *operand,
                const void *cond, void *result, int pe);
    void (*fence)(void);
    void (*quiet)(void);
};

/* Node-local peers: the segments are mapped, so this table is the direct path itself. */
extern const struct shoal_transport_ops shoal_transport_shm;

#endif
