/*
 * Fuzz target: the DiskSim importer (disk/disksim/disksim.c, disk/disksim/disksim_profile.c,
 * and the trace reader disk/disksim/trace.c it fits a bus from), which reads a
 * folder of files anyone may hand over. The input is the folder: its
 * parts separated by lines "%%", in order NAME.diskspecs, NAME.model,
 * NAME.seek, NAME.trace and a --bus file (a part left out or empty: no
 * such file), written as d/d.* in a scratch folder. Properties: no crash,
 * no leak, no undefined behaviour, an end (libFuzzer's timeout); a refusal
 * says why; a profile it makes is either refused by the profiles' reader
 * (saying why) or keeps the profiles' promise: the worst request at most
 * 1 s (profile_cost.h).
 */
#include "disk/disksim/disksim.h"
#include "disk/profile/profile.h"
#include "fuzz.h"
#include "profile_cost.h"

#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const parts[] = { "d.diskspecs", "d.model", "d.seek", "d.trace", "t.bus" };
#define NPARTS (sizeof(parts) / sizeof(parts[0]))

static char dir[] = "/tmp/fuzz_disksim.XXXXXX";

/* the scratch folder, made once and removed at exit */
static void remove_dir(void)
{
	char path[64];

	for (size_t i = 0; i < NPARTS; i++) {
		snprintf(path, sizeof(path), "%s/d/%s", dir, parts[i]);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/d", dir);
	rmdir(path);
	rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int made;
	static char err[512], path[64];
	static struct dp_profile d;
	const uint8_t *at = data, *end = data + size;
	char *made_text = NULL;
	size_t made_len = 0;
	int has_bus = 0, rc;
	FILE *out;

	if (!made) {
		require(mkdtemp(dir) != NULL, "a scratch folder");
		snprintf(path, sizeof(path), "%s/d", dir);
		require(!mkdir(path, 0700), "a scratch folder's d/");
		atexit(remove_dir);
		made = 1;
	}
	for (size_t i = 0; i < NPARTS; i++) {
		const uint8_t *sep = NULL;
		size_t n;

		for (const uint8_t *p = at; p + 4 <= end; p++)
			if (!memcmp(p, "\n%%\n", 4)) {
				sep = p;
				break;
			}
		n = at < end ? (size_t)((sep ? sep : end) - at) : 0;
		snprintf(path, sizeof(path), "%s/d/%s", dir, parts[i]);
		unlink(path);
		if (n) {
			FILE *f = fopen(path, "wb");

			require(f && fwrite(at, 1, n, f) == n && !fclose(f), "a part written");
			has_bus |= i == NPARTS - 1;
		}
		at = sep ? sep + 4 : end;
	}
	snprintf(path, sizeof(path), "%s/d", dir);
	out = open_memstream(&made_text, &made_len);
	require(out, "a memory stream");
	err[0] = 0;
	{
		char bus[64];

		snprintf(bus, sizeof(bus), "%s/d/t.bus", dir);
		rc = ds_import(path, has_bus ? bus : NULL, out, err, sizeof(err));
	}
	require(!fclose(out), "the stream closes");
	if (rc) {
		require(err[0], "a refusal says why");
	} else {
		require(strlen(made_text) == made_len, "the profile made is text");
		dp_free(&d);	/* the last input's layout tables */
		if (dp_parse(made_text, &d, err, sizeof(err)))
			require(err[0], "the profiles' reader says why it refuses the profile made");
		else
			fuzz_profile_cost(&d);
	}
	free(made_text);
	return 0;
}
