/* Mapped subgroups of a group (remote.h), the area's message tag, and the node-stage steps
 * and the message primitive every remote algorithm is built from. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "coll/engine/remote/remote.h"
#include "core/error.h"

static int key_of(const struct shoal_group *g, int i)
{
    return shoal_g.peers[shoal_group_pe(g, i)].mapset;
}

/* Subgroup of key k, or -1: up to SHOAL_PART_SCAN subgroups a scan from the last one seen
 * (members of a subgroup are usually contiguous), beyond it a table by world PE (a key is
 * one), so a job of many single-PE nodes costs O(n) per collective, not O(n^2). */
#define SHOAL_PART_SCAN 16
static int find(const struct shoal_part *p, const int *table, int k)
{
    if (table) return table[k] - 1;
    int r = p->nlead - 1;
    while (r >= 0 && p->key[r] != k) r--;
    return r;
}

void shoal_part_init(struct shoal_part *p, const struct shoal_group *g)
{
    const int n = g->size;
    int *a = p->stack, *table = NULL;
    p->heap = NULL;
    if (4 * n > (int)(sizeof p->stack / sizeof *p->stack)) {
        a = p->heap = malloc(4 * (size_t)n * sizeof *a);
        if (!a) shoal_fatal("collective", "out of memory (partition of %d members)", n);
    }
    p->lead = a, p->key = a + n, p->mine = a + 2 * n, p->sg = a + 3 * n;
    p->nlead = p->nmine = 0, p->lrank = -1;
    const int mykey = key_of(g, g->me);
    for (int i = 0; i < n; i++) {
        const int k = key_of(g, i);
        if (k == mykey) p->mine[p->nmine++] = i;
        int r = find(p, table, k);
        if (r < 0) {
            r = p->nlead++;
            p->key[r] = k, p->lead[r] = i;
            if (k == mykey) p->lrank = r;
            if (!table && p->nlead > SHOAL_PART_SCAN) {
                table = calloc((size_t)shoal_g.npes, sizeof *table);
                if (!table) shoal_fatal("collective", "out of memory (partition of %d members)", n);
                for (int q = 0; q < p->nlead; q++) table[p->key[q]] = q + 1;
            } else if (table) {
                table[k] = r + 1;
            }
        }
        p->sg[i] = r;
    }
    free(table);
}

int *shoal_part_by_subgroup(const struct shoal_group *g, const struct shoal_part *p, int **at_out)
{
    const int n = g->size, m = p->nlead;
    int *idx = shoal_coll_xmalloc(((size_t)n + 2 * (size_t)m + 1) * sizeof *idx);
    int *at = idx + n, *cursor = at + m + 1;
    memset(at, 0, ((size_t)m + 1) * sizeof *at);
    for (int i = 0; i < n; i++) at[p->sg[i] + 1]++;
    for (int r = 0; r < m; r++) at[r + 1] += at[r];
    memcpy(cursor, at, (size_t)m * sizeof *cursor);
    for (int i = 0; i < n; i++) idx[cursor[p->sg[i]]++] = i;
    *at_out = at;
    return idx;
}

int shoal_area_tag(const struct shoal_group *g)
{
    size_t off = 0;
    const int s = shoal_seg_find(g->area, &off);
    const size_t area_bytes = SHOAL_AREA_LONGS * sizeof(long);
    /* Two areas never overlap, so their starts differ by a whole area or more: off / area
     * differs between them. */
    return (int)(((size_t)(s < 0 ? 0 : s) * 4099 + off / area_bytes) % (SHOAL_MSG_TAG_MAX + 1));
}

void shoal_msg(const struct shoal_group *g, int tag, int to, const void *sbuf, size_t slen,
               int from, void *rbuf, size_t rlen)
{
    const int to_pe = to < 0 ? -1 : shoal_group_pe(g, to);
    const int from_pe = from < 0 ? -1 : shoal_group_pe(g, from);
    const int rc = shoal_g.remote->sendrecv(to_pe, sbuf, slen, from_pe, rbuf, rlen, tag);
    if (rc)
        shoal_fatal("collective", "a message between PEs %d and %d through the %s transport "
                    "failed: %s", to_pe >= 0 ? to_pe : shoal_g.me,
                    from_pe >= 0 ? from_pe : shoal_g.me, shoal_g.remote->name,
                    shoal_status_string(rc));
}

