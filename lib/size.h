#ifndef SB_SIZE_H
#define SB_SIZE_H
/*
 * Sizes as every part of swapbench reads them (the kernel command line,
 * workload parameters, swapbench-report init-disk --size): decimal digits,
 * then optionally one of K, M, G, T in either case, optionally followed by
 * "iB" or "ib" (16K = 16k = 16KiB = 16384). Always powers of 1024. Nothing
 * else: no sign, space, fraction, or B alone. Pure.
 */
#include <stddef.h>
#include <stdint.h>

/* Returns 0 and the size in bytes, -EINVAL when s is not a size, -ERANGE past 2^64 - 1. */
int size_parse(const char *s, uint64_t *out);
/* The shortest exact form size_parse reads back: "64M", "1536K", "4097". */
void size_format(uint64_t bytes, char *buf, size_t size);

#endif
