#ifndef SB_DISKTRACE_H
#define SB_DISKTRACE_H
/*
 * dt: a validation trace of DiskSim's (../shared/disksim-valid/README.md):
 * one request a line, "OP BUF BLOCK N SERVICE_US GAP_US": R or W, the
 * buffer's word as observed (letters), the first 512-byte block, blocks,
 * the access time measured on the drive and the idle time after it, in
 * microseconds. The one reader of the format.
 */
#include <stddef.h>
#include <stdint.h>

struct dt_req {
	int write;
	int hit;	/* the buffer's word is "Hit" */
	uint64_t block, n;
	double service_us, gap_us;
};

/* the requests of the file at path into *reqs (malloc'd), their count in
 * *n; every request must lie within sectors blocks (0: no check). 0, or -1
 * with err naming the file, the line and why */
int dt_read(const char *path, uint64_t sectors, struct dt_req **reqs, size_t *n, char *err, size_t errlen);

#endif
