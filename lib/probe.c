#include "probe.h"
#include "bytes.h"
#include "parttable.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct prober {
	const char *name;	/* for reading the table; the type may differ */
	int (*fn)(const unsigned char *buf, size_t len, size_t pagesize,
		  struct probe_result *out);
};

static int has(const unsigned char *buf, size_t len, size_t off, const char *magic, size_t n)
{
	return off <= len && n <= len - off && !memcmp(buf + off, magic, n);
}

/* Copies an on-disk label: stops at NUL, drops trailing spaces, masks control bytes. */
static void set_label(struct probe_result *out, const unsigned char *src, size_t n)
{
	size_t i;

	if (n > sizeof(out->label) - 1)
		n = sizeof(out->label) - 1;
	for (i = 0; i < n && src[i]; i++)
		out->label[i] = src[i] < 0x20 || src[i] == 0x7f ? '?' : (char)src[i];
	while (i > 0 && out->label[i - 1] == ' ')
		i--;
	out->label[i] = '\0';
}

static int all_zero(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

/* Big-endian byte order (ext, xfs, btrfs, swap): 8-4-4-4-12. */
static void set_uuid(struct probe_result *out, const unsigned char *u)
{
	char *o = out->uuid;

	if (all_zero(u, 16))
		return;
	for (int i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			*o++ = '-';
		o += sprintf(o, "%02x", u[i]);
	}
}

/* Copies a text UUID of up to n bytes (LUKS keeps it as a string). */
static void set_uuid_text(struct probe_result *out, const unsigned char *src, size_t n)
{
	size_t i;

	for (i = 0; i < n && i < sizeof(out->uuid) - 1 && src[i] > 0x20 && src[i] < 0x7f; i++)
		out->uuid[i] = (char)src[i];
	out->uuid[i] = '\0';
}

/* A 32-bit volume serial as FAT and exFAT show it: XXXX-XXXX. */
static void set_serial32(struct probe_result *out, const unsigned char *p)
{
	snprintf(out->uuid, sizeof(out->uuid), "%02X%02X-%02X%02X", p[3], p[2], p[1], p[0]);
}

#define LUKS_UUID 168
#define LUKS2_LABEL 24
#define LUKS2_HDR_OFFSET 256

static int probe_luks(const unsigned char *buf, size_t len, size_t pagesize,
		      struct probe_result *out)
{
	/* LUKS2 keeps a second header copy at one of these offsets. */
	static const size_t second[] = { 16384, 32768, 65536 };
	size_t at = SIZE_MAX;

	(void)pagesize;
	if (has(buf, len, 0, "LUKS\xba\xbe", 6) && len >= 512 &&
	    (be16(buf + 6) == 1 || be16(buf + 6) == 2))
		at = 0;
	for (size_t i = 0; at == SIZE_MAX && i < sizeof(second) / sizeof(second[0]); i++) {
		size_t o = second[i];
		if (has(buf, len, o, "SKUL\xba\xbe", 6) && len - o >= 512 &&
		    be16(buf + o + 6) == 2 && be64(buf + o + LUKS2_HDR_OFFSET) == o)
			at = o;
	}
	if (at == SIZE_MAX)
		return 0;
	out->type = "crypto_LUKS";
	set_uuid_text(out, buf + at + LUKS_UUID, 40);
	if (be16(buf + at + 6) == 2)
		set_label(out, buf + at + LUKS2_LABEL, 48);
	return 1;
}

#define LVM_SECTORS 4
#define LVM_UUID_LEN 32

static int probe_lvm2(const unsigned char *buf, size_t len, size_t pagesize,
		      struct probe_result *out)
{
	(void)pagesize;
	for (size_t s = 0; s < LVM_SECTORS; s++) {
		const unsigned char *l;
		uint32_t pvh;
		char *o;

		if (!has(buf, len, s * 512, "LABELONE", 8) || len - s * 512 < 512)
			continue;
		l = buf + s * 512;
		if (memcmp(l + 24, "LVM2 001", 8) || le64(l + 8) != s)
			continue;
		out->type = "LVM2_member";
		pvh = le32(l + 20);
		if (pvh < 32 || pvh > 512 - LVM_UUID_LEN)
			return 1;
		/* blkid shows the 32-character PV id as 6-4-4-4-4-4-6. */
		o = out->uuid;
		for (int i = 0; i < LVM_UUID_LEN; i++) {
			unsigned char c = l[pvh + i];
			if (c <= 0x20 || c >= 0x7f) {
				out->uuid[0] = '\0';
				return 1;
			}
			if (i == 6 || i == 10 || i == 14 || i == 18 || i == 22 || i == 26)
				*o++ = '-';
			*o++ = (char)c;
		}
		*o = '\0';
		return 1;
	}
	return 0;
}

static int probe_xfs(const unsigned char *buf, size_t len, size_t pagesize,
		     struct probe_result *out)
{
	(void)pagesize;
	if (!has(buf, len, 0, "XFSB", 4) || len < 512)
		return 0;
	out->type = "xfs";
	set_uuid(out, buf + 32);
	set_label(out, buf + 108, 12);
	return 1;
}

#define EXT_SB 1024
#define EXT_COMPAT_HAS_JOURNAL 0x4
#define EXT_INCOMPAT_JOURNAL_DEV 0x8
#define EXT2_INCOMPAT_SUPP 0x12		/* filetype, meta_bg */
#define EXT3_INCOMPAT_SUPP 0x16		/* ... and recover */
#define EXT23_RO_COMPAT_SUPP 0x7	/* sparse_super, large_file, btree_dir */

static int probe_ext(const unsigned char *buf, size_t len, size_t pagesize,
		     struct probe_result *out)
{
	const unsigned char *sb;
	uint32_t compat, incompat, ro;

	(void)pagesize;
	if (len < EXT_SB + 1024)
		return 0;
	sb = buf + EXT_SB;
	if (le16(sb + 0x38) != 0xEF53)
		return 0;
	compat = le32(sb + 0x5c);
	incompat = le32(sb + 0x60);
	ro = le32(sb + 0x64);
	/* The same rules as blkid: ext2/3 only while no newer feature is on. */
	if (incompat & EXT_INCOMPAT_JOURNAL_DEV)
		out->type = "jbd";
	else if (!(compat & EXT_COMPAT_HAS_JOURNAL))
		out->type = (incompat & ~EXT2_INCOMPAT_SUPP) || (ro & ~EXT23_RO_COMPAT_SUPP) ? "ext4" : "ext2";
	else
		out->type = (incompat & ~EXT3_INCOMPAT_SUPP) || (ro & ~EXT23_RO_COMPAT_SUPP) ? "ext4" : "ext3";
	set_uuid(out, sb + 0x68);
	set_label(out, sb + 0x78, 16);
	return 1;
}

#define BTRFS_SB 65536

static int probe_btrfs(const unsigned char *buf, size_t len, size_t pagesize,
		       struct probe_result *out)
{
	const unsigned char *sb;

	(void)pagesize;
	if (!has(buf, len, BTRFS_SB + 64, "_BHRfS_M", 8) || len - BTRFS_SB < 4096)
		return 0;
	sb = buf + BTRFS_SB;
	if (le64(sb + 48) != BTRFS_SB)
		return 0;
	out->type = "btrfs";
	set_uuid(out, sb + 32);
	set_label(out, sb + 0x12b, 256);
	return 1;
}

static int boot_sector(const unsigned char *buf, size_t len)
{
	return len >= 512 && buf[510] == 0x55 && buf[511] == 0xaa &&
	       ((buf[0] == 0xeb && buf[2] == 0x90) || buf[0] == 0xe9);
}

static int pow2(unsigned v)
{
	return v && !(v & (v - 1));
}

static int probe_vfat(const unsigned char *buf, size_t len, size_t pagesize,
		      struct probe_result *out)
{
	unsigned bps, spc, fats, media;
	size_t sig;

	(void)pagesize;
	if (!boot_sector(buf, len))
		return 0;
	bps = le16(buf + 11);
	spc = buf[13];
	fats = buf[16];
	media = buf[21];
	if (!pow2(bps) || bps < 512 || bps > 4096 || !pow2(spc) || !le16(buf + 14) ||
	    fats < 1 || fats > 4 || (media != 0xf0 && media < 0xf8))
		return 0;
	out->type = "vfat";
	/* FAT32 has no 16-bit FAT size; its extended BPB sits further on. */
	sig = le16(buf + 22) == 0 ? 66 : 38;
	if (buf[sig] == 0x29) {
		set_serial32(out, buf + sig + 1);
		if (memcmp(buf + sig + 5, "NO NAME    ", 11))
			set_label(out, buf + sig + 5, 11);
	}
	return 1;
}

static int probe_ntfs(const unsigned char *buf, size_t len, size_t pagesize,
		      struct probe_result *out)
{
	(void)pagesize;
	if (len < 512 || !has(buf, len, 3, "NTFS    ", 8) || buf[510] != 0x55 || buf[511] != 0xaa)
		return 0;
	out->type = "ntfs";
	snprintf(out->uuid, sizeof(out->uuid), "%016llX", (unsigned long long)le64(buf + 0x48));
	return 1;
}

static int probe_exfat(const unsigned char *buf, size_t len, size_t pagesize,
		       struct probe_result *out)
{
	(void)pagesize;
	if (len < 512 || !has(buf, len, 3, "EXFAT   ", 8) || buf[510] != 0x55 || buf[511] != 0xaa)
		return 0;
	out->type = "exfat";
	set_serial32(out, buf + 100);
	return 1;
}

#define ISO_VD 32768
#define ISO_SECTOR 2048

static int probe_iso9660(const unsigned char *buf, size_t len, size_t pagesize,
			 struct probe_result *out)
{
	(void)pagesize;
	if (!has(buf, len, ISO_VD + 1, "CD001", 5))
		return 0;
	out->type = "iso9660";
	/* The primary descriptor holds the label; a boot record may come first. */
	for (size_t o = ISO_VD; o <= len && len - o >= ISO_SECTOR; o += ISO_SECTOR) {
		const unsigned char *vd = buf + o;
		const unsigned char *d = vd + 813;	/* creation date, 16 digits */
		int digits = 1;

		if (memcmp(vd + 1, "CD001", 5) || vd[0] == 255)
			break;
		if (vd[0] != 1)
			continue;
		set_label(out, vd + 40, 32);
		for (int i = 0; i < 16; i++)
			digits &= d[i] >= '0' && d[i] <= '9';
		if (digits && memcmp(d, "0000000000000000", 16))
			snprintf(out->uuid, sizeof(out->uuid), "%.4s-%.2s-%.2s-%.2s-%.2s-%.2s-%.2s",
				 d, d + 4, d + 6, d + 8, d + 10, d + 12, d + 14);
		break;
	}
	return 1;
}

#define F2FS_SB 1024
#define F2FS_MAGIC 0xF2F52010u
#define MD_MAGIC 0xa92b4efcu

static int probe_f2fs(const unsigned char *buf, size_t len, size_t pagesize,
		      struct probe_result *out)
{
	(void)pagesize;
	if (len < F2FS_SB + 512 || le32(buf + F2FS_SB) != F2FS_MAGIC)
		return 0;
	out->type = "f2fs";
	return 1;
}

/* An MD RAID member with a 1.1 (at 0) or 1.2 (at 4 KiB) superblock; 0.90 and 1.0 sit at the end. */
static int probe_md(const unsigned char *buf, size_t len, size_t pagesize,
		    struct probe_result *out)
{
	(void)pagesize;
	for (size_t at = 0; at <= 4096; at += 4096) {
		if (len < at + 256 || le32(buf + at) != MD_MAGIC || le32(buf + at + 4) != 1)
			continue;
		out->type = "linux_raid_member";
		set_uuid(out, buf + at + 16);
		return 1;
	}
	return 0;
}

static int probe_squashfs(const unsigned char *buf, size_t len, size_t pagesize,
			  struct probe_result *out)
{
	(void)pagesize;
	if (!has(buf, len, 0, "hsqs", 4) && !has(buf, len, 0, "sqsh", 4))
		return 0;
	out->type = "squashfs";
	return 1;
}

static int probe_swap(const unsigned char *buf, size_t len, size_t pagesize,
		      struct probe_result *out);

/* Both partition tables (lib/parttable.c); one prober finds either. */
static int probe_parttable(const unsigned char *buf, size_t len, size_t pagesize,
			   struct probe_result *out)
{
	struct parttable pt;
	struct probe_result swap;

	if (parttable_find(buf, len, &pt) < 0)
		return 0;
	/*
	 * An MBR with no entry in use: a label with no partitions yet (blkid
	 * says dos), or a swap area made over an old MBR, since mkswap keeps
	 * the first 1024 bytes. The swap signature tells them apart.
	 */
	if (!strcmp(pt.type, "dos") && !pt.used && probe_swap(buf, len, pagesize, &swap))
		return 0;
	out->type = pt.type;
	snprintf(out->uuid, sizeof(out->uuid), "%s", pt.id);
	return 1;
}

#define SWAP_VERSION 1024
#define SWAP_UUID 1036
#define SWAP_LABEL 1052

static int probe_swap(const unsigned char *buf, size_t len, size_t pagesize,
		      struct probe_result *out)
{
	static const char *const suspend[] = { "S1SUSPEND", "S2SUSPEND", "ULSUSPEND",
					       "\xed\xc3\x02\xe9\x98\x56\xe5\x0c", "LINHIB0001" };
	size_t sizes[8], n = 0;

	/* The running kernel's page size first, then the others swap may have. */
	sizes[n++] = pagesize;
	for (size_t ps = 4096; ps <= 65536; ps <<= 1)
		if (ps != pagesize)
			sizes[n++] = ps;
	for (size_t k = 0; k < n; k++) {
		const unsigned char *sig;
		uint32_t v;

		if (sizes[k] < 4096 || sizes[k] > len)
			continue;
		sig = buf + sizes[k] - 10;
		for (size_t i = 0; i < sizeof(suspend) / sizeof(suspend[0]); i++) {
			if (!memcmp(sig, suspend[i], strlen(suspend[i]))) {
				out->type = "swsuspend";
				return 1;
			}
		}
		if (memcmp(sig, "SWAPSPACE2", 10) && memcmp(sig, "SWAP-SPACE", 10))
			continue;
		out->type = "swap";
		v = le32(buf + SWAP_VERSION);
		if (!memcmp(sig, "SWAPSPACE2", 10) && (v == 1 || v == 0x01000000)) {
			set_uuid(out, buf + SWAP_UUID);
			set_label(out, buf + SWAP_LABEL, 16);
		}
		return 1;
	}
	return 0;
}

/* Filesystems and containers before partition tables, swap last. */
static const struct prober probers[] = {
	{ "luks", probe_luks },
	{ "lvm2", probe_lvm2 },
	{ "xfs", probe_xfs },
	{ "ext", probe_ext },
	{ "btrfs", probe_btrfs },
	{ "vfat", probe_vfat },
	{ "ntfs", probe_ntfs },
	{ "exfat", probe_exfat },
	{ "iso9660", probe_iso9660 },
	{ "squashfs", probe_squashfs },
	{ "f2fs", probe_f2fs },
	{ "md", probe_md },
	{ "gpt, dos", probe_parttable },
	{ "swap", probe_swap },
};

int probe_buffer(const unsigned char *buf, size_t len, size_t pagesize,
		 struct probe_result *out)
{
	for (size_t i = 0; i < sizeof(probers) / sizeof(probers[0]); i++) {
		memset(out, 0, sizeof(*out));
		if (probers[i].fn(buf, len, pagesize, out))
			return 0;
	}
	memset(out, 0, sizeof(*out));
	return -ENOENT;
}

int probe_is_foreign(const struct probe_result *r)
{
	return r->type && strcmp(r->type, "swap") != 0;
}
