/* All-reduce across nodes, in three stages:
 *  1. node: each member signals its leader that its source is ready; the leader combines the
 *     subgroup's sources (read through the mapping) in subgroup order into its dest, in
 *     cache-sized blocks (dest == source works: each block is read before it is written).
 *  2. leaders: by messages, recursive doubling (an exchange per round, each partner combines
 *     the lower rank's operand first, so both compute the same bits), or for vectors from
 *     64 KiB reduce-scatter by halving then allgather; when the number of subgroups is not a
 *     power of two, the extra leaders fold into a partner first and get the result back at
 *     the end. A lone leader (no members on its node) sends its source as it is.
 *  3. node: the leader copies the result into each member's dest and releases it. Members'
 *     sources have all been read by then, so a member's dest may be its source.
 * Every element is combined in one fixed order, the same for every member: identical bits,
 * floating point included. Private payloads (team creation): the leader reads the members'
 * staged copies and relays the result through its own area (shoal_node_relay). */
#include <stdlib.h>
#include <string.h>

#include "coll/engine/remote/remote.h"

#define BLOCK_BYTES 16384
#define HALVE_FROM (64 << 10) /* leaders' vectors from this size are halved, then gathered */

/* acc = the subgroup's sources (member k's at from on its PE) combined in subgroup order. */
static void node_combine(const struct shoal_group *g, const struct shoal_part *p, char *acc,
                         const void *from, size_t count, size_t esize, shoal_combine_fn fn)
{
    const int k = p->nmine;
    if (k == 1) {
        if (acc != from) memmove(acc, from, count * esize);
        return;
    }
    const char *srcs[k];
    for (int j = 0; j < k; j++) srcs[j] = shoal_coll_ptr(from, shoal_group_pe(g, p->mine[j]));
    const size_t per = BLOCK_BYTES / esize ? BLOCK_BYTES / esize : 1;
    for (size_t e0 = 0; e0 < count; e0 += per) {
        const size_t cnt = count - e0 < per ? count - e0 : per, off = e0 * esize;
        fn(acc + off, srcs[0] + off, srcs[1] + off, cnt);
        for (int j = 2; j < k; j++) fn(acc + off, acc + off, srcs[j] + off, cnt);
    }
}

/* Among p2 leaders (rounds = log2 p2; r: this one's rank), in -> acc: reduce-scatter by
 * recursive halving, then allgather by recursive doubling (Rabenseifner). Each leader sends
 * and combines under 2x its vector whatever p2, where doubling sends and combines the whole
 * vector log2 p2 times; at 2 leaders, two exchanges of half the bytes move faster than one of
 * all of them, and each combines half. Same combine tree as doubling (lower rank's operand
 * first), so every PE gets the same bits. */
static void halve_double(const struct shoal_group *g, const struct shoal_part *p, int tag, int r,
                         int rounds, const char *in, char *acc, char *tmp, size_t esize,
                         size_t count, shoal_combine_fn fn)
{
    size_t lo[32], hi[32]; /* my range of elements before step k */
    size_t a = 0, b = count;
    for (int k = 0; k < rounds; k++) {
        lo[k] = a, hi[k] = b;
        const size_t mid = a + (b - a) / 2;
        const int partner = r ^ (1 << k), upper = r & (1 << k);
        const size_t ka = upper ? mid : a, kb = upper ? b : mid; /* kept */
        const size_t sa = upper ? a : mid, sb = upper ? mid : b; /* handed to the partner */
        shoal_msg(g, tag, p->lead[partner], in + sa * esize, (sb - sa) * esize, p->lead[partner],
                  tmp, (kb - ka) * esize);
        if (partner < r)
            fn(acc + ka * esize, tmp, in + ka * esize, kb - ka);
        else
            fn(acc + ka * esize, in + ka * esize, tmp, kb - ka);
        in = acc;
        a = ka, b = kb;
    }
    for (int k = rounds - 1; k >= 0; k--) { /* my range and the partner's make the one before */
        const int partner = r ^ (1 << k), upper = r & (1 << k);
        const size_t oa = upper ? lo[k] : b, ob = upper ? a : hi[k];
        shoal_msg(g, tag, p->lead[partner], acc + a * esize, (b - a) * esize, p->lead[partner],
                  acc + oa * esize, (ob - oa) * esize);
        a = lo[k], b = hi[k];
    }
}

