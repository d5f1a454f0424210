#ifndef SB_ERRMSG_H
#define SB_ERRMSG_H
/*
 * The one errno-to-message map of init. Init functions return -errno; the
 * caller logs action, object and errmsg(err) once. Codes init gives a
 * meaning of its own (a results disk without the magic) read as that
 * meaning; the rest as the C library says.
 */

/* err: -errno as init returns it (errno itself is taken too). */
const char *errmsg(int err);

#include <stddef.h>

/* Writes the explanation into why[n] and returns err: return errmsg_why(-EIO, ...). */
int errmsg_why(int err, char *why, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
