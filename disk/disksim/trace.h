#ifndef SB_DISKTRACE_H
#define SB_DISKTRACE_H
/*
 * dt: a validation trace of DiskSim's (tests/data/disksim-valid/README.md):
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
 * *n; every request must lie within sectors blocks (0: no check). Times are
 * decimal (dp_decimal: no hex, no exponent); a trace's gaps, and its
 * service times, add up to DT_TIME_MAX_US at most (11.6 days: a replay on
 * the model's nanosecond clock stays far inside int64), in DT_REQS_MAX
 * requests at most. 0, or -1 with err naming the file, the line and why */
#define DT_TIME_MAX_US 1e12
#define DT_REQS_MAX (1 << 24)
int dt_read(const char *path, uint64_t sectors, struct dt_req **reqs, size_t *n, char *err, size_t errlen);

/*
 * The interface's time a block, extracted from the drive's measured
 * behaviour as DIXtrac does it from buffer hits of several sizes: a read
 * that starts where the read before it ended finds its data in the
 * read-ahead buffer, and the fastest such read of each size is the
 * controller's overhead plus the bus's time for its blocks. The
 * least-squares line through those minima (sizes of DT_FIT_MIN_READS
 * reads or more, up to DT_FIT_MAX_BLOCKS blocks) over the requests
 * [0, n): its slope, ms a block, and intercept, ms.
 */
#define DT_FIT_MIN_READS 3
#define DT_FIT_MAX_BLOCKS 256
struct dt_busfit {
	double ms_per_block, intercept_ms;
	size_t reads, sizes;	/* the sequential reads, the sizes fitted */
};

/* 0, or -1 when fewer than two sizes qualify or the slope is not positive */
int dt_bus_fit(const struct dt_req *r, size_t n, struct dt_busfit *f);

#endif
