/*
 * mthp-frag: mTHP swap-out as swap space fragments, shaped like the
 * kernel's tools/mm/thp_swap_allocator_test: an area of mTHP-sized folios
 * (MADV_HUGEPAGE) and, beside it, an area of small folios
 * (MADV_NOHUGEPAGE) are written and paged out (MADV_PAGEOUT) to fill the
 * swap device; then, iteration after iteration, random pages of both are
 * faulted back in (swap-in of single pages, which frees swap entries here
 * and there), random folio-sized pieces of the mTHP area are dropped
 * (MADV_DONTNEED) and written again, so that they come back as new mTHPs,
 * and both areas are paged out again. Each iteration reads the folio
 * size's swpout and swpout_fallback counters (Linux 6.10 and later,
 * /sys/kernel/mm/transparent_hugepage/hugepages-SIZEkB/stats) around
 * that and reports the fallback percentage: of the folios swapped out,
 * those that had to be split because no contiguous run of swap entries was
 * free. The folio size must be enabled (@mthp=64K:always or madvise).
 */
#include "workloads/wl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT 21
#endif
#define THP_DIR "/sys/kernel/mm/transparent_hugepage"
#define ITER_MAX 100

static uint64_t size, small, folio, iterations, aligned, seed;
static double churn;
static struct wl_fill fill;

static const struct wl_param params[] = {
	{ "size", WL_SIZE, "16M", 1 << 20, 1 << 30, &size },		/* the mTHP area (the test: 60M) */
	{ "small", WL_SIZE, "2M", 0, 1 << 30, &small },			/* the small folios' area; 0: none */
	{ "folio", WL_SIZE, "64K", 8192, 2 << 20, &folio },		/* the mTHP size counted */
	{ "iterations", WL_UINT, "20", 1, ITER_MAX, &iterations },
	{ "churn", WL_RATIO, "0.27", 0.01, 1, &churn },			/* of each area redone an iteration */
	{ "aligned", WL_UINT, "0", 0, 1, &aligned },			/* 1: swap-in by whole folios */
	{ "seed", WL_UINT, "1", 0, 4294967295.0, &seed },
	{ "fill", WL_FILL, WL_FILL_DEFAULT, 0, 0, &fill },
};

static uint64_t rng_state;

static uint64_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1du;
}

/* an anonymous area of bytes, aligned to align, with the THP advice given */
static unsigned char *area(size_t bytes, size_t align, int advice)
{
	unsigned char *p = mmap(NULL, bytes + align, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uintptr_t a;

	if (p == MAP_FAILED)
		wl_die_errno("mmap %zu bytes", bytes + align);
	a = ((uintptr_t)p + align - 1) / align * align;
	if (madvise((void *)a, bytes, advice) < 0)
		wl_die_errno("madvise %s", advice == MADV_HUGEPAGE ? "MADV_HUGEPAGE (no THP in this kernel?)" : "MADV_NOHUGEPAGE");
	return (unsigned char *)a;
}

static void pageout(unsigned char *p, size_t bytes)
{
	if (bytes && madvise(p, bytes, MADV_PAGEOUT) < 0)
		wl_die_errno("madvise MADV_PAGEOUT (Linux 5.4 or later)");
}

/* writes n random units of unit bytes in the area: faults them back in from swap */
static void touch(unsigned char *p, size_t bytes, size_t unit, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t at = (size_t)(rng() % (bytes / unit)) * unit;

		wl_fill(p + at, unit, &fill, rng());
	}
}

/* drops n random folios and writes them again: new mTHPs where the kernel can */
static void refold(unsigned char *p, size_t bytes, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t at = (size_t)(rng() % (bytes / folio)) * folio;

		if (madvise(p + at, folio, MADV_DONTNEED) < 0)
			wl_die_errno("madvise MADV_DONTNEED");
		wl_fill(p + at, folio, &fill, rng());
	}
}

static unsigned long long counter(const char *name)
{
	char path[128];
	long long v;
	FILE *f;

	snprintf(path, sizeof(path), THP_DIR "/hugepages-%llukB/stats/%s", (unsigned long long)folio >> 10, name);
	f = fopen(path, "r");
	if (!f)
		wl_die("%s: not there (per-size mTHP counters: Linux 6.10 or later with THP)", path);
	if (fscanf(f, "%lld", &v) != 1 || v < 0)
		wl_die("%s: not a count", path);
	fclose(f);
	return (unsigned long long)v;
}

