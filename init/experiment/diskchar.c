/* diskchar: the designated disk characterised read-only (diskchar.h), or
 * with swapbench.diskchar.rewrite=1 by rewriting the bytes it just read. */
#include "init/experiment/diskchar.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/reckeys.h"
#include "lib/record.h"
#include "init/disk/disks.h"
#include "init/disk/dmdisk.h"
#include "init/records/records.h"
#include "init/run/runner.h"
#include "init/sys/clock.h"
#include "init/sys/errmsg.h"
#include "init/sys/kfile.h"

#define WORKLOAD "diskchar"

int diskchar_wanted(const struct sb_config *cfg)
{
	return cfg->nworkloads == 1 && !strcmp(cfg->workloads[0], WORKLOAD);
}

/* a sysfs word of the disk (device/model, device/serial), blanks trimmed, or "" */
static void sys_word(const char *disk, const char *file, char *out, size_t n)
{
	char path[160], buf[128];
	size_t len;
	int got;

	out[0] = 0;
	snprintf(path, sizeof(path), "/sys/class/block/%s/%s", strrchr(disk, '/') + 1, file);
	if ((got = kfile_read(path, buf, sizeof(buf))) <= 0)
		return;
	len = strlen(buf);
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		buf[--len] = 0;
	snprintf(out, n, "%s", buf + strspn(buf, " "));
}

/* fig=device: what the kernel says the disk is, and the clock that times it */
static void device_record(const char *disk, const char *below)
{
	char model[128], serial[128], wc[32];
	const struct clock_info *c = records_clock();
	struct rec_buf b;
	uint64_t size = 0;

	sys_word(below, "device/model", model, sizeof(model));
	sys_word(below, "device/serial", serial, sizeof(serial));
	if (!serial[0])
		sys_word(below, "serial", serial, sizeof(serial));
	sys_word(disk, "queue/write_cache", wc, sizeof(wc));
	disks_size(disk, &size);
	records_diag(&b, RKIND_DISKCHAR);
	rec_add(&b, RK_DC_FIG, DC_FIG_DEVICE);
	rec_add(&b, RK_DC_DEV, disk);
	rec_addf(&b, RK_DC_SIZE, "%llu", (unsigned long long)size);
	rec_add(&b, RK_DC_MODEL, model[0] ? model : "unknown");
	rec_add(&b, RK_DC_SERIAL, serial[0] ? serial : "unknown");
	rec_add(&b, RK_DC_WRITE_CACHE, wc[0] ? wc : "unknown");
	rec_add(&b, RK_DC_CLOCK, c->source);
	rec_addf(&b, RK_CLOCK_RES_NS, "%ld", c->res_ns);
	rec_addf(&b, RK_CLOCK_STEP_NS, "%ld", c->step_ns);
	/* a modelled disk: the profile it models, as the disk record names it */
	if (dmdisk_active()) {
		const char *d = dmdisk_describe();
		size_t len = strcspn(d, " \n");

		if (!strncmp(d, "disk=", 5))
			rec_addf(&b, RK_DISK, "%.*s", (int)(len - 5), d + 5);
	}
	records_emit(&b);
}

/* one line of the workload's "key=value ..." into a diskchar record */
static void line_record(char *line)
{
	struct rec_buf b;

	records_diag(&b, RKIND_DISKCHAR);
	for (char *save = NULL, *w = strtok_r(line, " \n", &save); w; w = strtok_r(NULL, " \n", &save)) {
		char *eq = strchr(w, '=');

		if (!eq)
			continue;
		*eq = 0;
		rec_add(&b, w, eq + 1);
	}
	records_emit(&b);
}

/* runs the workload on disk, each line of its output a record: 0 or -errno with why */
static int run(const struct sb_config *cfg, const char *disk, char *why, size_t n)
{
	char path[96], arg[RUNNER_ARGS_MAX][CMD_NAME_MAX + CMD_VAL_MAX + 4], line[512];
	const char *argv[RUNNER_ARGS_MAX + 2];
	int pfd[2], st, a = 0;
	size_t len = 0;
	FILE *f;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/%s", RUNNER_BIN_DIR, WORKLOAD);
	argv[a++] = WORKLOAD;
	snprintf(arg[0], sizeof(arg[0]), "--dev=%s", disk);
	argv[a++] = arg[0];
	/* the disk designated: the only one rewrite=1 may write to */
	snprintf(arg[1], sizeof(arg[1]), "--designated=%s", disk);
	argv[a++] = arg[1];
	for (int i = 0; i < cfg->nparams && a < RUNNER_ARGS_MAX; i++)
		if (!strcmp(cfg->params[i].workload, WORKLOAD)) {
			snprintf(arg[a], sizeof(arg[a]), "--%s=%s", cfg->params[i].name, cfg->params[i].value);
			argv[a] = arg[a];
			a++;
		}
	argv[a] = NULL;
	if (pipe2(pfd, O_CLOEXEC) < 0)
		return errmsg_why(-errno, why, n, "diskchar: pipe: %s", errmsg(-errno));
	if ((pid = fork()) < 0)
		return errmsg_why(-errno, why, n, "diskchar: fork: %s", errmsg(-errno));
	if (!pid) {
		char *envp[] = { "PATH=/workloads:/bin", NULL };
		sigset_t none;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		dup2(pfd[1], 1);
		execve(path, (char *const *)argv, envp);
		_exit(127);
	}
	close(pfd[1]);
	if (!(f = fdopen(pfd[0], "r")))
		return errmsg_why(-errno, why, n, "diskchar: %s", errmsg(-errno));
	while (fgets(line, sizeof(line), f)) {
		len = strlen(line);
		if (len && line[len - 1] == '\n')
			line_record(line);
	}
	fclose(f);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		return errmsg_why(-EIO, why, n, "diskchar on %s failed (%s %d; its message is on the console)", disk,
				  WIFEXITED(st) ? "exit status" : "signal", WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
	return 0;
}

int diskchar_designated(const struct sb_config *cfg, char *why, size_t n)
{
	char part[64], mapped[64], disk[64], below[64];
	int err;

	for (int i = 0; i < cfg->nparams; i++)
		if (!strcmp(cfg->params[i].workload, WORKLOAD) &&
		    (!strcmp(cfg->params[i].name, "dev") || !strcmp(cfg->params[i].name, "designated")))
			return errmsg_why(-EINVAL, why, n,
					  "swapbench.diskchar.%s=%s: the disk read is the one that holds swapbench.part, "
					  "not one named here", cfg->params[i].name, cfg->params[i].value);
	if (!cfg->part[0])
		return errmsg_why(-EINVAL, why, n,
				  "swapbench.workloads=diskchar reads the disk that holds the partition swapbench.part "
				  "designates, and none is given");
	if ((err = disks_designate("part", cfg->part, part, sizeof(part), why, n)) < 0)
		return err;
	/* the disk below; with a model, the model's disk over it */
	if ((err = disks_whole(part, below, sizeof(below))) < 0)
		return errmsg_why(err, why, n, "diskchar: the disk that holds %s: %s", part, errmsg(err));
	if (dmdisk_active() && dmdisk_map(part, mapped, sizeof(mapped)) == 0)
		err = disks_whole(mapped, disk, sizeof(disk));
	else
		err = snprintf(disk, sizeof(disk), "%s", below) < 0 ? -EINVAL : 0;
	if (err < 0)
		return errmsg_why(err, why, n, "diskchar: the modelled disk over %s: %s", below, errmsg(err));
	device_record(disk, below);
	return run(cfg, disk, why, n);
}
