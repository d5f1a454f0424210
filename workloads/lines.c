/*
 * lines: seed experiment 000, `perl -le '@foo=<>; print $#foo'` over a file
 * of count lines "0123456789", doing to memory what Debian 12's perl 5.36
 * does. Measured with a malloc trace of that perl on 20,000 lines (every
 * call logged by an LD_PRELOAD shim) and its VmHWM on 1,000,000 lines
 * (168.8 MB on x86_64; 153.3 MB for the temporaries alone, `()=<>`):
 *
 * - readline in list context makes each line a new SV: a head from a
 *   4080-byte arena (24 bytes each on x86_64), a PV body from a 3536-byte
 *   arena (16 bytes), and malloc(82) for the string, shrunk to 12 bytes in
 *   place by realloc. glibc splits off the rest, which no later request
 *   fits: each line takes a 96-byte stretch of heap whatever its length
 *   (11, 21 and 61-byte lines gave the same 165 MB).
 * - each line is pushed on the argument stack and the mortals (tmps) stack,
 *   a pointer each, both grown by realloc (mremap: no copy).
 * - the list assignment does not copy: its temporaries have one reference,
 *   so it takes them over (refcount up, TEMP flag off), after doubling the
 *   argument stack and allocating the array, a pointer a line each.
 * - FREETMPS at the statement's end walks the tmps stack: every head once
 *   more. At exit, perl_destruct's sv_clean_objs visits every SV arena four
 *   times (object references, named objects, IO objects, blessed), reading
 *   every head; the rest is left to exit.
 *
 * The heap here is one reserved mapping laid out as glibc lays out perl's
 * (chunks of request + one word, rounded to 16 bytes), so the pages touched
 * and touched again are perl's, whatever this C library's malloc does.
 *
 * Beside its heap perl keeps its own code resident: a 3.8 MB executable
 * mapped from the disk, of which the interpreter's loop runs for every
 * line. A static C program has almost none, so at -m 64 it left the heap
 * megabytes of RAM that perl's does not have and swapped a quarter less.
 * `code` bytes of a file on the same filesystem, mapped executable as a
 * program's text is (clean file pages that reclaim drops and reads back,
 * never swaps), are read every CODE_EVERY lines the program handles; its
 * default is fitted to perl's swap counters (docs/workloads.md).
 */
#include "workloads/wl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define LINE "0123456789\n"
#define LINE_LEN (sizeof(LINE) - 1)
#define LINE_MAX_LEN 4096
#define READ_BUF 8192		/* PerlIO's buffer */
#define NEW_SV_LEN 82		/* newSV(80) asks for 80 + 2 */
#define HEAD_ARENA 4080		/* PERL_ARENA_SIZE; the first head links the arena */
#define BODY_ARENA 3536		/* what the trace shows for PV bodies */
#define SVS_TEMP 0x00080000u
#define SVS_OBJECT 0x00100000u
#define CLEAN_VISITS 4		/* sv_clean_objs */
#define ARENAS_MAX (1u << 16)
#define CODE_FILE "lines.code"	/* beside the lines' file */
#define CODE_EVERY 256		/* lines handled between two passes over the code */

struct xpv {			/* perl's PV body */
	size_t cur;
	size_t len;
};

struct sv {			/* perl's SV head */
	struct xpv *any;
	uint32_t refcnt;
	uint32_t flags;
	char *pv;
};

struct stack {			/* the argument stack or the tmps stack */
	struct sv **v;
	size_t n;
};

struct heap {
	char *base;
	size_t used, size;
	struct sv *heads;	/* the current head arena: next free, how many left */
	size_t nheads;
	struct xpv *bodies;
	size_t nbodies;
	struct sv *arena[ARENAS_MAX];	/* every head arena, for the visits at exit */
	size_t narenas;
};

static uint64_t count = 1000000;
static const char *file = "lines.txt";
static uint64_t code_bytes;

static const struct wl_param params[] = {
	{ "count", WL_UINT, "1000000", 1, 10000000, &count },
	{ "file", WL_NAME, "lines.txt", 0, 0, &file },
	/* perl's resident code (above); 0: none. 4M: what perl has resident of its own files */
	{ "code", WL_SIZE, "4M", 0, 64 << 20, &code_bytes },
};

/* The mapped code and how many lines were handled since it last ran. */
static struct {
	const volatile unsigned char *text;
	size_t bytes;
	unsigned long since, passes;
} code;

static void *reserve(size_t bytes)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED)
		wl_die_errno("reserving %zu bytes of address space", bytes);
	return p;
}

