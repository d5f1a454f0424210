/*
 * create: seed experiment 001. For each size, makes a swapfile with
 * fallocate(2) and again by writing zeros 16 KiB at a time (the seed's
 * dd bs=16K), and times each way and the mkswap that follows it.
 */
#include "wl.h"
#include "../lib/size.h"
#include "../lib/swaphdr.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#define TMP_NAME "create.tmp"
#define ZERO_BLOCK 16384

static struct wl_sizes sizes;

static const struct wl_param params[] = {
	{ "sizes", WL_SIZES, "16M,32M,64M", 40960, 1099511627776.0, &sizes },
};

static char path[4096];
static int dir_fd = -1;

/* Flushes earlier runs' dirty data so it is not billed to the next step. */
static void settle(void)
{
	if (unlink(path) < 0 && errno != ENOENT)
		wl_die_errno("unlink %s", path);
	if (syncfs(dir_fd) < 0)
		wl_die_errno("syncfs %s", wl_dir());
}

static int open_new(void)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

	if (fd < 0)
		wl_die_errno("create %s", path);
	return fd;
}

/* What mkswap does to a file: the header page at 0, on disk before it counts. */
static double write_swap_header(int fd, uint64_t bytes)
{
	static unsigned char page[65536];
	size_t pagesize = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char rnd[16], uuid[16];
	double t0 = wl_now();

	if (pagesize > sizeof(page))
		wl_die("page size %zu is larger than %zu", pagesize, sizeof(page));
	if (getrandom(rnd, sizeof(rnd), GRND_NONBLOCK) != (ssize_t)sizeof(rnd)) {
		uint64_t t = wl_now_ns();
		for (size_t i = 0; i < sizeof(rnd); i++)
			rnd[i] = (unsigned char)(t >> (i % 8 * 8) ^ (uint64_t)getpid() >> (i % 4 * 8));
	}
	swaphdr_uuid_v4(uuid, rnd);
	if (swaphdr_build(page, pagesize, bytes, uuid, NULL) < 0)
		wl_die("mkswap %s: %llu bytes is fewer than %d pages of %zu", path,
		       (unsigned long long)bytes, SWAPHDR_MIN_PAGES, pagesize);
	if (pwrite(fd, page, pagesize, 0) != (ssize_t)pagesize)
		wl_die_errno("mkswap %s: write header", path);
	if (fsync(fd) < 0)
		wl_die_errno("mkswap %s: fsync", path);
	return wl_now() - t0;
}

/* Seconds to make the file with fallocate, or a negative number where unsupported. */
static double by_fallocate(uint64_t bytes, double *mkswap_s)
{
	double t0, t;
	int fd;

	settle();
	t0 = wl_now();
	fd = open_new();
	if (fallocate(fd, 0, 0, (off_t)bytes) < 0) {
		if (errno != EOPNOTSUPP && errno != ENOSYS)
			wl_die_errno("fallocate %s %llu bytes", path, (unsigned long long)bytes);
		close(fd);
		return -1;
	}
	t = wl_now() - t0;
	*mkswap_s = write_swap_header(fd, bytes);
	close(fd);
	return t;
}

static double by_zeros(uint64_t bytes, double *mkswap_s)
{
	static const unsigned char zeros[ZERO_BLOCK];
	double t0, t;
	int fd;

	settle();
	t0 = wl_now();
	fd = open_new();
	for (uint64_t done = 0; done < bytes; ) {
		size_t n = bytes - done < ZERO_BLOCK ? (size_t)(bytes - done) : ZERO_BLOCK;
		ssize_t w = write(fd, zeros, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			wl_die_errno("write %s at %llu", path, (unsigned long long)done);
		done += (uint64_t)w;
	}
	if (fsync(fd) < 0)
		wl_die_errno("fsync %s", path);
	t = wl_now() - t0;
	*mkswap_s = write_swap_header(fd, bytes);
	close(fd);
	return t;
}

int main(int argc, char **argv)
{
	enum wl_mode mode = wl_parse(argc, argv, "create", params, sizeof(params) / sizeof(params[0]));

	for (size_t i = 0; i < sizes.n; i++)
		for (size_t j = 0; j < i; j++)
			if (sizes.v[i] == sizes.v[j])
				wl_usage("sizes", sizes.text, "a size is listed twice");
	if (mode != WL_RUN)
		return 0;
	wl_path(path, sizeof(path), TMP_NAME);
	dir_fd = open(wl_dir(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dir_fd < 0)
		wl_die_errno("open %s", wl_dir());

	for (size_t i = 0; i < sizes.n; i++) {
		char key[32];
		double fa_mk = 0, zero_mk, fa, zero;

		size_format(sizes.v[i], key, sizeof(key));
		for (char *k = key; *k; k++)
			if (*k >= 'A' && *k <= 'Z')
				*k = (char)(*k - 'A' + 'a');
		fa = by_fallocate(sizes.v[i], &fa_mk);
		zero = by_zeros(sizes.v[i], &zero_mk);
		if (fa < 0) {
			printf("fallocate_%s_s=unsupported\n", key);
			printf("mkswap_fallocate_%s_s=unsupported\n", key);
		} else {
			printf("fallocate_%s_s=%.6f\n", key, fa);
			printf("mkswap_fallocate_%s_s=%.6f\n", key, fa_mk);
		}
		printf("zero_%s_s=%.6f\n", key, zero);
		printf("mkswap_zero_%s_s=%.6f\n", key, zero_mk);
		if (fa > 0)
			printf("ratio_%s=%.1f\n", key, zero / fa);
		else
			printf("ratio_%s=unsupported\n", key);
		fflush(stdout);
	}
	settle();
	close(dir_fd);
	return 0;
}
