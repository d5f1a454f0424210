/* Unit tests of init/config/swapconf.c: swapbench.backends, the swap configurations. */
#include "check.h"
#include "init/config/cmdkeys.h"
#include "init/config/cmdline.h"
#include "workloads.h"

#include <string.h>

static const char *const wls[] = WORKLOADS_NAMES;
static struct sb_config c;
static struct cmdline_msgs m;

static int parse(const char *v)
{
	char line[CMD_VAL_MAX + 32];

	snprintf(line, sizeof(line), "swapbench.backends=%s", v);
	return cmdline_parse(line, wls, &c, &m);
}

static void test_defaults(void)
{
	CHECK(cmdline_parse("", wls, &c, &m) == 0 && c.nconfs == 2 && !c.confs_given,
	      "defaults: two configurations, not given");
	CHECK(c.conf[0].kind == KIND_PARTITION && c.conf[1].kind == KIND_FILE && !strcmp(c.conf[1].name, "file"),
	      "defaults: partition, then file");
	CHECK(c.conf[0].swappiness == -1 && c.conf[0].page_cluster == -1 && c.conf[0].mglru == -1,
	      "defaults: knobs left as the kernel booted");
	CHECK(parse("zram") == 0 && c.nconfs == 1 && c.confs_given && c.conf[0].kind == KIND_ZRAM,
	      "plain zram parses");
	CHECK(!strcmp(c.conf[0].comp, "") && c.conf[0].zram_pct == 0 && c.conf[0].zram_bytes == 0,
	      "plain zram: the kernel's default compressor (read at boot), disksize to the disks' capacity (comp %s, "
	      "pct %u)", c.conf[0].comp,
	      c.conf[0].zram_pct);
	CHECK(parse("zswap+partition") == 0 && c.conf[0].kind == KIND_ZSWAP && c.conf[0].disk == BACKEND_PARTITION,
	      "plain zswap+partition parses, in front of the partition");
	CHECK(!strcmp(c.conf[0].comp, "") && !strcmp(c.conf[0].zpool, "zsmalloc") && c.conf[0].max_pool_pct == 20,
	      "plain zswap: the kernel's compressor (read at boot), zsmalloc, max_pool_percent 20");
}

static void test_options(void)
{
	CHECK(parse("partition,zram:lz4,zswap:zstd+partition,zram:zstd:96M,zswap:lz4:zbud:35%+file,zram:50%") == 0 &&
	      c.nconfs == 6, "options: six configurations parse");
	CHECK(!strcmp(c.conf[1].name, "zram:lz4") && !strcmp(c.conf[1].comp, "lz4"), "options: zram:lz4 is named as written");
	CHECK(c.conf[2].kind == KIND_ZSWAP && !strcmp(c.conf[2].comp, "zstd"), "options: zswap:zstd+partition");
	CHECK(c.conf[3].zram_bytes == 96ULL << 20 && !strcmp(c.conf[3].comp, "zstd"), "options: zram size 96M");
	CHECK(c.conf[4].disk == BACKEND_FILE && !strcmp(c.conf[4].zpool, "zbud") && c.conf[4].max_pool_pct == 35,
	      "options: zswap in front of the file, zbud, 35%%");
	CHECK(c.conf[5].zram_pct == 50 && c.conf[5].zram_bytes == 0, "options: zram 50%% of MemTotal");
	CHECK(swapconf_uses(c.conf, c.nconfs, BACKEND_PARTITION) && swapconf_uses(c.conf, c.nconfs, BACKEND_FILE), "options: both disks used");
	CHECK(parse("zram:lz4") == 0 && !swapconf_uses(c.conf, c.nconfs, BACKEND_PARTITION) && !swapconf_uses(c.conf, c.nconfs, BACKEND_FILE),
	      "options: zram alone uses no disk");
}

static void test_knobs(void)
{
	CHECK(parse("partition@swappiness=60,partition@mglru=1@page-cluster=0,zswap+partition@swappiness=200") == 0 &&
	      c.nconfs == 3, "knobs: three configurations parse");
	CHECK(c.conf[0].swappiness == 60 && c.conf[0].mglru == -1, "knobs: swappiness 60, mglru left alone");
	CHECK(c.conf[1].mglru == 1 && c.conf[1].page_cluster == 0 && c.conf[1].swappiness == -1,
	      "knobs: mglru=1 and page-cluster=0 together");
	CHECK(c.conf[2].kind == KIND_ZSWAP && c.conf[2].swappiness == 200, "knobs: after zswap's disk");
}

