/*
 * swapbench's /init. As PID 1: mount what the experiment reads, take the
 * console, block signals, fork the worker that runs the experiment, reap
 * every child, and end the machine with a status the host can read.
 * Run as any other PID it only parses: `init --parse "CMDLINE"` prints the
 * configuration (the keys, the workloads' parameters, each swap
 * configuration's kind), so the parser can be tried on the host; `init --check`
 * is what qemu/run asks before a boot (an unknown key is an error there),
 * and `init --plan "CMDLINE"` prints the runs in the order the image makes them.
 * `init --describe` prints the registry: every key with its default and
 * range, the workloads and their parameters, the exit statuses, the base
 * command lines and disk designations (registry.h), for the host to read.
 */
#include "init/experiment/experiment.h"
#include "init/sys/kfile.h"
#include "init/config/cmdkeys.h"
#include "init/config/cmdline.h"
#include "init/sys/errmsg.h"
#include "init/config/plan.h"
#include "init/output/sender.h"
#include "init/config/registry.h"
#include "init/sys/vmstat.h"
#include "lib/version.h"
#include "lib/workloads.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#if defined(__i386__) || defined(__x86_64__)
#include <sys/io.h>
#endif

#define QEMU_EXIT_PORT 0xf4	/* QEMU -device isa-debug-exit,iobase=0xf4 */
#define EXIT_CRASH 3		/* the worker died without a verdict (registry.c: crash) */
#ifndef MCL_ONFAULT
#define MCL_ONFAULT 4
#endif

static char cmdline[4096];
static struct sb_config cfg;	/* for PID 1's own keys: quiet, shell, end */

static const struct {
	const char *src, *dst, *type;
} mounts[] = {
	{ "proc", "/proc", "proc" },
	{ "sysfs", "/sys", "sysfs" },
	{ "devtmpfs", "/dev", "devtmpfs" },
};

static void prepare(void)
{
	for (size_t i = 0; i < sizeof(mounts) / sizeof(mounts[0]); i++) {
		mkdir(mounts[i].dst, 0755);
		if (mount(mounts[i].src, mounts[i].dst, mounts[i].type, 0, "") < 0 && errno != EBUSY)
			dprintf(2, "swapbench: mount %s: %s\n", mounts[i].dst, errmsg(errno));
	}
	int fd = open("/dev/console", O_RDWR | O_NOCTTY);

	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
}

static void read_cmdline(void)
{
	int n = kfile_read("/proc/cmdline", cmdline, sizeof(cmdline));

	if (n > 0 && cmdline[n - 1] == '\n')
		cmdline[n - 1] = 0;
}

static void worker(void)
{
	sigset_t none;

	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	/* a workload's orphans (fight's children) come to the worker, which waits for them */
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) < 0)
		dprintf(2, "# swapbench: PR_SET_CHILD_SUBREAPER: %s\n", errmsg(errno));
	/* the measuring process must never be swapped out or chosen by the OOM killer */
	kfile_write("/proc/self/oom_score_adj", "-1000");
	/* ONFAULT: lock what is used, not every page of the buffers sized for the worst case */
	if (mlockall(MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT) < 0 && mlockall(MCL_CURRENT | MCL_FUTURE) < 0)
		dprintf(2, "# swapbench: mlockall: %s\n", errmsg(errno));
	int st = experiment_main(cmdline);

	/* the lines the collector has not acknowledged yet: a restarting collector gets them */
	sender_finish(SENDER_WAIT_S);
	_exit(st);
}

