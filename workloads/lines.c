/*
 * lines: seed experiment 000, `perl -le '@foo=<>; print $#foo'` over a file
 * of count lines "0123456789", holding every line the way perl 5 does.
 *
 * Per line perl keeps an SV head, a body and a string buffer, each its own
 * allocation here, plus a slot in the array. Requested bytes per line for
 * an 11-byte line (newline kept, as perl keeps it):
 *
 *             head  body  string  slot  = total  (+ malloc's own overhead)
 *   x86_64     24    24     16      8   =  72     ~104 with musl or glibc
 *   i686       16    12     16      4   =  48      ~84 with musl
 *
 * (the slot grows with the array: 1.2x at most, so bytes_per_line reads
 * 72..74 on x86_64). The real perl 5.8 of 2007 on i686 came to about 45
 * bytes a line, so 1,000,000 lines did not fit at mem=64M beside the
 * kernel; this footprint keeps that pressure.
 */
#include "wl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LINE "0123456789\n"
#define LINE_LEN (sizeof(LINE) - 1)
#define READ_BUF 8192		/* PerlIO's buffer */
#define NEW_SV_LEN 80		/* list-context readline starts each line with newSV(80) */
#define SHRINK_SLACK 20		/* ...and shrinks it when more than this is unused */

struct xpv {			/* perl's body: the string and its sizes */
	char *pv;
	size_t cur;
	size_t len;
};

struct sv {			/* perl's SV head */
	struct xpv *any;
	uint32_t refcnt;
	uint32_t flags;
	char *pv;		/* sv_u: perl keeps the string pointer here too */
};

struct av {
	struct sv **array;
	size_t fill;		/* elements in use */
	size_t max;		/* elements allocated */
	uint64_t bytes;		/* everything requested from malloc */
};

static uint64_t count = 1000000;
static const char *file = "lines.txt";

static const struct wl_param params[] = {
	{ "count", WL_UINT, "1000000", 1, 100000000, &count },
	{ "file", WL_NAME, "lines.txt", 0, 0, &file },
};

static size_t round8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p)
		wl_die("out of memory after allocating for this many lines");
	return p;
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		wl_die("out of memory growing a line or the array");
	return p;
}

/* av_push: grows like av_extend, by a fifth plus a little. */
static void av_push(struct av *av, struct sv *sv)
{
	if (av->fill == av->max) {
		size_t max = av->max + av->max / 5 + 4;
		av->array = xrealloc(av->array, max * sizeof(*av->array));
		av->bytes += (max - av->max) * sizeof(*av->array);
		av->max = max;
	}
	av->array[av->fill++] = sv;
}

static struct sv *new_sv(struct av *av)
{
	struct sv *sv = xmalloc(sizeof(*sv));
	struct xpv *body = xmalloc(sizeof(*body));

	body->len = NEW_SV_LEN;
	body->cur = 0;
	body->pv = xmalloc(body->len);
	sv->any = body;
	sv->refcnt = 1;
	sv->flags = 0x4404;	/* SVt_PV | SVf_POK | SVp_POK, roughly */
	sv->pv = body->pv;
	av->bytes += sizeof(*sv) + sizeof(*body);
	return sv;
}

static void sv_cat(struct sv *sv, const char *s, size_t n)
{
	struct xpv *b = sv->any;

	if (b->cur + n + 2 > b->len) {
		b->len = round8((b->cur + n + 2) * 2);
		b->pv = sv->pv = xrealloc(b->pv, b->len);
	}
	memcpy(b->pv + b->cur, s, n);
	b->cur += n;
}

/* A finished line: NUL, the copy-on-write count byte, and the shrink. */
static void sv_done(struct av *av, struct sv *sv)
{
	struct xpv *b = sv->any;

	b->pv[b->cur] = '\0';
	b->pv[b->cur + 1] = 0;
	if (b->len - b->cur > SHRINK_SLACK) {
		b->len = round8(b->cur + 2);
		b->pv = sv->pv = xrealloc(b->pv, b->len);
	}
	av->bytes += b->len;
	av_push(av, sv);
}

static void read_lines(const char *path, struct av *av)
{
	static char buf[READ_BUF];
	struct sv *sv = NULL;
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
			const char *stop = nl ? nl + 1 : end;
			if (!sv)
				sv = new_sv(av);
			sv_cat(sv, p, (size_t)(stop - p));
			if (nl) {
				sv_done(av, sv);
				sv = NULL;
			}
			p = stop;
		}
	}
	if (sv)
		sv_done(av, sv);
	close(fd);
}

/* VmData in kB, or -1 where /proc is not there. */
static long vm_data_kb(void)
{
	char line[128];
	long kb = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmData: %ld kB", &kb) == 1)
			break;
	fclose(f);
	return kb;
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

/* Writes the file beside its final name, then renames: a cut leaves no short file. */
static int prepare(const char *path)
{
	static char block[LINE_LEN * 4096];
	char tmp[4096 + 8];
	uint64_t want = count * LINE_LEN, left;
	struct stat st;
	int fd;

	if (!stat(path, &st) && S_ISREG(st.st_mode) && (uint64_t)st.st_size == want)
		return 0;
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
	return 0;
}

int main(int argc, char **argv)
{
	enum wl_mode mode = wl_parse(argc, argv, "lines", params, sizeof(params) / sizeof(params[0]));
	struct av av = { NULL, 0, 0, 0 };
	char path[4096];
	long kb0, kb1;

	if (mode == WL_CHECK)
		return 0;
	wl_path(path, sizeof(path), file);
	if (mode == WL_PREPARE)
		return prepare(path);

	kb0 = vm_data_kb();
	read_lines(path, &av);
	kb1 = vm_data_kb();
	if (av.fill != count)
		wl_die("%s holds %zu lines, not count=%llu (run --prepare)", path, av.fill,
		       (unsigned long long)count);
	printf("last_index=%lld\n", (long long)av.fill - 1);
	printf("bytes_per_line=%llu\n", (unsigned long long)(av.bytes / av.fill));
	/* What the allocator really took; coarse (kB) and noisy for small counts. */
	if (kb0 >= 0 && kb1 >= 0)
		printf("vmdata_bytes_per_line=%llu\n",
		       (unsigned long long)(kb1 > kb0 ? (uint64_t)(kb1 - kb0) * 1024 / av.fill : 0));
	/* Like perl, leave the freeing to exit. */
	return 0;
}
