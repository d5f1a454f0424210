#ifndef SB_PARTTABLE_H
#define SB_PARTTABLE_H
/*
 * Partition tables at the start of a disk: the MBR ("dos") and GPT, with
 * 512-byte and with 4096-byte logical sectors. Pure: the caller reads the
 * disk's first bytes (PROBE_BYTES reach a GPT's entries for both sector
 * sizes); every field read from them is checked against len.
 */
#include <stddef.h>

#define PARTTABLE_GPT_ENTRY_MIN 128	/* the UEFI minimum entry size */

struct parttable {
	const char *type;	/* "gpt" or "dos", as blkid spells them */
	size_t sector;		/* gpt: the logical sector size its header was found for */
	int used;		/* dos: primary entries in use */
	char id[40];		/* gpt: disk GUID; dos: disk identifier "xxxxxxxx"; "" when zero */
};

/*
 * Finds a GPT header at LBA 1 (512- or 4096-byte sectors, the smaller
 * first), else an MBR. Returns 0 and fills pt, or -ENOENT.
 */
int parttable_find(const unsigned char *buf, size_t len, struct parttable *pt);
/*
 * PARTUUID of partition partno (from 1) as the kernel spells it: the GPT
 * entry's GUID, or "SSSSSSSS-NN" for an MBR disk. Returns 0, or -ENOENT
 * when buf holds no table, no such entry, or the entry lies beyond len.
 */
int parttable_partuuid(const unsigned char *buf, size_t len, unsigned partno, char *out,
		       size_t size);

#endif
