#ifndef SB_RESDISK_H
#define SB_RESDISK_H
/*
 * Results disk layout, shared by init (writer) and the report tool (reader,
 * init-disk). Block 0 (4 KiB) is the header: the magic line, then
 * "label=NAME\n", then NUL bytes. Records follow from RESDISK_DATA_OFF as
 * text lines; the first NUL byte after them ends the data. Every append
 * writes the record followed by zeros up to the next 512-byte boundary
 * plus one sector, then fdatasync, so the NUL terminator always exists and
 * a power cut can damage only the record being written.
 */
#include <stddef.h>

#define RESDISK_MAGIC "SWAPBENCH-RESULTS-V1\n"
#define RESDISK_HDR_SIZE 4096
#define RESDISK_DATA_OFF 4096
#define RESDISK_LABEL_MAX 32

/* Fills hdr (RESDISK_HDR_SIZE bytes); returns -1 if the label is unusable. */
int resdisk_format_header(char *hdr, const char *label);
/* Returns 0 and copies the label if hdr starts with the magic, else -1. */
int resdisk_check_header(const char *hdr, size_t len, char label[RESDISK_LABEL_MAX + 1]);

#endif