static void map_code(const char *path)
{
	int fd;
	void *p;

	code.bytes = (size_t)code_bytes;
	if (!code.bytes)
		return;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		wl_die_errno("%s (run --prepare first)", path);
	p = mmap(NULL, code.bytes, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		wl_die_errno("mapping %zu bytes of %s", code.bytes, path);
	close(fd);
	code.text = p;
}

/* n more lines handled: every CODE_EVERY, the interpreter's code runs again. */
static void run_code(unsigned long n)
{
	unsigned sum = 0;

	code.since += n;
	if (!code.bytes || code.since < CODE_EVERY)
		return;
	code.since = 0;
	code.passes++;
	for (size_t off = 0; off < code.bytes; off += 4096)
		sum += code.text[off];
	(void)sum;
}

static size_t chunk_size(size_t request)
{
	size_t sz = (request + sizeof(size_t) + 15) & ~(size_t)15;

	return sz < 4 * sizeof(size_t) ? 4 * sizeof(size_t) : sz;
}

/* glibc's malloc from the top of the heap: a size word, then the request. */
static void *chunk(struct heap *h, size_t request)
{
	size_t sz = chunk_size(request);
	char *c;

	if (h->used + sz > h->size)
		wl_die("out of memory after %zu bytes of heap", h->used);
	c = h->base + h->used;
	h->used += sz;
	*(size_t *)c = sz | 1;
	return c + sizeof(size_t);
}

static struct sv *new_head(struct heap *h)
{
	if (!h->nheads) {
		struct sv *a = chunk(h, HEAD_ARENA);

		if (h->narenas == ARENAS_MAX)
			wl_die("more than %u SV arenas", ARENAS_MAX);
		h->arena[h->narenas++] = a;
		h->heads = a + 1;
		h->nheads = HEAD_ARENA / sizeof(struct sv) - 1;
	}
	h->nheads--;
	return h->heads++;
}

static struct xpv *new_body(struct heap *h)
{
	if (!h->nbodies) {
		h->bodies = chunk(h, BODY_ARENA);
		h->nbodies = BODY_ARENA / sizeof(struct xpv);
	}
	h->nbodies--;
	return h->bodies++;
}

/* A line as readline makes it: newSV(80), the bytes, the shrink in place. */
static struct sv *new_line(struct heap *h, const char *s, size_t n)
{
	struct sv *sv = new_head(h);
	struct xpv *body = new_body(h);
	char *pv = chunk(h, NEW_SV_LEN);
	size_t whole = chunk_size(NEW_SV_LEN), keep = chunk_size(n + 1);

	memcpy(pv, s, n);
	pv[n] = '\0';
	/* realloc's split: the rest becomes a free chunk with a size word of its own */
	if (keep + 4 * sizeof(size_t) <= whole)
		*(size_t *)(pv - sizeof(size_t) + keep) = (whole - keep) | 1;
	body->cur = n;
	body->len = n + 1;
	sv->any = body;
	sv->refcnt = 1;
	sv->flags = 0x4404 | SVS_TEMP;	/* a PV, POK, mortal */
	sv->pv = pv;
	return sv;
}

static void push_line(struct heap *h, struct stack *args, struct stack *tmps, const char *s, size_t n)
{
	struct sv *sv;

	if (args->n == count)
		wl_die("more than count=%llu lines (run --prepare)", (unsigned long long)count);
	sv = new_line(h, s, n);
	args->v[args->n++] = sv;
	tmps->v[tmps->n++] = sv;
	run_code(1);
}

/* Lines onto both stacks; a line split across reads is joined first. */
static void read_lines(const char *path, struct heap *h, struct stack *args, struct stack *tmps)
{
	static char buf[READ_BUF], part[LINE_MAX_LEN];
	size_t have = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		wl_die_errno("%s (run --prepare first)", path);
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		const char *p = buf, *end;

		if (n < 0) {
			if (errno == EINTR)
				continue;
			wl_die_errno("read %s", path);
		}
		end = buf + n;
		while (p < end) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t len = (size_t)((nl ? nl + 1 : end) - p);

			if (have + len > sizeof(part))
				wl_die("%s: a line longer than %d bytes", path, LINE_MAX_LEN);
			memcpy(part + have, p, len);
			have += len;
			p += len;
			if (nl) {
				push_line(h, args, tmps, part, have);
				have = 0;
			}
		}
	}
	if (have)
		push_line(h, args, tmps, part, have);
	close(fd);
}

/* pp_aassign: the argument stack doubled, the temporaries taken over. */
static struct sv **assign(struct stack *args)
{
	struct sv **ary = reserve(args->n * sizeof(*ary) + 1);

