/*
 * What a workload's memory holds (swapbench.NAME.fill): pages made of
 * sentences and random runs, so that zram and zswap compress them as they
 * would real memory, or one byte. wl.c parses the fill= parameter into a
 * struct wl_fill; this file writes it.
 */
#include "workloads/wl.h"

#include <stdio.h>
#include <string.h>

/* memset that the compiler cannot drop as a dead store */
static void *(*volatile wl_memset)(void *, int, size_t) = memset;

/* splitmix64: a page's own random stream from (salt, page) */
static uint64_t mix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static const char *const sentences[] = {
	"the kernel writes the page to swap when memory runs low, ",
	"and reads it back on the next fault. ",
	"A process that touches more than fits will wait for the disk; ",
	"compressed swap keeps the page in memory, smaller. ",
	"Old machines with 64 MiB of RAM still boot a modern kernel, ",
	"if nothing else asks for the memory. ",
	"<li class=\"item\">config value = 0x00000000</li>\n",
	"{\"name\": \"swapbench\", \"runs\": 10, \"ok\": true},\n",
};

/*
 * Random bytes in a 4 KiB page for lz4 to reach ratio r. Measured with
 * liblz4 on pages of this generator: a page of sentences alone takes 632
 * bytes (6.5:1, the most text:R can ask), each random byte 0.98 more.
 */
unsigned wl_fill_random_bytes(double r)
{
	double x = (4096 / r - 632) / 0.98;

	return x < 0 ? 0 : x > 4096 ? 4096 : (unsigned)x;
}

static void fill_page(unsigned char *p, size_t n, const struct wl_fill *f, uint64_t seed)
{
	size_t i = 0, random = f->kind == WL_FILL_RANDOM ? n : (size_t)f->random_per_4k * n / 4096, done = 0;

	/* random runs of up to 32 bytes between sentences, spread evenly over the page */
	while (i < n) {
		uint64_t r = mix(&seed);
		size_t chunk = n - i;

		if (done < random && done * n <= random * i) {
			chunk = chunk < 32 ? chunk : 32;
			chunk = chunk < random - done ? chunk : random - done;
			for (size_t k = 0; k < chunk; k += 8) {
				uint64_t v = mix(&seed);

				memcpy(p + i + k, &v, chunk - k < 8 ? chunk - k : 8);
			}
			done += chunk;
		} else {
			const char *s = sentences[r % (sizeof(sentences) / sizeof(sentences[0]))];

			chunk = strlen(s) < chunk ? strlen(s) : chunk;
			memcpy(p + i, s, chunk);
		}
		i += chunk;
	}
}

/*
 * Pages are copied from a pool of FILL_POOL made once per process, the
 * starting page chosen by salt: copying costs what memset did, where
 * generating every page would cost the workload several times its time
 * under emulation. Neither zram nor zswap looks for duplicate pages.
 */
#define FILL_POOL 61	/* pages; prime, so that a pass's pages do not line up with the last's */

void wl_fill(unsigned char *p, size_t bytes, const struct wl_fill *f, uint64_t salt)
{
	static unsigned char pool[FILL_POOL * 4096];
	static const struct wl_fill *made;
	size_t ps = 4096;

	if (f->kind == WL_FILL_ZERO || f->kind == WL_FILL_SAME) {
		wl_memset(p, f->kind == WL_FILL_ZERO ? 0 : (int)(0x5a + salt) & 0xff, bytes);
		return;
	}
	if (made != f) {
		for (size_t i = 0; i < FILL_POOL; i++)
			fill_page(pool + i * ps, ps, f, 0x5b0a5b0aULL * (i + 1));
		made = f;
	}
	for (size_t off = 0, k = (size_t)(salt % FILL_POOL); off < bytes; off += ps, k = (k + 1) % FILL_POOL)
		memcpy(p + off, pool + k * ps, bytes - off < ps ? bytes - off : ps);
}

const char *wl_fill_name(const struct wl_fill *f, char *buf, size_t n)
{
	if (f->kind == WL_FILL_TEXT)
		snprintf(buf, n, "text:%.1f", f->ratio);
	else
		snprintf(buf, n, "%s", f->kind == WL_FILL_ZERO ? "zero" : f->kind == WL_FILL_SAME ? "same" : "random");
	return buf;
}
