#ifndef SBR_MEMORY_H
#define SBR_MEMORY_H
/*
 * The memory each kernel left the experiment: MemTotal and MemAvailable
 * from the boots' meta records, per kernel release and tag. Kernels that
 * differ by more than 2 % in MemTotal are not compared on equal terms.
 */
#include "report/source/parse.h"

#include <stdio.h>

/* The section, for d, when the sources hold two kernels or more; 1 if they differ by > 2 %. */
struct dest;
int memory_section(const struct dest *d, const struct dataset *ds);

#endif
