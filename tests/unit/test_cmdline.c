/* Unit tests of init/config/cmdline.c: the swapbench.* command-line parser. */
#include "check.h"
#include "init/config/cmdline.h"
#include "init/config/cmdkeys.h"
#include "workloads.h"

#include <errno.h>

static const char *const wls[] = WORKLOADS_NAMES;
static struct sb_config c;
static struct cmdline_msgs m;

static int parse(const char *line)
{
	return cmdline_parse(line, wls, &c, &m);
}

static void test_defaults(void)
{
	CHECK(parse("console=ttyS0 panic=-1 quiet") == 0, "defaults: plain kernel keys are ignored");
	CHECK(c.runs == 6 && c.warmup == 1 && c.timeout_s == 600,
	      "defaults: the default experiment at least 6 pairs, warmup 1, timeout 600 (%u)", c.runs);
	CHECK_STR(c.file, "/swapbench.swap", "defaults: swapfile path");
	CHECK(c.nworkloads == 1, "defaults: one workload");
	CHECK_STR(c.workloads[0], "fight", "defaults: fight");
	CHECK(c.until_cp == 500 && c.maxruns == 30, "defaults: until 5 %%, at most 30 runs a backend (%u, %u)",
	      c.until_cp, c.maxruns);
	CHECK(parse("swapbench.maxruns=40") == 0 && c.until_cp == 500 && c.maxruns == 40 && m.nwarn == 0,
	      "defaults: maxruns alone bounds the default until, no warning");
	CHECK(parse("swapbench.runs=5") == 0 && c.until_cp == 0 && c.runs == 5,
	      "defaults: naming runs asks for exactly that many, no until");
	CHECK(parse("swapbench.workloads=lines") == 0 && c.until_cp == 0 && c.runs == 10,
	      "defaults: a named experiment without runs gets 10 a backend, no until (%u)", c.runs);
	CHECK(parse("swapbench.workloads=lines") == 0 && c.until_cp == 0, "defaults: naming workloads, no until");
	CHECK(parse("swapbench.order=blocked") == 0 && c.until_cp == 0,
	      "defaults: order=blocked is no error, and no until");
	CHECK(parse("swapbench.backends=partition") == 0 && c.until_cp == 0, "defaults: one backend, no until");
	CHECK(parse("swapbench.until=2") == 0 && c.until_cp == 200 && c.maxruns == 50,
	      "defaults: an explicit until keeps its own maxruns default (50)");
	CHECK(parse("console=ttyS0 panic=-1 quiet") == 0, "defaults: parsed again");
	CHECK(c.order == ORDER_ALTERNATE && c.create == CREATE_FALLOCATE, "defaults: alternate, fallocate");
	CHECK(m.nwarn == 0, "defaults: no warnings");
	CHECK(c.flush == 1, "defaults: flush=1 (write caches left as the kernel found them)");
	CHECK(c.end == END_HALT, "defaults: end=halt, what power-off does without ACPI or APM");
}

static void test_values(void)
{
	CHECK(parse("swapbench.part=/dev/vda1 swapbench.fsdev=LABEL=fs swapbench.size=64M "
		    "swapbench.runs=40 swapbench.warmup=0 swapbench.order=random swapbench.seed=18446744073709551615 "
		    "swapbench.workloads=fight,lines,idle swapbench.timeout=30 swapbench.vmstat=1 "
		    "swapbench.create=zero swapbench.force=1 swapbench.end=qemu swapbench.tag=preempt-full") == 0,
	      "values: a full command line parses");
	CHECK_STR(c.part, "/dev/vda1", "values: part");
	CHECK_STR(c.fsdev, "LABEL=fs", "values: fsdev keeps the '=' inside the value");
	CHECK(c.size == 64ULL << 20, "values: size 64M is 67108864 bytes");
	CHECK(c.runs == 40 && c.warmup == 0, "values: runs and warmup");
	CHECK(c.order == ORDER_RANDOM && c.seed == UINT64_MAX, "values: order random with the largest seed");
	CHECK(c.nworkloads == 3, "values: three workloads");
	CHECK_STR(c.workloads[2], "idle", "values: third workload");
	CHECK(c.create == CREATE_ZERO && c.create_forced, "values: create=zero is forced");
	CHECK(c.force == 1 && c.end == END_QEMU && c.vmstat_s == 1, "values: force, end, vmstat");
	CHECK_STR(c.tag, "preempt-full", "values: tag");
	CHECK(parse("swapbench.flush=0") == 0 && c.flush == 0, "values: flush=0");
	CHECK(parse("swapbench.flush=2") == -EINVAL && strstr(m.error, "flush") != NULL,
	      "values: flush=2 refused, naming the key: %s", m.error);
}

