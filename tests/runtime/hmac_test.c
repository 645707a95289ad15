/* HMAC-SHA-256 of the tcp handshake (runtime/src/core/hmac.c) against RFC 4231's test cases
 * 1-4, 6 and 7 (7: a key longer than a block, hashed first), the message split in parts as
 * the handshake passes it, and the constant-time compare. Exit status: failures. */
#include <stdio.h>
#include <string.h>

#include "core/hmac.h"

static int failures;

static void hex(const char *h, unsigned char *out, size_t n)
{
    for (size_t i = 0; i < n; i++) sscanf(h + 2 * i, "%2hhx", &out[i]);
}

static void check(const char *name, const unsigned char *key, size_t klen, const char *msg, size_t mlen, const char *want)
{
    unsigned char w[32], got[32];
    hex(want, w, 32);
    for (size_t cut = 0; cut <= mlen; cut += mlen ? (mlen + 2) / 3 : 1) { /* whole, and in two parts */
        const void *part[2] = {msg, msg + cut};
        const size_t len[2] = {cut, mlen - cut};
        shoal_hmac_sha256(key, klen, part, len, 2, got);
        if (memcmp(got, w, 32) != 0) {
            fprintf(stderr, "hmac_test: %s (split at %zu): wrong MAC\n", name, cut);
            failures++;
        }
    }
}

int main(void)
{
    unsigned char k[131];
    memset(k, 0x0b, 20);
    check("RFC 4231 case 1", k, 20, "Hi There", 8, "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    check("RFC 4231 case 2", (const unsigned char *)"Jefe", 4, "what do ya want for nothing?", 28,
          "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    char m[50];
    memset(k, 0xaa, 20);
    memset(m, 0xdd, 50);
    check("RFC 4231 case 3", k, 20, m, 50, "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe");
    for (int i = 0; i < 25; i++) k[i] = (unsigned char)(i + 1);
    memset(m, 0xcd, 50);
    check("RFC 4231 case 4", k, 25, m, 50, "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b");
    memset(k, 0xaa, 131);
    check("RFC 4231 case 6", k, 131, "Test Using Larger Than Block-Size Key - Hash Key First", 54,
          "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
    const char *m7 = "This is a test using a larger than block-size key and a larger than block-size data. "
                     "The key needs to be hashed before being used by the HMAC algorithm.";
    check("RFC 4231 case 7", k, 131, m7, strlen(m7), "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2");
    unsigned char a[32] = {1}, b[32] = {1};
    if (!shoal_equal_ct(a, b, 32)) failures++, fprintf(stderr, "hmac_test: equal bytes compare unequal\n");
    b[31] ^= 1;
    if (shoal_equal_ct(a, b, 32)) failures++, fprintf(stderr, "hmac_test: bytes that differ compare equal\n");
    unsigned char r1[32] = {0}, r2[32] = {0};
    if (shoal_random_bytes(r1, 32) != 0 || shoal_random_bytes(r2, 32) != 0 || !memcmp(r1, r2, 32))
        failures++, fprintf(stderr, "hmac_test: two draws of random bytes are equal or failed\n");
    printf("hmac_test: %d failures\n", failures);
    return failures;
}
