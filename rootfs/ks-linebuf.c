/*
 * Linked into the kernel's test programs by experiments/kselftests. Their
 * stdout is a pipe to rootfs/ks-run, which stdio buffers whole, and every
 * child a test forks (test_zswap's cg_run) inherits the results not yet
 * written and writes them again when it exits. kselftest's
 * ksft_print_header() sets line buffering for that reason; test_zswap never
 * calls it. Line buffering writes each line once, as on a terminal.
 */
#include <stdio.h>

__attribute__((constructor)) static void ks_linebuf(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
}
