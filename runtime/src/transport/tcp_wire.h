/* The tcp transport's wire (transport/tcp_wire.c): SHOAL_TCP_LANES TCP connections per pair
 * of PEs that reach each other through it, carrying frames (a fixed head, then len payload
 * bytes) in order; a large borrowed payload travels in parts across them (tcp_wire.c).
 * Nothing here blocks: sends that do not fit the socket queue are written by later calls;
 * receives are parsed as they come and handed to the handlers transport/tcp.c installs
 * (tcp_wire_start). The caller holds tcp.c's lock around every call. */
#ifndef SHOAL_TRANSPORT_TCP_WIRE_H
#define SHOAL_TRANSPORT_TCP_WIRE_H

#include <stddef.h>
#include <stdint.h>

enum tcp_type {
    TCP_PUT = 1,     /* payload -> (seg, off) */
    TCP_GET,         /* len bytes at (seg, off), answered by GET_REPLY (tag: the slot) */
    TCP_GET_REPLY,   /* payload: the bytes; status */
    TCP_AMO,         /* op, size, operand, cond; fetching ones (flags) answered by AMO_REPLY */
    TCP_AMO_REPLY,   /* operand: the old value; status */
    TCP_FLUSH,       /* answered by FLUSH_REPLY once everything before it is applied */
    TCP_FLUSH_REPLY, /* status: a failure of an earlier unanswered frame */
    TCP_MSG,         /* sendrecv's message: tag, payload */
    TCP_BYE,         /* no more frames (shmem_finalize): the end of the stream is expected */
};
#define TCP_FETCH 1 /* an AMO's flags: answer it */

struct tcp_head {
    uint8_t type, op, size, seg;
    int32_t tag; /* MSG: its tag; requests and replies: the origin's slot */
    int32_t status;
    uint32_t flags; /* the top byte is the wire's own (a payload's part count) */
    uint64_t off, len, operand, cond;
};
_Static_assert(sizeof(struct tcp_head) == 48, "the head is sent as it is");

/* Where frames that come in go (transport/tcp.c), called from tcp_wire_progress. */
struct tcp_wire_handlers {
    /* A frame's head from pe has come: where its h->len payload bytes go (NULL: read and
     * dropped). */
    void *(*head)(int pe, const struct tcp_head *h);
    /* The whole frame has come (its payload is at dest). */
    void (*frame)(int pe, const struct tcp_head *h, void *dest);
};

/* Collective over the PEs that use the transport (want[pe] != 0 for each peer this PE reaches
 * through it; every pair agrees): listen, exchange addresses through the bootstrap, connect.
 * Frames that come in go to on. Fatal with one line on failure. */
void tcp_wire_start(const int *want, const struct tcp_wire_handlers *on);
/* Send BYE to every peer, wait for theirs, close (collective, after the last barrier). */
void tcp_wire_stop(void);

/* Queue a frame to pe: head, then len bytes of data (len is h->len). The bytes are copied
 * unless borrow is set; a borrowed buffer must stay as it is until tcp_wire_sent(pe, ticket)
 * (a segment's memory always does). Returns a ticket, 0 when the frame was written at once. */
uint64_t tcp_wire_send(int pe, const struct tcp_head *h, const void *data, int borrow);
/* The frame of this ticket has been handed to the kernel. */
int tcp_wire_sent(int pe, uint64_t ticket);
/* Write what is queued and read what has come, from every peer; handlers run from here.
 * Returns how many reads and writes moved bytes (0: nothing is going on). */
int tcp_wire_progress(void);

/* An fd that polls readable when bytes have come from a peer (an epoll set of every
 * connection still open to input), for a PE about to sleep; -1 when there is none, or when
 * frames wait to be written (only progress writes them). */
int tcp_wire_wake_fd(void);

#endif
