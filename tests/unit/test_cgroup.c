/*
 * Unit tests of init/swap/cgroup.c's refusals before the first run, without a
 * boot: a limit larger than the machine, and a knob file this kernel lacks
 * (memory.zswap.writeback on 6.1, whose memory cgroup has the other three).
 */
#include "init/swap/cgroup.h"
#include "check.h"
#include "init/config/cmdline.h"
#include "workloads.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const wls[] = WORKLOADS_NAMES;
static struct sb_config c;
static struct cmdline_msgs m;
static char why[512];

static int parse(const char *v)
{
	char line[CMD_VAL_MAX + 32];

	snprintf(line, sizeof(line), "swapbench.backends=%s", v);
	return cmdline_parse(line, wls, &c, &m);
}

/* limits above MemTotal or the swap capacity: refused before cgroup2 is touched */
static void test_limits(void)
{
	CHECK(parse("partition@memory.max=1G") == 0, "memory.max=1G parses");
	CHECK(cgroup_check(&c, 53748, 196604ull << 10, why, sizeof(why)) == -EINVAL,
	      "memory.max=1G on a 53,748 kB machine is refused");
	CHECK_STR(why, "swapbench.backends=partition@memory.max=1G: @memory.max=1048576 kB is more than MemTotal "
		  "(53748 kB): no limit at all; lower it or write max", "the refusal names the limit and MemTotal");
	CHECK(parse("partition@memory.high=64M") == 0 &&
	      cgroup_check(&c, 53748, 196604ull << 10, why, sizeof(why)) == -EINVAL && strstr(why, "@memory.high=65536 kB"),
	      "memory.high=64M above MemTotal is refused too (%s)", why);
	CHECK(parse("partition@memory.swap.max=256M") == 0 &&
	      cgroup_check(&c, 53748, 196604ull << 10, why, sizeof(why)) == -EINVAL &&
	      strstr(why, "more than the swap capacity (196604 kB)"),
	      "memory.swap.max=256M above a 192 MiB partition is refused (%s)", why);
	CHECK(parse("zswap+partition@memory.zswap.max=100M") == 0 &&
	      cgroup_check(&c, 53748, 196604ull << 10, why, sizeof(why)) == -EINVAL && strstr(why, "@memory.zswap.max="),
	      "memory.zswap.max=100M above MemTotal is refused (%s)", why);
}

/* a cgroup directory with the files of names, NULL-terminated */
static void make_cgroup(const char *dir, const char *const *names)
{
	char path[256];

	for (const char *const *p = names; *p; p++) {
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", dir, *p);
		f = fopen(path, "w");
		if (f)
			fclose(f);
	}
}

static void test_knob_files(void)
{
	static const char *const v61[] = { "memory.high", "memory.max", "memory.swap.max", "memory.zswap.max", NULL };
	static const char *const v612[] = { "memory.zswap.writeback", NULL };
	char dir[] = "/tmp/sb-cgroup.XXXXXX";

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	make_cgroup(dir, v61);
	CHECK(parse("partition,zswap+partition@memory.zswap.max=8M@zswap.writeback=0") == 0,
	      "zswap with writeback off parses");
	CHECK(cgroup_check_knobs(&c, dir, "6.1.192", why, sizeof(why)) == -ENOTSUP,
	      "zswap.writeback on 6.1's memory cgroup is refused");
	CHECK_STR(why, "swapbench.backends=zswap+partition@memory.zswap.max=8M@zswap.writeback=0: @zswap.writeback: "
		  "this kernel (6.1.192) has no memory.zswap.writeback (Linux 6.8 or later, with CONFIG_ZSWAP and "
		  "CONFIG_MEMCG)", "the refusal names the file, the kernel and the version that has it");
	CHECK(parse("partition@memory.max=48M@memory.swap.max=64M,zswap+partition@memory.zswap.max=8M") == 0 &&
	      cgroup_check_knobs(&c, dir, "6.1.192", why, sizeof(why)) == 0,
	      "the knobs 6.1 has pass the file check");
	make_cgroup(dir, v612);
	CHECK(parse("zswap+partition@zswap.writeback=0") == 0 &&
	      cgroup_check_knobs(&c, dir, "6.12.117", why, sizeof(why)) == 0,
	      "zswap.writeback passes where memory.zswap.writeback exists (6.12)");
	for (const char *const *p = v61; *p; p++) {
		char path[256];

		snprintf(path, sizeof(path), "%s/%s", dir, *p);
		unlink(path);
	}
	{
		char path[256];

		snprintf(path, sizeof(path), "%s/memory.zswap.writeback", dir);
		unlink(path);
	}
	rmdir(dir);
}

int main(void)
{
	test_limits();
	test_knob_files();
	return check_failed;
}
