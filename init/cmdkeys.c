#include "cmdkeys.h"

#include <stdio.h>
#include <string.h>

static const char *const order_names[] = { "alternate", "blocked", "random", NULL };
const char *const cmdline_create_names[] = { "fallocate", "zero", NULL };
static const char *const rotational_names[] = { "keep", "0", "1", NULL };
static const char *const end_names[] = { "poweroff", "reboot", "halt", "qemu", NULL };

#define F(field) offsetof(struct sb_config, field)
const struct key cmdline_keys[] = {
	{ "part", K_STR, F(part), 0, 0, NULL },
	{ "fsdev", K_STR, F(fsdev), 0, 0, NULL },
	{ "file", K_STR, F(file), 0, 0, NULL },
	{ "size", K_SIZE, F(size), 40960, 1ULL << 40, NULL },
	{ "create", K_ENUM, F(create), 0, 0, cmdline_create_names },
	{ "backends", K_BACKENDS, F(conf), 0, 0, NULL },
	{ "workloads", K_LIST, F(workloads), 0, 0, NULL },
	{ "runs", K_UINT, F(runs), 1, 100000, NULL },
	{ "warmup", K_UINT, F(warmup), 0, 1000, NULL },
	{ "order", K_ENUM, F(order), 0, 0, order_names },
	{ "seed", K_U64, F(seed), 0, UINT64_MAX, NULL },
	{ "timeout", K_UINT, F(timeout_s), 1, 7 * 86400, NULL },
	{ "vmstat", K_UINT, F(vmstat_s), 0, 3600, NULL },
	{ "results", K_STR, F(results), 0, 0, NULL },
	{ "force", K_BOOL, F(force), 0, 1, NULL },
	{ "flush", K_BOOL, F(flush), 0, 1, NULL },
	{ "shell", K_BOOL, F(shell), 0, 1, NULL },
	{ "end", K_ENUM, F(end), 0, 0, end_names },
	{ "quiet", K_BOOL, F(quiet_kernel), 0, 1, NULL },
	{ "tag", K_NAME, F(tag), 0, 0, NULL },
	{ "boot", K_NAME, F(boot), 0, 0, NULL },
	{ "until", K_PCT, F(until_cp), 1, 10000, NULL },
	{ "maxruns", K_UINT, F(maxruns), 2, 100000, NULL },
	{ "disk", K_NAME, F(disk), 0, 0, NULL },
	{ "rotational", K_ENUM, F(rotational), 0, 0, rotational_names },
	{ "diskctr", K_BOOL, F(diskctr), 0, 1, NULL },
};
#undef F
const size_t cmdline_nkeys = sizeof(cmdline_keys) / sizeof(cmdline_keys[0]);


void cmdline_defaults(struct sb_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	strcpy(cfg->file, "/swapbench.swap");
	cfg->flush = 1;
	cfg->create = CREATE_FALLOCATE;
	/* partition and file, each where it is designated (bench.c drops the other) */
	swapconf_parse("partition,file", cfg, NULL, 0);
	cfg->confs_given = 0;
	strcpy(cfg->workloads[0], "fight");
	cfg->nworkloads = 1;
	cfg->runs = 10;
	cfg->warmup = 1;
	cfg->order = ORDER_ALTERNATE;
	cfg->timeout_s = 600;
	cfg->end = END_HALT;	/* what power-off does on a kernel without ACPI or APM, as ours */
}

int cmdline_show(const struct sb_config *cfg, int i, char *out, size_t n)
{
	const struct key *k;
	const char *base;
	size_t len;

	if (i < 0 || (size_t)i >= cmdline_nkeys)
		return -1;
	k = &cmdline_keys[i];
	base = (const char *)cfg + k->off;
	/* unset: 0 where the parser takes no 0 (until, maxruns) prints nothing */
	if ((k->kind == K_PCT || k->kind == K_UINT) && k->min > 0 && !*(const unsigned *)(const void *)base)
		return 1;
	len = (size_t)snprintf(out, n, "%s=", k->name);
	switch (k->kind) {
	case K_STR:
	case K_NAME:
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
