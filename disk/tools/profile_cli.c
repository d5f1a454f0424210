/*
 * diskprofile FILE params|tables|describe|get KEY: a disk profile file
 * read on the host, so that no shell script parses one.
 *   params    the model's integer parameters as the guest's target takes
 *             them: "kind=1 capacity_bytes=... unit_bytes=0" (DMODEL_PARAMS)
 *   tables    its zone, seek and slip tables as the target takes them
 *             (dmodel_tables_format: "zone=... seek=... slip=..."), an
 *             empty line for a profile without; params and tables refuse
 *             a g4 layout, which stays on the host
 *   describe  the meta record's "disk=NAME disk_kind=... " line (dp_describe)
 *   get KEY   a key's value as the file gives it (name, rotational, rpm,
 *             capacity_gb, ...); a key the file does not give prints nothing
 * A profile the parser refuses exits 2 with its message naming the key; so
 * does a key profiles do not have, or bad usage.
 * diskprofile import-disksim DIR [--bus FILE]: the profile of the DiskSim
 * drive in DIR (NAME.diskspecs, its .model and .seek; disk/disksim/disksim.c), on
 * stdout, with the bus of DiskSim's own run of it from FILE (disksim.h); a
 * parameter the model does not support or a malformed line exits 2 naming
 * the file, the line and why.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "disk/disksim/disksim.h"
#include "disk/model/model.h"
#include "disk/profile/profile.h"
#include "lib/version.h"

static const char usage_text[] =
	"usage: diskprofile FILE params | tables | describe | get KEY\n"
	"       diskprofile import-disksim DIR [--bus FILE]\n"
	"       diskprofile --help | --version\n"
	"\n"
	"FILE is a disk profile (disk/profiles/NAME.conf, docs/disk-model.md):\n"
	"  params          the model's integer parameters as the guest's target takes them\n"
	"  tables          its zone, seek and slip tables as the guest's target takes them\n"
	"                  (an empty line: none); a g4 layout is refused (host only)\n"
	"  describe        the line the boot records of the disk (disk=NAME disk_kind=...)\n"
	"  get KEY         KEY's value as the file gives it (nothing when it gives none)\n"
	"  import-disksim  the profile of the DiskSim drive in DIR (NAME.diskspecs, its\n"
	"                  .model and .seek), on stdout; --bus FILE: the bus of\n"
	"                  DiskSim's own run of it\n"
	"Exit status: 0 done; 2 a profile or file refused (its message names the key\n"
	"or line) or bad usage.\n";

static int usage(void)
{
	fputs(usage_text, stderr);
	return 2;
}

int main(int argc, char **argv)
{
	static char line[1024];
	static struct dp_profile d;
	char err[512];
	const char *v;

	if (argc == 2 && !strcmp(argv[1], "--version"))
		return printf("%s %s\n", "diskprofile", version_string()) < 0 ? 2 : 0;
	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))) {
		fputs(usage_text, stdout);
		return fflush(stdout) ? 1 : 0;
	}
	if ((argc == 3 || (argc == 5 && !strcmp(argv[3], "--bus"))) && !strcmp(argv[1], "import-disksim")) {
		/* the profile made, checked by the profiles' reader before it is printed */
		char *made = NULL;
		size_t made_len = 0;
		FILE *mem = open_memstream(&made, &made_len);

		if (!mem || ds_import(argv[2], argc == 5 ? argv[4] : NULL, mem, err, sizeof(err)) || fclose(mem)) {
			fprintf(stderr, "diskprofile: %s\n", mem ? err : strerror(errno));
			return 2;
		}
		if (dp_parse(made, &d, err, sizeof(err))) {
			fprintf(stderr, "diskprofile: %s: the profile made of it is refused: %s\n", argv[2], err);
			free(made);
			return 2;
		}
		fputs(made, stdout);
		free(made);
		return fflush(stdout) ? 1 : 0;
	}
	if (argc < 3 || (!strcmp(argv[2], "get") ? argc != 4 : argc != 3))
		return usage();
	if (dp_read(argv[1], &d, err, sizeof(err))) {
		fprintf(stderr, "diskprofile: %s\n", err);
		return 2;
	}
	if ((!strcmp(argv[2], "params") || !strcmp(argv[2], "tables")) && d.p.g4) {
		fprintf(stderr, "diskprofile: %s: its g4 layout (DiskSim's layout tree) does not reach the guest's target: "
				"a host-side profile (diskreplay); zone tables do\n", argv[1]);
		return 2;
	}
	if (!strcmp(argv[2], "tables")) {
		size_t need = dmodel_tables_format(&d.p, NULL, 0);
		char *text = malloc(need + 1);

		if (!text) {
			fprintf(stderr, "diskprofile: %s: %s\n", argv[1], strerror(errno));
			return 2;
		}
		dmodel_tables_format(&d.p, text, need + 1);
		printf("%s\n", text);
		free(text);
	} else if (!strcmp(argv[2], "params")) {
		const char *sep = "";

#define PRINT_PARAM(name, what)                                                \
	printf("%s" #name "=%" PRIu64, sep, d.p.name);                          \
	sep = " ";
		DMODEL_PARAMS(PRINT_PARAM)
#undef PRINT_PARAM
		printf("\n");
	} else if (!strcmp(argv[2], "describe")) {
		if (dp_describe(&d, line, sizeof(line))) {
			fprintf(stderr, "diskprofile: %s: the description is longer than %zu bytes\n", argv[1],
				sizeof(line) - 1);
			return 2;
		}
		printf("%s\n", line);
	} else if (!strcmp(argv[2], "get")) {
		if (!(v = dp_get(&d, argv[3]))) {
			fprintf(stderr, "diskprofile: %s: profiles have no key '%s'\n", argv[1], argv[3]);
			return 2;
		}
		if (*v)
			printf("%s\n", v);
	} else {
		return usage();
	}
	return fflush(stdout) ? 1 : 0;
}