static void rescue_shell(void)
{
	pid_t pid;

	if (access("/bin/sh", X_OK) < 0) {
		dprintf(1, "# swapbench: swapbench.shell=1 but this image has no busybox (build with BUSYBOX=1)\n");
		return;
	}
	dprintf(1, "# swapbench: rescue shell; exit it to end the machine\n");
	pid = fork();
	if (pid == 0) {
		sigset_t none;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		setsid();
		ioctl(0, TIOCSCTTY, 1);
		execl("/bin/sh", "sh", (char *)NULL);
		_exit(127);
	}
	while (pid > 0 && waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}

__attribute__((noreturn)) static void end_machine(int status)
{
	dprintf(1, "# swapbench: exit status %d (%s)\n", status, registry_exit_text(status));
	tcdrain(1);
	sync();
	if (cfg.shell)
		rescue_shell();
#if defined(__i386__) || defined(__x86_64__)
	if (cfg.end == END_QEMU && ioperm(QEMU_EXIT_PORT, 1, 1) == 0)
		outb((unsigned char)status, QEMU_EXIT_PORT);
#endif
	if (cfg.end == END_REBOOT || cfg.end == END_QEMU)
		reboot(RB_AUTOBOOT);
	else if (cfg.end == END_HALT)
		reboot(RB_HALT_SYSTEM);
	/* the kernel powers off through ACPI or APM, else it only halts */
	if (access("/sys/firmware/acpi", F_OK) < 0 && access("/proc/apm", F_OK) < 0)
		dprintf(1, "# swapbench: this kernel has neither ACPI nor APM: it halts, the machine stays on\n");
	tcdrain(1);
	reboot(RB_POWER_OFF);
	for (;;)
		pause();
}

/* The measured runs in order, as their KTAP ids; warm-ups are left out. */
static void show_plan(const struct sb_config *c)
{
	static struct plan p;

	if (plan_make(c, &p) < 0) {
		printf("error: more than %d runs\n", PLAN_MAX);
		return;
	}
	for (unsigned i = 0; i < p.n; i++)
		if (!p.item[i].warmup)
			printf("%s-%s-%u\n", c->workloads[p.item[i].workload],
			       swapconf_name(c->conf, c->nconfs, p.item[i].backend), p.item[i].iter);
}

enum host_mode { HOST_PARSE, HOST_CHECK, HOST_PLAN };

/* check: an unknown key is an error, as the host checks before a boot */
static int host_parse(const char *text, enum host_mode mode)
{
	static const char *const wls[] = WORKLOADS_NAMES;
	struct sb_config c;
	struct cmdline_msgs m;
	char line[CMD_VAL_MAX * 2];
	int err = cmdline_parse(text, wls, &c, &m);

	if (!err && mode == HOST_CHECK && m.nunknown) {
		printf("error: %s\n", m.unknown);
		return 2;
	}
	for (int i = 0; i < m.nwarn && i < CMD_WARN_MAX; i++)
		printf("warning: %s\n", m.warn[i]);
	if (err) {
		printf("error: %s\n", m.error);
		return 2;
	}
	if (mode == HOST_PLAN) {
		show_plan(&c);
		return 0;
	}
	for (int i = 0, r; (r = cmdkeys_show(&c, i, line, sizeof(line))) >= 0; i++)
		if (r == 0)
			printf("%s\n", line);
	for (int i = 0; i < c.nparams; i++)
		printf("param %s.%s=%s\n", c.params[i].workload, c.params[i].name, c.params[i].value);
	/* what each configuration is, for a launcher that attaches its device (pmem) */
	for (int i = 0; i < c.nconfs; i++)
		printf("conf %s kind=%s\n", c.conf[i].name, swapconf_kinds[c.conf[i].kind]);
	return 0;
}

#ifndef SB_IMAGE
/* each workload (linked beside init, rootfs/multicall.c) prints its own parameters */
#define DECLARE_(program, name, ...) int program##_main(int argc, char **argv);
WORKLOADS(DECLARE_)
#define DESCRIBE_(program, name, ...) describe_workload(program##_main, name);

static void describe_workload(int (*wl_main)(int, char **), const char *name)
{
	char *argv[] = { (char *)name, "--describe", NULL };
	int st;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(wl_main(2, argv));
	while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
}

static int describe(void)
{
	registry_describe(stdout);
	WORKLOADS(DESCRIBE_)
	return fflush(stdout) ? 2 : 0;
}
#else
/* the registry's words and tables are the host's: the image leaves them out */
static int describe(void)
{
	fprintf(stderr, "init --describe: the registry is in the host's build (out/bin/init-host --describe)\n");
	return 2;
}
#endif

/* init_main in the image's one binary and on the host (-Dmain=init_main) */
int main(int argc, char **argv);

int main(int argc, char **argv)
{
	sigset_t all;
	pid_t pid, w;
	int st = 0, status = EXIT_CRASH, help;
	/* its name as run: init in the image, init-host on the host */
	const char *prog = argc > 0 && strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argc > 0 ? argv[0] : "init";

	if (getpid() != 1) {
		if (argc == 3 && !strcmp(argv[1], "--parse"))
			return host_parse(argv[2], HOST_PARSE);
		if (argc == 3 && !strcmp(argv[1], "--check"))
			return host_parse(argv[2], HOST_CHECK);
		if (argc == 3 && !strcmp(argv[1], "--plan"))
			return host_parse(argv[2], HOST_PLAN);
		if (argc == 2 && !strcmp(argv[1], "--describe"))
			return describe();
		if (argc == 2 && !strcmp(argv[1], "--version"))
			return printf("%s %s\n", prog, version_string()) < 0 ? 2 : 0;
		help = argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"));
		fprintf(help ? stdout : stderr,
			"usage: %s --parse|--check|--plan \"KERNEL COMMAND LINE\" | --describe | --version\n"
			"(--check: unknown keys are errors too; --plan: the runs in order;\n"
			" --describe: the keys, workloads, exit statuses, base command lines and disks)\n"
			"(as PID 1 this program runs the swapbench experiment)\n", prog);
		return help ? 0 : 2;
	}
	prepare();
	read_cmdline();
	{
		static struct cmdline_msgs msgs;	/* the worker reports them */

		cmdline_parse(cmdline, NULL, &cfg, &msgs);
	}
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, NULL);
	kfile_write("/proc/self/oom_score_adj", "-1000");
	if (cfg.quiet_kernel)
		klogctl(8, NULL, 1);
	pid = fork();
	if (pid == 0)
		worker();
	if (pid < 0)
		dprintf(2, "# swapbench: fork: %s\n", errmsg(errno));
	while (pid > 0) {
		w = wait(&st);
		if (w == pid) {
			status = WIFEXITED(st) ? WEXITSTATUS(st) : EXIT_CRASH;
			if (WIFSIGNALED(st))
				dprintf(1, "# swapbench: the worker died of signal %d\n", WTERMSIG(st));
			break;
		}
		if (w < 0 && errno != EINTR)
			break;
	}
	/* reap what is left, without waiting on it */
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	end_machine(status);
}
