#include "size.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char units[] = "KMGT";

int size_parse(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	size_t n = strspn(s, "0123456789");
	unsigned shift = 0;
	const char *u;

	if (n == 0)
		return -EINVAL;
	if (s[n]) {
		u = memchr(units, s[n] & ~0x20, sizeof(units) - 1);
		if (!u || (s[n + 1] && strcmp(s + n + 1, "iB") && strcmp(s + n + 1, "ib")))
			return -EINVAL;
		shift = 10 * (unsigned)(u - units + 1);
	}
	for (size_t i = 0; i < n; i++) {
		unsigned d = (unsigned)(s[i] - '0');

		if (v > (UINT64_MAX - d) / 10)
			return -ERANGE;
		v = v * 10 + d;
	}
	if (v > UINT64_MAX >> shift)
		return -ERANGE;
	*out = v << shift;
	return 0;
}

void size_format(uint64_t bytes, char *buf, size_t size)
{
	for (unsigned i = sizeof(units) - 1; i > 0; i--) {
		unsigned shift = 10 * i;

		if (bytes && bytes % ((uint64_t)1 << shift) == 0) {
			snprintf(buf, size, "%llu%c", (unsigned long long)(bytes >> shift), units[i - 1]);
			return;
		}
	}
	snprintf(buf, size, "%llu", (unsigned long long)bytes);
}
