#ifndef SB_SWAPFILE_H
#define SB_SWAPFILE_H
/*
 * Making a swap area: the one path for init's own swapfile and partition
 * and for the `create` workload. Timed as seed 001 timed it: the fill has
 * no fsync of its own (fallocate(1) and dd have none), and mkswap's time
 * ends with the fsync that makes the header count, which also flushes
 * whatever the fill left dirty.
 */
#include <stddef.h>
#include <stdint.h>

enum swapfile_fill { SWAPFILE_FALLOCATE, SWAPFILE_ZERO };

#define SWAPFILE_ZERO_BLOCK 16384	/* the seed's dd bs=16K */

struct swapfile_times {
	double fill_s;		/* open, then fallocate or the zero writes; no fsync */
	double mkswap_s;	/* header write and fsync */
	long dirty_kb;		/* Dirty in /proc/meminfo between the two, untimed; -1 unknown */
};

/* 16 random bytes for a UUID without waiting for entropy at boot (salt when there is none). */
void swapfile_random(unsigned char rnd[16], uint64_t salt);
/*
 * Writes a version 1 swap header for bytes at offset 0 of fd, then fsyncs.
 * uuid NULL: a fresh random one. Returns 0 or -errno (-EINVAL: too small,
 * too large, or a label over 16 bytes).
 */
int swapfile_mkswap(int fd, uint64_t bytes, const char *label, const unsigned char *uuid);
/*
 * Creates path (which must not exist) with bytes of fallocate'd or zeroed
 * space, then mkswap on it; fills t. Returns 0 or -errno, -EOPNOTSUPP when
 * the filesystem has no fallocate; on any error path is removed.
 */
int swapfile_make(const char *path, uint64_t bytes, enum swapfile_fill fill, const char *label,
		  struct swapfile_times *t);
/*
 * Bytes a file of bytes needs on a filesystem: its data plus 1/128 for the
 * blocks that map it (extent or indirect blocks, generously).
 */
uint64_t swapfile_need(uint64_t bytes);
/* Free bytes an unprivileged writer may use on dir's filesystem, or -errno. */
int swapfile_free(const char *dir, uint64_t *bytes);

#endif
