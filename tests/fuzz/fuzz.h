#ifndef SB_FUZZ_H
#define SB_FUZZ_H
/* Shared by the fuzz targets: a failed property says which, then aborts. */
#include <stdio.h>
#include <stdlib.h>

#define require(cond, what)                                                   \
	do {                                                                  \
		if (!(cond)) {                                                \
			fprintf(stderr, "property failed: %s (%s:%d)\n", what, \
				__FILE__, __LINE__);                          \
			abort();                                              \
		}                                                             \
	} while (0)

#endif
