/*
 * probe: real images made by the real tools must be recognised with the
 * type, label and UUID that blkid reports; hand-made sectors cover formats
 * without a tool here; a zeroed buffer must be recognised as nothing.
 */
#include "check.h"
#include "probe.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

static char dir[] = "/tmp/test_probe.XXXXXX";
static unsigned char buf[PROBE_BYTES];

/* Runs cmd with $IMG set to path. */
static int sh(const char *cmd, const char *path)
{
	setenv("IMG", path, 1);
	return system(cmd);
}

static size_t read_start(const char *path)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	memset(buf, 0, sizeof(buf));
	if (fd < 0)
		return 0;
	n = pread(fd, buf, sizeof(buf), 0);
	close(fd);
	return n < 0 ? 0 : (size_t)n;
}

/* The value of KEY in `blkid -p -o export`, "" when absent. */
static void blkid_value(const char *path, const char *key, char *out, size_t size)
{
	char cmd[512], line[512];
	size_t klen = strlen(key);
	FILE *f;

	out[0] = '\0';
	snprintf(cmd, sizeof(cmd), "blkid -p -o export '%s' 2>/dev/null", path);
	f = popen(cmd, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, key, klen) && line[klen] == '=') {
			line[strcspn(line, "\n")] = '\0';
			snprintf(out, size, "%s", line + klen + 1);
		}
	}
	pclose(f);
}

/* Makes an image with cmd on $IMG, a sparse file of mib MiB, then checks what probe sees. */
static void check_tool_image(const char *name, unsigned mib, const char *cmd,
			     const char *type, const char *label, const char *uuid_key)
{
	char path[256], mk[1200], want_uuid[64];
	struct probe_result r;
	size_t len;

	snprintf(path, sizeof(path), "%s/%s.img", dir, name);
	snprintf(mk, sizeof(mk), "truncate -s %uM \"$IMG\" && %s >/dev/null 2>&1", mib, cmd);
	CHECK(sh(mk, path) == 0, "%s_image_created_by_tool", name);
	len = read_start(path);
	CHECK(len == PROBE_BYTES, "%s_image_readable", name);
	CHECK(probe_buffer(buf, len, 4096, &r) == 0, "%s_image_recognised", name);
	CHECK_STR(r.type, type, "%s_image_type", name);
	CHECK_STR(r.label, label, "%s_image_label", name);
	blkid_value(path, uuid_key, want_uuid, sizeof(want_uuid));
	CHECK(want_uuid[0] != '\0', "%s_blkid_reports_%s", name, uuid_key);
	CHECK_STR(r.uuid, want_uuid, "%s_image_uuid_matches_blkid_%s", name, uuid_key);
	CHECK(probe_is_foreign(&r) == (strcmp(type, "swap") != 0), "%s_image_foreign_is_%d", name,
	      strcmp(type, "swap") != 0);
	unlink(path);
}

static void test_tool_images(void)
{
	check_tool_image("ext2", 8, "mkfs.ext2 -q -F -L ext2-label \"$IMG\"", "ext2", "ext2-label", "UUID");
	check_tool_image("ext3", 8, "mkfs.ext3 -q -F -L ext3-label \"$IMG\"", "ext3", "ext3-label", "UUID");
	check_tool_image("ext4", 16, "mkfs.ext4 -q -F -L sixteen-chars-ok \"$IMG\"", "ext4", "sixteen-chars-ok", "UUID");
	check_tool_image("xfs", 320, "mkfs.xfs -q -f -L xfs-label \"$IMG\"", "xfs", "xfs-label", "UUID");
	check_tool_image("btrfs", 128, "mkfs.btrfs -q -f -L btrfs-label \"$IMG\"", "btrfs", "btrfs-label", "UUID");
	check_tool_image("vfat16", 16, "mkfs.vfat -n FATLABEL \"$IMG\"", "vfat", "FATLABEL", "UUID");
	check_tool_image("vfat32", 40, "mkfs.vfat -F 32 -n FAT32LABEL \"$IMG\"", "vfat", "FAT32LABEL", "UUID");
	check_tool_image("vfat_nolabel", 4, "mkfs.vfat \"$IMG\"", "vfat", "", "UUID");
	check_tool_image("luks2", 32,
			 "printf secret > \"$IMG.key\" && cryptsetup luksFormat --batch-mode --type luks2 "
			 "--pbkdf pbkdf2 --pbkdf-force-iterations 1000 --label luks-label \"$IMG\" \"$IMG.key\"",
			 "crypto_LUKS", "luks-label", "UUID");
	check_tool_image("luks1", 32,
			 "printf secret > \"$IMG.key\" && cryptsetup luksFormat --batch-mode --type luks1 "
			 "--pbkdf pbkdf2 --pbkdf-force-iterations 1000 \"$IMG\" \"$IMG.key\"",
			 "crypto_LUKS", "", "UUID");
	check_tool_image("dos", 16, "printf 'label: dos\\n,4M,L\\n,,S\\n' | sfdisk -q \"$IMG\"", "dos", "", "PTUUID");
	check_tool_image("gpt", 16, "printf 'label: gpt\\n,4M,L\\n' | sfdisk -q \"$IMG\"", "gpt", "", "PTUUID");
	check_tool_image("swap", 4, "mkswap -L swap-label \"$IMG\"", "swap", "swap-label", "UUID");
}

