#include "init/config/cmdkeys.h"

#include <stdio.h>
#include <string.h>

const char *const cmdkeys_kind_names[] = { "text", "name", "uint", "u64", "size", "bool", "choice", "workloads", "backends", "percent", "address" };
static const char *const order_names[] = { "alternate", "blocked", "random", NULL };
const char *const cmdkeys_create_names[] = { "fallocate", "zero", NULL };
static const char *const rotational_names[] = { "keep", "0", "1", NULL };
static const char *const diskcheck_names[] = { "off", "quick", "full", NULL };
const char *const cmdkeys_sched_names[] = { "default", "none", "mq-deadline", "bfq", "kyber", NULL };
const char *const cmdkeys_diskq_names[] = { "default", "on", "off", NULL };
static const char *const end_names[] = { "poweroff", "reboot", "halt", "qemu", NULL };

#define F(field) offsetof(struct sb_config, field)
const struct key cmdkeys[] = {
	{ "part", K_STR, F(part), 0, 0, NULL, KEY_HELP("swap partition: /dev/vda1, LABEL=x, UUID=x or PARTUUID=x") },
	{ "fsdev", K_STR, F(fsdev), 0, 0, NULL, KEY_HELP("ext2/3/4 filesystem that holds the swapfile (designated as part is)") },
	{ "pmem", K_STR, F(pmem), 0, 0, NULL, KEY_HELP("pmem device (virtio-pmem, memmap=) the backend pmem swaps on, whole (designated as part is)") },
	{ "file", K_STR, F(file), 0, 0, NULL, KEY_HELP("swapfile path inside fsdev") },
	{ "size", K_SIZE, F(size), 40960, 1ULL << 40, NULL, KEY_HELP("swapfile size (64M); 0: the partition's size, else 2 x MemTotal") },
	{ "create", K_ENUM, F(create), 0, 0, cmdkeys_create_names, KEY_HELP("how the swapfile is made; given explicitly, no fallback to zero") },
	{ "backends", K_BACKENDS, F(conf), 0, 0, NULL, KEY_HELP("the swap configurations to alternate: partition, file, pmem, zram, zswap+partition, with options and VM knobs (docs/swap-configurations.md); by default partition and file, each where designated") },
	{ "workloads", K_LIST, F(workloads), 0, 0, NULL, KEY_HELP("the workloads, in order") },
	{ "runs", K_UINT, F(runs), 1, 100000, NULL, KEY_HELP("measured runs per workload per backend (make run passes RUNS when set); with until, the least") },
	{ "warmup", K_UINT, F(warmup), 0, 1000, NULL, KEY_HELP("unmeasured runs first, per workload per backend") },
	{ "order", K_ENUM, F(order), 0, 0, order_names, KEY_HELP("alternate: rounds A B, B A, ... (a balanced Latin square beyond two configurations); blocked: all swapfile runs, then all partition runs (per workload); random: shuffled with seed (blocked runs the swapfile first, as seed 000's first design ran)") },
	{ "seed", K_U64, F(seed), 0, UINT64_MAX, NULL, KEY_HELP("the shuffle's seed for order=random") },
	{ "draw", K_U64, F(draw), 0, UINT64_MAX, NULL, KEY_HELP("ignored by init; under DETERMINISTIC=1 another draw changes the kernel's random seed (made from the command line), so each boot is an independent, reproducible draw (experiments/compare and bisect-run set it per boot)") },
	{ "timeout", K_UINT, F(timeout_s), 1, 7 * 86400, NULL, KEY_HELP("limit for one run, in seconds: a run past it is killed and counted as timeout") },
	{ "vmstat", K_UINT, F(vmstat_s), 0, 3600, NULL, KEY_HELP("seconds between vmstat-style sample records during runs (0: off)") },
	{ "results", K_STR, F(results), 0, 0, NULL, KEY_HELP("results disk; written only if it carries the results-disk magic (swapbench-report init-disk)") },
	{ "collect", K_ADDR, F(collect), 0, 0, NULL, KEY_HELP("IPV4:PORT of a swapbench-report collect: every line the console gets is sent there too and resent until acknowledged (the net image: KERNEL=net, ip=dhcp; docs/lab-network.md)") },
	{ "collect.key", K_STR, F(collect_key), 0, 0, NULL, KEY_HELP("shared key of swapbench.collect (16-64 printable characters, as in the collector's --key FILE): every frame carries its MAC, so a peer without it cannot write into or end this machine's series; the meta record shows it as (hidden) (docs/lab-network.md)") },
	{ "force", K_BOOL, F(force), 0, 1, NULL, KEY_HELP("1: mkswap over a partition that carries another signature; replace a non-swap file at the swapfile path") },
	{ "flush", K_BOOL, F(flush), 0, 1, NULL, KEY_HELP("0: the designated disks' write caches set to write through, so no cache flush is sent (DETERMINISTIC=1 passes it; on real disks it gives up the results disk's power-cut promise)") },
	{ "cpus_up", K_BOOL, F(cpus_up), 0, 1, NULL, KEY_HELP("1: every CPU the kernel left offline (maxcpus=1) brought online before the experiment (DETERMINISTIC=1 with SMP above 1 passes it with maxcpus=1: QEMU 7.2's instruction counting starves the boot-time bring-up; docs/kernels.md)") },
	{ "shell", K_BOOL, F(shell), 0, 1, NULL, KEY_HELP("1: busybox shell on the console at the end (image built with BUSYBOX=1)") },
	{ "end", K_ENUM, F(end), 0, 0, end_names, KEY_HELP("how the machine ends (qemu: isa-debug-exit, sent only when asked; poweroff halts where the kernel has neither ACPI nor APM)") },
	{ "quiet", K_BOOL, F(quiet_kernel), 0, 1, NULL, KEY_HELP("1: console loglevel 1 during the experiment") },
	{ "tag", K_NAME, F(tag), 0, 0, NULL, KEY_HELP("a label on every record, e.g. the kernel variant") },
	{ "boot", K_NAME, F(boot), 0, 0, NULL, KEY_HELP("boot id on every record (empty: the image makes one; qemu/run passes one: random, or under DETERMINISTIC=1 a digest of the inputs)") },
	{ "until", K_PCT, F(until_cp), 1, 10000, NULL, KEY_HELP("run pairs until every workload's 95 % CI half-width of B/A-1 is at most this percentage (docs/report.md, Paired analysis)") },
	{ "maxruns", K_UINT, F(maxruns), 2, 100000, NULL, KEY_HELP("with until: the most runs a backend") },
	{ "disk", K_NAME, F(disk), 0, 0, NULL, KEY_HELP("the disk's cost profile the host set up (DISK=: host, or a model's name), for the records; unset: unknown") },
	{ "rotational", K_ENUM, F(rotational), 0, 0, rotational_names, KEY_HELP("tell the kernel whether the swap disks turn, before swapon (keep: what the driver says; virtio-blk cannot say)") },
	{ "diskcheck", K_ENUM, F(diskcheck), 0, 0, diskcheck_names, KEY_HELP("instead of the experiment: the swap partition measured as a disk benchmark would (sequential MB/s at both ends, random 4 KiB IOPS, a seek sweep); it writes there (docs/disk-model.md)") },
	{ "diskmodel", K_BOOL, F(diskmodel), 0, 1, NULL, KEY_HELP("1: the swap partition's disk through the disk model in the guest (the module and parameters qemu/run adds for DISK=NAME), its counters around each run into its record") },
	{ "sched", K_ENUM, F(sched), 0, 0, cmdkeys_sched_names, KEY_HELP("the I/O scheduler above the modelled disk (swapbench.diskmodel=1; SCHED= for make): default (the kernel's choice for the device), none, mq-deadline, bfq or kyber, as the kernel has them; the disk record says which it got (docs/disk-model.md)") },
	{ "diskq", K_ENUM, F(diskq), 0, 0, cmdkeys_diskq_names, KEY_HELP("the modelled disk's own command queue (swapbench.diskmodel=1; DISKQ= for make): default (as its profile has it), on (the profile's queue_depth and queue_order; refused for a profile without queueing), off (depth 1, served in arrival order); the disk record says which it got (docs/disk-model.md)") },
	{ "instrument", K_STR, F(instrument), 0, 0, NULL, KEY_HELP("what the host measured with (accel, clock, tsc, pin, cache, disk, smp; qemu/run passes it), copied into the meta record") },
};
#undef F
const size_t cmdkeys_n = sizeof(cmdkeys) / sizeof(cmdkeys[0]);
_Static_assert(sizeof(cmdkeys) / sizeof(cmdkeys[0]) <= CMDKEYS_MAX,
	       "more keys than the parser's mask of given keys holds");


