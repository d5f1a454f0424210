/*
 * Unit tests of init/run/runner.c and init/records/records.c on the host: a run leaves
 * no process of its group behind, output past the buffer is flagged and
 * recorded, and the totals after an error count the runs made. The
 * workloads are small shell scripts in a scratch directory.
 */
#include "check.h"
#include "init/config/cmdkeys.h"
#include "init/records/records.h"
#include "init/records/totals.h"
#include "init/run/runner.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[64];
static struct run_result r;

static void script(const char *name, const char *body)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	fprintf(f, "#!/bin/sh\n%s\n", body);
	fclose(f);
	chmod(path, 0755);
}

static int run(const char *name, unsigned timeout_s)
{
	struct run_spec s = { 0 };

	s.workload = name;
	s.dir = dir;
	s.bin_dir = dir;
	s.timeout_s = timeout_s;
	s.boot = "test";
	return runner_run(&s, &r);
}

static pid_t read_pgid(void)
{
	char path[128];
	long v = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/pgid", dir);
	if ((f = fopen(path, "r"))) {
		if (fscanf(f, "%ld", &v) != 1)
			v = 0;
		fclose(f);
	}
	unlink(path);
	return (pid_t)v;
}

/* nothing of the group is left: no child of it to wait for, no member to signal */
static int group_gone(pid_t pgid)
{
	int none_to_wait = waitpid(-pgid, NULL, WNOHANG) < 0 && errno == ECHILD;
	int none_alive = kill(-pgid, 0) < 0 && errno == ESRCH;

	return pgid > 0 && none_to_wait && none_alive;
}

static void test_reap(void)
{
	pid_t pgid;

	/* fight's shape: children that outlive the parent's end */
	script("forks", "echo $$ >\"$SWAPBENCH_DIR/pgid\"; sleep 30 & sleep 30 & sh -c 'sleep 30' & sleep 30");
	CHECK(run("forks", 1) == 0, "reap: a workload past its timeout is run");
	CHECK_STR(r.status, "timeout", "reap: its status is timeout");
	pgid = read_pgid();
	CHECK(group_gone(pgid), "reap: after a timeout no process of group %d is left (children included)", (int)pgid);

	script("leaves", "echo $$ >\"$SWAPBENCH_DIR/pgid\"; sleep 30 & sleep 30 & echo done=1");
	CHECK(run("leaves", 10) == 0, "reap: a workload that exits with children running is run");
	CHECK_STR(r.status, "ok", "reap: its status is ok");
	pgid = read_pgid();
	CHECK(group_gone(pgid), "reap: after a clean exit its leftover children are gone too (group %d)", (int)pgid);
}

static void test_truncated(void)
{
	struct sb_config cfg;
	struct plan_item it = { 0, BACKEND_PARTITION, 0, 1 };
	struct rec_buf b;

	script("chatty", "echo small=1; i=0; while [ $i -lt 100 ]; do echo line$i=0123456789012345678901234; i=$((i+1)); done");
	CHECK(run("chatty", 10) == 0 && !strcmp(r.status, "ok"), "truncated: a workload printing 3.4 KB runs ok");
	CHECK(r.out_truncated == 1, "truncated: output past %d bytes is flagged", RUNNER_OUT_MAX - 1);
	CHECK(strlen(r.out) == RUNNER_OUT_MAX - 1, "truncated: %d bytes kept (got %zu)", RUNNER_OUT_MAX - 1,
	      strlen(r.out));
	cmdkeys_defaults(&cfg);
	records_start(&cfg);
	records_result(&b, &it, 1, &r, NULL, "");
	CHECK(rec_end(&b) > 0, "truncated: the record fits");
	CHECK(strstr(b.s, " out_truncated=1 ") != NULL, "truncated: the record says out_truncated=1");
	CHECK(strstr(b.s, " w.small=1 ") != NULL, "truncated: the lines before the cut are recorded");
	/* the cut falls inside a line: that line's value would be wrong */
	const char *last = strrchr(r.out, '\n') + 1;
	char key[32];

	snprintf(key, sizeof(key), " w.%.*s=", (int)(strchr(last, '=') ? strchr(last, '=') - last : 0), last);
	CHECK(strchr(last, '=') && strstr(b.s, key) == NULL, "truncated: the line cut short (%.12s...) is left out",
	      last);
	script("quiet", "echo only=1");
	CHECK(run("quiet", 10) == 0 && r.out_truncated == 0, "truncated: short output is not flagged");
	records_result(&b, &it, 1, &r, NULL, "");
	rec_end(&b);
	CHECK(strstr(b.s, "out_truncated") == NULL, "truncated: nor recorded");
}

