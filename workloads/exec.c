/*
 * exec: any program as a workload. The runner measures it like the others
 * (this process execs the program, so elapsed time, rusage, OOM kills and
 * timeouts are the program's own).
 *
 *   cmd    the program: a name looked up in /extra/bin, /extra, /workloads,
 *          or an absolute path
 *   args   its arguments, split at blanks; '...' groups (the kernel command
 *          line keeps no double quotes inside a value, so there is no way to
 *          pass a single quote itself)
 *   stdin  a file in SWAPBENCH_DIR (made by a workload listed before exec,
 *          e.g. lines.txt) or an absolute path; empty: /dev/null
 *   move   1: --prepare moves /extra (files added with EXTRA=/EXTRA_BIN=)
 *          onto the swapfile's filesystem and frees the initramfs copies
 *
 * Why move: initramfs files live in ramfs, which nothing can evict. Perl and
 * its libraries pinned there take about 10 MiB of a 64 MiB guest; on ext4
 * they are file-backed pages the kernel may drop and read back, as on a
 * normal system. With EXTRA_ON=disk (the default) they never enter the
 * initramfs: qemu/mkdisks puts them on the filesystem disk, and the image
 * carries only the symlink /extra -> mnt/fs/extra (relative, where move
 * makes an absolute one), dangling until init mounts that disk for the
 * swapfile. Before exec'ing, a run prints extras= (none, ramfs, moved,
 * disk), extras_kb= (their size) and memavailable_kb=, so a reader knows
 * whether they pinned RAM.
 */
#include "workloads/wl.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#define EXTRA "/extra"
#define ARGS_MAX 32
#define RAMFS_MAGIC 0x858458f6
#define TMPFS_MAGIC 0x01021994

static const char *cmd = "";
static const char *args = "";
static const char *in = "";
static uint64_t move = 1;

static const struct wl_param params[] = {
	{ "cmd", WL_TEXT, "", 0, 0, &cmd },
	{ "args", WL_TEXT, "", 0, 0, &args },
	{ "stdin", WL_TEXT, "", 0, 0, &in },
	{ "move", WL_UINT, "1", 0, 1, &move },
};

/* Splits s into argv[1..]; returns the count, or dies naming the problem. */
static int split_args(char *s, char **argv, int max)
{
	int n = 0;

	while (*s) {
		char *out;

		s += strspn(s, " \t");
		if (!*s)
			break;
		if (n == max)
			wl_usage("args", args, "more than %d arguments", max);
		argv[n++] = out = s;
		while (*s && *s != ' ' && *s != '\t') {
			if (*s == '\'') {
				char *end = strchr(s + 1, '\'');

				if (!end)
					wl_usage("args", args, "unterminated ' quote");
				memmove(out, s + 1, (size_t)(end - s - 1));
				out += end - s - 1;
				s = end + 1;
			} else {
				*out++ = *s++;
			}
		}
		if (*s)
			s++;
		*out = '\0';
	}
	return n;
}

/* The program's path into buf, or "" when nothing executable is found. */
static void find_cmd(char *buf, size_t size)
{
	static const char *const dirs[] = { EXTRA "/bin", EXTRA, "/workloads" };

	buf[0] = '\0';
	if (strchr(cmd, '/')) {
		if (cmd[0] != '/')
			wl_usage("cmd", cmd, "a name or an absolute path, please");
		snprintf(buf, size, "%s", cmd);
		if (access(buf, X_OK))
			buf[0] = '\0';
		return;
	}
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(buf, size, "%s/%s", dirs[i], cmd);
		if (!access(buf, X_OK))
			return;
	}
	buf[0] = '\0';
}

static void stdin_path(char *buf, size_t size)
{
	if (in[0] == '/')
		snprintf(buf, size, "%s", in);
	else if (in[0])
		wl_path(buf, size, in);
	else
		snprintf(buf, size, "/dev/null");
}

/* 1 if /extra is a symlink to what is not there (yet): the extras on a disk not mounted */
static int extras_unmounted(void)
{
	struct stat st;

	return lstat(EXTRA, &st) == 0 && S_ISLNK(st.st_mode) && stat(EXTRA "/", &st) < 0;
}

static void check_params(enum wl_mode mode)
{
	char path[4096], copy[256], *argv[ARGS_MAX];

	if (!cmd[0])
		wl_usage("cmd", cmd, "which program? (swapbench.exec.cmd=NAME, added with EXTRA_BIN= or EXTRA=)");
	find_cmd(path, sizeof(path));
	/* --check runs before init mounts the filesystem disk; --prepare after */
	if (!path[0] && extras_unmounted() && mode != WL_CHECK)
		wl_usage("cmd", cmd, "the extras are on the filesystem disk (EXTRA_ON=disk), and %s has no %s: "
			 "no filesystem disk is designated (swapbench.fsdev), or it is not the one qemu/mkdisks "
			 "made with them; or build with EXTRA_ON=initramfs", wl_dir(), EXTRA);
	if (!path[0] && !(extras_unmounted() && !strchr(cmd, '/')))
		wl_usage("cmd", cmd, "no such program in %s/bin, %s or /workloads (add it with EXTRA_BIN=/usr/bin/%s)",
			 EXTRA, EXTRA, cmd);
	if (strlen(args) >= sizeof(copy))
		wl_usage("args", args, "longer than %zu bytes", sizeof(copy) - 1);
	strcpy(copy, args);
	split_args(copy, argv, ARGS_MAX);
	if (in[0] && in[0] != '/' && (strchr(in, '/') || !strcmp(in, ".") || !strcmp(in, "..")))
		wl_usage("stdin", in, "a file name in the workloads' directory, or an absolute path");
}