static void test_quoting(void)
{
	CHECK(parse("swapbench.file=\"/a dir/swap file\" swapbench.runs=2") == 0, "quoting: quoted value parses");
	CHECK_STR(c.file, "/a dir/swap file", "quoting: spaces kept, quotes dropped");
	CHECK(c.runs == 2, "quoting: the key after a quoted value still counts");
	CHECK(parse("\"swapbench.file=/x y\"") == 0, "quoting: a quote before the key, as the kernel allows");
	CHECK_STR(c.file, "/x y", "quoting: whole-token quotes");
	CHECK(parse("swapbench.file=\"/never closed") == -EINVAL, "quoting: an unterminated quote is an error");
	CHECK(strstr(m.error, "unterminated") != NULL, "quoting: the error says unterminated: %s", m.error);
}

static void test_duplicates(void)
{
	CHECK(parse("swapbench.runs=3 swapbench.runs=7") == 0, "duplicates: accepted");
	CHECK(c.runs == 7, "duplicates: the last value wins");
	CHECK(m.nwarn == 1 && strstr(m.warn[0], "given twice"), "duplicates: one warning: %s", m.warn[0]);
	CHECK(parse("swapbench.fight.ratio=1 swapbench.fight.ratio=2") == 0 && c.nparams == 1,
	      "duplicates: a repeated workload parameter is kept once");
	CHECK_STR(c.params[0].value, "2", "duplicates: the last parameter value wins");
}

static void test_bad_numbers(void)
{
	static const char *const bad[] = {
		"swapbench.runs=abc", "swapbench.runs=-1", "swapbench.runs=0", "swapbench.runs=",
		"swapbench.runs=1e3", "swapbench.runs=99999999999999999999999", "swapbench.runs=100001",
		"swapbench.timeout=0", "swapbench.warmup=3x", "swapbench.size=10", "swapbench.size=64Q",
		"swapbench.size=99999999999999999999T", "swapbench.seed=-5", "swapbench.force=2",
		"swapbench.order=sideways", "swapbench.create=dd", "swapbench.workloads=a,,b",
		"swapbench.workloads=", "swapbench.runs", "swapbench.part=", "swapbench.backends=disk",
		"swapbench.tag=has/slash",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int err = parse(bad[i]);

		CHECK(err == -EINVAL && m.error[0], "bad value rejected with a message: %s -> %s", bad[i], m.error);
	}
	CHECK(parse("swapbench.runs=abc swapbench.timeout=x swapbench.end=qemu") == -EINVAL &&
		      strstr(m.error, "swapbench.runs=abc") && c.end == END_QEMU,
	      "bad numbers: the first error is reported and later valid keys still apply");
	CHECK(parse("swapbench.runs=abc") == -EINVAL && strstr(m.error, "swapbench.runs=abc") &&
		      strstr(m.error, "1..100000"),
	      "bad numbers: the error names the key, the value and the range");
}

static void test_overlong(void)
{
	char line[4200];

	strcpy(line, "swapbench.part=/dev/");
	memset(line + strlen(line), 'x', 300);
	line[20 + 300] = 0;
	CHECK(parse(line) == -EINVAL && strstr(m.error, "too long"), "overlong: a 305-byte value is refused: %s",
	      m.error);
	strcpy(line, "swapbench.file=/");
	memset(line + 16, 'y', 254);
	line[16 + 254] = 0;
	CHECK(parse(line) == 0 && strlen(c.file) == 255, "overlong: a 255-byte value is the longest accepted");
	memset(line, 0, sizeof(line));
	strcpy(line, "swapbench.file=/");
	memset(line + 16, 'z', 4096 - 17);
	CHECK(parse(line) == -EINVAL, "overlong: a 4 KiB value is refused");
}

static void test_unknown(void)
{
	CHECK(parse("swapbench.bogus=1 swapbench.nope.x=2 swapbench.runs=2") == 0, "unknown: keys do not stop the run");
	CHECK(m.nwarn == 2, "unknown: one warning each (got %d)", m.nwarn);
	CHECK(strstr(m.warn[0], "swapbench.bogus") != NULL, "unknown: the warning names the key");
	CHECK(c.runs == 2, "unknown: known keys still apply");
	CHECK(parse("swapbench.fight.procs=4 swapbench.random.seed=9") == 0 && c.nparams == 2,
	      "workload parameters: collected for known workloads");
	CHECK_STR(c.params[0].workload, "fight", "workload parameters: workload name");
	CHECK_STR(c.params[0].name, "procs", "workload parameters: parameter name");
	CHECK_STR(c.params[0].value, "4", "workload parameters: value");
	CHECK(parse("swapbench.seed=3") == 0 && m.nwarn == 1, "seed without order=random warns");
}

