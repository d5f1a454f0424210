#include "init/run/runner.h"
#include "init/sys/kfile.h"
#include "lib/now.h"
#include "init/sys/errmsg.h"
#include "init/output/results.h"
#include "init/swap/swap.h"
#include "init/sys/sysnr.h"
#include "lib/reckinds.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open SYSNR_PIDFD_OPEN
#endif
#define PEAK_INTERVAL_S 0.1	/* swap-used sampling for swap_peak_kb */

int runner_exists(const char *workload)
{
	char path[96];

	snprintf(path, sizeof(path), "%s/%s", RUNNER_BIN_DIR, workload);
	return access(path, X_OK) == 0;
}

static void child(const struct run_spec *s, int out)
{
	char path[96], dir[300], mem[40];
	const char *argv[RUNNER_ARGS_MAX + 3];
	sigset_t none;
	int a = 0;

	setpgid(0, 0);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	kfile_write("/proc/self/oom_score_adj", "0");
	dup2(out, 1);
	if (s->cgroup_procs && kfile_write(s->cgroup_procs, "0") < 0) {
		dprintf(out, "cannot join the cgroup (%s): %s\n", s->cgroup_procs, errmsg(-errno));
		_exit(126);
	}
	if (s->capture_stderr)
		dup2(out, 2);
	snprintf(path, sizeof(path), "%s/%s", s->bin_dir ? s->bin_dir : RUNNER_BIN_DIR, s->workload);
	snprintf(dir, sizeof(dir), "SWAPBENCH_DIR=%s", s->dir);
	snprintf(mem, sizeof(mem), "SWAPBENCH_MEMTOTAL_KB=%lu", s->memtotal_kb);
	char *envp[] = { dir, mem, "PATH=/workloads:/bin", NULL };

	argv[a++] = s->workload;
	if (s->mode)
		argv[a++] = s->mode;
	for (int i = 0; i < s->argc; i++)
		argv[a++] = s->argv[i];
	argv[a] = NULL;
	if (chdir(s->dir) < 0)
		_exit(126);
	execve(path, (char *const *)argv, envp);
	_exit(127);
}

static void take_output(int fd, struct run_result *r, size_t *len)
{
	char junk[512];

	for (;;) {
		size_t room = sizeof(r->out) - 1 - *len;
		ssize_t n = room ? read(fd, r->out + *len, room) : read(fd, junk, sizeof(junk));

		if (n <= 0)
			return;
		if (room)
			*len += (size_t)n;
		else
			r->out_truncated = 1;
		r->out[*len] = 0;
	}
}

static void emit_sample(const struct run_spec *s, double t, struct vmstat *last)
{
	struct vmstat v;
	struct meminfo m;
	struct rec_buf b;

	vmstat_read(&v);
	vmstat_meminfo(&m);
	rec_begin_diag(&b, rec_kind_word(RKIND_SAMPLE));
	rec_add(&b, "boot", s->boot);
	rec_addf(&b, "run", "%lu", s->run_no);
	rec_addf(&b, "t_s", "%.3f", t);
	rec_addf(&b, "free_kb", "%llu", (unsigned long long)m.free_kb);
	rec_addf(&b, "cached_kb", "%llu", (unsigned long long)m.cached_kb);
	rec_addf(&b, "swap_used_kb", "%llu", (unsigned long long)(m.swap_total_kb - m.swap_free_kb));
	rec_addf(&b, "pswpin", "%llu", (unsigned long long)(v.v[VM_PSWPIN] - last->v[VM_PSWPIN]));
	rec_addf(&b, "pswpout", "%llu", (unsigned long long)(v.v[VM_PSWPOUT] - last->v[VM_PSWPOUT]));
	rec_addf(&b, "pgmajfault", "%llu",
		 (unsigned long long)(v.v[VM_PGMAJFAULT] - last->v[VM_PGMAJFAULT]));
	rec_end(&b);
	results_emit(&b);
	*last = v;
}

static void note_peak(const struct run_spec *s, struct run_result *r)
{
	struct meminfo m;

	if (s->sample)
		s->sample(s->sample_arg);

	if (vmstat_meminfo(&m) == 0 && m.swap_total_kb - m.swap_free_kb > r->swap_peak_kb)
		r->swap_peak_kb = m.swap_total_kb - m.swap_free_kb;
}

