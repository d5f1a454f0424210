/*
 * The initramfs holds one static binary: /init and every /workloads/NAME
 * are hard links to it, and argv[0] picks the program. Each workload is
 * still its own program (its own source and main, built alone for the host
 * tests); linking them together keeps one copy of libc in the image, which
 * at -m 64 is RAM: initramfs files stay in memory for the whole boot.
 */
#include "lib/workloads.h"

#include <string.h>

#define DECLARE_(program, name, ...) int program##_main(int argc, char **argv);
#define ENTRY_(program, name, ...) { name, program##_main },

int init_main(int argc, char **argv);
WORKLOADS(DECLARE_)

static const struct {
	const char *name;
	int (*main)(int, char **);
} programs[] = { WORKLOADS(ENTRY_) };

int main(int argc, char **argv)
{
	const char *name = argc > 0 ? argv[0] : "init", *slash = strrchr(name, '/');

	if (slash)
		name = slash + 1;
	for (size_t i = 0; i < sizeof(programs) / sizeof(programs[0]); i++)
		if (!strcmp(name, programs[i].name))
			return programs[i].main(argc, argv);
	return init_main(argc, argv);
}
