#include "lib/version.h"

/* compiled alone, without the Makefile (tests/integration/symbols.sh, the
 * fuzz targets): no program of the Makefile's is, versions.sh checks */
#ifndef SB_VERSION
#define SB_VERSION "unversioned"
#endif

const char *version_string(void)
{
	return SB_VERSION;
}
