/* The shared-memory transport: node-local peers' segments are mapped into this process, so
 * the data path reaches them with loads, stores and CPU atomics before it would ever look at
 * this table (path/path.h). Its data routines therefore report an internal error; ordering is
 * a CPU fence. */
#include "core/error.h"
#include "transport/transport.h"

static int shm_unreachable(void) { return SHOAL_ERR_NOT_ATTACHED; }
static int shm_put(int pe, int seg, size_t off, const void *src, size_t len, int flags)
{
    (void)pe, (void)seg, (void)off, (void)src, (void)len, (void)flags;
    return shm_unreachable();
}
static int shm_get(int pe, int seg, size_t off, void *dest, size_t len, int flags)
{
    (void)pe, (void)seg, (void)off, (void)dest, (void)len, (void)flags;
    return shm_unreachable();
}
static int shm_amo(int pe, int seg, size_t off, enum shoal_amo_op op, size_t size,
                   const void *operand, const void *cond, void *result)
{
    (void)pe, (void)seg, (void)off, (void)op, (void)size, (void)operand, (void)cond, (void)result;
    return shm_unreachable();
}
static int shm_nothing(void) { return SHOAL_OK; }
static int shm_seg_nothing(int seg) { (void)seg; return SHOAL_OK; }
static int shm_fence(void) { __atomic_thread_fence(__ATOMIC_RELEASE); return SHOAL_OK; }
static int shm_quiet(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); return SHOAL_OK; }
static int shm_flush(int pe) { (void)pe; return shm_quiet(); }
static int shm_progress(void) { return 0; }
static int shm_sendrecv(int to, const void *sbuf, size_t slen, int from, void *rbuf, size_t rlen,
                        int tag)
{
    (void)to, (void)sbuf, (void)slen, (void)from, (void)rbuf, (void)rlen, (void)tag;
    return shm_unreachable();
}

const struct shoal_transport_ops shoal_transport_shm = {
    .name = "shm", .init = shm_nothing, .fini = shm_nothing, .attach = shm_seg_nothing,
    .detach = shm_seg_nothing, .put = shm_put, .get = shm_get, .amo = shm_amo,
    .fence = shm_fence, .quiet = shm_quiet, .flush = shm_flush, .progress = shm_progress,
    .sendrecv = shm_sendrecv,
};
