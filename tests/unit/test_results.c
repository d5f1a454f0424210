/*
 * init/output/results.c on a results disk that is a scratch file: a record too long
 * to write leaves a warning in its place (on the console and the disk), and
 * a write cut short reads as -EIO, not as whatever errno held before.
 */
#include "check.h"
#include "init/output/results.h"
#include "resdisk.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

static char dir[] = "/tmp/test_results.XXXXXX";
static char disk_path[256], console_path[256];
static struct rec r;

/* The console (fd 1) goes to a file; returns it read back. */
static const char *console(void)
{
	static char buf[16384];
	int fd = open(console_path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = 0;
	return buf;
}

/* The data area of the results disk, up to its first NUL. */
static const char *disk_data(void)
{
	static char buf[16384];
	int fd = open(disk_path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : pread(fd, buf, sizeof(buf) - 1, RESDISK_DATA_OFF);

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = 0;
	return buf;
}

static void test_overlong(void)
{
	static char big[REC_LINE_MAX];
	struct rec_buf b;
	const char *line;

	memset(big, 'x', sizeof(big) - 1);
	rec_begin_diag(&b, "sample");
	rec_add(&b, "boot", "b00710ng");
	rec_add(&b, "run", "3");
	rec_add(&b, "out", big);
	CHECK(rec_end(&b) < 0, "overlong: rec_end refuses a record over %d bytes", REC_LINE_MAX);
	CHECK(results_emit(&b) == -EOVERFLOW, "overlong: results_emit says -EOVERFLOW");
	line = strstr(console(), "# sb warning ");
	CHECK(line != NULL, "overlong: a warning record takes its place on the console");
	CHECK(line && rec_parse(line, strcspn(line, "\n"), &r) == REC_GOOD, "overlong: the warning is a good record");
	CHECK_STR(rec_get(&r, "boot"), "b00710ng", "overlong: with the dropped record's boot");
	CHECK(strstr(rec_get(&r, "msg") ? rec_get(&r, "msg") : "", "not written: # sb sample boot=b00710ng run=3") != NULL,
	      "overlong: and its head: %s", rec_get(&r, "msg"));
	CHECK(strstr(disk_data(), "# sb warning boot=b00710ng ") == disk_data(),
	      "overlong: the results disk has the warning too");
}

static void test_short_write(void)
{
	struct rlimit old, lim;
	struct rec_buf b;
	int err;

	rec_begin_diag(&b, "sample");
	rec_add(&b, "boot", "b00710ng");
	rec_end(&b);
	getrlimit(RLIMIT_FSIZE, &old);
	signal(SIGXFSZ, SIG_IGN);
	lim = old;
	lim.rlim_cur = RESDISK_DATA_OFF + strlen(disk_data()) + 100;	/* inside the next write */
	CHECK(setrlimit(RLIMIT_FSIZE, &lim) == 0, "short write: the file size limit ends the next write early");
	errno = EBADF;	/* stale, from some earlier call */
	err = results_emit(&b);
	setrlimit(RLIMIT_FSIZE, &old);
	CHECK(err == -EIO, "short write: results_emit says -EIO, not the stale errno (%d)", err);
	CHECK(strstr(console(), "results disk write failed") != NULL, "short write: the console says the disk failed");
}

int main(void)
{
	static char hdr[RESDISK_HDR_SIZE];
	int fd;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(disk_path, sizeof(disk_path), "%s/results.disk", dir);
	snprintf(console_path, sizeof(console_path), "%s/console", dir);
	fd = open(disk_path, O_RDWR | O_CREAT | O_EXCL, 0600);
	CHECK(fd >= 0 && resdisk_format_header(hdr, "test") == 0 && pwrite(fd, hdr, sizeof(hdr), 0) == sizeof(hdr) &&
	      ftruncate(fd, 1 << 20) == 0, "disk: a 1 MiB results disk made");
	close(fd);
	CHECK(results_open_disk(disk_path) == 0, "disk: opened");
	fflush(stdout);
	/* results.c writes the console to fd 1; the checks go to where fd 1 was */
	int saved = dup(1), con = open(console_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	dup2(con, 1);
	close(con);
	stdout = fdopen(saved, "w");
	test_overlong();
	test_short_write();
	results_close();
	unlink(disk_path);
	unlink(console_path);
	rmdir(dir);
	fflush(stdout);
	CHECK_DONE();
}
