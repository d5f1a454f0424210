#include "parttable.h"
#include "bytes.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MBR_DISK_ID 440
#define MBR_TABLE 446
#define GPT_MY_LBA 24
#define GPT_DISK_GUID 56
#define GPT_ENTRIES_LBA 72
#define GPT_ENTRY_COUNT 80
#define GPT_ENTRY_SIZE 84
#define GPT_HEADER_MIN 92
#define GPT_ENTRY_GUID 16

/* A GUID as stored on disk (first three fields little-endian), lower-case 8-4-4-4-12. */
static void parttable_guid(const unsigned char g[16], char out[37])
{
	snprintf(out, 37, "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x", (unsigned)le32(g),
		 (unsigned)le16(g + 4), (unsigned)le16(g + 6), g[8], g[9], g[10], g[11], g[12], g[13],
		 g[14], g[15]);
}

static int all_zero(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

/* The GPT header at LBA 1 for 512-, then 4096-byte sectors, or NULL. */
static const unsigned char *gpt_header(const unsigned char *buf, size_t len, size_t *sector)
{
	static const size_t sizes[] = { 512, 4096 };

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t at = sizes[i];

		if (at > len || len - at < GPT_HEADER_MIN || memcmp(buf + at, "EFI PART", 8) ||
		    le64(buf + at + GPT_MY_LBA) != 1)
			continue;
		*sector = at;
		return buf + at;
	}
	return NULL;
}

int parttable_find(const unsigned char *buf, size_t len, struct parttable *pt)
{
	size_t sector;
	const unsigned char *h = gpt_header(buf, len, &sector);

	memset(pt, 0, sizeof(*pt));
	if (h) {
		pt->type = "gpt";
		pt->sector = sector;
		if (!all_zero(h + GPT_DISK_GUID, 16))
			parttable_guid(h + GPT_DISK_GUID, pt->id);
		return 0;
	}
	if (len < 512 || buf[510] != 0x55 || buf[511] != 0xaa)
		return -ENOENT;
	for (int i = 0; i < 4; i++) {
		const unsigned char *e = buf + MBR_TABLE + 16 * i;

		if (e[0] != 0 && e[0] != 0x80)
			return -ENOENT;	/* a boot flag that is neither: not a table */
		if (e[4] && le32(e + 8) && le32(e + 12))
			pt->used++;
	}
	pt->type = "dos";
	if (le32(buf + MBR_DISK_ID))
		snprintf(pt->id, sizeof(pt->id), "%08x", (unsigned)le32(buf + MBR_DISK_ID));
	return 0;
}

int parttable_partuuid(const unsigned char *buf, size_t len, unsigned partno, char *out,
		       size_t size)
{
	size_t sector;
	const unsigned char *h = gpt_header(buf, len, &sector);

	if (!partno)
		return -ENOENT;
	if (h) {
		uint64_t lba = le64(h + GPT_ENTRIES_LBA);
		uint32_t count = le32(h + GPT_ENTRY_COUNT), esz = le32(h + GPT_ENTRY_SIZE);
		uint64_t off;
		char guid[37];

		/*
		 * Every step checked against len before it is taken: LBA * sector
		 * and (partno - 1) * size from crafted fields wrap in 64 bits.
		 */
		if (partno > count || esz < PARTTABLE_GPT_ENTRY_MIN || esz > len || lba > len / sector)
			return -ENOENT;
		off = lba * sector;
		if (partno - 1 > (len - off) / esz)
			return -ENOENT;
		off += (uint64_t)(partno - 1) * esz;
		if (len - off < PARTTABLE_GPT_ENTRY_MIN)
			return -ENOENT;
		parttable_guid(buf + off + GPT_ENTRY_GUID, guid);
		snprintf(out, size, "%s", guid);
		return 0;
	}
	if (len < 512 || buf[510] != 0x55 || buf[511] != 0xaa)
		return -ENOENT;
	snprintf(out, size, "%08x-%02x", (unsigned)le32(buf + MBR_DISK_ID), partno);
	return 0;
}