/* The same by recursive doubling: an exchange of the whole vector per round (small ones). */
static void doubling(const struct shoal_group *g, const struct shoal_part *p, int tag, int r,
                     int rounds, const char *in, char *acc, char *tmp, size_t nbytes, size_t count,
                     shoal_combine_fn fn)
{
    for (int k = 0; k < rounds; k++) {
        const int partner = r ^ (1 << k);
        shoal_msg(g, tag, p->lead[partner], in, nbytes, p->lead[partner], tmp, nbytes);
        if (partner < r)
            fn(acc, tmp, in, count);
        else
            fn(acc, in, tmp, count);
        in = acc;
    }
}

/* Among the leaders: acc = every subgroup's vector combined (this one's is in, which may be
 * acc); tmp: a receive buffer of nbytes. When their number is not a power of two, the extra
 * leaders fold into a partner first and get the result back at the end. */
static void lead_allreduce(const struct shoal_group *g, const struct shoal_part *p, int tag,
                           const char *in, char *acc, char *tmp, size_t nbytes, size_t count,
                           shoal_combine_fn fn)
{
    const int m = p->nlead, r = p->lrank;
    int rounds = 0;
    while ((2 << rounds) <= m) rounds++;
    const int p2 = 1 << rounds, extras = m - p2;
    if (r >= p2) { /* extra: hand my vector to my partner, get the result back */
        shoal_msg(g, tag, p->lead[r - p2], in, nbytes, -1, NULL, 0);
        shoal_msg(g, tag, -1, NULL, 0, p->lead[r - p2], acc, nbytes);
        return;
    }
    if (r < extras) {
        shoal_msg(g, tag, -1, NULL, 0, p->lead[r + p2], tmp, nbytes);
        fn(acc, in, tmp, count);
        in = acc;
    }
    if (nbytes >= HALVE_FROM && count >= (size_t)p2)
        halve_double(g, p, tag, r, rounds, in, acc, tmp, nbytes / count, count, fn);
    else
        doubling(g, p, tag, r, rounds, in, acc, tmp, nbytes, count, fn);
    if (r < extras) shoal_msg(g, tag, p->lead[r + p2], acc, nbytes, -1, NULL, 0);
}

static void member(const struct shoal_group *g, const struct shoal_part *p, void *dest,
                   size_t nbytes, int priv)
{
    const int head = p->mine[0];
    shoal_node_arrive(g, p, head); /* my source is ready */
    if (priv) shoal_node_fetch(g, p, head, dest, nbytes); /* the result, from head's area */
    else shoal_node_release(g, p, head);                  /* the result is in my dest */
}

static void leader(const struct shoal_group *g, const struct shoal_part *p, void *dest,
                   const void *from, size_t nbytes, size_t count, shoal_combine_fn fn, int priv)
{
    char *acc = priv ? shoal_coll_xmalloc(nbytes) : dest;
    char *tmp = p->nlead > 1 ? shoal_coll_scratch(0, nbytes) : NULL;
    shoal_node_arrive(g, p, g->me);
    /* A lone leader sends its source as it is: the first round's combine writes acc. */
    const int lone = p->nmine == 1 && p->nlead > 1;
    if (!lone) node_combine(g, p, acc, from, count, nbytes / count, fn);
    if (p->nlead > 1)
        lead_allreduce(g, p, shoal_area_tag(g), lone ? from : acc, acc, tmp, nbytes, count, fn);
    if (priv) {
        shoal_node_relay(g, p, acc, nbytes); /* through my area: my staged copy is read */
        shoal_copy_data(dest, acc, nbytes);
        free(acc);
    } else {
        shoal_node_deliver(g, p, g->me, dest, acc, nbytes);
    }
    if (tmp) shoal_coll_scratch_release(0);
}

void shoal_xcoll_reduce(const struct shoal_group *g, void *dest, const void *src, size_t nbytes,
                        size_t count, shoal_combine_fn fn, int flags)
{
    const int priv = flags & SHOAL_COLL_PRIVATE;
    struct shoal_part p;
    shoal_part_init(&p, g);
    const void *from = shoal_stage(g, src, nbytes, flags);
    if (shoal_part_leader(&p, g))
        leader(g, &p, dest, from, nbytes, count, fn, priv);
    else
        member(g, &p, dest, nbytes, priv);
    shoal_unstage(from, src, nbytes);
    shoal_part_fini(&p);
}
