/* put-with-signal and the signal routines. The signal update is ordered after the data: a
 * PE that sees the signal sees the data. */
#include <shmem.h>
#include <shmemx.h>

#include "rma/rma.h"
#include "sync/backoff.h"
#include "p2p/compare.h"

/* The signal update on world PE wpe, after whatever this PE put there before. */
static void signal_update(const char *routine, uint64_t *sig_addr, uint64_t signal, int sig_op, int wpe)
{
    uint64_t *s = shoal_g.amo_remote ? NULL : shoal_remote(routine, sig_addr, sizeof *sig_addr, wpe);
    if (SHOAL_LIKELY(s != NULL)) {
        if (sig_op == SHMEM_SIGNAL_SET) __atomic_store_n(s, signal, __ATOMIC_RELEASE);
        else __atomic_fetch_add(s, signal, __ATOMIC_RELEASE);
        shoal_ring_store(wpe, sig_addr, sizeof *sig_addr); /* a signal wait there wakes */
    } else {
        shoal_path_order(routine, wpe); /* whoever sees the signal sees the data */
        shoal_path_amo_slow(routine, sig_op == SHMEM_SIGNAL_SET ? SHOAL_AMO_SET : SHOAL_AMO_ADD,
                            sig_addr, sizeof *sig_addr, &signal, NULL, NULL, wpe);
    }
}

static void check_sig_op(const char *routine, int sig_op)
{
    if (sig_op != SHMEM_SIGNAL_SET && sig_op != SHMEM_SIGNAL_ADD)
        shoal_fatal(routine, "sig_op %d is neither SHMEM_SIGNAL_SET nor SHMEM_SIGNAL_ADD", sig_op);
}

void shoal_put_signal(const char *routine, shmem_ctx_t ctx, void *dest, const void *src,
                      size_t nelems, size_t elem, uint64_t *sig_addr, uint64_t signal, int sig_op,
                      int pe, int flags)
{
    check_sig_op(routine, sig_op);
    int wpe = shoal_ctx_pe(routine, ctx, pe);
    shoal_put(routine, SHMEM_CTX_DEFAULT, dest, src, nelems, elem, wpe, flags);
    signal_update(routine, sig_addr, signal, sig_op, wpe);
}

void shmemx_signal_op(uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{
    const char *routine = "shmemx_signal_op";
    check_sig_op(routine, sig_op);
    signal_update(routine, sig_addr, signal, sig_op, shoal_ctx_pe(routine, SHMEM_CTX_DEFAULT, pe));
}

uint64_t shmem_signal_fetch(const uint64_t *sig_addr)
{
    SHOAL_CHECK_INIT("shmem_signal_fetch");
    const uint64_t v = __atomic_load_n(sig_addr, __ATOMIC_ACQUIRE);
    shoal_poll_progress(); /* a loop of fetches is a wait (sync/backoff.h) */
    return v;
}

uint64_t shmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value)
{
    SHOAL_CHECK_INIT("shmem_signal_wait_until");
    shoal_check_cmp("shmem_signal_wait_until", cmp);
    uint64_t v;
    SHOAL_WAIT_ON("shmem_signal_wait_until", sig_addr, sizeof *sig_addr,
                  SHOAL_COMPARE(cmp, (v = __atomic_load_n(sig_addr, __ATOMIC_ACQUIRE)), cmp_value));
    return v;
}
