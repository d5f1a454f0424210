#ifndef SB_DISKPROFILE_H
#define SB_DISKPROFILE_H
/*
 * dp: a disk profile file (disk/profiles/NAME.conf) into a dm_profile.
 * Lines "key = value", '#' to the end of a line is a comment. Every
 * figure the kind needs must be there, each with a "source.KEY = ..."
 * line saying where it comes from; an unknown key, a missing figure or
 * source, or a value out of range is refused naming the key.
 */
#include <stddef.h>
#include <stdint.h>

#include "model.h"

/* 0, or -EINVAL with a message naming the key in err */
int dp_parse(const char *text, struct dm_profile *p, char *err, size_t errlen);
/* "key=value ..." of the figures the kind uses, for the meta record */
int dp_describe(const struct dm_profile *p, char *buf, size_t len);
/* the text the filter serves in the export's last 4 KiB and writes at exit:
 * "swapbench-diskmodel v1 profile=NAME reads=N ... host_ns=N\n" (the
 * counters; init/diskctr.c parses it), then dp_describe's line */
void dp_counters_text(const struct dm_state *s, int64_t host_ns, char *buf, size_t len);

#endif
