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
#include <sys/stat.h>
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

struct shoal_allocator shoal_host_heap;

void *shoal_heap_alloc_internal(size_t size, size_t alignment)
{
    void *p = shoal_alloc_internal(&shoal_host_heap, size, alignment);
    if (!p)
        shoal_fatal("shmem_init", "the runtime's own symmetric memory (%zu bytes) cannot hold %zu "
                    "more bytes; lower SHOAL_MAX_TEAMS", shoal_host_heap.internal_size, size);
    return p;
}

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
    /* memfds are created 0777; peers of this user open it through /proc, nobody else may. */
    if (fchmod(fd, 0600) != 0) shoal_fatal("shmem_init", "fchmod of a segment: %s", strerror(errno));
    if (ftruncate(fd, (off_t)size) != 0)
        shoal_fatal("shmem_init", "cannot size a %zu-byte segment: %s", size, strerror(errno));
    return fd;
}

/* Move the executable's data+bss into a memfd mapped at the same addresses. */
static void remap_data(void)
{
    struct data_range r = {0, 0};
    dl_iterate_phdr(find_data, &r);
    struct shoal_segment *d = &shoal_g.seg[SHOAL_SEG_DATA];
    *d = (struct shoal_segment){"data segment", SHOAL_SEG_HOST, (char *)r.lo,
                                r.hi > r.lo ? r.hi - r.lo : 0, 0, &shoal_host_mem, NULL};
    d->user_size = d->size;
    if (!d->size) {
        d->base = NULL;
        return;
    }
    data_fd = make_memfd("shoal-data", d->size);
    size_t done = 0;
    while (done < d->size) {
        /* The raw system call: the whole segment is copied, the gaps between globals included,
         * which AddressSanitizer's pwrite interceptor would report as reads out of bounds. */
        ssize_t n = syscall(SYS_pwrite64, data_fd, d->base + done, d->size - done, (off_t)done);
        if (n <= 0) shoal_fatal("shmem_init", "cannot copy the data segment: %s", strerror(errno));
        done += (size_t)n;
    }
    void *p = mmap(d->base, d->size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, data_fd, 0);
    if (p != d->base)
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

/* The heap is reserved, not committed (MAP_NORESERVE), so a size past the machine's memory
 * starts fine and fails only when touched: PE 0 says so once, at init. */
static void warn_heap_past_memory(const struct segment_info *all, int n, size_t size,
                                  const char *var)
{
    if (shoal_g.me != 0) return;
    int on_node = 0;
    for (int pe = 0; pe < n; pe++) on_node += all[pe].host == all[0].host;
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) return;
    const double mem = (double)pages * (double)page, want = (double)size * on_node;
    if (want > mem)
        shoal_warn("shmem_init", "%s asks for %zu bytes per PE, %d PEs on this node: %.1f GiB, "
                   "more than its %.1f GiB of memory (a heap that fills up will fail)", var, size,
                   on_node, want / (1u << 30), mem / (1u << 30));
}