void cmdkeys_defaults(struct sb_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	strcpy(cfg->file, "/swapbench.swap");
	cfg->flush = 1;
	cfg->create = CREATE_FALLOCATE;
	/* partition and file, each where it is designated (experiment.c drops the other) */
	swapconf_parse("partition,file", cfg->conf, &cfg->nconfs, NULL, 0);
	cfg->confs_given = 0;
	strcpy(cfg->workloads[0], "fight");
	cfg->nworkloads = 1;
	cfg->runs = 10;
	cfg->warmup = 1;
	cfg->order = ORDER_ALTERNATE;
	cfg->timeout_s = 600;
	cfg->end = END_HALT;	/* what power-off does on a kernel without ACPI or APM, as ours */
}

int cmdkeys_show(const struct sb_config *cfg, int i, char *out, size_t n)
{
	const struct key *k;
	const char *base;
	size_t len;

	if (i < 0 || (size_t)i >= cmdkeys_n)
		return -1;
	k = &cmdkeys[i];
	base = (const char *)cfg + k->off;
	/* unset: 0 where the parser takes no 0 (until, maxruns) prints nothing */
	if ((k->kind == K_PCT || k->kind == K_UINT) && k->min > 0 && !*(const unsigned *)(const void *)base)
		return 1;
	len = (size_t)snprintf(out, n, "%s=", k->name);
	switch (k->kind) {
	case K_STR:
	case K_NAME:
	case K_ADDR:
		snprintf(out + len, n - len, "%s", base);
		break;
	case K_UINT:
		snprintf(out + len, n - len, "%u", *(const unsigned *)(const void *)base);
		break;
	case K_U64:
	case K_SIZE:
		snprintf(out + len, n - len, "%llu", (unsigned long long)*(const uint64_t *)(const void *)base);
		break;
	case K_BOOL:
		snprintf(out + len, n - len, "%d", *(const int *)(const void *)base);
		break;
	case K_PCT:
		snprintf(out + len, n - len, "%u.%02u", *(const unsigned *)(const void *)base / 100,
			 *(const unsigned *)(const void *)base % 100);
		break;
	case K_ENUM:
		snprintf(out + len, n - len, "%s", k->names[*(const int *)(const void *)base]);
		break;
	case K_LIST:
		for (int w = 0; w < cfg->nworkloads; w++)
			len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s%s", w ? "," : "", cfg->workloads[w]);
		break;
	case K_BACKENDS:
		for (int c = 0; c < cfg->nconfs; c++)
			len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s%s", c ? "," : "",
						cfg->conf[c].name);
		break;
	}
	return 0;
}