/* A LUKS2 header whose primary copy was overwritten is still LUKS. */
static void test_luks2_secondary_header(void)
{
	char path[256];
	struct probe_result r;
	size_t len;

	snprintf(path, sizeof(path), "%s/luks2b.img", dir);
	CHECK(sh("truncate -s 32M \"$IMG\" && printf k > \"$IMG.key\" && cryptsetup luksFormat "
		 "--batch-mode --type luks2 --pbkdf pbkdf2 --pbkdf-force-iterations 1000 "
		 "\"$IMG\" \"$IMG.key\" >/dev/null 2>&1", path) == 0, "luks2_secondary_setup");
	len = read_start(path);
	memset(buf, 0, 4096);
	CHECK(probe_buffer(buf, len, 4096, &r) == 0 && r.type && !strcmp(r.type, "crypto_LUKS"),
	      "luks2_found_by_secondary_header_when_first_wiped");
	unlink(path);
}

static void test_lvm2_crafted(void)
{
	struct probe_result r;

	for (int sector = 0; sector < 4; sector++) {
		unsigned char *l = buf + 512 * sector;
		memset(buf, 0, sizeof(buf));
		memcpy(l, "LABELONE", 8);
		l[8] = (unsigned char)sector;		/* sector_xl */
		l[20] = 32;				/* offset_xl: pv_header */
		memcpy(l + 24, "LVM2 001", 8);
		memcpy(l + 32, "abcdef0123GHIJKLmnopqrstUVWXYZ45", 32);
		CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == 0, "lvm2_label_in_sector_%d_found", sector);
		CHECK_STR(r.type, "LVM2_member", "lvm2_label_in_sector_%d_type", sector);
		CHECK_STR(r.uuid, "abcdef-0123-GHIJ-KLmn-opqr-stUV-WXYZ45", "lvm2_sector_%d_pv_uuid", sector);
		CHECK(probe_is_foreign(&r) == 1, "lvm2_sector_%d_is_foreign", sector);
	}
	memset(buf, 0, sizeof(buf));
	memcpy(buf + 2048, "LABELONE", 8);
	buf[2048 + 8] = 4;
	memcpy(buf + 2048 + 24, "LVM2 001", 8);
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == -ENOENT, "lvm2_label_in_sector_4_ignored");
}

static void boot_sig(void)
{
	buf[510] = 0x55;
	buf[511] = 0xaa;
}

