/* The atomic operations every layer that moves atomics names: the API, the mapped paths
 * (host CPU atomics, device kernels) and the transports. */
#ifndef SHOAL_CORE_AMO_OP_H
#define SHOAL_CORE_AMO_OP_H

enum shoal_amo_op {
    SHOAL_AMO_FETCH, SHOAL_AMO_SET, SHOAL_AMO_SWAP, SHOAL_AMO_CSWAP, SHOAL_AMO_ADD,
    SHOAL_AMO_AND, SHOAL_AMO_OR, SHOAL_AMO_XOR
};

#endif
