#ifndef SB_KFILE_H
#define SB_KFILE_H
/* kfile: the kernel's small /proc and /sys files, read and written whole. */
#include <stddef.h>

/* Reads a whole small /proc or /sys file into buf, NUL terminated; returns length or -errno. */
int kfile_read(const char *path, char *buf, int size);
/* The bracketed choice of a sysfs file ("always [madvise] never" -> "madvise"), or its first line; 0 or -errno. */
int kfile_choice(const char *path, char *out, size_t n);
/* Writes a short string to a /proc or /sys file; returns 0 or -errno. */
int kfile_write(const char *path, const char *val);

#endif
