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

#include "model.h"
#include "profile.h"

static struct dm_state st;

int main(int argc, char **argv)
{
	static char text[16384];
	struct dm_profile p;
	char err[256];
	const char *field;
	unsigned long long start;
	FILE *f;
	size_t n;

	if (argc < 3) {
		fprintf(stderr, "usage: diskmodel-curve PROFILE START OFFSET...\n");
		return 2;
	}
	if (!(f = fopen(argv[1], "r"))) {
		fprintf(stderr, "diskmodel-curve: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = 0;
	if (dp_parse(text, &p, err, sizeof(err)) || dm_init(&st, &p, &field)) {
		fprintf(stderr, "diskmodel-curve: %s: %s\n", argv[1], err);
		return 2;
	}
	if (p.kind != DM_HDD) {
		fprintf(stderr, "diskmodel-curve: %s is not a disk that seeks\n", p.name);
		return 2;
	}
	start = strtoull(argv[2], NULL, 10);
	for (int i = 3; i < argc; i++) {
		unsigned long long off = strtoull(argv[i], NULL, 10);
		double x0 = dm_x_of(&st, start), x1 = dm_x_of(&st, start + off);
		double seek = dm_seek_ns(&st, x0, x1) / 1e6;
		double rest = st.rev_ns / 2 / 1e6 + 4096 / dm_rate_at(&st, x1) / 1e6;

		printf("%llu %.6f %.4f %.4f\n", off, x1 - x0, seek, seek + rest);
	}
	return 0;
}
