/* Active-set arguments (PE_start, logPE_stride, PE_size, pSync) to a group, with the cheap
 * checks: a bad triplet, a caller outside the set, a pSync that is not symmetric. */
#ifndef SHOAL_COLL_ASET_H
#define SHOAL_COLL_ASET_H

#include "coll/engine/group.h"

void shoal_aset_group(const char *routine, int PE_start, int logPE_stride, int PE_size,
                      long *pSync, struct shoal_group *g);

/* Team form: the group index of PE_root, checked. */
void shoal_check_root(const char *routine, int root, int size);

/* A collective's buffer must be symmetric: one-line fatal error naming what is not. */
void shoal_coll_check_sym_slow(const char *routine, const char *what, const void *addr, size_t len);
static inline void shoal_coll_check_sym(const char *routine, const char *what, const void *addr,
                                        size_t len)
{
    if (SHOAL_UNLIKELY(!shoal_is_symmetric(addr, len)))
        shoal_coll_check_sym_slow(routine, what, addr, len);
}

#endif
