/*
 * A SOURCE opened and fed to the parser: a serial log, a results disk
 * (its data area), or a result directory's serial.log (source.c).
 */
#ifndef SBR_SOURCE_H
#define SBR_SOURCE_H

#include "report/source/parse.h"

/* Reads one SOURCE (file, device or result directory) into ds; dies on I/O errors. */
void source_read(struct dataset *ds, const char *path);

#endif
