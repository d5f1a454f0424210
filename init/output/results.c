#include "init/output/results.h"
#include "init/sys/errmsg.h"
#include "init/output/sender.h"
#include "lib/resdisk.h"
#include "lib/reckinds.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#define BLKGETSIZE64 _IOR(0x12, 114, size_t)
#define SECTOR 512

static struct {
	int fd;			/* results disk, -1 when none */
	uint64_t off;		/* where the next record goes */
	uint64_t size;		/* device or file size */
	int failed;		/* a write failed: stop using the disk */
} disk = { -1, 0, 0, 0 };

static int write_all(int fd, const char *s, size_t n)
{
	while (n) {
		ssize_t w = write(fd, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -errno;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

void results_line(const char *fmt, ...)
{
	char buf[REC_LINE_MAX];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n > sizeof(buf) - 2)
		n = (int)sizeof(buf) - 2;
	buf[n++] = '\n';
	write_all(1, buf, (size_t)n);
	sender_line(buf, (size_t)n);
}

#define KDGETMODE 0x4B3B	/* succeeds on a virtual terminal only */

void results_screen(const char *fmt, ...)
{
	char buf[600];
	va_list ap;
	int n, mode, fd;

	if (ioctl(1, KDGETMODE, &mode) == 0 || (fd = open("/dev/tty0", O_WRONLY | O_NOCTTY | O_CLOEXEC)) < 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf) - 1, fmt, ap);
	va_end(ap);
	if (n > 0) {
		if (n > (int)sizeof(buf) - 2)
			n = (int)sizeof(buf) - 2;
		buf[n++] = '\n';
		write_all(fd, buf, (size_t)n);
	}
	close(fd);
}

static int device_size(int fd, uint64_t *size)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return -errno;
	if (S_ISREG(st.st_mode)) {
		*size = (uint64_t)st.st_size;
		return 0;
	}
	return ioctl(fd, BLKGETSIZE64, size) < 0 ? -errno : 0;
}

/* The data ends at the first NUL byte after the header. */
static int find_end(int fd, uint64_t size, uint64_t *end)
{
	static char blk[4096];

	for (uint64_t off = RESDISK_DATA_OFF; off < size; off += sizeof(blk)) {
		ssize_t n = pread(fd, blk, sizeof(blk), (off_t)off);

		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		char *z = memchr(blk, 0, (size_t)n);

		if (z) {
			*end = off + (uint64_t)(z - blk);
			return 0;
		}
	}
	return -ENOSPC;
}

static int disk_append(const char *s, size_t n);

int results_open_disk(const char *dev)
{
	static char hdr[RESDISK_HDR_SIZE];
	char label[RESDISK_LABEL_MAX + 1], last = '\n';
	int fd = open(dev, O_RDWR | O_CLOEXEC), err;

	if (fd < 0)
		return -errno;
	if (pread(fd, hdr, sizeof(hdr), 0) != (ssize_t)sizeof(hdr) ||
	    resdisk_check_header(hdr, sizeof(hdr), label) < 0) {
		close(fd);
		return -EMEDIUMTYPE;
	}
	if ((err = device_size(fd, &disk.size)) < 0 || (err = find_end(fd, disk.size, &disk.off)) < 0) {
		close(fd);
		return err;
	}
	disk.fd = fd;
	disk.failed = 0;
	/* a record cut short by a power cut must not swallow the next one */
	if (disk.off > RESDISK_DATA_OFF && pread(fd, &last, 1, (off_t)disk.off - 1) != 1)
		err = -EIO;
	else if (last != '\n')
		err = disk_append("\n", 1);
	if (err < 0) {
		close(fd);
		disk.fd = -1;
		return err;
	}
	return 0;
}

static int disk_append(const char *s, size_t n)
{
	static char buf[REC_LINE_MAX + 2 * SECTOR];
	size_t total = n + SECTOR;

	total += (SECTOR - (disk.off + total) % SECTOR) % SECTOR;
	if (disk.off + total > disk.size)
		return -ENOSPC;
	memcpy(buf, s, n);
	memset(buf + n, 0, total - n);
	errno = 0;	/* a short write sets none: no stale one read as its reason */
	if (pwrite(disk.fd, buf, total, (off_t)disk.off) != (ssize_t)total)
		return errno ? -errno : -EIO;
	if (fdatasync(disk.fd) < 0)
		return -errno;
	disk.off += n;
	return 0;
}

/* In place of a record too long to write: a warning with its boot and its head, so the report shows the loss. */
static void emit_dropped(const struct rec_buf *dropped)
{
	const char *p = strstr(dropped->s, " boot=");
	char boot[40] = "", msg[160];
	struct rec_buf w;

	if (p)
		snprintf(boot, sizeof(boot), "%.*s", (int)strcspn(p + 6, " "), p + 6);
	snprintf(msg, sizeof(msg), "a record longer than %d bytes was not written: %.80s ...", REC_LINE_MAX,
		 dropped->s);
	rec_begin_diag(&w, rec_kind_word(RKIND_WARNING));
	rec_add(&w, "boot", boot);
	rec_add(&w, "msg", msg);
	if (rec_end(&w) > 0)
		results_emit(&w);
}

int results_emit(struct rec_buf *b)
{
	int err = 0;

	if (b->len == 0)
		return -EOVERFLOW;
	if (b->overflow) {
		emit_dropped(b);
		return -EOVERFLOW;
	}
	write_all(1, b->s, b->len);
	sender_line(b->s, b->len);
	if (disk.fd >= 0 && !disk.failed && (err = disk_append(b->s, b->len)) < 0) {
		disk.failed = 1;
		results_line("# swapbench: results disk write failed: %s; records continue on serial only",
			     errmsg(err));
	}
	return err;
}

void results_disk_usage(unsigned long long *used, unsigned long long *size)
{
	*used = disk.fd >= 0 ? disk.off : 0;
	*size = disk.fd >= 0 ? disk.size : 0;
}

void results_close(void)
{
	if (disk.fd >= 0) {
		fsync(disk.fd);
		close(disk.fd);
		disk.fd = -1;
	}
}
