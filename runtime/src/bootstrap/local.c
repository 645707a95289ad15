/* The "local" bootstrap: PEs forked by shoalrun meet in an anonymous shared segment whose fd
 * they inherit (see local_protocol.h). A sense-counting barrier on its header plus one slot
 * per PE for allgather. */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bootstrap/bootstrap.h"
#include "bootstrap/local_protocol.h"
#include "core/error.h"
#include "sync/backoff.h"

struct local_header {
    unsigned count;       /* arrivals in the current barrier */
    unsigned generation;  /* bumped by the last arrival */
};

static struct shoal_bootstrap local;
static char *segment;
static size_t segment_len;

static struct local_header *header(void) { return (struct local_header *)segment; }
static char *slot(int pe) { return segment + SHOAL_LOCAL_HEADER_BYTES + (size_t)pe * SHOAL_LOCAL_SLOT_BYTES; }

static void local_barrier(void)
{
    struct local_header *h = header();
    unsigned gen = __atomic_load_n(&h->generation, __ATOMIC_ACQUIRE);
    if (__atomic_add_fetch(&h->count, 1, __ATOMIC_ACQ_REL) == (unsigned)local.npes) {
        __atomic_store_n(&h->count, 0, __ATOMIC_RELAXED);
        __atomic_add_fetch(&h->generation, 1, __ATOMIC_RELEASE);
        return;
    }
    /* Init-time only and possibly oversubscribed: yield while waiting. */
    struct shoal_backoff bo = SHOAL_BACKOFF_INIT;
    while (__atomic_load_n(&h->generation, __ATOMIC_ACQUIRE) == gen) {
        bo.n = bo.n < 256 ? 256 : bo.n;
        shoal_backoff(&bo);
    }
}

static void local_allgather(const void *in, void *out, size_t len)
{
    for (size_t done = 0; done < len || (len == 0 && done == 0); done += SHOAL_LOCAL_SLOT_BYTES) {
        size_t chunk = len - done < SHOAL_LOCAL_SLOT_BYTES ? len - done : SHOAL_LOCAL_SLOT_BYTES;
        memcpy(slot(local.pe), (const char *)in + done, chunk);
        local_barrier();
        for (int pe = 0; pe < local.npes; pe++)
            memcpy((char *)out + (size_t)pe * len + done, slot(pe), chunk);
        local_barrier();
        if (len == 0) break;
    }
}

/* Tell shoalrun to stop the whole job with this status (see local_protocol.h). */
static void local_abort(int status)
{
    union sigval v = {.sival_int = status};
    sigqueue(getppid(), SHOAL_LOCAL_ABORT_SIGNAL, v);
    _exit(status);
}

static void local_fini(void)
{
    if (segment) munmap(segment, segment_len);
    segment = NULL;
}

static int env_int(const char *name, int *value)
{
    const char *s = getenv(name);
    if (!s || !*s) return 0;
    char *end;
    long v = strtol(s, &end, 10);
    if (*end || v < 0 || v > INT32_MAX) shoal_fatal("shmem_init", "%s=%s is not a valid number", name, s);
    *value = (int)v;
    return 1;
}

const struct shoal_bootstrap *shoal_bootstrap_local(void)
{
    int fd, pe, npes;
    if (!env_int(SHOAL_ENV_LOCAL_FD, &fd)) return NULL;
    if (!env_int(SHOAL_ENV_LOCAL_PE, &pe) || !env_int(SHOAL_ENV_LOCAL_NPES, &npes) || npes < 1 ||
        pe >= npes)
        shoal_fatal("shmem_init", "shoalrun variables are incomplete (%s/%s)", SHOAL_ENV_LOCAL_PE,
                    SHOAL_ENV_LOCAL_NPES);
    if (segment) { /* re-init after finalize: the segment is still mapped */
        return &local;
    }
    segment_len = shoal_local_segment_size(npes);
    struct stat st;
    if (fstat(fd, &st) != 0 || (size_t)st.st_size < segment_len)
        shoal_fatal("shmem_init", "%s=%d is not shoalrun's rendezvous segment", SHOAL_ENV_LOCAL_FD, fd);
    segment = mmap(NULL, segment_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (segment == MAP_FAILED) shoal_fatal("shmem_init", "cannot map the shoalrun segment");
    local = (struct shoal_bootstrap){
        .name = "local", .pe = pe, .npes = npes, .allgather = local_allgather,
        .barrier = local_barrier, .abort = local_abort, .fini = local_fini,
    };
    return &local;
}
