/* The slow half of the data-path funnel (path.h): the segment table lookup with its checks,
 * then a mapped segment's mem ops or the peer's transport. */
#include <stdint.h>

#include "core/error.h"
#include "path/path.h"

void shoal_target_of(const char *routine, const void *addr, size_t len, int pe,
                     struct shoal_target *t)
{
    SHOAL_CHECK_INIT(routine);
    SHOAL_CHECK_PE(routine, pe);
    const int s = shoal_seg_user(addr, len ? len : 1, &t->off);
    if (SHOAL_UNLIKELY(s < 0)) shoal_not_symmetric(routine, addr, len, pe);
    t->seg = s;
    char *b = shoal_g.peers[pe].base[s];
    t->mapped = b ? b + t->off : NULL;
}

static void transport_failed(const char *routine, const char *what, int pe, int rc)
{
    shoal_fatal(routine, "%s to PE %d through the %s transport failed: %s", what, pe,
                shoal_g.peers[pe].ops->name, shoal_status_string(rc));
}

void shoal_path_put_rung(char *r, const void *dest, const void *src, size_t len, int pe)
{
    shoal_copy_data(r, src, len);
    shoal_ring_store(pe, dest, len);
}

void shoal_path_put_slow(const char *routine, void *dest, const void *src, size_t len, int pe,
                         int flags)
{
    SHOAL_CHECK_INIT(routine);
    SHOAL_CHECK_PE(routine, pe);
    if (len == 0) return;
    if (src == NULL) shoal_fatal(routine, "source is NULL (%zu bytes)", len);
    struct shoal_target t;
    shoal_target_of(routine, dest, len, pe, &t);
    if (t.mapped) {
        shoal_g.seg[t.seg].mem->put(t.mapped, src, len);
        shoal_ring_store(pe, dest, len);
        return;
    }
    const int rc = shoal_g.peers[pe].ops->put(pe, t.seg, t.off, src, len, flags);
    if (SHOAL_UNLIKELY(rc)) transport_failed(routine, "a put", pe, rc);
}

void shoal_path_get_slow(const char *routine, void *dest, const void *src, size_t len, int pe,
                         int flags)
{
    SHOAL_CHECK_INIT(routine);
    SHOAL_CHECK_PE(routine, pe);
    if (len == 0) return;
    if (dest == NULL) shoal_fatal(routine, "dest is NULL (%zu bytes)", len);
    struct shoal_target t;
    shoal_target_of(routine, src, len, pe, &t);
    if (t.mapped) {
        shoal_g.seg[t.seg].mem->get(dest, t.mapped, len);
        return;
    }
    const int rc = shoal_g.peers[pe].ops->get(pe, t.seg, t.off, dest, len, flags);
    if (SHOAL_UNLIKELY(rc)) transport_failed(routine, "a get", pe, rc);
}

void shoal_path_amo_slow(const char *routine, enum shoal_amo_op op, const void *addr,
                         size_t size, const void *operand, const void *cond, void *result, int pe)
{
    if (size != 4 && size != 8) shoal_fatal(routine, "no %zu-byte atomics", size);
    if ((uintptr_t)addr & (size - 1))
        shoal_fatal(routine, "address %p is not aligned to the %zu-byte word (pe %d)", addr, size,
                    pe);
    struct shoal_target t;
    shoal_target_of(routine, addr, size, pe, &t);
    /* Host memory under SHOAL_MPI_ATOMICS=rma: MPI's atomics, even on mapped words (one
     * atomicity domain, core/state.h). */
    const int host_remote = shoal_g.amo_remote && shoal_g.seg[t.seg].kind == SHOAL_SEG_HOST;
    if (t.mapped && !host_remote) {
        shoal_g.seg[t.seg].mem->amo(op, t.mapped, size, operand, cond, result);
        if (op != SHOAL_AMO_FETCH) shoal_ring_store(pe, addr, size);
        return;
    }
    const struct shoal_transport_ops *ops = host_remote ? shoal_g.amo_remote
                                                        : shoal_g.peers[pe].ops;
    const int rc = ops->amo(pe, t.seg, t.off, op, size, operand, cond, result);
    if (SHOAL_UNLIKELY(rc)) transport_failed(routine, "an atomic", pe, rc);
}

uint64_t shoal_path_amo_internal(enum shoal_amo_op op, void *addr, uint64_t operand,
                                 uint64_t cond, int pe)
{
    size_t off;
    const int s = shoal_seg_find(addr, &off);
    if (s < 0 || shoal_g.seg[s].kind != SHOAL_SEG_HOST)
        shoal_fatal("internal", "runtime word %p is not in a host segment", addr);
    uint64_t old = 0;
    char *b = shoal_g.peers[pe].base[s];
    if (!shoal_g.amo_remote && b) {
        shoal_host_mem.amo(op, b + off, sizeof old, &operand, &cond, &old);
        return old;
    }
    const struct shoal_transport_ops *ops = shoal_g.amo_remote ? shoal_g.amo_remote
                                                               : shoal_g.peers[pe].ops;
    const int rc = ops->amo(pe, s, off, op, sizeof old, &operand, &cond, &old);
    if (SHOAL_UNLIKELY(rc)) transport_failed("internal", "an atomic", pe, rc);
    return old;
}

static void flush(const char *routine, int pe, int unless_ordered)
{
    __atomic_thread_fence(__ATOMIC_RELEASE);
    const struct shoal_transport_ops *ops = shoal_g.peers[pe].ops;
    if (ops != &shoal_transport_shm && !(unless_ordered && ops->ordered)) {
        const int rc = ops->flush(pe);
        if (SHOAL_UNLIKELY(rc)) transport_failed(routine, "a flush", pe, rc);
    }
}

void shoal_path_order(const char *routine, int pe) { flush(routine, pe, 1); }
void shoal_path_complete(const char *routine, int pe) { flush(routine, pe, 0); }