void shoal_node_arrive(const struct shoal_group *g, const struct shoal_part *p, int head)
{
    if (g->me == head) shoal_consume(&g->area[SHOAL_W_ARRIVE], p->nmine - 1);
    else shoal_signal(g, head, SHOAL_W_ARRIVE);
}

void shoal_node_release(const struct shoal_group *g, const struct shoal_part *p, int head)
{
    if (g->me != head) {
        shoal_consume(&g->area[SHOAL_W_RELEASE], 1);
        return;
    }
    for (int k = 0; k < p->nmine; k++)
        if (p->mine[k] != head) shoal_signal(g, p->mine[k], SHOAL_W_RELEASE);
}

void shoal_node_deliver(const struct shoal_group *g, const struct shoal_part *p, int head,
                        void *dest, const void *data, size_t nbytes)
{
    for (int k = 0; k < p->nmine; k++) {
        const int j = p->mine[k];
        if (j == head) continue;
        shoal_copy_data(shoal_coll_ptr(dest, shoal_group_pe(g, j)), data, nbytes);
        shoal_signal(g, j, SHOAL_W_RELEASE);
    }
}

struct scratch {
    void *p;
    size_t n;
};
static _Thread_local struct scratch scratch[2];
/* A thread's buffers are freed when it exits (the key's destructor), so a program that starts
 * and joins threads does not grow by a buffer per thread. The key is set on the growth path
 * only; the main thread's go at shmem_finalize (shoal_coll_scratch_free). */
static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;
static int scratch_keyed; /* the key exists */

static void scratch_drop(struct scratch *s)
{
    for (int k = 0; k < 2; k++) {
        free(s[k].p);
        s[k].p = NULL;
        s[k].n = 0;
    }
}

static void scratch_at_thread_exit(void *s) { scratch_drop(s); }

static void scratch_make_key(void)
{
    scratch_keyed = pthread_key_create(&scratch_key, scratch_at_thread_exit) == 0;
}

void *shoal_coll_scratch(int k, size_t n)
{
    if (scratch[k].n < n) {
        pthread_once(&scratch_once, scratch_make_key);
        if (scratch_keyed) pthread_setspecific(scratch_key, scratch);
        free(scratch[k].p);
        scratch[k].p = shoal_coll_xmalloc(n);
        scratch[k].n = n;
    }
    return scratch[k].p;
}

void shoal_coll_scratch_release(int k)
{
    if (scratch[k].n <= SHOAL_SCRATCH_KEEP) return;
    free(scratch[k].p);
    scratch[k].p = NULL;
    scratch[k].n = 0;
}

void shoal_coll_scratch_free(void) { scratch_drop(scratch); }

/* Private payloads: SHOAL_MB_BYTES at a time through head's mailbox region (its staged copy,
 * if any, has been read by then), each chunk released to the members and taken back. */
void shoal_node_relay(const struct shoal_group *g, const struct shoal_part *p, const void *data,
                      size_t nbytes)
{
    if (p->nmine == 1) return;
    char *box = shoal_stage_box(g);
    size_t off = 0;
    do {
        const size_t len = nbytes - off < SHOAL_MB_BYTES ? nbytes - off : SHOAL_MB_BYTES;
        shoal_copy_data(box, (const char *)data + off, len);
        shoal_node_release(g, p, g->me);
        shoal_consume(&g->area[SHOAL_W_TAKEN], p->nmine - 1);
        off += len;
    } while (off < nbytes);
    memset(box, 0, nbytes < SHOAL_MB_BYTES ? nbytes : SHOAL_MB_BYTES);
}

void shoal_node_fetch(const struct shoal_group *g, const struct shoal_part *p, int head,
                      void *dest, size_t nbytes)
{
    const char *box = shoal_coll_ptr(shoal_stage_box(g), shoal_group_pe(g, head));
    size_t off = 0;
    do {
        const size_t len = nbytes - off < SHOAL_MB_BYTES ? nbytes - off : SHOAL_MB_BYTES;
        shoal_node_release(g, p, head);
        shoal_copy_data((char *)dest + off, box, len);
        shoal_signal(g, head, SHOAL_W_TAKEN);
        off += len;
    } while (off < nbytes);
}
