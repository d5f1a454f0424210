/*
 * create: seed experiment 001, timed as the seed timed it. For each size,
 * makes a swapfile with fallocate(2), then again by writing zeros 16 KiB
 * at a time (the seed's dd bs=16K), each followed by mkswap, through the
 * path init makes its own swapfile with (lib/swapfile.c): the fill has no
 * fsync of its own, as neither fallocate(1) nor dd has one, and mkswap's
 * time ends with the fsync that flushes whatever the fill left dirty.
 *
 * Reports per size S (lower-case, as 64m): fallocate_S_s, mkswap_fallocate_S_s,
 * fallocate_plus_mkswap_S_s, zero_S_s, mkswap_zero_S_s, zero_plus_mkswap_S_s,
 * ratio_S (zero-fill / fallocate) and ratio_mkswap_S (mkswap after the
 * zero-fill / after fallocate), and dirty_after_zero_S_kb,
 * dirty_after_fallocate_S_kb: the page cache's Dirty between fill and
 * mkswap, what mkswap's fsync had to write. Sizes the filesystem cannot hold are
 * refused by --prepare, before the first run, naming the free space.
 */
#include "workloads/wl.h"
#include "lib/size.h"
#include "lib/swapfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define TMP_NAME "create.tmp"

static struct wl_sizes sizes;

static const struct wl_param params[] = {
	{ "sizes", WL_SIZES, "16M,32M,64M", 40960, 1099511627776.0, &sizes },
};

static char path[4096];
static int dir_fd = -1;

/* Flushes earlier steps' dirty data and frees their blocks, so neither is billed to the next. */
static void settle(void)
{
	if (unlink(path) < 0 && errno != ENOENT)
		wl_die_errno("unlink %s", path);
	if (syncfs(dir_fd) < 0)
		wl_die_errno("syncfs %s", wl_dir());
}

/* Every size must fit beside what the filesystem already holds (one file at a time). */
static void check_room(void)
{
	uint64_t largest = 0, free_b;
	char want[32];
	int err;

	settle();
	if ((err = swapfile_free(wl_dir(), &free_b)) < 0)
		wl_die("statvfs %s: %s", wl_dir(), strerror(-err));
	for (size_t i = 0; i < sizes.n; i++)
		if (sizes.v[i] > largest)
			largest = sizes.v[i];
	if (swapfile_need(largest) <= free_b)
		return;
	size_format(largest, want, sizeof(want));
	wl_die("sizes=%s: %s does not fit: %s has %.1f MiB free, a %s file needs %.1f MiB with the "
	       "blocks that map it (give smaller sizes, or a larger swapbench.fsdev)", sizes.text, want,
	       wl_dir(), (double)free_b / 1048576.0, want, (double)swapfile_need(largest) / 1048576.0);
}

/* Makes the file one way; 0, or -EOPNOTSUPP where the filesystem has no fallocate. */
static int make(uint64_t bytes, enum swapfile_fill fill, struct swapfile_times *t)
{
	int err;

	settle();
	err = swapfile_make(path, bytes, fill, NULL, t);
	if (err == -EOPNOTSUPP && fill == SWAPFILE_FALLOCATE)
		return err;
	if (err)
		wl_die("%s %s, %llu bytes: %s", fill == SWAPFILE_FALLOCATE ? "fallocate" : "zero-fill", path,
		       (unsigned long long)bytes, strerror(-err));
	return 0;
}

static void report(const char *key, uint64_t bytes)
{
	struct swapfile_times fa, zero;
	int fa_ok = make(bytes, SWAPFILE_FALLOCATE, &fa) == 0;

	make(bytes, SWAPFILE_ZERO, &zero);
	if (fa_ok) {
		printf("fallocate_%s_s=%.6f\n", key, fa.fill_s);
		printf("mkswap_fallocate_%s_s=%.6f\n", key, fa.mkswap_s);
		printf("fallocate_plus_mkswap_%s_s=%.6f\n", key, fa.fill_s + fa.mkswap_s);
		if (fa.dirty_kb >= 0)
			printf("dirty_after_fallocate_%s_kb=%ld\n", key, fa.dirty_kb);
	} else {
		printf("fallocate_%s_s=unsupported\n", key);
	}
	printf("zero_%s_s=%.6f\n", key, zero.fill_s);
	printf("mkswap_zero_%s_s=%.6f\n", key, zero.mkswap_s);
	printf("zero_plus_mkswap_%s_s=%.6f\n", key, zero.fill_s + zero.mkswap_s);
	if (zero.dirty_kb >= 0)
		printf("dirty_after_zero_%s_kb=%ld\n", key, zero.dirty_kb);
	if (fa_ok && fa.fill_s > 0)
		printf("ratio_%s=%.1f\n", key, zero.fill_s / fa.fill_s);
	if (fa_ok && fa.mkswap_s > 0)
		printf("ratio_mkswap_%s=%.1f\n", key, zero.mkswap_s / fa.mkswap_s);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	enum wl_mode mode = wl_parse(argc, argv, "create", params, sizeof(params) / sizeof(params[0]));

	for (size_t i = 0; i < sizes.n; i++)
		for (size_t j = 0; j < i; j++)
			if (sizes.v[i] == sizes.v[j])
				wl_usage("sizes", sizes.text, "a size is listed twice");
	if (mode == WL_CHECK)
		return 0;
	wl_path(path, sizeof(path), TMP_NAME);
	dir_fd = open(wl_dir(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dir_fd < 0)
		wl_die_errno("open %s", wl_dir());
	check_room();
	if (mode == WL_PREPARE)
		return 0;
	for (size_t i = 0; i < sizes.n; i++) {
		char key[32];

		size_format(sizes.v[i], key, sizeof(key));
		for (char *k = key; *k; k++)
			if (*k >= 'A' && *k <= 'Z')
				*k = (char)(*k - 'A' + 'a');
		report(key, sizes.v[i]);
	}
	settle();
	close(dir_fd);
	return 0;
}
