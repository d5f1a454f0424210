#include "init/config/registry.h"
#include "init/config/cmdkeys.h"
#include "lib/describe.h"
#include "lib/renames.h"
#include "lib/stats.h"
#include "lib/workloads.h"

#include <string.h>

struct registry_exit {
	int status;
	const char *word;	/* one word: the totals record's status=, qemu/run's status file */
	const char *text;	/* what it means, as qemu/run's verdict= says it */
};
static const struct registry_exit registry_exits[] = {
	{ 0, "pass", "pass" },
	{ 1, "fail", "completed, with failed runs" },
	{ 2, "error", "configuration or set-up error" },
	{ 3, "crash", "crash or truncated output" },
	{ 124, "timeout", "timed out" },
};
static const size_t registry_nexits = sizeof(registry_exits) / sizeof(registry_exits[0]);

const char *registry_exit_text(int status)
{
	for (size_t i = 0; i < registry_nexits; i++)
		if (registry_exits[i].status == status)
			return registry_exits[i].text;
	return registry_exits[3].text;
}

#ifndef SB_IMAGE
/* The rest is the host's (init-host --describe): the image (SB_IMAGE) carries
 * none of it, which at -m 64 is RAM. */

/* qemu/mkdisks makes the disks these find: an MBR with label-id 0x5b0a5b0a, then the labels */
struct registry_disk {
	const char *name;	/* swap, fs, results, lab-swap */
	const char *key;	/* the swapbench.* key it is given to */
	const char *spec;	/* what the key is set to */
	const char *text;
};
static const struct registry_disk registry_disks[] = {
	{ "swap", "part", "PARTUUID=5b0a5b0a-01", "partition 1 of qemu/mkdisks' disk.img (MBR label-id 0x5b0a5b0a)" },
	{ "fs", "fsdev", "LABEL=swapbench-fs", "the ext4 filesystem on partition 2, which holds the swapfile" },
	{ "results", "results", "LABEL=swapbench-res", "the results disk (swapbench-report init-disk --label)" },
	{ "lab-swap", "part", "LABEL=swapbench", "a lab PC's swap partition, labelled once on its first boot" },
	/* a LABEL needs a signature to match: a swap header, which mkswap rewrites with the same label */
	{ "pmem", "pmem", "LABEL=swapbench-pmem",
	  "qemu/mkdisks' pmem.img, a swap area with that label and no partition table, attached as virtio-pmem "
	  "when a backend is pmem" },
};
static const size_t registry_ndisks = sizeof(registry_disks) / sizeof(registry_disks[0]);

/* what every launcher's line starts with: the setup code's refusal of a CPU
 * the kernel was not built for, and what the kernel says before its console
 * starts, reach the serial line */
#define EARLY "earlyprintk=serial,ttyS0,115200"
struct registry_cmdline {
	const char *name;	/* the launcher: qemu, pxe, lava-qemu, lava-pc */
	const char *line;
	const char *who;	/* the script that starts from it */
};
static const struct registry_cmdline registry_cmdlines[] = {
	/* no_timer_check: the kernel's IO-APIC timer test waits a fixed number
	 * of TSC cycles for 4 ticks, and a guest starved by a busy host misses
	 * them and panics ("IO-APIC + timer doesn't work!"); QEMU's timer
	 * wiring is known good. panic=-1 with QEMU's -no-reboot: a panic ends
	 * QEMU at once. */
	{ "qemu", "console=ttyS0 " EARLY " panic=-1 no_timer_check swapbench.end=qemu", "qemu/run" },
	{ "pxe", "console=ttyS0,115200n8 " EARLY, "qemu/mkpxe" },
	{ "lava-qemu", "console=ttyS0 " EARLY " panic=-1 swapbench.end=halt", "lava/mkjobs" },
	{ "lava-pc", EARLY " panic=0 swapbench.end=halt", "lava/mkjobs" },
};
static const size_t registry_ncmdlines = sizeof(registry_cmdlines) / sizeof(registry_cmdlines[0]);