static char dst_root[4096];

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *f)
{
	(void)st;
	(void)f;
	if ((type == FTW_DP ? rmdir(path) : unlink(path)) < 0)
		wl_die_errno("remove %s", path);
	return 0;
}

static void remove_tree(const char *path)
{
	struct stat st;

	if (lstat(path, &st) < 0)
		return;
	if (nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS) < 0)
		wl_die_errno("remove %s", path);
}

static void copy_file(const char *from, const char *to, mode_t mode)
{
	static char buf[65536];
	int a = open(from, O_RDONLY | O_CLOEXEC), b;
	ssize_t n;

	if (a < 0)
		wl_die_errno("open %s", from);
	b = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode & 07777);
	if (b < 0)
		wl_die_errno("create %s", to);
	while ((n = read(a, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			wl_die_errno("read %s", from);
		for (ssize_t off = 0; off < n;) {
			ssize_t w = write(b, buf + off, (size_t)(n - off));
			if (w < 0 && errno != EINTR)
				wl_die_errno("write %s", to);
			off += w > 0 ? w : 0;
		}
	}
	if (close(b) < 0)
		wl_die_errno("close %s", to);
	close(a);
}

static int copy_one(const char *path, const struct stat *st, int type, struct FTW *f)
{
	char to[8192], link[4096];
	ssize_t n;

	(void)f;
	snprintf(to, sizeof(to), "%s%s", dst_root, path + strlen(EXTRA));
	if (type == FTW_D) {
		if (mkdir(to, st->st_mode & 07777) < 0)
			wl_die_errno("mkdir %s", to);
	} else if (type == FTW_SL) {
		if ((n = readlink(path, link, sizeof(link) - 1)) < 0)
			wl_die_errno("readlink %s", path);
		link[n] = '\0';
		if (symlink(link, to) < 0)
			wl_die_errno("symlink %s", to);
	} else if (type == FTW_F) {
		copy_file(path, to, st->st_mode);
	}
	return 0;
}

/*
 * /extra onto the filesystem of SWAPBENCH_DIR, then /extra becomes a
 * symlink there: every path the image hands out (the loader's symlink,
 * /extra/bin, /extra/lib) stays valid.
 */
static void move_extras(void)
{
	struct statfs fs;
	struct stat st;

	if (lstat(EXTRA, &st) < 0 || S_ISLNK(st.st_mode) || !move)
		return;
	if (statfs(wl_dir(), &fs) < 0)
		wl_die_errno("statfs %s", wl_dir());
	if (fs.f_type == RAMFS_MAGIC || fs.f_type == TMPFS_MAGIC) {
		fprintf(stderr, "exec: %s is in memory too (no swapfile filesystem): extras stay in the initramfs\n",
			wl_dir());
		return;
	}
	wl_path(dst_root, sizeof(dst_root), "extra");
	remove_tree(dst_root);
	if (nftw(EXTRA, copy_one, 16, FTW_PHYS) < 0)
		wl_die_errno("copy %s to %s", EXTRA, dst_root);
	sync();
	remove_tree(EXTRA);
	if (symlink(dst_root, EXTRA) < 0)
		wl_die_errno("symlink %s to %s", EXTRA, dst_root);
}

static const char *extras_state(void)
{
	struct stat st;
	char to[8];

	if (lstat(EXTRA, &st) < 0)
		return "none";
	if (!S_ISLNK(st.st_mode))
		return "ramfs";
	return readlink(EXTRA, to, sizeof(to)) > 0 && to[0] != '/' ? "disk" : "moved";
}

static unsigned long long extras_bytes;

static int add_one(const char *path, const struct stat *st, int type, struct FTW *f)
{
	(void)path;
	(void)f;
	/* in pages: ramfs keeps no block counts */
	if (type == FTW_F)
		extras_bytes += ((unsigned long long)st->st_size + 4095) / 4096 * 4096;
	return 0;
}

/* What the extras' files take, in KiB (through the symlink if there is one) */
static unsigned long long extras_kb(void)
{
	extras_bytes = 0;
	if (nftw(EXTRA "/", add_one, 16, FTW_PHYS) < 0)
		return 0;
	return extras_bytes / 1024;
}

int main(int argc, char **argv)
{
	enum wl_mode mode = wl_parse(argc, argv, "exec", params, sizeof(params) / sizeof(params[0]));
	char path[4096], inpath[4096], copy[256], *pargv[ARGS_MAX + 2];
	int n, fd;

	check_params(mode);
	if (mode == WL_CHECK)
		return 0;
	stdin_path(inpath, sizeof(inpath));
	if (mode == WL_PREPARE) {
		move_extras();
		if (access(inpath, R_OK))
			wl_die_errno("stdin %s (a workload listed before exec makes it, e.g. lines makes lines.txt)",
				     inpath);
		return 0;
	}
	find_cmd(path, sizeof(path));
	strcpy(copy, args);
	n = split_args(copy, pargv + 1, ARGS_MAX);
	pargv[0] = (char *)cmd;
	pargv[n + 1] = NULL;
	if ((fd = open(inpath, O_RDONLY)) < 0)
		wl_die_errno("stdin %s", inpath);
	if (fd != 0 && (dup2(fd, 0) < 0 || close(fd) < 0))
		wl_die_errno("stdin %s", inpath);
	printf("extras=%s\nextras_kb=%llu\nmemavailable_kb=%ld\n", extras_state(), extras_kb(),
	       wl_proc_kb("/proc/meminfo", "MemAvailable"));
	fflush(stdout);
	setenv("PATH", EXTRA "/bin:" EXTRA ":/workloads", 1);
	setenv("LD_LIBRARY_PATH", EXTRA "/lib", 1);
	execv(path, pargv);
	wl_die_errno("exec %s", path);
}
