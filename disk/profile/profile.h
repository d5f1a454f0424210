#ifndef SB_DISKPROFILE_H
#define SB_DISKPROFILE_H
/*
 * dp: a disk profile file (disk/profiles/NAME.conf) into the model's
 * integer parameters (struct dmodel_params), on the host. Lines
 * "key = value", '#' to the end of a line is a comment. Every figure the
 * kind needs must be there, each with a "source.KEY = ..." line saying
 * where it comes from; an unknown key, a missing figure or source, a
 * value out of range, or figures the model refuses (dmodel_init) are
 * refused naming the file's key. Figures are in the file's units (MB/s,
 * ms, GB, ...) and rounded to the model's integers (bytes/s, ns, bytes);
 * rpm and heads must be whole numbers. A profile is data people share:
 * its name (which goes on the kernel command line) is 1-31 of a-z 0-9 _ -,
 * a key given twice, a NUL byte, a figure not in decimal (0x1c20, 1e3),
 * a request costing more than a second or an allocation unit larger than
 * the disk are refused, naming why.
 */
#include <stddef.h>
#include <stdint.h>

#include "disk/model/model.h"

struct dp_g4;

#define DP_NAME_MAX 32	/* a name is swapbench.disk=: init's CMD_NAME_MAX, a-z 0-9 _ - */
#define DP_KEYS 84	/* keys a profile may give (name, kind, the figures, ...) */

struct dp_profile {
	char name[64];
	char model[128];	/* what it is, for the reader */
	struct dmodel_params p;
	char given[DP_KEYS][64];	/* each key's value as the file gives it ("" if absent) */
	/* the tables' lines (disk/profile/profile_tables.c): which entries the file
	 * gives, and whether it says where the zones and the seeks come from */
	unsigned char zone_set[DMODEL_ZONES_MAX], seek_set[DMODEL_SEEK_MAX];
	uint64_t slip_zone[DMODEL_SLIPS_MAX], slip_at[DMODEL_SLIPS_MAX];
	unsigned slips;
	int zone_src, seek_src;
	struct dp_g4 *g4;	/* a g4 layout's tables (disk/profile/profile_tables.c), on the heap: dp_free */
};

/* 0, or -EINVAL with a message naming the key in err */
int dp_parse(const char *text, struct dp_profile *d, char *err, size_t errlen);
/* dp_parse of a file's LEN bytes (TEXT[LEN] is 0): a NUL byte among them
 * is refused (a reader of C strings would end the file there) */
int dp_parse_bytes(const char *text, size_t len, struct dp_profile *d, char *err, size_t errlen);
/* A profile file read and parsed: 0, or -errno with err naming the file
 * and why (missing, unreadable, longer than DP_FILE_MAX, or dp_parse's) */
#define DP_FILE_MAX 4194303	/* a drive's tables: the Maxtor Atlas 10K V's g4 layout is 2.2 MB */
int dp_read(const char *path, struct dp_profile *d, char *err, size_t errlen);
/*
 * disk/profile/profile_tables.c, for dp_parse: the tables' lines
 *   zone.N = FIRST_CYL LAST_CYL BLOCKS_PER_TRACK SKEW_TRACK SKEW_CYL SPARES FRONT OFFSET [: SLIP ...]
 *   seek.N = CYLINDERS MS          (N from 1, each once, no gaps)
 *   source.zone = ...   source.seek = ...
 *   g4.ent.N, g4.tp.N, g4.slip.N, g4.remap.N, source.g4: a g4 layout
 *   (profile_tables.c says how), in place of the zones
 * dp_table_line: 1 not a table's line, 0 taken, -EINVAL refused (err says
 * why, line n); dp_table_finish: the tables into d->p, or -EINVAL
 */
int dp_table_line(struct dp_profile *d, const char *k, const char *v, int n, char *err, size_t errlen);
int dp_table_finish(struct dp_profile *d, char *err, size_t errlen);
/* a profile's heap (a g4 layout's tables), freed; d->p.g4 NULL. A
 * dp_profile parsed again must be freed first (dp_parse clears it); one
 * never parsed must be zeroed */
void dp_free(struct dp_profile *d);
/* "disk=NAME disk_kind=... disk_KEY=value ..." of the figures the kind
 * uses, in the file's units, for the meta record */
int dp_describe(const struct dp_profile *d, char *buf, size_t len);
/* a figure as a profile gives one, the one rule for the files the disk
 * tools read (profiles, DiskSim's drives, traces, bus files): decimal
 * digits with an optional fraction ("7200", "12.5"), nothing else (no
 * sign, exponent, hex, inf or nan). 0 with *x, or -1 */
int dp_decimal(const char *v, double *x);
/* the value of a file's key as the file gives it: NULL for a key profiles
 * do not have, "" for one this file does not give */
const char *dp_get(const struct dp_profile *d, const char *key);

#endif