static void classify(struct run_result *r, int st, int timed_out)
{
	r->exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	r->term_sig = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
	if (timed_out)
		r->status = "timeout";
	else if (r->exit_code == 0)
		r->status = "ok";
	else if (r->after.v[VM_OOM_KILL] > r->before.v[VM_OOM_KILL])
		r->status = "oom";
	else if (r->term_sig)
		r->status = "killed";
	else
		r->status = "error";
}

/*
 * Kills what is left of the workload's process group (fight's children)
 * and waits until every one of them is gone: a dying process still holds
 * swapped-out pages, and the next run's swapoff must not race it. The
 * caller is a subreaper, so the group's orphans are its children.
 */
static void reap_group(pid_t pgid)
{
	kill(-pgid, SIGKILL);
	while (waitpid(-pgid, NULL, 0) > 0 || errno == EINTR)
		;
}

int runner_run(const struct run_spec *s, struct run_result *r)
{
	int pipefd[2], st = 0, timed_out = 0, pidfd;
	size_t len = 0;
	struct rusage ru;
	struct vmstat last;
	char start_clock[CLOCK_NAME_MAX];
	pid_t pid;

	memset(r, 0, sizeof(*r));
	if (pipe2(pipefd, O_CLOEXEC) < 0)
		return -errno;
	vmstat_read(&r->before);
	last = r->before;
	note_peak(s, r);
	clock_source(start_clock, sizeof(start_clock));
	double t0 = now_s(), deadline = t0 + s->timeout_s, next_peak = t0 + PEAK_INTERVAL_S;
	double next_sample = s->vmstat_s ? t0 + s->vmstat_s : 0;

	pid = fork();
	if (pid < 0) {
		int e = errno;

		close(pipefd[0]);
		close(pipefd[1]);
		return -e;
	}
	if (pid == 0)
		child(s, pipefd[1]);
	close(pipefd[1]);
	fcntl(pipefd[0], F_SETFL, O_NONBLOCK);
	pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	for (;;) {
		double now = now_s(), until = deadline;
		struct pollfd pf[2] = { { pipefd[0], POLLIN, 0 }, { pidfd, POLLIN, 0 } };

		if (wait4(pid, &st, WNOHANG, &ru) == pid)
			break;
		if (now >= deadline) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			timed_out = 1;
			while (wait4(pid, &st, 0, &ru) < 0 && errno == EINTR)
				;
			break;
		}
		if (now >= next_peak) {
			note_peak(s, r);
			next_peak = now + PEAK_INTERVAL_S;
		}
		if (next_sample && now >= next_sample) {
			emit_sample(s, now - t0, &last);
			next_sample += s->vmstat_s;
		}
		if (next_peak < until)
			until = next_peak;
		if (next_sample && next_sample < until)
			until = next_sample;
		/* without pidfd (kernels before 5.3) poll in 1 ms steps once output ends */
		int ms = (int)((until - now) * 1000) + 1;

		if (pidfd < 0 && pipefd[0] < 0 && ms > 1)
			ms = 1;
		poll(pf, 2, ms);
		if (pipefd[0] >= 0 && (pf[0].revents & (POLLIN | POLLHUP))) {
			take_output(pipefd[0], r, &len);
			if (!(pf[0].revents & POLLIN) || (pf[0].revents & POLLHUP)) {
				take_output(pipefd[0], r, &len);
				close(pipefd[0]);
				pipefd[0] = -1;
			}
		}
	}
	r->elapsed_s = now_s() - t0;
	clock_source(r->clocksource, sizeof(r->clocksource));
	r->clock_changed = strcmp(start_clock, r->clocksource) != 0;
	if (pipefd[0] >= 0) {
		take_output(pipefd[0], r, &len);
		close(pipefd[0]);
	}
	if (pidfd >= 0)
		close(pidfd);
	reap_group(pid);
	note_peak(s, r);
	vmstat_read(&r->after);
	r->user_s = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
	r->sys_s = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	r->minflt = ru.ru_minflt;
	r->majflt = ru.ru_majflt;
	classify(r, st, timed_out);
	return 0;
}
