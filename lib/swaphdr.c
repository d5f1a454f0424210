#include "swaphdr.h"
#include "bytes.h"

#include <errno.h>
#include <string.h>

#define OFF_VERSION 1024
#define OFF_LAST_PAGE 1028
#define OFF_NR_BADPAGES 1032
#define OFF_UUID 1036
#define OFF_LABEL 1052
#define MAGIC "SWAPSPACE2"
#define MAGIC_LEN 10

static int pagesize_ok(size_t pagesize)
{
	return pagesize >= 4096 && (pagesize & (pagesize - 1)) == 0;
}

static void put32(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, sizeof(v));
}

static uint32_t get32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

int swaphdr_build(unsigned char *page, size_t pagesize, uint64_t bytes,
		  const unsigned char uuid[16], const char *label)
{
	uint64_t pages;
	size_t label_len = label ? strlen(label) : 0;

	if (!pagesize_ok(pagesize) || label_len > SWAPHDR_LABEL_MAX)
		return -EINVAL;
	pages = bytes / pagesize;
	if (pages < SWAPHDR_MIN_PAGES || pages - 1 > UINT32_MAX)
		return -EINVAL;

	memset(page, 0, pagesize);
	put32(page + OFF_VERSION, 1);
	put32(page + OFF_LAST_PAGE, (uint32_t)(pages - 1));
	put32(page + OFF_NR_BADPAGES, 0);
	memcpy(page + OFF_UUID, uuid, 16);
	if (label_len)
		memcpy(page + OFF_LABEL, label, label_len);
	memcpy(page + pagesize - MAGIC_LEN, MAGIC, MAGIC_LEN);
	return 0;
}

int swaphdr_parse(const unsigned char *page, size_t pagesize, struct swaphdr_info *out)
{
	uint32_t version, last, bad;
	int swapped;

	if (!pagesize_ok(pagesize) || memcmp(page + pagesize - MAGIC_LEN, MAGIC, MAGIC_LEN))
		return -EINVAL;
	version = get32(page + OFF_VERSION);
	/* The kernel accepts a header written by a host of the other byte order. */
	swapped = version != 1 && swab32(version) == 1;
	if (version != 1 && !swapped)
		return -EINVAL;
	last = get32(page + OFF_LAST_PAGE);
	bad = get32(page + OFF_NR_BADPAGES);
	if (swapped) {
		last = swab32(last);
		bad = swab32(bad);
	}

	memset(out, 0, sizeof(*out));
	out->version = 1;
	out->last_page = last;
	out->nr_badpages = bad;
	out->bytes = ((uint64_t)last + 1) * pagesize;
	memcpy(out->uuid, page + OFF_UUID, 16);
	memcpy(out->label, page + OFF_LABEL, SWAPHDR_LABEL_MAX);
	out->label[SWAPHDR_LABEL_MAX] = '\0';
	return 0;
}

void swaphdr_uuid_format(const unsigned char uuid[16], char out[37])
{
	static const char hex[] = "0123456789abcdef";
	char *o = out;

	for (int i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			*o++ = '-';
		*o++ = hex[uuid[i] >> 4];
		*o++ = hex[uuid[i] & 15];
	}
	*o = '\0';
}

void swaphdr_uuid_v4(unsigned char uuid[16], const unsigned char random[16])
{
	memcpy(uuid, random, 16);
	uuid[6] = (unsigned char)((uuid[6] & 0x0f) | 0x40);
	uuid[8] = (unsigned char)((uuid[8] & 0x3f) | 0x80);
}

int swaphdr_uuid_parse(const char *s, unsigned char uuid[16])
{
	for (int i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10) {
			if (*s++ != '-')
				return -EINVAL;
		}
		int hi = hexval(s[0]), lo = hi < 0 ? -1 : hexval(s[1]);

		if (lo < 0)
			return -EINVAL;
		uuid[i] = (unsigned char)(hi << 4 | lo);
		s += 2;
	}
	return *s ? -EINVAL : 0;
}

void swaphdr_names(const struct swaphdr_info *old, const char *spec, const char *dflt_label,
		   const unsigned char random[16], struct swaphdr_names *out)
{
	static const unsigned char zero[16];
	const char *label = dflt_label ? dflt_label : "";
	unsigned char uuid[16];

	memset(out, 0, sizeof(*out));
	swaphdr_uuid_v4(out->uuid, random);
	if (old) {
		memcpy(out->label, old->label, sizeof(out->label));
		if (out->label[0])
			out->kept |= SWAPHDR_KEPT_LABEL;
		if (memcmp(old->uuid, zero, 16)) {
			memcpy(out->uuid, old->uuid, 16);
			out->kept |= SWAPHDR_KEPT_UUID;
		}
		return;
	}
	if (spec && !strncmp(spec, "LABEL=", 6) && strlen(spec + 6) <= SWAPHDR_LABEL_MAX)
		label = spec + 6;
	if (spec && !strncmp(spec, "UUID=", 5) && swaphdr_uuid_parse(spec + 5, uuid) == 0)
		memcpy(out->uuid, uuid, 16);
	if (strlen(label) <= SWAPHDR_LABEL_MAX)
		memcpy(out->label, label, strlen(label));
}
