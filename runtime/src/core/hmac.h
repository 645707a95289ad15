/* HMAC-SHA-256 (RFC 2104, FIPS 180-4): the keyed check by which a connection proves it holds
 * its job's secret (transport/tcp_wire.c). Small and dependency-free; checked against the
 * RFC 4231 vectors (tests/runtime/hmac_test.c). */
#ifndef SHOAL_CORE_HMAC_H
#define SHOAL_CORE_HMAC_H

#include <stddef.h>
#include <stdint.h>

#define SHOAL_SHA256_BYTES 32

/* out = HMAC-SHA-256(key, the n parts msg[i] of len[i] bytes, one after the other). */
void shoal_hmac_sha256(const void *key, size_t key_len, const void *const *msg, const size_t *len, int n,
                       uint8_t out[SHOAL_SHA256_BYTES]);
/* 1 when the n bytes at a and b are equal, in a time that does not depend on where they differ. */
int shoal_equal_ct(const void *a, const void *b, size_t n);
/* n random bytes from the kernel (getrandom); 0, or -1 when it has none to give. */
int shoal_random_bytes(void *out, size_t n);

#endif
