/* The tcp transport's handshake: a connection counts only once it proves that it holds the
 * job's secret (a key every PE gets from the bootstrap at init, never on the wire): the
 * accepting PE sends a fresh challenge, the connecting PE answers with its PE, its lane and an
 * HMAC-SHA-256 of them and of both nonces under the key, and the accepting PE answers with a
 * MAC of its own, so each side knows the other is of its job. A connection that does not
 * prove it (garbage, the constant hello of before, a handshake recorded from another job or
 * connection) is closed and ignored; connections are served side by side, so a silent one
 * holds up no other. The data that follows is not encrypted. */
#ifndef SHOAL_TRANSPORT_TCP_HELLO_H
#define SHOAL_TRANSPORT_TCP_HELLO_H

#include <stdint.h>

#define TCP_KEY_BYTES 32

/* Connecting side, on a connected blocking socket to PE pe: the handshake as PE me, lane
 * lane. Fatal (one line naming pe and where) when the other side does not prove it is pe. */
void tcp_hello_connect(int fd, const uint8_t key[TCP_KEY_BYTES], int me, int pe, int lane, const char *where);

/* Accepting side: take connections on the listening socket lfd until every lower PE p with
 * want[p] has its `lanes` lanes in; got[p * lanes + l] = that connection's fd (blocking). */
void tcp_hello_accept(int lfd, const uint8_t key[TCP_KEY_BYTES], int me, const int *want, int lanes, int *got);

#endif