void shoal_segments_init(void)
{
    /* The spec's SHMEM_SYMMETRIC_SIZE, unless Shoal's own variable is set too. */
    const char *var = "SHOAL_SYMMETRIC_SIZE", *env = getenv(var);
    if (!env || !*env) env = getenv(var = "SHMEM_SYMMETRIC_SIZE");
    size_t size = DEFAULT_HEAP_SIZE;
    if (env && *env) {
        size = shoal_parse_size(env);
        if (size == 0)
            shoal_fatal("shmem_init", "%s=%s is not a size (use e.g. 512M, 2G)", var, env);
    }
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (size > SIZE_MAX - INTERNAL_HEAP_SIZE - HEAP_BASE_ALIGN - page)
        shoal_fatal("shmem_init", "%s=%s is too large", var, env);
    size = (size + page - 1) & ~(page - 1);
    struct shoal_segment *h = &shoal_g.seg[SHOAL_SEG_HEAP];
    heap_fd = make_memfd("shoal-heap", size + INTERNAL_HEAP_SIZE);
    *h = (struct shoal_segment){"heap", SHOAL_SEG_HOST, map_aligned(heap_fd, size + INTERNAL_HEAP_SIZE),
                                size + INTERNAL_HEAP_SIZE, size, &shoal_host_mem, &shoal_host_heap};
    shoal_alloc_init(&shoal_host_heap, h->base, size, INTERNAL_HEAP_SIZE, HEAP_BASE_ALIGN);
    remap_data();
    const struct shoal_segment *d = &shoal_g.seg[SHOAL_SEG_DATA];

    const int n = shoal_g.npes;
    struct segment_info mine = {host_id(), (int32_t)getpid(), heap_fd, data_fd, h->size, d->size};
    struct segment_info *all = calloc((size_t)n, sizeof *all);
    struct shoal_peer_info *info = calloc((size_t)n, sizeof *info);
    int *map = calloc((size_t)n, sizeof *map);
    shoal_g.peers = aligned_alloc(64, (size_t)n * sizeof *shoal_g.peers);
    if (shoal_g.peers) memset(shoal_g.peers, 0, (size_t)n * sizeof *shoal_g.peers);
    shoal_g.local_pes = calloc((size_t)n, sizeof(int));
    shoal_g.shared_pes = calloc((size_t)n, sizeof(int));
    if (!all || !info || !map || !shoal_g.peers || !shoal_g.local_pes || !shoal_g.shared_pes)
        shoal_fatal("shmem_init", "out of memory");
    shoal_g.boot->allgather(&mine, all, sizeof mine);

    for (int pe = 0; pe < n; pe++) {
        if (all[pe].heap_size != h->size || all[pe].data_size != d->size)
            shoal_fatal("shmem_init", "PE %d has a %llu-byte heap and %llu-byte data segment, this PE "
                        "%zu and %zu: every PE must run the same program with the same "
                        "SHOAL_SYMMETRIC_SIZE / SHMEM_SYMMETRIC_SIZE", pe, (unsigned long long)all[pe].heap_size,
                        (unsigned long long)all[pe].data_size, h->size, d->size);
        shoal_g.peers[pe].pid = all[pe].pid;
        info[pe].host = all[pe].host;
    }
    shoal_transport_select(info, map);
    warn_heap_past_memory(all, n, size, var);

    shoal_g.n_local_pes = shoal_g.n_shared_pes = 0;
    for (int pe = 0; pe < n; pe++) {
        struct shoal_peer *p = &shoal_g.peers[pe];
        if (all[pe].host == mine.host) shoal_g.local_pes[shoal_g.n_local_pes++] = pe;
        if (!map[pe]) continue;
        shoal_g.shared_pes[shoal_g.n_shared_pes++] = pe;
        if (pe == shoal_g.me) {
            p->base[SHOAL_SEG_HEAP] = h->base;
            p->base[SHOAL_SEG_DATA] = d->base;
        } else {
            p->base[SHOAL_SEG_HEAP] = map_peer(all[pe].pid, all[pe].heap_fd, h->size);
            p->base[SHOAL_SEG_DATA] = d->size ? map_peer(all[pe].pid, all[pe].data_fd, d->size) : NULL;
        }
    }
    free(all);
    free(info);
    free(map);
    /* Peers have opened our fds once everybody passes this point. */
    shoal_g.boot->barrier();
}

void shoal_segments_fini(void)
{
    const struct shoal_segment *h = &shoal_g.seg[SHOAL_SEG_HEAP], *d = &shoal_g.seg[SHOAL_SEG_DATA];
    for (int pe = 0; pe < shoal_g.npes; pe++) {
        struct shoal_peer *p = &shoal_g.peers[pe];
        if (pe == shoal_g.me) continue;
        if (p->base[SHOAL_SEG_HEAP]) munmap(p->base[SHOAL_SEG_HEAP], h->size);
        if (p->base[SHOAL_SEG_DATA]) munmap(p->base[SHOAL_SEG_DATA], d->size);
    }
    munmap(h->base, h->size);
    shoal_alloc_fini(&shoal_host_heap);
    /* The data segment stays mapped: it holds this program's globals. */
    if (heap_fd >= 0) close(heap_fd);
    if (data_fd >= 0) close(data_fd);
    heap_fd = data_fd = -1;
    free(shoal_g.peers);
    free(shoal_g.local_pes);
    free(shoal_g.shared_pes);
    shoal_g.peers = NULL;
    shoal_g.local_pes = shoal_g.shared_pes = NULL;
    memset(&shoal_g.seg[SHOAL_SEG_HEAP], 0, sizeof shoal_g.seg[SHOAL_SEG_HEAP]);
    memset(&shoal_g.seg[SHOAL_SEG_DATA], 0, sizeof shoal_g.seg[SHOAL_SEG_DATA]);
}
