#ifndef SB_REGISTRY_H
#define SB_REGISTRY_H
/*
 * The facts the host shares with the image, each written once, here:
 * exit statuses and their words, the base kernel command lines the
 * launchers start from, the disk designations, the command-line limit.
 * With the keys (cmdkeys.c), the workloads (lib/workloads.h) and the
 * verdict's minimum units (lib/stats.h), `init --describe` prints them
 * (registry_describe), and host/registry.sh reads that for the Makefile,
 * qemu/, lava/ and docs/generate.
 * Pure data and formatting: no I/O but the stream given. The image (built
 * with SB_IMAGE) has the exit statuses only; the rest is init-host's.
 */
#include <stddef.h>
#include <stdio.h>

/* the format= of --describe's first record: bump when a record changes shape */
#define REGISTRY_FORMAT 2

/* the text of an exit status; a status not in the table reads as a crash (3) */
const char *registry_exit_text(int status);

/*
 * Prints the registry, one fact a record (lib/describe.h: "type=TYPE",
 * "name=NAME", then its fields, tab-separated). The workloads' own
 * parameters are not here (they are the workloads'): pid1.c adds them.
 */
void registry_describe(FILE *out);

#endif
