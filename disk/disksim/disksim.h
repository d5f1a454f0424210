#ifndef SB_DISKSIM_H
#define SB_DISKSIM_H
/*
 * ds: DiskSim's description of a drive (a folder holding NAME.diskspecs,
 * the .model it names and the .seek file that names) read into a
 * swapbench profile (profile.h's format), with a source line for every
 * figure. The one reader of these files. A parameter the model does not
 * honour is refused by name (unless at the value that makes it moot, as
 * the table in disksim.c says); a malformed line is refused with its file,
 * line and why, and so is what the profiles' reader refuses: a key given
 * twice in a block, a number not in decimal (dp_decimal, with a sign), a
 * NUL byte, a drive's size outside the model's ranges, and a file of the
 * folder that is not a regular file (a symbolic link).
 */
#include <stddef.h>
#include <stdio.h>

/*
 * print the profile of the drive in dir to out: 0, or -1 with err set.
 * bus: NULL, or a file of the bus DiskSim's own run of the drive put it on
 * (its .parv; the drive's folder has none), swapbench's format:
 *   read_block_ms = MS     a 512-byte block toward the host
 *   write_block_ms = MS    toward the drive
 *   source = TEXT          where the two figures come from
 * '#' starts a comment; every key once, nothing else. A block's time is
 * the larger of this and the .diskspecs' own (DiskSim's manual, 3.4.5:
 * "the maximum of the three values").
 */
int ds_import(const char *dir, const char *bus, FILE *out, char *err, size_t errlen);

#endif