static void test_crafted_others(void)
{
	struct probe_result r;

	memset(buf, 0, sizeof(buf));
	memcpy(buf, "\xeb\x52\x90NTFS    ", 11);
	memcpy(buf + 0x48, "\x10\x32\x54\x76\x98\xba\xdc\xfe", 8);
	boot_sig();
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == 0, "ntfs_boot_sector_found");
	CHECK_STR(r.type, "ntfs", "ntfs_type");
	CHECK_STR(r.uuid, "FEDCBA9876543210", "ntfs_serial_as_uuid");

	memset(buf, 0, sizeof(buf));
	memcpy(buf, "\xeb\x76\x90" "EXFAT   ", 11);
	memcpy(buf + 100, "\x78\x56\x34\x12", 4);
	boot_sig();
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == 0, "exfat_boot_sector_found");
	CHECK_STR(r.type, "exfat", "exfat_type");
	CHECK_STR(r.uuid, "1234-5678", "exfat_serial_as_uuid");

	memset(buf, 0, sizeof(buf));
	buf[32768] = 1;
	memcpy(buf + 32769, "CD001", 5);
	memcpy(buf + 32768 + 40, "ISO_LABEL                       ", 32);
	memcpy(buf + 32768 + 813, "2024010203040500", 16);
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == 0, "iso9660_found");
	CHECK_STR(r.type, "iso9660", "iso9660_type");
	CHECK_STR(r.label, "ISO_LABEL", "iso9660_label_without_padding");
	CHECK_STR(r.uuid, "2024-01-02-03-04-05-00", "iso9660_uuid_from_creation_date");

	memset(buf, 0, sizeof(buf));
	memcpy(buf, "hsqs", 4);
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == 0, "squashfs_found");
	CHECK_STR(r.type, "squashfs", "squashfs_type");

	/* the two report/cmd/initdisk.c refused and probe did not know */
	memset(buf, 0, sizeof(buf));
	memcpy(buf + 1024, "\x10\x20\xf5\xf2", 4);
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == 0, "f2fs_found");
	CHECK_STR(r.type, "f2fs", "f2fs_type");
	memset(buf, 0, sizeof(buf));
	memcpy(buf + 4096, "\xfc\x4e\x2b\xa9\x01\x00\x00\x00", 8);
	buf[4096 + 16] = 0x5a;
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == 0, "md_1.2_found");
	CHECK_STR(r.type, "linux_raid_member", "md_1.2_type");
	CHECK_STR(r.uuid, "5a000000-0000-0000-0000-000000000000", "md_1.2_array_uuid");

	/* GPT on a disk with 4096-byte logical sectors: its header at 4 KiB */
	memset(buf, 0, sizeof(buf));
	boot_sig();
	memcpy(buf + 4096, "EFI PART", 8);
	buf[4096 + 24] = 1;
	buf[4096 + 56] = 0x44;
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == 0, "gpt_4096_found");
	CHECK_STR(r.type, "gpt", "gpt_4096_type");
	CHECK_STR(r.uuid, "00000044-0000-0000-0000-000000000000", "gpt_4096_disk_guid");

	memset(buf, 0, sizeof(buf));
	memcpy(buf + 4096 - 10, "S1SUSPEND", 9);
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == 0, "swsuspend_found");
	CHECK_STR(r.type, "swsuspend", "swsuspend_type");
	CHECK(probe_is_foreign(&r) == 1, "hibernation_image_is_foreign");

	memset(buf, 0, sizeof(buf));
	memcpy(buf + 65536 - 10, "SWAPSPACE2", 10);
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == 0, "swap_with_64k_pages_found");
	CHECK_STR(r.type, "swap", "swap_with_64k_pages_type");
	CHECK(probe_is_foreign(&r) == 0, "swap_is_not_foreign");

	/* An MBR with only empty entries is a label without partitions yet... */
	memset(buf, 0, sizeof(buf));
	boot_sig();
	buf[440] = 0x0a;
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == 0, "mbr_without_partitions_found");
	CHECK_STR(r.type, "dos", "mbr_without_partitions_is_dos");
	CHECK(probe_is_foreign(&r) == 1, "mbr_without_partitions_is_foreign");
	/* ...unless a swap area was made over it (mkswap keeps the first 1 KiB) */
	memcpy(buf + 4096 - 10, "SWAPSPACE2", 10);
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == 0, "swap_over_old_mbr_found");
	CHECK_STR(r.type, "swap", "swap_over_old_mbr_is_swap");
}

/* A stale filesystem signature beside a swap header must still refuse. */
static void test_foreign_wins_over_swap(void)
{
	char path[256];
	struct probe_result r;
	size_t len;

	snprintf(path, sizeof(path), "%s/both.img", dir);
	CHECK(sh("truncate -s 4M \"$IMG\" && mkswap -L both \"$IMG\" >/dev/null 2>&1", path) == 0, "both_swap_made");
	len = read_start(path);
	memcpy(buf + 65536 + 64, "_BHRfS_M", 8);
	memcpy(buf + 65536 + 48, "\x00\x00\x01\x00\x00\x00\x00\x00", 8);
	CHECK(probe_buffer(buf, len, 4096, &r) == 0 && r.type && !strcmp(r.type, "btrfs"),
	      "btrfs_magic_beside_swap_header_reports_btrfs");
	CHECK(probe_is_foreign(&r) == 1, "btrfs_beside_swap_is_foreign");
	unlink(path);
}

static void test_nothing(void)
{
	struct probe_result r;

	memset(buf, 0, sizeof(buf));
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == -ENOENT, "zeroed_buffer_is_nothing");
	CHECK(r.type == NULL && !r.label[0] && !r.uuid[0], "nothing_leaves_result_empty");
	CHECK(probe_is_foreign(&r) == 0, "nothing_is_not_foreign");
	memset(buf, 0xff, sizeof(buf));
	CHECK(probe_buffer(buf, sizeof(buf), 4096, &r) == -ENOENT, "all_ones_buffer_is_nothing");
	memset(buf, 0, sizeof(buf));
	memcpy(buf + 4096 - 10, "SWAPSPACE2", 10);
	CHECK(probe_buffer(buf, 4000, 4096, &r) == -ENOENT, "short_buffer_misses_swap_past_its_end");
	CHECK(probe_buffer(buf, 0, 4096, &r) == -ENOENT, "empty_buffer_is_nothing");
}

int main(void)
{
	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		CHECK_DONE();
	}
	setenv("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", 1);
	CHECK(system("command -v blkid >/dev/null") == 0, "blkid_installed");
	test_tool_images();
	test_luks2_secondary_header();
	test_lvm2_crafted();
	test_crafted_others();
	test_foreign_wins_over_swap();
	test_nothing();
	if (sh("rm -rf \"$IMG\"", dir) != 0)
		CHECK(0, "cleanup");
	CHECK_DONE();
}
