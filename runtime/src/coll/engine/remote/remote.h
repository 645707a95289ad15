/* The engine over an off-node transport, for groups that span more than one mapped subgroup
 * (shoal_coll_remote(g)), built in two levels:
 *
 *  - The group is partitioned into mapped subgroups: members whose memory is mapped together
 *    (core/state.h: peers[].mapset, the same on every PE, so every member computes the same
 *    partition). The leader of a subgroup is its lowest group index. Under
 *    SHOAL_TRANSPORT=mpi nothing but self is mapped, so every member is its own leader.
 *  - Node stage: members and their leader meet through the mapping, with loads, stores and CPU
 *    atomics on counter words of the sync area (arrive: member -> leader, release: leader ->
 *    member). The transport never touches these words (its atomics are not atomic against
 *    the CPU's), and no transport atomic is used at all.
 *  - Leader stage: leaders exchange two-sided messages (transport sendrecv): a message carries
 *    its data and its signal, one one-way latency. The tag names the sync area (area_tag), so
 *    collectives on different areas (teams, pSyncs) used by different threads never match
 *    each other's messages; messages of one area and pair arrive in order, and every member
 *    runs the same sequence of collectives on an area, so each receive matches the send it
 *    was meant for.
 *
 * Files: partition.c (subgroups, tags, node-stage steps), barrier.c, reduce.c, bcast.c,
 * gather.c (fcollect, collect), alltoall.c (alltoall, alltoalls). No data moves by transport
 * RMA: only node-stage copies through the mapping and leader messages.
 *
 * Counter invariants (coll/engine/group.h): every arrive signal a PE gets in a collective is
 * consumed by it before it releases anyone, and every release before the member returns, so
 * one pair of words serves every collective kind back to back and is zero again at return. */
#ifndef SHOAL_COLL_REMOTE_H
#define SHOAL_COLL_REMOTE_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "coll/engine/engine.h"
#include "transport/transport.h"

/* Node-stage counters: the member's "I am here / my source is ready" at its leader (or at
 * the broadcast root), the leader's "go on / your dest holds the result" at the member, and
 * the member's "I am done with your buffer" (private payloads). Barrier rounds 14 and 15,
 * which the mapped engine uses only past 4^14 members: a pSync handed from a group on one
 * node (mapped engine) to one across nodes never mixes their counters. */
#define SHOAL_W_ARRIVE SHOAL_W_BAR(14)
#define SHOAL_W_RELEASE SHOAL_W_BAR(15)
#define SHOAL_W_TAKEN SHOAL_W_DONE

/* The partition, seen from this member. Indices are group indices, ascending. */
struct shoal_part {
    int nlead;  /* subgroups */
    int *lead;  /* lead[r]: the leader of subgroup r (subgroups ordered by their leader) */
    int *key;   /* key[r]: subgroup r's mapset */
    int lrank;  /* my subgroup */
    int nmine;  /* members of my subgroup ... */
    int *mine;  /* ... mine[0] is its leader */
    int *sg;    /* sg[i]: the subgroup of member i */
    int *heap;  /* the arrays' storage when too large for the stack, else NULL */
    int stack[4 * 64];
};

void shoal_part_init(struct shoal_part *p, const struct shoal_group *g);
/* Members grouped by subgroup, ascending: subgroup r's are idx[at[r]] .. idx[at[r + 1] - 1]
 * (for my subgroup: p->mine). Returns idx, one allocation with at (free idx only). */
int *shoal_part_by_subgroup(const struct shoal_group *g, const struct shoal_part *p, int **at);
static inline void shoal_part_fini(struct shoal_part *p) { free(p->heap); }

static inline int shoal_part_leader(const struct shoal_part *p, const struct shoal_group *g)
{
    return p->mine[0] == g->me;
}


/* malloc, fatal when out of memory; never NULL, even for 0 bytes. */
static inline void *shoal_coll_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) shoal_fatal("collective", "out of memory (%zu bytes)", n);
    return p;
}

/* Receive buffer k (0 or 1) of at least n bytes, kept for this thread's next collective: a
 * fresh large malloc is an mmap whose pages fault in on every call (~150 us per MiB). Those
 * past SHOAL_SCRATCH_KEEP bytes are freed by shoal_coll_scratch_release(k). */
#define SHOAL_SCRATCH_KEEP ((size_t)8 << 20)
void *shoal_coll_scratch(int k, size_t n);
void shoal_coll_scratch_release(int k);

/* The message tag of g's sync area: distinct for areas less than 32768 areas apart. */
int shoal_area_tag(const struct shoal_group *g);

/* Two-sided messages between members (group indices; -1 skips that side); fatal on failure. */
void shoal_msg(const struct shoal_group *g, int tag, int to, const void *sbuf, size_t slen,
               int from, void *rbuf, size_t rlen);

/* Node stage around head (a member of my subgroup: its leader, or a broadcast's root).
 * arrive: every other member signals head, which waits for them all. release: head signals
 * every other member, which waits for it. Members pass through at once on their side. */
void shoal_node_arrive(const struct shoal_group *g, const struct shoal_part *p, int head);
void shoal_node_release(const struct shoal_group *g, const struct shoal_part *p, int head);

/* The release with data: head copies nbytes of data into every other member's dest (through
 * the mapping), then releases it. */
void shoal_node_deliver(const struct shoal_group *g, const struct shoal_part *p, int head,
                        void *dest, const void *data, size_t nbytes);

/* The same for private payloads (the member's dest is not mapped): head passes data through
 * its own mailbox region in chunks (relay), each member copies every chunk out (fetch) and
 * tells head it has. Both sides pass the same nbytes. */
void shoal_node_relay(const struct shoal_group *g, const struct shoal_part *p, const void *data,
                      size_t nbytes);
void shoal_node_fetch(const struct shoal_group *g, const struct shoal_part *p, int head,
                      void *dest, size_t nbytes);

/* Dissemination barrier among the leaders, with empty messages. Leaders only. */
void shoal_lead_barrier(const struct shoal_group *g, const struct shoal_part *p, int tag);

/* The mailbox part of this PE's own sync area (SHOAL_MB_BYTES): symmetric, so the members
 * of my subgroup read it through the mapping. */
static inline void *shoal_stage_box(const struct shoal_group *g)
{
    return g->area + SHOAL_MB_FIRST_LINE * SHOAL_LINE;
}

/* Payloads in private memory (SHOAL_COLL_PRIVATE, small: team creation) are staged in my
 * stage box, where my leader reads them, and zeroed when done (the area is all zeros again
 * when the collective returns). Returns where the leader reads my payload: src itself when
 * it is symmetric. */
static inline const void *shoal_stage(const struct shoal_group *g, const void *src,
                                      size_t nbytes, int flags)
{
    if (!(flags & SHOAL_COLL_PRIVATE)) return src;
    if (nbytes > SHOAL_MB_BYTES)
        shoal_fatal("collective", "internal error: %zu private bytes exceed the staging area",
                    nbytes);
    void *box = shoal_stage_box(g);
    shoal_copy_data(box, src, nbytes);
    return box;
}

static inline void shoal_unstage(const void *staged, const void *src, size_t nbytes)
{
    if (staged != src) memset((void *)staged, 0, nbytes);
}

#endif
