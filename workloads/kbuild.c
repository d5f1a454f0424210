/*
 * kbuild: a kernel compile, as swap patches are measured with (`make -jN`
 * under memory.max, real, user and sys time): the real make and gcc
 * compiling part of the real kernel. rootfs/kbuildtree makes the tree (the
 * kernel's mm/ as x86_64_defconfig compiles it, one gcc command a unit, no
 * shell or kbuild needed) and the Makefile puts it with make, gcc, cc1 and
 * as on the filesystem disk (/extra) when WORKLOADS names kbuild.
 *
 *   jobs   make -jN; 0: the CPUs online
 *   units  how many of the tree's units to compile (in kbuild.list's
 *          order); 0: all
 *   on     where the build runs: tmpfs (a fresh tmpfs a run, as the
 *          letters build on tmpfs: the tree's pages are anonymous-like and
 *          swap) or disk (a directory on the swapfile's filesystem; its
 *          pages are the page cache's)
 *   tree   the tree: /extra/kbuild
 *   bin    where make, gcc, cc1 and as are: /extra/bin (the extras; the
 *          host's tests point it at the host's own tools)
 *
 * A run copies the tree in (copy_s), runs make (make_real_s, and make's own
 * rusage with its children's: make_user_s, make_sys_s, the figures `time
 * make` prints), then checks every object against the SHA-256 the host's
 * compile of the same tree gave: a run whose objects differ, or are
 * missing, fails naming the first. The copy is removed at the run's end,
 * so every run starts from the same state. --prepare checks that the tools
 * and the tree are there.
 */
#include "workloads/wl.h"
#include "lib/hmac.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define TMPFS_DIR "/tmp/kbuild-run"
#define UNITS_MAX 4096

static uint64_t jobs, units;
static const char *on = "tmpfs";
static const char *tree = "/extra/kbuild";
static const char *bin = "/extra/bin";

static const struct wl_param params[] = {
	{ "jobs", WL_UINT, "0", 0, 256, &jobs },	/* 0: the CPUs online */
	{ "units", WL_UINT, "0", 0, UNITS_MAX, &units },	/* 0: all */
	{ "on", WL_NAME, "tmpfs", 0, 0, &on },
	{ "tree", WL_TEXT, "/extra/kbuild", 0, 0, &tree },
	{ "bin", WL_TEXT, "/extra/bin", 0, 0, &bin },
};

struct unit {
	char obj[128];
	char sha[2 * SHA256_LEN + 1];
};

static struct unit list[UNITS_MAX];
static size_t nlist;
static char build[512];		/* where this run builds */

/* kbuild.list: "OBJECT SHA256" lines, '#' comments */
static void read_list(void)
{
	char path[600], line[400];
	FILE *f;

	snprintf(path, sizeof(path), "%s/kbuild.list", tree);
	if (!(f = fopen(path, "r")))
		wl_die_errno("%s (the tree rootfs/kbuildtree makes; the Makefile adds it when WORKLOADS names kbuild)", path);
	while (fgets(line, sizeof(line), f)) {
		struct unit *u = &list[nlist];

		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (nlist == UNITS_MAX)
			wl_die("%s: more than %d units", path, UNITS_MAX);
		if (sscanf(line, "%127s %64s", u->obj, u->sha) != 2 || strlen(u->sha) != 2 * SHA256_LEN ||
		    u->obj[0] == '/' || strstr(u->obj, ".."))
			wl_die("%s: not an 'OBJECT SHA256' line: %.80s", path, line);
		nlist++;
	}
	fclose(f);
	if (!nlist)
		wl_die("%s lists no unit", path);
}

/* the tools and the tree, each named when missing */
static void check_tools(void)
{
	static const char *const tools[] = { "make", "gcc", "cc1", "as" };
	char path[600];

	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", bin, tools[i]);
		if (access(path, X_OK))
			wl_die_errno("%s (the host's %s as an extra: the Makefile adds make, gcc, cc1 and as when WORKLOADS names kbuild)",
				     path, tools[i]);
	}
	snprintf(path, sizeof(path), "%s/Makefile", tree);
	if (access(path, R_OK))
		wl_die_errno("%s", path);
	read_list();
	if (units > nlist)
		wl_die("units=%llu: the tree has %zu", (unsigned long long)units, nlist);
}

