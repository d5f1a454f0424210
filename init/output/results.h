#ifndef SB_RESULTS_H
#define SB_RESULTS_H
/* Where records go: the console always, the results disk when designated. */
#include "lib/record.h"

/* Opens a designated results disk; refuses one without the magic. */
int results_open_disk(const char *dev);
/*
 * Writes a finished record (rec_end done) to the console and the disk. One
 * rec_end refused (too long) is replaced by a warning record naming it;
 * returns -EOVERFLOW.
 */
int results_emit(struct rec_buf *b);
/* A plain console line (KTAP header, plan, comments); not on the disk. */
void results_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void results_close(void);
/* The line on the screen too, when the console is the serial line and the kernel has one (tty0). */
void results_screen(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Bytes of the results disk used and available, for the header record. */
void results_disk_usage(unsigned long long *used, unsigned long long *size);

#endif