struct registry_limit {
	const char *name;
	unsigned long long value;
	const char *text;
};
static const struct registry_limit registry_limits[] = {
	{ "cmdline-bytes", 2047,
	  "the kernel command line a bzImage keeps when its boot header does not say (x86: COMMAND_LINE_SIZE - 1); "
	  "a launcher reads the real one with qemu/bzinfo --cmdline-size, longer lines are refused, not cut" },
	{ "pxelinux-append-bytes", 4095, "pxelinux cuts an APPEND line here" },
	/* measured, 1 run each: at 32 a lines run on the swapfile was oom */
	{ "mem-default-mib", 39,
	  "the smallest MEM at which fight (the default workload) and lines ran with the built kernel and 3 x MEM "
	  "of swap; the launchers name it when a MEM is too small" },
	{ "wall-clock-s", 3600,
	  "qemu/run's LIMIT when none is given: seconds a whole boot may take before it is stopped (status 124)" },
};
static const size_t registry_nlimits = sizeof(registry_limits) / sizeof(registry_limits[0]);

static void describe_keys(FILE *out)
{
	struct describe_rec r;
	static const char *const wls[] = WORKLOADS_NAMES;
	struct sb_config cfg;
	char line[CMD_VAL_MAX * 2], list[CMD_VAL_MAX];
	size_t n;

	cmdkeys_defaults(&cfg);
	for (size_t i = 0; i < cmdkeys_n; i++) {
		const struct key *k = &cmdkeys[i];
		const char *def = "";

		if (cmdkeys_show(&cfg, (int)i, line, sizeof(line)) == 0)
			def = strchr(line, '=') + 1;
		describe_begin(&r, "key", k->name);
		describe_field(&r, "kind", cmdkeys_kind_names[k->kind]);
		describe_field(&r, "default", def);
		switch (k->kind) {
		case K_UINT:
		case K_U64:
		case K_SIZE:
			describe_fieldf(&r, "min", "%llu", (unsigned long long)k->min);
			describe_fieldf(&r, "max", "%llu", (unsigned long long)k->max);
			break;
		case K_PCT:
			describe_fieldf(&r, "min", "%llu.%02llu", (unsigned long long)k->min / 100,
					(unsigned long long)k->min % 100);
			describe_fieldf(&r, "max", "%llu.%02llu", (unsigned long long)k->max / 100,
					(unsigned long long)k->max % 100);
			break;
		case K_BOOL:
			describe_field(&r, "values", "0,1");
			break;
		case K_ENUM:
		case K_LIST:
			n = 0;
			*list = 0;
			for (int v = 0; k->kind == K_ENUM ? k->names[v] != NULL : wls[v] != NULL; v++)
				n += (size_t)snprintf(list + n, n < sizeof(list) ? sizeof(list) - n : 0, "%s%s",
						      v ? "," : "", k->kind == K_ENUM ? k->names[v] : wls[v]);
			describe_field(&r, "values", list);
			if (k->kind == K_LIST)
				describe_fieldf(&r, "max-items", "%d", CMD_WORKLOADS_MAX);
			break;
		case K_BACKENDS:
			describe_fieldf(&r, "max-items", "%d", SWAPCONF_MAX);
			break;
		case K_STR:
		case K_NAME:
			describe_fieldf(&r, "max-bytes", "%d", k->kind == K_NAME ? CMD_NAME_MAX - 1 : CMD_VAL_MAX - 1);
			break;
		case K_ADDR:
			describe_field(&r, "form", "IPV4:PORT");
			break;
		}
		describe_field(&r, "text", k->help);
		fputs(describe_line(&r), out);
	}
	describe_begin(&r, "default-experiment", "until");
	describe_fieldf(&r, "until", "%u.%02u", DEFAULT_UNTIL_CP / 100, DEFAULT_UNTIL_CP % 100);
	describe_fieldf(&r, "runs", "%u", DEFAULT_MINRUNS);
	describe_fieldf(&r, "maxruns", "%u", DEFAULT_MAXRUNS);
	describe_fieldf(&r, "text", "when none of workloads, runs, order, backends, until is given: pairs "
			"until +-%u %%, at least %u and at most %u runs a backend", DEFAULT_UNTIL_CP / 100,
			DEFAULT_MINRUNS, DEFAULT_MAXRUNS);
	fputs(describe_line(&r), out);
	describe_begin(&r, "default-experiment", "maxruns");
	describe_fieldf(&r, "maxruns", "%u", UNTIL_DEFAULT_MAXRUNS);
	describe_field(&r, "text", "until given without maxruns: at most this many runs a backend");
	fputs(describe_line(&r), out);
}

