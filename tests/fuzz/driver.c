/*
 * Runs a fuzz target once per file named on the command line, without
 * libFuzzer: how tests/integration/fuzz_regressions.sh replays the corpus and
 * every crash found, under AddressSanitizer and UBSan. A crash or a failed
 * property aborts, and the caller sees the exit status.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		size_t cap = 1 << 16, n = 0, got;
		uint8_t *buf = malloc(cap);

		if (!f || !buf) {
			perror(argv[i]);
			return 2;
		}
		while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
			n += got;
			if (n == cap && !(buf = realloc(buf, cap *= 2))) {
				perror("realloc");
				return 2;
			}
		}
		fclose(f);
		LLVMFuzzerTestOneInput(buf, n);
		free(buf);
	}
	return 0;
}