static void test_cgroup_mthp(void)
{
	CHECK(parse("partition,partition@memory.max=48M@memory.swap.max=64M,"
		    "zswap:lz4+partition@memory.zswap.max=8M@zswap.writeback=0") == 0 && c.nconfs == 3,
	      "cgroup: the issue's three configurations parse");
	CHECK(c.conf[0].cg[CG_MAX] == CG_UNSET && !swapconf_cgroup(c.conf, 1),
	      "cgroup: a plain partition sets no limit");
	CHECK(c.conf[1].cg[CG_MAX] == 48LL << 20 && c.conf[1].cg[CG_SWAP_MAX] == 64LL << 20 &&
	      c.conf[1].cg[CG_HIGH] == CG_UNSET, "cgroup: memory.max 48M, memory.swap.max 64M, memory.high unset");
	CHECK(c.conf[2].cg[CG_ZSWAP_MAX] == 8LL << 20 && c.conf[2].cg[CG_ZSWAP_WB] == 0,
	      "cgroup: memory.zswap.max 8M, zswap.writeback 0");
	CHECK(swapconf_cgroup(c.conf, c.nconfs), "cgroup: the list uses a cgroup");
	CHECK(parse("partition@memory.swap.max=max@memory.high=0") == 0 && c.conf[0].cg[CG_SWAP_MAX] == CG_NOLIMIT &&
	      c.conf[0].cg[CG_HIGH] == 0, "cgroup: max means no limit, 0 is a limit");
	CHECK(parse("zram:lz4@mthp=64K:always@mthp=2M:never") == 0 && c.conf[0].nmthp == 2 &&
	      c.conf[0].mthp[0].kb == 64 && c.conf[0].mthp[0].mode == MTHP_ALWAYS &&
	      c.conf[0].mthp[1].kb == 2048 && c.conf[0].mthp[1].mode == MTHP_NEVER,
	      "mthp: 64K always and 2M never, in order");
}

/* pmem: its own disk area, the device swapbench.pmem designates; no options, no zswap in front */
static void test_pmem(void)
{
	CHECK(parse("pmem,partition,pmem@swappiness=100@memory.max=48M") == 0 && c.nconfs == 3,
	      "pmem: three configurations with pmem parse");
	CHECK(c.conf[0].kind == KIND_PMEM && c.conf[0].disk == BACKEND_PMEM && !strcmp(c.conf[0].name, "pmem"),
	      "pmem: its kind and disk area are pmem (kind %d, disk %d)", c.conf[0].kind, c.conf[0].disk);
	CHECK(!strcmp(swapconf_kinds[c.conf[0].kind], "pmem") && !strcmp(swapconf_disks[c.conf[0].disk], "pmem"),
	      "pmem: the records name it pmem");
	CHECK(c.conf[2].disk == BACKEND_PMEM && c.conf[2].swappiness == 100 && c.conf[2].cg[CG_MAX] == 48LL << 20,
	      "pmem: takes the VM knobs and cgroup limits");
	CHECK(swapconf_uses(c.conf, c.nconfs, BACKEND_PMEM) && swapconf_uses(c.conf, c.nconfs, BACKEND_PARTITION) &&
	      !swapconf_uses(c.conf, c.nconfs, BACKEND_FILE), "pmem: uses the pmem and partition areas, not the file");
	CHECK(!swapconf_compressed(c.conf, c.nconfs), "pmem: no compressor modules wanted");
	CHECK(parse("partition,zram") == 0 && !swapconf_uses(c.conf, c.nconfs, BACKEND_PMEM),
	      "pmem: a list without it does not use the pmem area");
	CHECK(cmdline_parse("", wls, &c, &m) == 0 && !swapconf_uses(c.conf, c.nconfs, BACKEND_PMEM),
	      "pmem: not in the default list");
	CHECK(cmdline_parse("swapbench.pmem=LABEL=swapbench-pmem", wls, &c, &m) == 0 &&
	      !strcmp(c.pmem, "LABEL=swapbench-pmem"), "pmem: swapbench.pmem designates its device (%s)", c.pmem);
}

static void rejects(const char *v, const char *want)
{
	int ok = parse(v) != 0 && strstr(m.error, want) != NULL;

	CHECK(ok, "rejects %s: '%s' (got '%s')", v, want, m.error);
}

