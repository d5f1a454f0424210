#include "resdisk.h"

#include <string.h>

static int label_ok(const char *label)
{
	size_t n = strlen(label);

	if (!n || n > RESDISK_LABEL_MAX)
		return 0;
	for (const char *p = label; *p; p++)
		if (*p <= ' ' || *p >= 0x7f || *p == '"' || *p == '\\')
			return 0;
	return 1;
}

int resdisk_format_header(char *hdr, const char *label)
{
	if (!label_ok(label))
		return -1;
	memset(hdr, 0, RESDISK_HDR_SIZE);
	strcpy(hdr, RESDISK_MAGIC);
	strcat(hdr, "label=");
	strcat(hdr, label);
	strcat(hdr, "\n");
	return 0;
}

int resdisk_check_header(const char *hdr, size_t len, char label[RESDISK_LABEL_MAX + 1])
{
	const size_t m = sizeof(RESDISK_MAGIC) - 1;
	const char *p = hdr + m, *nl;

	if (len < RESDISK_HDR_SIZE || memcmp(hdr, RESDISK_MAGIC, m))
		return -1;
	label[0] = 0;
	if (!memcmp(p, "label=", 6) && (nl = memchr(p, '\n', 6 + RESDISK_LABEL_MAX + 1))) {
		size_t n = (size_t)(nl - p - 6);

		memcpy(label, p + 6, n);
		label[n] = 0;
	}
	return 0;
}
