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
 * rpm and heads must be whole numbers.
 */
#include <stddef.h>
#include <stdint.h>

#include "model.h"

#define DP_KEYS 23	/* keys a profile may give (name, kind, the figures, ...) */

struct dp_profile {
	char name[64];
	char model[128];	/* what it is, for the reader */
	struct dmodel_params p;
	char given[DP_KEYS][64];	/* each key's value as the file gives it ("" if absent) */
};

/* 0, or -EINVAL with a message naming the key in err */
int dp_parse(const char *text, struct dp_profile *d, char *err, size_t errlen);
/* "disk=NAME disk_kind=... disk_KEY=value ..." of the figures the kind
 * uses, in the file's units, for the meta record */
int dp_describe(const struct dp_profile *d, char *buf, size_t len);
/* the value of a file's key as the file gives it: NULL for a key profiles
 * do not have, "" for one this file does not give */
const char *dp_get(const struct dp_profile *d, const char *key);

#endif
