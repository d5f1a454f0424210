#ifndef SB_HMAC_H
#define SB_HMAC_H
/*
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), for the collector's
 * shared key (lib/wire.h): small, no tables beyond the 64 round constants,
 * checked against the test vectors of FIPS 180-4 and RFC 4231
 * (tests/unit/test_hmac.c).
 */
#include <stddef.h>
#include <stdint.h>

#define SHA256_LEN 32
#define SHA256_BLOCK 64

struct sha256 {
	uint32_t h[8];
	uint64_t bytes;			/* message length so far */
	unsigned char buf[SHA256_BLOCK];
	size_t have;
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t n);
void sha256_final(struct sha256 *s, unsigned char out[SHA256_LEN]);

struct hmac {
	struct sha256 inner, outer;
};

/* A key longer than a block is hashed first, as RFC 2104 says. */
void hmac_init(struct hmac *h, const void *key, size_t klen);
void hmac_update(struct hmac *h, const void *data, size_t n);
void hmac_final(struct hmac *h, unsigned char out[SHA256_LEN]);

/* Compares n bytes in a time that does not depend on where they differ; 0 when equal. */
int hmac_differ(const void *a, const void *b, size_t n);

#endif
