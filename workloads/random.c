/*
 * random: maps ratio * MemTotal, writes every page once, then touches
 * random pages one at a time and times each touch: the latency of single
 * swap-ins, which a whole-run time hides.
 */
#include "workloads/wl.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define BUCKETS 32		/* bucket i holds latencies in [2^i, 2^(i+1)) ns */

static double ratio = 1.2;
static uint64_t accesses = 20000;
static uint64_t seed = 1;
static struct wl_fill fill;

static const struct wl_param params[] = {
	{ "ratio", WL_RATIO, "1.2", 0.01, 8, &ratio },
	{ "accesses", WL_UINT, "20000", 1, 10000000, &accesses },
	{ "seed", WL_UINT, "1", 0, 4294967295.0, &seed },
	{ "fill", WL_FILL, WL_FILL_DEFAULT, 0, 0, &fill },	/* what the pages hold (wl.h) */
};

/* xorshift64*, seeded through splitmix64 so that seed 0 works too. */
static uint64_t rng_state;

static void rng_seed(uint64_t s)
{
	uint64_t z = s + 0x9e3779b97f4a7c15u;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	rng_state = (z ^ (z >> 31)) | 1;
}

static uint64_t rng_next(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1du;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static unsigned bucket(uint32_t ns)
{
	unsigned b = 0;

	while (ns >>= 1)
		b++;
	return b;
}

/* Nearest-rank percentile of sorted v[0..n). */
static uint32_t percentile(const uint32_t *v, size_t n, unsigned pct)
{
	size_t rank = (n * pct + 99) / 100;

	return v[rank ? rank - 1 : 0];
}

int main(int argc, char **argv)
{
	enum wl_mode mode = wl_parse(argc, argv, "random", params, sizeof(params) / sizeof(params[0]));
	size_t pagesize = (size_t)sysconf(_SC_PAGESIZE), bytes, pages, n;
	uint64_t hist[BUCKETS] = { 0 }, sum = 0;
	unsigned char *mem;
	uint32_t *lat;
	double t0, elapsed;

	if (mode != WL_RUN)
		return 0;
	n = (size_t)accesses;
	bytes = wl_mem_share(ratio, 1);
	pages = bytes / pagesize ? bytes / pagesize : 1;
	lat = calloc(n, sizeof(*lat));
	if (!lat)
		wl_die("cannot allocate %zu latency slots", n);
	mem = mmap(NULL, pages * pagesize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		wl_die_errno("mmap %zu bytes", pages * pagesize);
	wl_fill(mem, pages * pagesize, &fill, seed);
	for (size_t i = 0; i < pages; i++)
		mem[i * pagesize] = (unsigned char)(i | 1);

	rng_seed(seed);
	t0 = wl_now();
	for (size_t i = 0; i < n; i++) {
		volatile unsigned char *b = mem + (size_t)(rng_next() % pages) * pagesize;
		uint64_t s = wl_now_ns(), d;

		*b = (unsigned char)(*b + 1);
		d = wl_now_ns() - s;
		lat[i] = d > UINT32_MAX ? UINT32_MAX : (uint32_t)d;
	}
	elapsed = wl_now() - t0;

	for (size_t i = 0; i < n; i++) {
		sum += lat[i];
		hist[bucket(lat[i])]++;
	}
	qsort(lat, n, sizeof(*lat), cmp_u32);
	printf("throughput=%.1f\n", elapsed > 0 ? (double)n / elapsed : 0.0);
	printf("accesses=%zu\n", n);
	printf("pages=%zu\n", pages);
	printf("fill=%s\n", wl_fill_name(&fill, (char[16]){ 0 }, 16));
	printf("mean_us=%.3f\n", (double)sum / (double)n / 1e3);
	printf("p50_us=%.3f\n", percentile(lat, n, 50) / 1e3);
	printf("p99_us=%.3f\n", percentile(lat, n, 99) / 1e3);
	printf("max_us=%.3f\n", lat[n - 1] / 1e3);
	printf("hist=");
	for (int i = 0; i < BUCKETS; i++)
		printf("%s%llu", i ? "," : "", (unsigned long long)hist[i]);
	printf("\n");
	munmap(mem, pages * pagesize);
	free(lat);
	return 0;
}
