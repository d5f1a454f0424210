#ifndef SB_FUZZ_H
#define SB_FUZZ_H
/* Shared by the fuzz targets: a failed property says which, then aborts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/crc32.h"

#define require(cond, what)                                                   \
	do {                                                                  \
		if (!(cond)) {                                                \
			fprintf(stderr, "property failed: %s (%s:%d)\n", what, \
				__FILE__, __LINE__);                          \
			abort();                                              \
		}                                                             \
	} while (0)

/*
 * 1 if s[0..n) is UTF-8 (its lead bytes in the ranges that encode U+0080
 * to U+10FFFF);
 * with controls 0, also without control characters but '\n' and DEL.
 */
static inline int fuzz_utf8(const unsigned char *s, size_t n, int controls)
{
	for (size_t i = 0; i < n;) {
		size_t l = s[i] < 0x80 ? 1 : s[i] >= 0xc2 && s[i] <= 0xdf ? 2 : s[i] >= 0xe0 && s[i] <= 0xef ? 3 :
			   s[i] >= 0xf0 && s[i] <= 0xf4 ? 4 : 0;

		if (!l || i + l > n || (!controls && ((s[i] < 0x20 && s[i] != '\n') || s[i] == 0x7f)))
			return 0;
		for (size_t k = 1; k < l; k++)
			if ((s[i + k] & 0xc0) != 0x80)
				return 0;
		i += l;
	}
	return 1;
}

/*
 * Appends " crc=XXXXXXXX" to every line of in[0..len), as rec_end would, so
 * the fuzzer gets past the checksum; out needs len + 13 bytes per line.
 */
static inline size_t fuzz_seal(const char *in, size_t len, char *out)
{
	size_t o = 0;

	for (size_t off = 0; off < len;) {
		const char *nl = memchr(in + off, '\n', len - off);
		size_t n = nl ? (size_t)(nl - (in + off)) : len - off;

		memcpy(out + o, in + off, n);
		o += n;
		o += (size_t)sprintf(out + o, " crc=%08x", (unsigned)crc32_update(0, in + off, n));
		if (nl)
			out[o++] = '\n';
		off += n + (nl != NULL);
	}
	return o;
}

#endif
