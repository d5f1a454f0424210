#ifndef SB_PROBE_H
#define SB_PROBE_H
/*
 * Recognises what the start of a block device holds, for the safety rule:
 * swapbench writes swap only where nothing else lives. Pure: the caller
 * reads the first PROBE_BYTES bytes (fewer if the device is smaller).
 */
#include <stddef.h>

#define PROBE_BYTES (68 * 1024)	/* reaches btrfs's superblock at 64 KiB */

struct probe_result {
	/*
	 * "ext4", "ext3", "ext2", "jbd" (ext journal device), "xfs", "btrfs",
	 * "vfat", "ntfs", "exfat", "LVM2_member", "crypto_LUKS", "dos", "gpt",
	 * "iso9660", "squashfs", "f2fs", "linux_raid_member",
	 * "swap", "swsuspend" (a hibernation image in swap), or NULL. Names as
	 * blkid spells them.
	 */
	const char *type;
	char label[64];		/* "" when the format has none in reach */
	char uuid[40];		/* as blkid prints it, "" when none */
};

/*
 * Fills out and returns 0 if buf (len bytes from offset 0) carries a known
 * signature, else -ENOENT. Foreign signatures win over swap, so a device
 * with both counts as foreign. pagesize locates the swap signature.
 */
int probe_buffer(const unsigned char *buf, size_t len, size_t pagesize,
		 struct probe_result *out);
/* 1 for anything found but plain swap, 0 for swap or nothing. */
int probe_is_foreign(const struct probe_result *r);

#endif