/* The warnings that name a key find it by name: they hold when a key is added anywhere in the table. */
static void test_keys_by_name(void)
{
	CHECK(cmdkeys_n <= CMDKEYS_MAX, "keys: %zu fit the parser's mask of given keys (%zu bits)", cmdkeys_n,
	      (size_t)CMDKEYS_MAX);
	CHECK(parse("swapbench.seed=3") == 0 && m.nwarn == 1 &&
	      !strcmp(m.warn[0], "swapbench.seed has no effect unless swapbench.order=random"),
	      "keys: seed without order=random warns about seed: %s", m.nwarn ? m.warn[0] : "(none)");
	CHECK(parse("swapbench.order=random swapbench.seed=3") == 0 && m.nwarn == 0,
	      "keys: seed with order=random: no warning");
	CHECK(parse("swapbench.order=blocked swapbench.timeout=30 swapbench.runs=3") == 0 && m.nwarn == 0,
	      "keys: order, timeout and runs warn about nothing: %s", m.nwarn ? m.warn[0] : "(none)");
	CHECK(parse("swapbench.runs=3 swapbench.maxruns=40") == 0 && m.nwarn == 1 &&
	      !strcmp(m.warn[0], "swapbench.maxruns has no effect without swapbench.until"),
	      "keys: maxruns without until warns about maxruns: %s", m.nwarn ? m.warn[0] : "(none)");
	CHECK(parse("swapbench.until=2 swapbench.maxruns=40") == 0 && m.nwarn == 0 && c.maxruns == 40,
	      "keys: maxruns with until: taken, no warning");
	CHECK(parse("swapbench.boot=b1 swapbench.tag=t1") == 0 && c.until_cp == 500,
	      "keys: boot and tag do not name the experiment (the default until stays)");
	CHECK(parse("swapbench.runs=3") == 0 && c.until_cp == 0, "keys: runs names the experiment (no default until)");
}

static void test_suggestions(void)
{
	CHECK(parse("swapbench.oder=blocked") == 0 && m.nunknown == 1, "suggest: an unknown key is counted");
	CHECK_STR(m.unknown, "unknown key swapbench.oder (did you mean swapbench.order?)",
		  "suggest: a dropped letter finds swapbench.order");
	CHECK_STR(m.warn[0], "unknown key swapbench.oder ignored (did you mean swapbench.order?)",
		  "suggest: the guest's warning carries the suggestion");
	CHECK(c.order == ORDER_ALTERNATE, "suggest: the typo changes nothing (order stays alternate)");
	CHECK(parse("swapbench.wrokloads=idle") == 0 && strstr(m.unknown, "did you mean swapbench.workloads?"),
	      "suggest: two swapped letters find swapbench.workloads: %s", m.unknown);
	CHECK(parse("swapbench.line.count=5") == 0 && strstr(m.unknown, "did you mean swapbench.lines.count?"),
	      "suggest: a workload parameter with a mistyped workload: %s", m.unknown);
	CHECK(parse("swapbench.frobnicate=1") == 0 && !strstr(m.unknown, "did you mean"),
	      "suggest: nothing close, no suggestion: %s", m.unknown);
	CHECK(parse("swapbench.frobnicate=1 swapbench.oder=1") == 0 && m.nunknown == 2 &&
	      strstr(m.unknown, "frobnicate"), "suggest: the first unknown key is the one kept");
	CHECK(parse("swapbench.runs=3") == 0 && m.nunknown == 0 && !m.unknown[0], "suggest: known keys are not unknown");
	CHECK(parse("swapbench.workloads=lines,fihgt") == -EINVAL, "workloads: an unknown workload is refused");
	{
		char want[CMD_MSG_MAX] = "swapbench.workloads: unknown workload 'fihgt' (did you mean fight? this image has:";

		for (const char *const *w = wls; *w; w++)
			snprintf(want + strlen(want), sizeof(want) - strlen(want), " %s", *w);
		strncat(want, ")", sizeof(want) - strlen(want) - 1);
		CHECK_STR(m.error, want, "workloads: the error suggests the closest and lists lib/workloads.h's names");
	}
	CHECK(cmdline_parse("swapbench.workloads=anything", NULL, &c, &m) == 0,
	      "workloads: without a list of known workloads any name is accepted");
}

int main(void)
{
	test_defaults();
	test_values();
	test_quoting();
	test_duplicates();
	test_bad_numbers();
	test_overlong();
	test_unknown();
	test_keys_by_name();
	test_suggestions();
	CHECK_DONE();
}
