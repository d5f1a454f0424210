#ifndef SBR_IOREC_H
#define SBR_IOREC_H
/*
 * A run's account of the requests its modelled disk served: the "# sb io"
 * records before its result line (docs/output-format.md), read back whole
 * or not at all. A part missing, twice or out of order, an entry that is not
 * t_us:dur_us:sector:sectors:op:depth, counts that disagree: a problem named
 * with its source and line, and the run gets no account.
 */
#include "report/source/parse.h"

#include <stdint.h>

#define IO_KEPT_MAX 512		/* entries a run keeps at most */
#define IO_PART_MAX 80		/* entries a record holds at most */
/* An entry's bounds: its sectors end by LBA48's last (128 PiB, past any
 * disk), its times within 10^12 us (11.6 days, past any run): what lies
 * beyond is refused, so a picture's axes and sums stay finite and exact. */
#define IO_SECTOR_END (1ULL << 48)
#define IO_US_MAX 1000000000000ULL

struct io_req {
	uint64_t t_us;		/* arrival at the drive from the run's start (guest clock) */
	uint64_t dur_us;	/* completion minus arrival */
	uint64_t sector;	/* first 512-byte sector on the whole modelled disk */
	uint32_t sectors;
	uint32_t depth;		/* requests in the drive on its arrival, itself included */
	char op;		/* 'R', 'W' or 'F' (flush) */
};

struct io_account {
	unsigned long total;	/* requests the drive served in the run */
	unsigned long kept;	/* entries: n */
	unsigned long dropped;	/* total - kept: left out once the account was full */
	unsigned long stride;	/* one in stride kept at the end: an entry stands for stride requests */
	size_t n;
	struct io_req *req;	/* in arrival order */
};

/* The io records of each boot's runs (parse.c keeps them in b->ios): each
 * account checked and attached to its run (run->io), or named as a
 * problem; after parse_finish. parse_free frees the accounts. */
void io_attach(struct dataset *ds);
/* One entry, "t_us:dur_us:sector:sectors:op:depth" of n bytes, within the
 * bounds above: 0, or -1. */
int io_parse_entry(const char *s, size_t n, struct io_req *out);

#endif