	for (size_t i = 0; i < args->n; i++) {
		struct sv *sv = args->v[i];

		args->v[args->n + i] = sv;
		if ((sv->flags & SVS_TEMP) && sv->refcnt == 1) {
			sv->refcnt++;
			sv->flags &= ~SVS_TEMP;
		}
		ary[i] = sv;
		run_code(1);
	}
	return ary;
}

static void free_tmps(struct stack *tmps)
{
	while (tmps->n) {
		tmps->v[--tmps->n]->refcnt--;
		run_code(1);
	}
}

/* sv_clean_objs: reads every head of every arena, CLEAN_VISITS times. */
static unsigned long clean_objs(const struct heap *h)
{
	unsigned long objects = 0;

	for (int visit = 0; visit < CLEAN_VISITS; visit++)
		for (size_t a = 0; a < h->narenas; a++) {
			const volatile struct sv *sv = h->arena[a] + 1;

			for (size_t i = 1; i < HEAD_ARENA / sizeof(struct sv); i++, sv++)
				objects += sv->refcnt && (sv->flags & SVS_OBJECT);
			run_code(HEAD_ARENA / sizeof(struct sv) - 1);
		}
	return objects;
}

static void write_all(int fd, const char *buf, size_t n, const char *path)
{
	while (n) {
		ssize_t w = write(fd, buf, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			wl_die_errno("write %s", path);
		buf += w;
		n -= (size_t)w;
	}
}

/*
 * A file of `want` bytes of lines, written beside its final name and then
 * renamed: a cut leaves no short file. One already there of that size stays.
 */
static void write_lines(const char *path, uint64_t want)
{
	static char block[LINE_LEN * 4096];
	char tmp[4096 + 8];
	uint64_t left;
	struct stat st;
	int fd;

	if (!stat(path, &st) && S_ISREG(st.st_mode) && (uint64_t)st.st_size == want)
		return;
	for (size_t i = 0; i < sizeof(block); i += LINE_LEN)
		memcpy(block + i, LINE, LINE_LEN);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		wl_die_errno("create %s", tmp);
	for (left = want; left; ) {
		size_t n = left < sizeof(block) ? (size_t)left : sizeof(block);
		write_all(fd, block, n, tmp);
		left -= n;
	}
	if (fsync(fd) < 0)
		wl_die_errno("fsync %s", tmp);
	if (close(fd) < 0)
		wl_die_errno("close %s", tmp);
	if (rename(tmp, path) < 0)
		wl_die_errno("rename %s to %s", tmp, path);
	fd = open(wl_dir(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

/* The seed's file and, with code, the file that stands for perl's text. */
static int prepare(const char *path, const char *code_path)
{
	write_lines(path, count * LINE_LEN);
	if (code_bytes)
		write_lines(code_path, code_bytes);
	return 0;
}

int main(int argc, char **argv)
{
	enum wl_mode mode = wl_parse(argc, argv, "lines", params, sizeof(params) / sizeof(params[0]));
	static struct heap h;
	struct stack args = { NULL, 0 }, tmps = { NULL, 0 };
	struct sv **ary;
	char path[4096], code_path[4096];
	long hwm;

	if (mode == WL_CHECK)
		return 0;
	wl_path(path, sizeof(path), file);
	wl_path(code_path, sizeof(code_path), CODE_FILE);
	if (mode == WL_PREPARE)
		return prepare(path, code_path);

	h.size = (size_t)count * 160 + (1u << 20);
	h.base = reserve(h.size);
	args.v = reserve((size_t)count * 2 * sizeof(*args.v));
	tmps.v = reserve((size_t)count * sizeof(*tmps.v));
	map_code(code_path);
	read_lines(path, &h, &args, &tmps);
	if (args.n != count)
		wl_die("%s holds %zu lines, not count=%llu (run --prepare)", path, args.n,
		       (unsigned long long)count);
	ary = assign(&args);
	free_tmps(&tmps);
	hwm = wl_proc_kb("/proc/self/status", "VmHWM");	/* peak resident set, beside perl's */
	printf("last_index=%lld\n", (long long)args.n - 1);
	/* heap, both stacks (the argument stack doubled) and the array */
	printf("bytes_per_line=%llu\n",
	       (unsigned long long)((h.used + 4 * args.n * sizeof(*ary)) / args.n));
	if (hwm >= 0)
		printf("vmhwm_kb=%ld\n", hwm);
	printf("objects=%lu\n", clean_objs(&h));
	printf("code_kb=%zu\n", code.bytes / 1024);
	printf("code_passes=%lu\n", code.passes);
	/* Like perl, leave the freeing to exit. */
	return 0;
}
