/* The out-of-line half of remote.h: the checked translation's slow path, and the public
 * routines that ask where a symmetric address lives. */
#include <shmem.h>

#include "core/remote.h"

noreturn void shoal_not_symmetric(const char *routine, const void *addr, size_t len, int pe)
{
    size_t off;
    const int s = shoal_seg_find(addr, &off);
    if (s >= 0 && off < shoal_g.seg[s].user_size)
        shoal_fatal(routine, "%zu bytes at %p run past the end of the symmetric %s (pe %d)", len,
                    addr, shoal_g.seg[s].name, pe);
    shoal_fatal(routine, "address %p is not symmetric (not in the symmetric heap or a global "
                "variable) (pe %d)", addr, pe);
}

void *shoal_remote_slow(const char *routine, const void *addr, size_t len, int pe)
{
    if (len == 0) return (void *)addr; /* nothing moves: any address will do */
    size_t off;
    const int s = shoal_seg_user(addr, len, &off);
    if (SHOAL_UNLIKELY(s < 0)) shoal_not_symmetric(routine, addr, len, pe);
    char *b = shoal_g.peers[pe].base[s];
    return b && shoal_g.seg[s].kind == SHOAL_SEG_HOST ? b + off : NULL;
}

int shmem_pe_accessible(int pe)
{
    SHOAL_CHECK_INIT("shmem_pe_accessible");
    return pe >= 0 && pe < shoal_g.npes && shoal_g.peers[pe].ops != NULL;
}

int shmem_addr_accessible(const void *addr, int pe)
{
    SHOAL_CHECK_INIT("shmem_addr_accessible");
    return pe >= 0 && pe < shoal_g.npes && shoal_is_symmetric(addr, 1) &&
           shoal_g.peers[pe].ops != NULL;
}

void *shmem_ptr(const void *addr, int pe)
{
    SHOAL_CHECK_INIT("shmem_ptr");
    size_t off;
    const int s = pe >= 0 && pe < shoal_g.npes ? shoal_seg_user(addr, 1, &off) : -1;
    if (s < 0 || !shoal_g.peers[pe].base[s]) return NULL;
    return shoal_g.peers[pe].base[s] + off; /* a device pointer for the device heap */
}
