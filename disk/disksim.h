#ifndef SB_DISKSIM_H
#define SB_DISKSIM_H
/*
 * ds: DiskSim's description of a drive (a folder holding NAME.diskspecs,
 * the .model it names and the .seek file that names) read into a
 * swapbench profile (profile.h's format), with a source line for every
 * figure. The one reader of these files. A parameter the model does not
 * honour is refused by name (unless at the value that makes it moot, as
 * the table in disksim.c says); a malformed line is refused with its file,
 * line and why.
 */
#include <stddef.h>
#include <stdio.h>

/* print the profile of the drive in dir to out: 0, or -1 with err set */
int ds_import(const char *dir, FILE *out, char *err, size_t errlen);

#endif