#define WORKLOAD_LINE_(program, name, ...) { #program, name },

static void describe_workloads(FILE *out)
{
	struct describe_rec r;
	static const struct {
		const char *program, *name;
	} w[] = { WORKLOADS(WORKLOAD_LINE_) };

	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		int own = 0;	/* the program runs under its own name too: this one is an alias */

		for (size_t k = 0; k < sizeof(w) / sizeof(w[0]); k++)
			own |= !strcmp(w[k].name, w[i].program);
		describe_begin(&r, "workload", w[i].name);
		describe_field(&r, "program", w[i].program);
		if (own && strcmp(w[i].name, w[i].program))
			describe_field(&r, "alias", "1");
		fputs(describe_line(&r), out);
	}
}

/* lib/renames.h's rows, the old names refused: type=rename name=OLD kind=KIND new=NEW */
static void describe_renames(FILE *out)
{
	struct describe_rec r;
#define RENAME_LINE_(kind, old, new) { kind, old, new },
	static const struct {
		const char *kind, *old, *new_name;
	} rn[] = { RENAMES(RENAME_LINE_) };

	for (size_t i = 0; i < sizeof(rn) / sizeof(rn[0]); i++) {
		describe_begin(&r, "rename", rn[i].old);
		describe_field(&r, "kind", rn[i].kind);
		describe_field(&r, "new", rn[i].new_name);
		fputs(describe_line(&r), out);
	}
}

/* a record with one field beside its text */
static void describe_one(FILE *out, const char *type, const char *name, const char *key,
			 const char *value, const char *text)
{
	struct describe_rec r;

	describe_begin(&r, type, name);
	describe_field(&r, key, value);
	describe_field(&r, "text", text);
	fputs(describe_line(&r), out);
}

void registry_describe(FILE *out)
{
	struct describe_rec r;
	char v[64];

	snprintf(v, sizeof(v), "%d", REGISTRY_FORMAT);
	describe_one(out, "registry", "swapbench", "format", v,
		     "init --describe: what the image and its launchers share");
	describe_keys(out);
	describe_workloads(out);
	describe_renames(out);
	for (size_t i = 0; i < registry_nexits; i++) {
		snprintf(v, sizeof(v), "%d", registry_exits[i].status);
		describe_one(out, "exit", v, "word", registry_exits[i].word, registry_exits[i].text);
	}
	for (size_t i = 0; i < registry_ncmdlines; i++)
		describe_one(out, "cmdline", registry_cmdlines[i].name, "by", registry_cmdlines[i].who,
			     registry_cmdlines[i].line);
	for (size_t i = 0; i < registry_ndisks; i++) {
		describe_begin(&r, "disk", registry_disks[i].name);
		describe_fieldf(&r, "key", "swapbench.%s", registry_disks[i].key);
		describe_field(&r, "spec", registry_disks[i].spec);
		describe_field(&r, "text", registry_disks[i].text);
		fputs(describe_line(&r), out);
	}
	for (size_t i = 0; i < registry_nlimits; i++) {
		snprintf(v, sizeof(v), "%llu", registry_limits[i].value);
		describe_one(out, "limit", registry_limits[i].name, "value", v, registry_limits[i].text);
	}
	/* the one decision rule (report/stats/compare.c): an interval needs one degree of freedom */
	snprintf(v, sizeof(v), "%d", STATS_MIN_PAIRS_ORDERED);
	describe_one(out, "verdict", "paired", "min-runs", v, "pairs of runs of one round "
		     "(n - 2 degrees of freedom once the order effect is fitted)");
	snprintf(v, sizeof(v), "%d", STATS_MIN_SIDE);
	describe_one(out, "verdict", "unpaired", "min-runs", v, "runs a side Welch's interval needs");
	describe_one(out, "verdict", "boots", "min-runs", v, "boots a kernel, for an interval "
		     "over boot means (3 or more to tell a few percent)");
}
#endif