static void test_errors(void)
{
	rejects("pmem:lz4", "pmem:lz4: pmem takes no options");
	rejects("pmem:64M", "pmem:64M: pmem takes no options");
	rejects("zswap+pmem", "zswap goes in front of partition or file, not 'pmem'");
	rejects("pmem+partition", "only zswap goes in front of a disk (+partition)");
	rejects("pmem,pmem", "pmem named twice");
	rejects("pmem@zswap.writeback=0", "@zswap.writeback limits zswap");
	rejects("tape", "unknown configuration 'tape'");
	rejects(",", "an empty configuration");
	rejects("zswap", "zswap is a cache in front of a disk: write zswap+partition or zswap+file");
	rejects("zswap+zram", "not 'zram'");
	rejects("zram+file", "only zswap goes in front of a disk");
	rejects("zram:lz4:zstd", "two compressors");
	rejects("zram:brotli", "unknown option 'brotli'");
	rejects("zram:500%", "not a percentage in 1%..400%");
	rejects("zswap:0%+partition", "not a percentage in 1%..100%");
	rejects("zram:512K", "below 1M");
	rejects("partition:lz4", "partition takes no options");
	rejects("partition,partition", "partition named twice");
	rejects("partition@swappiness=201", "@swappiness needs =0..200");
	rejects("partition@mglru=yes", "@mglru needs =0..1");
	rejects("partition@mglru=1@min_ttl_ms=100001", "@min_ttl_ms needs =0..100000");
	CHECK(parse("partition@mglru=1@min_ttl_ms=1000,partition@mglru=1") == 0 && c.conf[0].min_ttl_ms == 1000 &&
	      c.conf[1].min_ttl_ms == -1, "knobs: min_ttl_ms=1000 parsed, left alone where not given");
	CHECK(parse("partition@vma-ra=0,file") == 0 && c.conf[0].vma_ra == 0 && c.conf[1].vma_ra == -1,
	      "knobs: vma-ra=0 parsed, left alone where not given");
	rejects("partition@vma-ra=2", "@vma-ra needs =0..1");
	rejects("partition@swapiness=3", "unknown knob '@swapiness'");
	rejects("partition@swappiness=1@swappiness=2", "@swappiness given twice");
	rejects("zram:zbud", "unknown option 'zbud'");
	rejects("partition@memory.max=lots", "@memory.max needs a size (48M) or max");
	rejects("partition@memory.max=1M@memory.max=2M", "@memory.max given twice");
	rejects("partition@zswap.writeback=0", "@zswap.writeback limits zswap: only a zswap configuration takes it");
	rejects("zswap+file@zswap.writeback=2", "@zswap.writeback needs =0 or =1");
	rejects("partition@mthp=64K", "@mthp needs SIZE:MODE");
	rejects("partition@mthp=48K:always", "the size is a power of two from 8K to 2M");
	rejects("partition@mthp=4M:always", "the size is a power of two from 8K to 2M");
	rejects("partition@mthp=64K:sometimes", "the mode is always, madvise, never or inherit");
	rejects("partition@mthp=64K:always@mthp=64K:never", "@mthp sets 64K twice");
	rejects("a,b,c,d,e,f,g,h,i", "unknown configuration 'a'");
	rejects("partition,file,zram,zram:lz4,zram:zstd,zram:lzo,zram:lz4hc,zram:842,zram:deflate",
		"more than 8 configurations");
	CHECK(parse("zram:lz4@swappiness=999") != 0 && c.nconfs == 2, "errors: a bad list leaves the defaults");
}

/* what --parse prints back is what was given */
static void test_show(void)
{
	char out[CMD_VAL_MAX * 2] = "";

	parse("partition,zram:lz4:64M@swappiness=100,zswap:zstd:zbud+file@mglru=1");
	for (int i = 0; cmdkeys_show(&c, i, out, sizeof(out)) >= 0; i++)
		if (!strncmp(out, "backends=", 9))
			break;
	CHECK_STR(out, "backends=partition,zram:lz4:64M@swappiness=100,zswap:zstd:zbud+file@mglru=1",
		  "show: the list prints back as given");
}

int main(void)
{
	test_defaults();
	test_options();
	test_knobs();
	test_cgroup_mthp();
	test_pmem();
	test_errors();
	test_show();
	CHECK_DONE();
}
