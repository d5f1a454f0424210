/* source: serial logs, results disks and result directories, read as a stream. */
#include "report/source/source.h"
#include "report/source/parse.h"
#include "report/source/problems.h"
#include "report/util/util.h"
#include "lib/resdisk.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { CHUNK = 1 << 20 };
/* A line longer than this is read up to here (a record is 4096 bytes at most), the rest skipped and said */
enum { LINE_MAX_READ = 4 * CHUNK };

static ssize_t read_full(int fd, char *buf, size_t want)
{
	size_t n = 0;

	while (n < want) {
		ssize_t got = read(fd, buf + n, want - n);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		if (!got)
			break;
		n += (size_t)got;
	}
	return (ssize_t)n;
}

/* 1 if path starts with a results-disk header (label copied), else 0. */
static int is_results_disk(const char *path, char label[RESDISK_LABEL_MAX + 1])
{
	char hdr[RESDISK_HDR_SIZE];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read_full(fd, hdr, sizeof(hdr));
	close(fd);
	return n == (ssize_t)sizeof(hdr) && !resdisk_check_header(hdr, sizeof(hdr), label);
}

/*
 * Feeds fd to p line by line, holding one chunk and the line it cuts, so a
 * source of any size costs the same memory; a line longer than
 * LINE_MAX_READ is read up to there, and the rest of it skipped with a
 * problem saying so. The buf[0..have) bytes come first. A results disk's
 * data ends at its first NUL byte.
 */
static void stream(struct parser *p, int fd, const char *path, char *buf, size_t have,
		   size_t cap, int stop_at_nul)
{
	int end = 0, skipping = 0;

	while (!end) {
		ssize_t got;
		size_t start = 0;
		char *z;

		if (have == cap && cap < LINE_MAX_READ) {
			buf = xrealloc(buf, cap *= 2);	/* one line longer than a chunk */
		} else if (have == cap) {
			parse_line(p, buf, have, 0);
			problems_add(p->ds, path, p->lineno, "line longer than %d MiB: the rest of it not read",
				      LINE_MAX_READ >> 20);
			have = 0;
			skipping = 1;
		}
		got = read(fd, buf + have, cap - have);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			die("%s: read: %s", path, strerror(errno));
		if (stop_at_nul && (z = memchr(buf + have, 0, (size_t)got))) {
			got = z - (buf + have);
			end = 1;
		}
		end |= !got;
		have += (size_t)got;
		if (skipping) {	/* up to the end of the line too long */
			char *nl = memchr(buf, '\n', have);

			if (!nl) {
				have = 0;
				continue;
			}
			have -= (size_t)(nl + 1 - buf);
			memmove(buf, nl + 1, have);
			skipping = 0;
		}
		for (char *nl; (nl = memchr(buf + start, '\n', have - start)); start = (size_t)(nl - buf) + 1)
			parse_line(p, buf + start, (size_t)(nl - buf - (ptrdiff_t)start), 0);
		if (end && start < have)
			parse_line(p, buf + start, have - start, 1);
		memmove(buf, buf + start, have - start);
		have -= start;
	}
	free(buf);
}

static void parse_file(struct dataset *ds, const char *path)
{
	char label[RESDISK_LABEL_MAX + 1], *buf = xmalloc(CHUNK);
	/* O_NONBLOCK: a FIFO is not waited for, it is refused below */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), disk;
	struct parser p;
	struct stat st;
	ssize_t n;

	if (fd < 0)
		die("%s: %s", path, strerror(errno));
	/* a source has an end: a serial log or a results disk (its image, or the disk) */
	if (fstat(fd, &st) < 0 || !(S_ISREG(st.st_mode) || S_ISBLK(st.st_mode)))
		die("%s: not a regular file or a block device (a FIFO or a device such as /dev/zero never ends): "
		    "refused", path);
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	n = read_full(fd, buf, RESDISK_HDR_SIZE);
	if (n < 0)
		die("%s: read: %s", path, strerror(errno));
	disk = n == RESDISK_HDR_SIZE && !resdisk_check_header(buf, RESDISK_HDR_SIZE, label);
	parse_begin(&p, ds, path);
	/* the shape of a results disk's header (a label, NUL padding) without its magic: said, then read as a log */
	if (!disk && n == RESDISK_HDR_SIZE && memchr(buf, 0, RESDISK_HDR_SIZE) &&
	    (memmem(buf, 64, "RESULTS", 7) || memmem(buf, 64, "label=", 6)))
		problems_add(ds, path, 0, "looks like a results disk whose magic line is damaged (not \"%.*s\"): "
			      "read as a serial log", (int)strlen(RESDISK_MAGIC) - 1, RESDISK_MAGIC);
	if (disk)
		p.src->label = xstrdup(label);
	stream(&p, fd, path, buf, disk ? 0 : (size_t)n, CHUNK, disk);
	parse_end(&p);
	close(fd);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A folder of serial logs (a collector's DIR): every NAME.log in it, in name order; 0 if none. */
static size_t parse_log_folder(struct dataset *ds, const char *dir, size_t dlen)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;

	if (!d)
		die("%s: %s", dir, strerror(errno));
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);

		if (e->d_name[0] == '.' || l <= 4 || strcmp(e->d_name + l - 4, ".log"))
			continue;
		grow(&names, &cap, n, sizeof(*names));
		names[n++] = xasprintf("%.*s/%s", (int)dlen, dir, e->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		struct stat st;

		if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
			parse_file(ds, names[i]);
		free(names[i]);
	}
	free(names);
	return n;
}

void source_read(struct dataset *ds, const char *path)
{
	char label[RESDISK_LABEL_MAX + 1];
	struct stat st;

	if (stat(path, &st) < 0)
		die("%s: %s", path, strerror(errno));
	if (!S_ISDIR(st.st_mode)) {
		parse_file(ds, path);
		return;
	}
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		n--;
	char *disk = xasprintf("%.*s/results.disk", (int)n, path);
	char *log = xasprintf("%.*s/serial.log", (int)n, path);

	if (is_results_disk(disk, label)) {
		parse_file(ds, disk);
	} else if (access(log, F_OK) == 0) {
		if (access(disk, F_OK) == 0)
			warn("%s: no results-disk header, using %s", disk, log);
		parse_file(ds, log);
	} else if (!parse_log_folder(ds, path, n)) {
		die("%s: directory holds neither a results.disk nor a serial.log nor any NAME.log", path);
	}
	free(disk);
	free(log);
}