static char copy_from[512];
static size_t copy_from_len;
static uint64_t copied_kb;

static int copy_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	char dst[1024];
	(void)ftw;

	snprintf(dst, sizeof(dst), "%s%s", build, path + copy_from_len);
	if (type == FTW_D)
		return mkdir(dst, 0755) && errno != EEXIST ? -1 : 0;
	if (type != FTW_F)
		return 0;
	int in = open(path, O_RDONLY), out = open(dst, O_WRONLY | O_CREAT | O_TRUNC, st->st_mode & 0777);
	char buf[65536];
	ssize_t n = 0;

	if (in < 0 || out < 0)
		wl_die_errno("copying %s to %s", path, dst);
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n)
			wl_die_errno("writing %s", dst);
	if (n < 0 || close(out))
		wl_die_errno("copying %s", path);
	close(in);
	copied_kb += ((uint64_t)st->st_size + 1023) / 1024;
	return 0;
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return type == FTW_DP ? rmdir(path) : unlink(path);
}

static void remove_build(void)
{
	if (!strcmp(on, "tmpfs")) {
		if (umount2(build, MNT_DETACH) && errno != EINVAL && errno != ENOENT)
			wl_die_errno("umount %s", build);
	} else if (access(build, F_OK) == 0 && nftw(build, remove_one, 32, FTW_DEPTH | FTW_PHYS)) {
		wl_die_errno("removing %s", build);
	}
}

/* a fresh build directory with the tree in it */
static void make_build(void)
{
	if (!strcmp(on, "tmpfs")) {
		snprintf(build, sizeof(build), TMPFS_DIR);
		remove_build();
		if (mkdir(build, 0755) && errno != EEXIST)
			wl_die_errno("mkdir %s", build);
		if (mount("kbuild", build, "tmpfs", MS_NOSUID | MS_NODEV, NULL)) {
			if (errno == EINVAL)	/* SHMEM without TMPFS: the kernel's own instance only */
				wl_die("on=tmpfs: this kernel mounts no tmpfs (no CONFIG_TMPFS; the variant modern has it): use on=disk or KERNEL=modern");
			wl_die_errno("mount a tmpfs on %s", build);
		}
	} else {
		wl_path(build, sizeof(build), "kbuild-run");
		remove_build();
		if (mkdir(build, 0755))
			wl_die_errno("mkdir %s", build);
	}
	snprintf(copy_from, sizeof(copy_from), "%s", tree);
	copy_from_len = strlen(copy_from);
	if (nftw(copy_from, copy_one, 32, FTW_PHYS))
		wl_die_errno("copying %s into %s", tree, build);
}

/* the end of make's output (its last 300 bytes, one line), for a failed build's message */
static void tail_log(const char *path, char *out, size_t n)
{
	int fd = open(path, O_RDONLY);
	off_t end = fd < 0 ? 0 : lseek(fd, 0, SEEK_END);
	ssize_t got;

	out[0] = 0;
	if (fd < 0)
		return;
	lseek(fd, end > 300 ? end - 300 : 0, SEEK_SET);
	got = read(fd, out, n - 1 < 300 ? n - 1 : 300);
	close(fd);
	out[got > 0 ? got : 0] = 0;
	for (char *q = out; *q; q++)
		if (*q == '\n')
			*q = ' ';
}

