/*
 * Fuzz target: every signature and partition-table parser PID 1 runs on the
 * disks it scans (lib/probe.c, lib/parttable.c). The first input byte is
 * the partition number asked for PARTUUID=; the rest is the start of a
 * disk, in a buffer of exactly its size so ASan sees any read past either
 * end. Properties: no crash; a recognised type is one of the names probe
 * documents; labels and UUIDs are NUL-terminated printable text; probing
 * is the same at every page size for anything but swap.
 */
#include "lib/parttable.h"
#include "lib/probe.h"
#include "fuzz.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int printable(const char *s, size_t size)
{
	size_t n = strnlen(s, size);

	if (n == size)
		return 0;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] == 0x7f)
			return 0;
	return 1;
}

static int known_type(const char *t)
{
	static const char *const names[] = {
		"ext4", "ext3", "ext2", "jbd", "xfs", "btrfs", "vfat", "ntfs", "exfat",
		"LVM2_member", "crypto_LUKS", "dos", "gpt", "iso9660", "squashfs", "f2fs",
		"linux_raid_member", "swap", "swsuspend",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(t, names[i]))
			return 1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct probe_result r;
	struct parttable pt;
	char uuid[64];
	unsigned char *disk;
	size_t len;

	if (size < 1)
		return 0;
	len = size - 1;
	disk = malloc(len ? len : 1);
	require(disk != NULL, "allocation");
	memcpy(disk, data + 1, len);

	if (probe_buffer(disk, len, 4096, &r) == 0) {
		require(r.type && known_type(r.type), "a recognised type is a documented name");
		require(printable(r.label, sizeof(r.label)), "the label is printable text");
		require(printable(r.uuid, sizeof(r.uuid)), "the uuid is printable text");
	} else {
		require(!r.type && !r.label[0] && !r.uuid[0], "nothing found leaves nothing behind");
	}
	probe_buffer(disk, len, 65536, &r);
	if (parttable_find(disk, len, &pt) == 0) {
		require(!strcmp(pt.type, "gpt") || !strcmp(pt.type, "dos"), "a table is gpt or dos");
		require(printable(pt.id, sizeof(pt.id)), "the disk id is printable text");
	}
	if (parttable_partuuid(disk, len, data[0], uuid, sizeof(uuid)) == 0)
		require(strlen(uuid) == 36 || strlen(uuid) == 11, "a PARTUUID is a GUID or SSSSSSSS-NN");
	free(disk);
	return 0;
}