/* the folio size must be on: its enabled file's bracketed choice is not [never] */
static void check_enabled(void)
{
	char path[128], line[128];
	FILE *f;

	snprintf(path, sizeof(path), THP_DIR "/hugepages-%llukB/enabled", (unsigned long long)folio >> 10);
	f = fopen(path, "r");
	if (!f)
		wl_die("%s: not there: no %llu KiB mTHP in this kernel", path, (unsigned long long)folio >> 10);
	if (!fgets(line, sizeof(line), f))
		line[0] = 0;
	fclose(f);
	if (strstr(line, "[never]"))
		wl_die("%s is never: run it on a configuration that enables the size (@mthp=%lluK:always)",
		       path, (unsigned long long)folio >> 10);
}

int main(int argc, char **argv)
{
	const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	enum wl_mode mode = wl_parse(argc, argv, name, params, sizeof(params) / sizeof(params[0]));
	size_t page = (size_t)sysconf(_SC_PAGESIZE), unit;
	unsigned long long out = 0, fb = 0;
	double pct[ITER_MAX], sum = 0;
	unsigned char *big, *sm = NULL;
	unsigned n = 0;
	char list[ITER_MAX * 8] = "";

	char v[24];

	snprintf(v, sizeof(v), "%lluK", (unsigned long long)folio >> 10);
	if (folio & (folio - 1))
		wl_usage("folio", v, "not a power of two");
	if (size % folio)
		wl_usage("size", (snprintf(v, sizeof(v), "%lluK", (unsigned long long)size >> 10), v),
			 "not a whole number of %llu KiB folios", (unsigned long long)folio >> 10);
	if (mode != WL_RUN)
		return 0;
	check_enabled();
	rng_state = seed * 0x9e3779b97f4a7c15u + 1;
	big = area(size, folio, MADV_HUGEPAGE);
	if (small)
		sm = area(small, page, MADV_NOHUGEPAGE);
	/* warm-up: the areas written once and paged out, the swap device filled */
	wl_fill(big, size, &fill, seed);
	pageout(big, size);
	if (sm) {
		wl_fill(sm, small, &fill, seed + 1);
		pageout(sm, small);
	}
	unit = aligned ? folio : page;
	for (unsigned i = 0; i < iterations; i++) {
		unsigned long long o0 = counter("swpout"), f0 = counter("swpout_fallback"), o, f;
		size_t len = strlen(list);

		touch(big, size, unit, (size_t)(churn * (double)size) / unit);
		refold(big, size, (size_t)(churn * (double)size) / folio);
		if (sm)
			touch(sm, small, page, (size_t)(churn * (double)small) / page);
		pageout(big, size);
		pageout(sm, small);
		o = counter("swpout") - o0;
		f = counter("swpout_fallback") - f0;
		out += o;
		fb += f;
		if (o + f) {
			pct[n] = 100.0 * (double)f / (double)(o + f);
			sum += pct[n];
			snprintf(list + len, sizeof(list) - len, "%s%.1f", i ? "," : "", pct[n++]);
		} else {
			snprintf(list + len, sizeof(list) - len, "%s-", i ? "," : "");
		}
	}
	if (!n)
		wl_die("no %llu KiB folio was swapped out in %llu iterations: is swap on, and the size enabled?",
		       (unsigned long long)folio >> 10, (unsigned long long)iterations);
	printf("folio_kb=%llu\n", (unsigned long long)folio >> 10);
	printf("iterations=%llu\n", (unsigned long long)iterations);
	printf("fallback_pct=%s\n", list);
	printf("fallback_pct_first=%.2f\n", pct[0]);
	printf("fallback_pct_last=%.2f\n", pct[n - 1]);
	printf("fallback_pct_mean=%.2f\n", sum / n);
	printf("swpout=%llu\n", out);
	printf("swpout_fallback=%llu\n", fb);
	printf("fill=%s\n", wl_fill_name(&fill, (char[16]){ 0 }, 16));
	return 0;
}
