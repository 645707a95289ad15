/* Symmetric segments. Each PE backs its heap, and its executable's data+bss (so globals and
 * statics are symmetric), with anonymous memfds; node-local peers open them through
 * /proc/<pid>/fd/<n> and map them. Nothing ever has a name in /dev/shm, so nothing outlives
 * the job even when a PE is killed with SIGKILL. */

#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "bootstrap/bootstrap.h"
#include "core/error.h"
#include "core/parse_size.h"
#include "core/state.h"
#include "heap/heap.h"
#include "transport/transport.h"

#define DEFAULT_HEAP_SIZE ((size_t)512 << 20)
/* Room for the runtime's own symmetric memory (team sync areas ...) after the user's heap;
 * only the pages it touches are ever allocated. */
#define INTERNAL_HEAP_SIZE ((size_t)64 << 20)
/* The heap starts on this boundary on every PE, so shmem_align up to it gives the same
 * offsets everywhere. */
#define HEAP_BASE_ALIGN ((size_t)1 << 30)

struct segment_info {
    uint64_t host;        /* which node */
    int32_t pid;
    int32_t heap_fd, data_fd;
    uint64_t heap_size, data_size;
};

static int heap_fd = -1, data_fd = -1;

static uint64_t host_id(void)
{
    char buf[256] = {0};
    gethostname(buf, sizeof buf - 1);
    FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
    if (f) {
        size_t n = strlen(buf);
        if (fgets(buf + n, (int)(sizeof buf - n), f) == NULL) buf[n] = 0;
        fclose(f);
    }
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (const char *p = buf; *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ull;
    return h;
}

/* The main executable's writable PT_LOAD minus its RELRO part, page-rounded. */
struct data_range {
    uintptr_t lo, hi;
};

static int find_data(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    struct data_range *r = arg;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t lo = 0, hi = 0, relro_end = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t start = info->dlpi_addr + ph->p_vaddr, end = start + ph->p_memsz;
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_W) && end > hi) { lo = start; hi = end; }
        if (ph->p_type == PT_GNU_RELRO) relro_end = end;
    }
    lo &= ~(page - 1);
    if (relro_end > lo && relro_end < hi) lo = (relro_end + page - 1) & ~(page - 1);
    r->lo = lo;
    r->hi = (hi + page - 1) & ~(page - 1);
    return 1; /* the first object is the executable */
}

static int make_memfd(const char *name, size_t size)
{
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0) shoal_fatal("shmem_init", "memfd_create failed: %s", strerror(errno));
    if (ftruncate(fd, (off_t)size) != 0)
        shoal_fatal("shmem_init", "cannot size a %zu-byte segment: %s", size, strerror(errno));
    return fd;
}

/* Move the executable's data+bss into a memfd mapped at the same addresses. */
static void remap_data(void)
{
    struct data_range r = {0, 0};
    dl_iterate_phdr(find_data, &r);
    shoal_g.data_base = (char *)r.lo;
    shoal_g.data_size = r.hi > r.lo ? r.hi - r.lo : 0;
    if (!shoal_g.data_size) return;
    data_fd = make_memfd("shoal-data", shoal_g.data_size);
    size_t done = 0;
    while (done < shoal_g.data_size) {
        /* The raw system call: the whole segment is copied, the gaps between globals included,
         * which AddressSanitizer's pwrite interceptor would report as reads out of bounds. */
        ssize_t n = syscall(SYS_pwrite64, data_fd, shoal_g.data_base + done,
                            shoal_g.data_size - done, (off_t)done);
        if (n <= 0) shoal_fatal("shmem_init", "cannot copy the data segment: %s", strerror(errno));
        done += (size_t)n;
    }
    void *p = mmap(shoal_g.data_base, shoal_g.data_size, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_FIXED, data_fd, 0);
    if (p != shoal_g.data_base)
        shoal_fatal("shmem_init", "cannot remap the data segment: %s", strerror(errno));
}

static char *map_peer(int pid, int fd, size_t size)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/fd/%d", pid, fd);
    int f = open(path, O_RDWR | O_CLOEXEC);
    if (f < 0) shoal_fatal("shmem_init", "cannot open a peer's segment %s: %s", path, strerror(errno));
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, f, 0);
    close(f);
    if (p == MAP_FAILED) shoal_fatal("shmem_init", "cannot map %zu bytes of a peer: %s", size, strerror(errno));
    return p;
}