static void test_settle(void)
{
	struct plan_item it = { 0, BACKEND_PARTITION, 0, 1 };
	char vm[96], path[128], why[160] = "", got[8] = "";
	struct rec_buf b;
	FILE *f;

	/* a kernel without CONFIG_COMPACTION has no compact_memory */
	snprintf(vm, sizeof(vm), "%s/vm", dir);
	mkdir(vm, 0755);
	snprintf(path, sizeof(path), "%s/drop_caches", vm);
	fclose(fopen(path, "w"));
	CHECK(vmstat_settle(vm, why, sizeof(why)) == -ENOENT, "settle: a missing compact_memory is an error");
	CHECK_STR(why, "compact_memory: No such file or directory", "settle: the error names the step");
	if ((f = fopen(path, "r"))) {
		if (!fgets(got, sizeof(got), f))
			got[0] = 0;
		fclose(f);
	}
	CHECK_STR(got, "3", "settle: drop_caches was still written");
	snprintf(path, sizeof(path), "%s/compact_memory", vm);
	fclose(fopen(path, "w"));
	why[0] = 0;
	CHECK(vmstat_settle(vm, why, sizeof(why)) == 0 && !why[0], "settle: both written: no error");
	script("quiet2", "echo only=1");
	run("quiet2", 10);
	records_result(&b, &it, 1, &r, NULL, "compact_memory: No such file or directory");
	rec_end(&b);
	CHECK(strstr(b.s, " settle_error=\"compact_memory: No such file or directory\" ") != NULL,
	      "settle: the run's record carries settle_error");
	records_result(&b, &it, 1, &r, NULL, "");
	rec_end(&b);
	CHECK(strstr(b.s, "settle_error") == NULL, "settle: a clean settle adds no key");
}

/* what totals_error writes, captured from stdout */
static void test_totals_after_error(void)
{
	struct plan_item it = { 0, BACKEND_FILE, 0, 1 }, warm = { 0, BACKEND_FILE, 1, 1 };
	struct run_result ok = { .status = "ok" }, oom = { .status = "oom" };
	char path[128], buf[4096] = "";
	int fd, saved = dup(1);
	FILE *f;

	snprintf(path, sizeof(path), "%s/out", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	fflush(stdout);
	dup2(fd, 1);
	totals_planned(6);
	totals_count(&warm, &ok);
	totals_count(&it, &ok);
	totals_count(&it, &oom);
	totals_count(&it, &ok);
	totals_error("switching swap to file: Device or resource busy");
	fflush(stdout);
	dup2(saved, 1);
	close(fd);
	close(saved);
	if ((f = fopen(path, "r"))) {
		buf[fread(buf, 1, sizeof(buf) - 1, f)] = 0;
		fclose(f);
	}
	CHECK(strstr(buf, "# sb error ") != NULL, "totals after an error: the error record is written");
	CHECK(strstr(buf, " planned=6 ran=3 ok=2 notok=1 status=error ") != NULL,
	      "totals after an error: the 3 measured runs made are counted, the warm-up is not");
}

int main(void)
{
	snprintf(dir, sizeof(dir), "/tmp/sb-test-runner.XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	/* as the worker in the image: the group's orphans come to this process */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	test_reap();
	test_truncated();
	test_settle();
	test_totals_after_error();
	char cmd[96];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		return 1;
	CHECK_DONE();
}
