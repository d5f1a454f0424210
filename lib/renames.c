/* The renamed names' lookup (renames.h). Pure. */
#include "renames.h"

#include <string.h>

#define RENAME_ROW_(kind, old, new) { kind, old, new },
static const struct {
	const char *kind, *old, *new_name;
} renames[] = { RENAMES(RENAME_ROW_) };

const char *renames_new(const char *kind, const char *old, size_t n)
{
	for (size_t i = 0; i < sizeof(renames) / sizeof(renames[0]); i++)
		if (!strcmp(renames[i].kind, kind) && strlen(renames[i].old) == n && !strncmp(renames[i].old, old, n))
			return renames[i].new_name;
	return NULL;
}