/* Map fd at an address aligned to HEAP_BASE_ALIGN: reserve more, then trim. */
static char *map_aligned(int fd, size_t size)
{
    size_t span = size + HEAP_BASE_ALIGN;
    char *r = mmap(NULL, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (r == MAP_FAILED)
        shoal_fatal("shmem_init", "cannot reserve %zu bytes for the symmetric heap "
                    "(SHOAL_SYMMETRIC_SIZE): %s", size, strerror(errno));
    char *base = (char *)(((uintptr_t)r + HEAP_BASE_ALIGN - 1) & ~(uintptr_t)(HEAP_BASE_ALIGN - 1));
    if (base > r) munmap(r, (size_t)(base - r));
    if (r + span > base + size) munmap(base + size, (size_t)(r + span - (base + size)));
    if (mmap(base, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED | MAP_NORESERVE, fd, 0) != base)
        shoal_fatal("shmem_init", "cannot map a %zu-byte symmetric heap: %s", size, strerror(errno));
    return base;
}

void shoal_segments_init(void)
{
    const char *env = getenv("SHOAL_SYMMETRIC_SIZE");
    size_t size = DEFAULT_HEAP_SIZE;
    if (env && *env) {
        size = shoal_parse_size(env);
        if (size == 0)
            shoal_fatal("shmem_init", "SHOAL_SYMMETRIC_SIZE=%s is not a size (use e.g. 512M, 2G)", env);
    }
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (size > SIZE_MAX - INTERNAL_HEAP_SIZE - HEAP_BASE_ALIGN - page)
        shoal_fatal("shmem_init", "SHOAL_SYMMETRIC_SIZE=%s is too large", env);
    size = (size + page - 1) & ~(page - 1);
    shoal_g.heap_user_size = size;
    shoal_g.heap_size = size + INTERNAL_HEAP_SIZE;
    heap_fd = make_memfd("shoal-heap", shoal_g.heap_size);
    shoal_g.heap_base = map_aligned(heap_fd, shoal_g.heap_size);
    remap_data();

    struct segment_info mine = {host_id(), (int32_t)getpid(), heap_fd, data_fd,
                                shoal_g.heap_size, shoal_g.data_size};
    struct segment_info *all = calloc((size_t)shoal_g.npes, sizeof *all);
    shoal_g.peers = calloc((size_t)shoal_g.npes, sizeof *shoal_g.peers);
    shoal_g.local_pes = calloc((size_t)shoal_g.npes, sizeof(int));
    if (!all || !shoal_g.peers || !shoal_g.local_pes) shoal_fatal("shmem_init", "out of memory");
    shoal_g.boot->allgather(&mine, all, sizeof mine);

    shoal_g.n_local_pes = 0;
    for (int pe = 0; pe < shoal_g.npes; pe++) {
        struct shoal_peer *p = &shoal_g.peers[pe];
        p->pid = all[pe].pid;
        if (all[pe].heap_size != shoal_g.heap_size || all[pe].data_size != shoal_g.data_size)
            shoal_fatal("shmem_init", "PE %d has a %llu-byte heap and %llu-byte data segment, this PE "
                        "%zu and %zu: every PE must run the same program with the same "
                        "SHOAL_SYMMETRIC_SIZE", pe, (unsigned long long)all[pe].heap_size,
                        (unsigned long long)all[pe].data_size, shoal_g.heap_size, shoal_g.data_size);
        if (all[pe].host != mine.host)
            shoal_fatal("shmem_init", "PE %d runs on another node; this build has only the "
                        "shared-memory transport (off-node transports are not implemented yet)", pe);
        shoal_g.local_pes[shoal_g.n_local_pes++] = pe;
        p->ops = &shoal_transport_shm;
        if (pe == shoal_g.me) {
            p->heap = shoal_g.heap_base;
            p->data = shoal_g.data_base;
        } else {
            p->heap = map_peer(all[pe].pid, all[pe].heap_fd, shoal_g.heap_size);
            p->data = shoal_g.data_size ? map_peer(all[pe].pid, all[pe].data_fd, shoal_g.data_size) : NULL;
        }
    }
    free(all);
    /* Peers have opened our fds once everybody passes this point. */
    shoal_g.boot->barrier();
}

void shoal_segments_fini(void)
{
    for (int pe = 0; pe < shoal_g.npes; pe++) {
        struct shoal_peer *p = &shoal_g.peers[pe];
        if (pe == shoal_g.me) continue;
        if (p->heap) munmap(p->heap, shoal_g.heap_size);
        if (p->data) munmap(p->data, shoal_g.data_size);
    }
    munmap(shoal_g.heap_base, shoal_g.heap_size);
    /* The data segment stays mapped: it holds this program's globals. */
    if (heap_fd >= 0) close(heap_fd);
    if (data_fd >= 0) close(data_fd);
    heap_fd = data_fd = -1;
    free(shoal_g.peers);
    free(shoal_g.local_pes);
    shoal_g.peers = NULL;
    shoal_g.local_pes = NULL;
    shoal_g.heap_base = NULL;
    shoal_g.heap_size = shoal_g.heap_user_size = 0;
    shoal_g.data_base = NULL;
    shoal_g.data_size = 0;
}
