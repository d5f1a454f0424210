#ifndef SB_DMODEL_ARITH_H
#define SB_DMODEL_ARITH_H
/*
 * dmodel's arithmetic, shared by disk/model/model.c (the requests) and
 * disk/model/geometry.c (the platter), not by its callers: integers only. Every
 * 64-bit division goes through DMODEL_DIV, DMODEL_REM and DMODEL_MULDIV
 * (a * b / c with a 128-bit product), because a 32-bit kernel has no
 * libgcc to divide with; every product is bounded by the ranges below,
 * which dmodel_init enforces (the comments at each product give the
 * bound), so no DMODEL_MULDIV quotient overflows 64 bits.
 */
#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/math64.h>
#include <linux/string.h>
#include <linux/types.h>
#define DMODEL_DIV(a, b) div64_u64((a), (b))
#define DMODEL_MULDIV(a, b, c) mul_u64_u64_div_u64((a), (b), (c))
static inline uint64_t dmodel_rem(uint64_t a, uint64_t b)
{
	u64 r;

	div64_u64_rem(a, b, &r);
	return r;
}
#define DMODEL_REM(a, b) dmodel_rem((a), (b))
#else
#include <errno.h>
#include <stdint.h>
#include <string.h>
#define DMODEL_DIV(a, b) ((uint64_t)(a) / (uint64_t)(b))
#define DMODEL_REM(a, b) ((uint64_t)(a) % (uint64_t)(b))
__extension__ typedef unsigned __int128 dmodel_u128;
/* a quotient past 64 bits faults, as x86-64's divq does in the kernel's
 * mul_u64_u64_div_u64: the host's tests see what would oops a guest */
static inline uint64_t dmodel_muldiv(uint64_t a, uint64_t b, uint64_t c)
{
	dmodel_u128 q = (dmodel_u128)a * b / c;

	if (q >> 64)
		__builtin_trap();
	return (uint64_t)q;
}
#define DMODEL_MULDIV(a, b, c) dmodel_muldiv((a), (b), (c))
#endif

#include "model.h"

#define NS_PER_S 1000000000ULL
#define TURN 60000000000ULL	/* a turn: the platter's angle at t ns is t * rpm mod TURN of it */
#define Q32 (1ULL << 32)
#define Q30 (1ULL << 30)
#define Q16 (1ULL << 16)
/* the ranges the arithmetic is bounded for */
#define MAX_CAPACITY DMODEL_CAPACITY_MAX	/* 64 TiB: capacity * rpm < 2^61 */
#define MAX_RATE (1ULL << 40)	/* bytes/s */
#define MIN_RATE 10000ULL	/* with MAX_BYTES: one transfer or copy < 2^51 ns (20 days) */
#define MAX_BYTES (1ULL << 34)	/* 16 GiB: a cache, a unit, a request's length */
#define MAX_SEEK_NS 10000000000ULL	/* 10 s */
#define MAX_LAT_NS (1ULL << 40)
#define MAX_HEADS DMODEL_HEADS_MAX
#define MAX_TRACKS DMODEL_TRACKS_MAX

/* disk/model/geometry.c, for disk/model/model.c: the geometry dmodel_init derives
 * (0 or -EINVAL naming the parameter), the zone's rate at a track
 * coordinate (bytes/s in Q16), and the platter's angle at t in 1 / TURN of
 * a turn */
int dmodel_geometry_init(struct dmodel *m, const char **field);
uint64_t dmodel_rate_q16(const struct dmodel *m, uint64_t q);
uint64_t dmodel_phase_units(const struct dmodel *m, int64_t t);
uint64_t dmodel_isqrt(uint64_t v);

/* disk/model/zones.c: the zone table's checks; dmodel_locate and
 * dmodel_seek_dist_ns (model.h) */
int dmodel_zones_init(struct dmodel *m, const char **field);

/* disk/model/drive.c: requests to a drive with buffer segments (segments > 0) */
int64_t dmodel_drive_request(struct dmodel *m, enum dmodel_op op, uint64_t off, uint64_t len, int64_t now);
uint64_t dmodel_drive_position(const struct dmodel *m, enum dmodel_op op, uint64_t off, uint64_t len, int64_t now);

#endif
