/* The "local" bootstrap: PEs forked by shoalrun meet in an anonymous shared segment whose fd
 * they inherit (see local_protocol.h). A sense-counting barrier on its header plus one slot
 * per PE for allgather. */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bootstrap/bootstrap.h"
#include "core/env_long.h"
#include "core/error.h"
#include "core/local_protocol.h"
#include "sync/backoff.h"
#include "sync/wait_site.h"

struct local_header {
    unsigned count;       /* arrivals in the current barrier */
    unsigned generation;  /* bumped by the last arrival */
};

static struct shoal_bootstrap local;
static char *segment;
static size_t segment_len;
static int segment_fd = -1; /* kept (close-on-exec) for a shmem_init after shmem_finalize */

static unsigned char *state(int pe) { return shoal_local_state(segment, local.npes) + pe; }

/* A peer shoalrun has reaped before it joined: it will never arrive, so stop instead of
 * waiting for it forever. */
static void check_gone(void)
{
    for (int pe = 0; pe < local.npes; pe++)
        if (__atomic_load_n(state(pe), __ATOMIC_SEQ_CST) == SHOAL_LOCAL_GONE)
            shoal_fatal("shmem_init", "PE %d left the job (exited) before calling shmem_init", pe);
}

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
    for (unsigned polls = 1; __atomic_load_n(&h->generation, __ATOMIC_ACQUIRE) == gen; polls++) {
        bo.n = bo.n < 256 ? 256 : bo.n;
        shoal_backoff(&bo);
        if (polls % 1024 == 0) check_gone();
    }
    shoal_backoff_end(&bo);
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
    if (!segment) return;
    __atomic_store_n(state(local.pe), SHOAL_LOCAL_FINALIZED, __ATOMIC_SEQ_CST);
    shoal_wait_site_attach(NULL);
    munmap(segment, segment_len);
    segment = NULL;
}

/* Before main: claim the launcher's variables for this process (local_protocol.h). The fd is
 * close-on-exec from here on, so nothing this PE starts inherits it; variables inherited from
 * a PE (another pid owns them) are not this process's job. Errors wait for shmem_init. */
__attribute__((constructor)) static void local_claim(void)
{
    const char *fd = getenv(SHOAL_ENV_LOCAL_FD);
    if (!fd) return;
    const char *owner = getenv(SHOAL_ENV_LOCAL_OWNER);
    char me[24];
    snprintf(me, sizeof me, "%ld", (long)getpid());
    if (owner && strcmp(owner, me) != 0) {
        unsetenv(SHOAL_ENV_LOCAL_FD);
        unsetenv(SHOAL_ENV_LOCAL_PE);
        unsetenv(SHOAL_ENV_LOCAL_NPES);
        unsetenv(SHOAL_ENV_LOCAL_OWNER);
        return;
    }
    setenv(SHOAL_ENV_LOCAL_OWNER, me, 1);
    char *end;
    const long n = strtol(fd, &end, 10);
    if (*fd && !*end && n >= 0 && n <= INT32_MAX) {
        const int flags = fcntl((int)n, F_GETFD);
        if (flags >= 0) fcntl((int)n, F_SETFD, flags | FD_CLOEXEC);
    }
}

static int env_int(const char *name, int *value)
{
    const long v = shoal_env_long(name, 0, INT32_MAX, "a number", -1);
    *value = (int)v;
    return v >= 0;
}

const struct shoal_bootstrap *shoal_bootstrap_local(void)
{
    if (segment_fd < 0) { /* first shmem_init: join the job the environment names */
        int fd, pe, npes;
        if (!env_int(SHOAL_ENV_LOCAL_FD, &fd)) return NULL;
        if (!env_int(SHOAL_ENV_LOCAL_PE, &pe) || !env_int(SHOAL_ENV_LOCAL_NPES, &npes) ||
            npes < 1 || pe >= npes)
            shoal_fatal("shmem_init", "shoalrun variables are incomplete (%s/%s)",
                        SHOAL_ENV_LOCAL_PE, SHOAL_ENV_LOCAL_NPES);
        local = (struct shoal_bootstrap){
            .name = "local", .pe = pe, .npes = npes, .allgather = local_allgather,
            .barrier = local_barrier, .abort = local_abort, .fini = local_fini,
        };
        segment_len = shoal_local_segment_size(npes);
        struct stat st;
        if (fstat(fd, &st) != 0 || (size_t)st.st_size < segment_len)
            shoal_fatal("shmem_init", "%s=%d is not shoalrun's rendezvous segment",
                        SHOAL_ENV_LOCAL_FD, fd);
        /* Programs this PE starts (system(), exec) are not PEs of this job. */
        fcntl(fd, F_SETFD, FD_CLOEXEC);
        unsetenv(SHOAL_ENV_LOCAL_FD);
        unsetenv(SHOAL_ENV_LOCAL_PE);
        unsetenv(SHOAL_ENV_LOCAL_NPES);
        unsetenv(SHOAL_ENV_LOCAL_OWNER);
        segment_fd = fd;
    }
    if (!segment) {
        segment = mmap(NULL, segment_len, PROT_READ | PROT_WRITE, MAP_SHARED, segment_fd, 0);
        if (segment == MAP_FAILED) {
            segment = NULL;
            shoal_fatal("shmem_init", "cannot map the shoalrun segment");
        }
    }
    /* Joined before looking for peers that left: shoalrun marks a PE gone before it looks
     * for joined ones, so one of the two sees the other. */
    __atomic_store_n(state(local.pe), SHOAL_LOCAL_JOINED, __ATOMIC_SEQ_CST);
    check_gone();
    shoal_wait_site_attach(shoal_local_site(segment, local.npes, local.pe));
    return &local;
}
