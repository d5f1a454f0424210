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

#include "model.h"

/* 0, or -EINVAL with a message naming the key in err */
int dp_parse(const char *text, struct dm_profile *p, char *err, size_t errlen);
/* "key=value ..." of the figures the kind uses, for the meta record */
int dp_describe(const struct dm_profile *p, char *buf, size_t len);

#endif
