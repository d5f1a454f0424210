/*
 * diskmodel-curve PROFILE START OFFSET...: the datasheet's curve for the
 * datasheet check's seek sweep (experiments/diskcheck): for a 4 KiB read
 * OFFSET bytes past one at START (bytes from the disk's outer edge), the
 * seek through the profile's three points, plus half a turn, plus the
 * transfer; one "offset stroke seek_ms expected_ms" line each.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "disk/model/model.h"
#include "disk/profile/profile.h"
#include "lib/version.h"

static const char usage_text[] =
	"usage: diskmodel-curve PROFILE START OFFSET...\n"
	"       diskmodel-curve --help | --version\n"
	"\n"
	"The datasheet's curve for the seek sweep of experiments/diskcheck: for a 4 KiB\n"
	"read OFFSET bytes past one at START (bytes from the outer edge) on the disk of\n"
	"PROFILE, the seek through the profile's three points, half a turn and the\n"
	"transfer: one \"offset stroke seek_ms expected_ms\" line each.\n"
	"Exit status: 0 done; 2 a profile refused or bad usage.\n";

static struct dmodel m;

int main(int argc, char **argv)
{
	static struct dp_profile d;
	char err[256];
	const char *field;
	unsigned long long start;

	if (argc == 2 && !strcmp(argv[1], "--version"))
		return printf("%s %s\n", "diskmodel-curve", version_string()) < 0 ? 2 : 0;
	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(usage_text, stdout);
		return fflush(stdout) ? 2 : 0;
	}
	if (argc < 3) {
		fputs(usage_text, stderr);
		return 2;
	}
	if (dp_read(argv[1], &d, err, sizeof(err))) {
		fprintf(stderr, "diskmodel-curve: %s\n", err);
		return 2;
	}
	if (dmodel_init(&m, &d.p, &field)) {
		fprintf(stderr, "diskmodel-curve: %s: %s is out of the model's range\n", argv[1], field);
		return 2;
	}
	if (d.p.kind != DMODEL_HDD) {
		fprintf(stderr, "diskmodel-curve: %s is not a disk that seeks\n", d.name);
		return 2;
	}
	start = strtoull(argv[2], NULL, 10);
	for (int i = 3; i < argc; i++) {
		unsigned long long off = strtoull(argv[i], NULL, 10);
		double q0 = (double)dmodel_track_of(&m, start), q1 = (double)dmodel_track_of(&m, start + off);
		double seek = (double)dmodel_seek_ns(&m, start, start + off) / 1e6;
		double rest = 30e3 / (double)d.p.rpm + 4096e3 / (double)dmodel_rate_at(&m, start + off);

		printf("%llu %.6f %.4f %.4f\n", off, (q1 - q0) / (double)m.tracks_q32, seek, seek + rest);
	}
	return 0;
}
