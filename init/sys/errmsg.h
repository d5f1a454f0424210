#ifndef SB_ERRMSG_H
#define SB_ERRMSG_H
/*
 * init's error convention (one, for every file in init/):
 *
 *   - A function that can fail returns 0 or -errno. Never -1, never a
 *     message, never exit().
 *   - errmsg(err) is the only place an errno becomes words: no strerror,
 *     perror or %m anywhere else in init/ (tests/integration/errconv.sh fails on
 *     one). Codes init gives a meaning of its own read as that meaning.
 *   - The line is "action object: reason", written once, by whoever knows
 *     the action and the object. After a one-step call (swapoff, open,
 *     disks_write_through) that is the caller. A function of several steps
 *     whose caller cannot tell which one failed (swap_setup_file mounts,
 *     checks, creates and swapons) writes the line into the caller's why
 *     buffer with errmsg_why and returns the same -errno; the caller logs
 *     why as it is, adding nothing.
 *
 * Why this and not one of its halves: musl's bare -errno alone cannot say
 * "swapfile needs 512 MiB, /dev/vdb has 100 MiB free" or which of four
 * steps said -EINVAL; a why buffer on every function would make the many
 * one-step functions carry two arguments to say what their caller already
 * knows. Both carry the same return value and take their words from
 * errmsg, so a why buffer is only where the line is written, not a second
 * convention. What is gone: helpers with a map of their own (disks_why
 * read -EEXIST as "matches more than one device"; resolving now returns
 * -ENOTUNIQ and errmsg says so), and the parsers' own copies of errmsg_why
 * (cmdline.c's fail, swapconf.c's bad: now errmsg_why(-EINVAL, ...)).
 */
#include <stddef.h>

/* err: -errno as init returns it (errno itself is taken too). */
const char *errmsg(int err);

/*
 * Writes the line into why[n] and returns err: return errmsg_why(err, why,
 * n, "open %s: %s", dev, errmsg(err)).
 */
int errmsg_why(int err, char *why, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