/* make -jN with the first `want` units as its goals, in order; its rusage into ru */
static int run_make(size_t want, unsigned long nj, struct rusage *ru)
{
	static char jarg[32], *argv[UNITS_MAX + 8];
	char logp[600];
	size_t a = 0;
	pid_t pid;
	int st;

	snprintf(jarg, sizeof(jarg), "-j%lu", nj);
	argv[a++] = "make";
	argv[a++] = "-s";
	argv[a++] = jarg;
	for (size_t i = 0; i < want; i++)
		argv[a++] = list[i].obj;
	argv[a] = NULL;
	snprintf(logp, sizeof(logp), "%s/.make.log", build);
	pid = fork();
	if (pid < 0)
		wl_die_errno("fork");
	if (pid == 0) {
		char tmp[600], path[600], cpath[600], make[600];
		int fd = open(logp, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		snprintf(tmp, sizeof(tmp), "TMPDIR=%s", build);
		snprintf(path, sizeof(path), "PATH=%s", bin);
		snprintf(cpath, sizeof(cpath), "COMPILER_PATH=%s", bin);
		snprintf(make, sizeof(make), "%s/make", bin);
		char *envp[] = { path, cpath, "LD_LIBRARY_PATH=/extra/lib", "LC_ALL=C", tmp, NULL };
		if (fd < 0 || chdir(build))
			_exit(126);
		dup2(fd, 1);
		dup2(fd, 2);
		execve(make, argv, envp);
		_exit(127);
	}
	if (wait4(pid, &st, 0, ru) < 0)
		wl_die_errno("wait4 make");
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		char tail[600];

		tail_log(logp, tail, sizeof(tail));
		if (WIFSIGNALED(st))
			wl_die("make -j%lu killed by signal %d: %s", nj, WTERMSIG(st), tail);
		wl_die("make -j%lu failed (status %d): %s", nj, WEXITSTATUS(st), tail);
	}
	return 0;
}

/* every object built, against the host's; returns their KiB */
static uint64_t verify(size_t want)
{
	uint64_t kb = 0;

	for (size_t i = 0; i < want; i++) {
		char path[700], hex[2 * SHA256_LEN + 1], buf[65536];
		unsigned char sum[SHA256_LEN];
		struct sha256 s;
		ssize_t n;
		int fd;

		snprintf(path, sizeof(path), "%.511s/%.127s", build, list[i].obj);
		if ((fd = open(path, O_RDONLY)) < 0)
			wl_die_errno("%s: make succeeded and left no object", list[i].obj);
		sha256_init(&s);
		while ((n = read(fd, buf, sizeof(buf))) > 0) {
			sha256_update(&s, buf, (size_t)n);
			kb += (uint64_t)n;
		}
		close(fd);
		if (n < 0)
			wl_die_errno("reading %s", path);
		sha256_final(&s, sum);
		for (int j = 0; j < SHA256_LEN; j++)
			snprintf(hex + 2 * j, 3, "%02x", sum[j]);
		if (strcmp(hex, list[i].sha))
			wl_die("%s: SHA-256 %.16s..., the host's compile of the same tree gave %.16s...: not the same object",
			       list[i].obj, hex, list[i].sha);
	}
	return (kb + 1023) / 1024;
}

static double tv(const struct timeval *t)
{
	return (double)t->tv_sec + (double)t->tv_usec / 1e6;
}

int main(int argc, char **argv)
{
	enum wl_mode mode = wl_parse(argc, argv, "kbuild", params, sizeof(params) / sizeof(params[0]));
	unsigned long nj = jobs ? (unsigned long)jobs : (unsigned long)sysconf(_SC_NPROCESSORS_ONLN);
	struct rusage ru;
	double t0, t1, t2;
	size_t want;
	uint64_t obj_kb;

	if (strcmp(on, "tmpfs") && strcmp(on, "disk"))
		wl_usage("on", on, "tmpfs or disk");
	if (mode == WL_CHECK)
		return 0;
	check_tools();
	if (mode == WL_PREPARE)
		return 0;
	want = units ? (size_t)units : nlist;
	t0 = wl_now();
	make_build();
	t1 = wl_now();
	run_make(want, nj, &ru);
	t2 = wl_now();
	obj_kb = verify(want);
	remove_build();
	printf("units=%zu\n", want);
	printf("jobs=%lu\n", nj);
	printf("on=%s\n", on);
	printf("tree_kb=%llu\n", (unsigned long long)copied_kb);
	printf("objects_kb=%llu\n", (unsigned long long)obj_kb);
	printf("verified=%zu\n", want);
	printf("copy_s=%.3f\n", t1 - t0);
	printf("make_real_s=%.3f\n", t2 - t1);
	printf("make_user_s=%.3f\n", tv(&ru.ru_utime));
	printf("make_sys_s=%.3f\n", tv(&ru.ru_stime));
	return 0;
}
