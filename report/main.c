/*
 * swapbench-report: turns swapbench serial logs and results disks into CSV,
 * summaries, comparisons, plots and a Markdown report. Its commands and
 * options are the two tables below; parsing and `help` both read them
 * (the reference with the statistics: docs/report.md).
 */
#include "report/cmd/cmd.h"
#include "report/util/metrics.h"
#include "report/util/util.h"
#include "lib/reckeys.h"
#include "lib/version.h"
#include "report/cmd/calibrate.h"
#include "report/cmd/compare.h"
#include "report/cmd/initdisk.h"
#include "report/cmd/profile.h"
#include "report/cmd/rank.h"
#include "report/cmd/collect.h"
#include "report/cmd/csv.h"
#include "report/cmd/kcidb.h"
#include "report/cmd/md.h"
#include "report/cmd/html.h"
#include "report/cmd/plot.h"
#include "report/cmd/summary.h"
#include "report/cmd/fields.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum cmd_bit { C_CSV = 1, C_SUMMARY = 2, C_COMPARE = 4, C_MD = 8, C_PLOT = 16, C_INIT = 32,
	       C_CALIBRATE = 64, C_RANK = 128, C_KCIDB = 256, C_COLLECT = 512,
	       C_HTML = 1024, C_FIELDS = 2048, C_PROFILE = 4096 };

static const struct command {
	const char *name;
	unsigned bit;
	int (*run)(const struct opts *, int, char **);
	const char *operands;	/* for help: what follows the options */
	const char *help;	/* one line */
} commands[] = {
	{ "csv", C_CSV, cmd_csv, "SOURCE...", "one CSV row per run" },
	{ "summary", C_SUMMARY, cmd_summary, "SOURCE...",
	  "N, min, max, median, mean, 95% CI, CV per group" },
	{ "compare", C_COMPARE, cmd_compare, "A B | SOURCE...",
	  "B/A-1, its 95% t interval, a verdict" },
	{ "rank", C_RANK, cmd_rank, "SOURCE...", "every swap configuration against the baseline" },
	{ "md", C_MD, cmd_md, "SOURCE...", "a Markdown report" },
	{ "html", C_HTML, cmd_html, "SOURCE...", "the report as one page, pictures inline" },
	{ "plot", C_PLOT, cmd_plot, "SOURCE...", "DIR/<workload>.svg and <workload>-order.svg" },
	{ "init-disk", C_INIT, cmd_init_disk, "FILE|DEV", "write a results disk's header" },
	{ "calibrate", C_CALIBRATE, cmd_calibrate, "SOURCE...", "A/A noise floor of one backend's runs" },
	{ "kcidb", C_KCIDB, cmd_kcidb, "SOURCE...", "KernelCI database JSON (KCIDB v5.3)" },
	{ "collect", C_COLLECT, cmd_collect, "", "receive the records of images over TCP" },
	{ "fields", C_FIELDS, cmd_fields, "KIND KEYS SOURCE...", "chosen fields of KIND records, for scripts" },
	{ "profile", C_PROFILE, cmd_profile, "SOURCE...", "a DISK= profile from a boot's diskchar records" },
};

/* How an option's value is checked and stored in its field of struct opts. */
enum opt_kind {
	K_FLAG,		/* int, set to 1 */
	K_STRING,	/* const char *, as given */
	K_COUNT,	/* unsigned, a whole number from 1 to max */
	K_METRIC,	/* const char *, a record key's characters */
	K_GROUP,	/* enum group_by, and by_given */
	K_PERCENT,	/* double, above 0 and at most max, "%" allowed */
};

#define ANALYSE (C_SUMMARY | C_COMPARE | C_MD | C_HTML | C_PLOT | C_CALIBRATE | C_RANK | C_KCIDB)
#define FIELD(f) offsetof(struct opts, f)

static const struct option_def {
	const char *name;
	const char *arg;	/* its value's name in help; NULL: takes none */
	size_t field;		/* where it goes in struct opts */
	enum opt_kind kind;
	unsigned long max;	/* K_COUNT, K_PERCENT */
	unsigned cmds;		/* the commands that take it */
	const char *help;	/* one line */
} options[] = {
	{ "--metric", "KEY", FIELD(metric), K_METRIC, 0, ANALYSE,
	  "a numeric result field (default elapsed_s)" },
	{ "--flagged", NULL, FIELD(flagged), K_FLAG, 0, ANALYSE,
	  "use the runs flagged for their clock too" },
	{ "--by", "GROUP", FIELD(by), K_GROUP, 0, C_SUMMARY | C_COMPARE | C_MD | C_HTML | C_PLOT,
	  "backend (default), kernel or tag" },
	{ "--backends", NULL, FIELD(backends), K_FLAG, 0, C_COMPARE,
	  "A = the partition's runs, B = the file's" },
	{ "--threshold", "PCT", FIELD(threshold), K_PERCENT, 1000, C_COMPARE,
	  "--bisect: worse beyond PCT is bad (default 5%)" },
	{ "--bisect", NULL, FIELD(bisect), K_FLAG, 0, C_COMPARE,
	  "exit 0 good, 1 bad, 125 undecided (git bisect run)" },
	{ "--interim", NULL, FIELD(interim), K_FLAG, 0, C_COMPARE,
	  "--bisect: more runs may follow, noise says 125" },
	{ "--higher-better", NULL, FIELD(higher_better), K_FLAG, 0, C_COMPARE | C_RANK,
	  "larger values are better" },
	{ "--metrics", "KEY,...", FIELD(metrics), K_STRING, 0, C_COMPARE,
	  "several metrics in one table, Holm over all of it" },
	{ "--baseline", "NAME", FIELD(baseline), K_STRING, 0, C_RANK | C_MD | C_HTML,
	  "the one the others face (default partition)" },
	{ "--plots", "DIR", FIELD(plots), K_STRING, 0, C_MD, "also write the plots to DIR, linked" },
	{ "--out", "DIR", FIELD(out), K_STRING, 0, C_PLOT, "where the plots go (required)" },
	{ "--wide", NULL, FIELD(wide), K_FLAG, 0, C_CSV, "each field of extra in its own column" },
	{ "--where", "KEY=VALUE,...", FIELD(where), K_STRING, 0, C_FIELDS,
	  "only the records holding each of these values" },
	{ "--label", "NAME", FIELD(label), K_STRING, 0, C_INIT, "the disk's label" },
	{ "--size", "SIZE", FIELD(size), K_STRING, 0, C_INIT, "a new FILE's size (default 16M)" },
	{ "--force", NULL, FIELD(force), K_FLAG, 0, C_INIT, "write over a signature or data" },
	{ "--listen", "ADDR:PORT", FIELD(listen), K_STRING, 0, C_COLLECT,
	  "where to listen (required)" },
	{ "--dir", "DIR", FIELD(dir), K_STRING, 0, C_COLLECT,
	  "DIR/MAC-BOOT.log per machine and boot (required)" },
	{ "--machines", "N", FIELD(machines), K_COUNT, 100000, C_COLLECT,
	  "exit once N boots sent their totals" },
	{ "--max-conns", "N", FIELD(max_conns), K_COUNT, 4096, C_COLLECT,
	  "connections at once (default 64)" },
	{ "--max-machines", "N", FIELD(max_machines), K_COUNT, 100000, C_COLLECT,
	  "machine logs in all, one a boot (default 256)" },
	{ "--max-log", "SIZE", FIELD(max_log), K_STRING, 0, C_COLLECT, "bytes a log (default 64M)" },
	{ "--idle", "SECONDS", FIELD(idle_s), K_COUNT, 86400, C_COLLECT,
	  "close a connection idle that long (default 300)" },
	{ "--html", NULL, FIELD(html), K_FLAG, 0, C_COLLECT,
	  "keep DIR/index.html, the lab's page, up to date" },
	{ "--key", "FILE", FIELD(key), K_STRING, 0, C_COLLECT,
	  "the shared key: frames without its MAC are refused" },
};

static const char usage_tail[] =
"\n"
"SOURCE: a serial log, results disk or directory. Exit status: 0 clean, 3 output\n"
"and problems (stderr: SOURCE:LINE: ...); 2 usage or I/O; --bisect: 0, 1 or 125.\n";

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* One line: HEAD padded to a column, then TEXT; TEXT on a line of its own when it does not fit. */
static void usage_line(FILE *out, int indent, const char *head, const char *text)
{
	int n = fprintf(out, "%*s%s", indent, "", head);

	if (n + 2 + (int)strlen(text) > 79 || n >= 29)
		fprintf(out, "\n%29s%s\n", "", text);
	else
		fprintf(out, "%*s%s\n", 29 - n, "", text);
}

static void option_head(char *buf, size_t size, const struct option_def *d)
{
	snprintf(buf, size, "%s%s%s", d->name, d->arg ? " " : "", d->arg ? d->arg : "");
}

/* help: each command with its own options, then the options several take. */
static void usage_print(FILE *out)
{
	char head[64], text[160];

	fputs("usage: swapbench-report COMMAND [OPTION]... OPERAND...\n\n", out);
	for (size_t i = 0; i < NELEM(commands); i++) {
		snprintf(head, sizeof(head), "%s %s", commands[i].name, commands[i].operands);
		usage_line(out, 2, head, commands[i].help);
		for (size_t k = 0; k < NELEM(options); k++)
			if (options[k].cmds == commands[i].bit) {
				option_head(head, sizeof(head), &options[k]);
				usage_line(out, 4, head, options[k].help);
			}
	}
	usage_line(out, 2, "help [COMMAND]", "this text, or one command's; --version: the build's");
	fputs("Options of several commands, under the commands that take them:\n", out);
	for (size_t k = 0; k < NELEM(options); k++) {
		const struct option_def *d = &options[k];
		size_t n = 0;

		if (!(d->cmds & (d->cmds - 1)))
			continue;
		if (!k || d->cmds != options[k - 1].cmds) {
			for (size_t i = 0; i < NELEM(commands) && n < sizeof(text); i++)
				if (d->cmds & commands[i].bit)
					n += (size_t)snprintf(text + n, sizeof(text) - n, "%s%s",
							      n ? " " : "", commands[i].name);
			fprintf(out, "  %s:\n", text);
		}
		option_head(head, sizeof(head), d);
		usage_line(out, 4, head, d->help);
	}
	fputs(usage_tail, out);
}

/* CMD --help (or help CMD): the command, what it does and every option it takes. */
static void command_usage(FILE *out, const struct command *c)
{
	char head[64];

	fprintf(out, "usage: swapbench-report %s [OPTION]... %s\n%s\n", c->name, c->operands, c->help);
	for (size_t k = 0; k < NELEM(options); k++)
		if (options[k].cmds & c->bit) {
			option_head(head, sizeof(head), &options[k]);
			usage_line(out, 2, head, options[k].help);
		}
	usage_line(out, 2, "--help", "this text");
	fputs(usage_tail, out);
}

static const struct command *command_find(const char *name)
{
	for (size_t i = 0; i < NELEM(commands); i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

/* Whether ARGV (a command's words) asks for its help before any "--". */
static int wants_help(int argc, char **argv)
{
	for (int i = 0; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return 1;
	return 0;
}

static int metric_ok(const char *m)
{
	if (!*m)
		return 0;
	for (; *m; m++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-", *m))
			return 0;
	return 1;
}

/* Checks ARG as D's kind says and stores it in D's field of O. */
static void set_option(struct opts *o, const struct option_def *d, const char *arg)
{
	char *field = (char *)o + d->field, *end;
	unsigned long v;
	double pct;

	switch (d->kind) {
	case K_FLAG:
		*(int *)field = 1;
		break;
	case K_STRING:
		*(const char **)field = arg;
		break;
	case K_COUNT:
		v = strtoul(arg, &end, 10);
		if (end == arg || *end || *arg == '-' || v < 1 || v > d->max)
			cmd_usage_error("%s: '%s' is not a whole number from 1 to %lu", d->name, arg, d->max);
		*(unsigned *)field = (unsigned)v;
		break;
	case K_METRIC:
		if (!metric_ok(arg))
			cmd_usage_error("%s: '%s' is not a record key", d->name, arg);
		/* a name the report knows (throughput, free_latency) is its key */
		*(const char **)field = metric_key(arg);
		o->higher_better |= metric_higher_better(*(const char **)field);
		break;
	case K_GROUP:
		if (group_parse_by(arg) < 0)
			cmd_usage_error("%s: '%s' is not backend, kernel or tag", d->name, arg);
		*(enum group_by *)field = (enum group_by)group_parse_by(arg);
		o->by_given = 1;
		break;
	case K_PERCENT:
		pct = strtod(arg, &end);
		if (end == arg || (*end && strcmp(end, "%")) || !(pct > 0) || pct > (double)d->max)
			cmd_usage_error("%s: '%s' is not a percentage above 0", d->name, arg);
		*(double *)field = pct;
		break;
	}
}

/* Moves options out of argv; what is left are the command's operands. */
static int parse_options(const struct command *c, struct opts *o, int argc, char **argv)
{
	int n = 0, operands_only = 0;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *eq, *arg = NULL;
		const struct option_def *d = NULL;
		size_t len;

		if (operands_only || a[0] != '-' || !a[1]) {
			argv[n++] = argv[i];
			continue;
		}
		if (!strcmp(a, "--")) {
			operands_only = 1;
			continue;
		}
		eq = strchr(a, '=');
		len = eq ? (size_t)(eq - a) : strlen(a);
		for (size_t k = 0; k < NELEM(options); k++)
			if (strlen(options[k].name) == len && !strncmp(options[k].name, a, len))
				d = &options[k];
		if (!d)
			cmd_usage_error("%s: unknown option '%s'", c->name, a);
		if (!(d->cmds & c->bit))
			cmd_usage_error("%s: option %s does not apply to this command", c->name, d->name);
		if (d->arg) {
			if (eq)
				arg = eq + 1;
			else if (i + 1 < argc)
				arg = argv[++i];
			else
				cmd_usage_error("%s: option %s needs a value", c->name, d->name);
		} else if (eq) {
			cmd_usage_error("%s: option %s takes no value", c->name, d->name);
		}
		set_option(o, d, arg);
	}
	return n;
}

int main(int argc, char **argv)
{
	struct opts o = { .metric = RK_ELAPSED_S, .by = BY_BACKEND, .threshold = 5, .baseline = "partition" };
	const struct command *c = NULL;
	int n;

	if (argc < 2)
		cmd_usage_error("no command given");
	if (!strcmp(argv[1], "--version"))
		return printf("%s %s\n", "swapbench-report", version_string()) < 0 ? 2 : 0;
	if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		if (argc > 2 && !strcmp(argv[1], "help")) {
			if (!(c = command_find(argv[2])))
				cmd_usage_error("help: unknown command '%s'", argv[2]);
			command_usage(stdout, c);
		} else {
			usage_print(stdout);
		}
		return 0;
	}
	if (!(c = command_find(argv[1])))
		cmd_usage_error("unknown command '%s'", argv[1]);
	if (wants_help(argc - 2, argv + 2)) {
		command_usage(stdout, c);
		return 0;
	}
	n = parse_options(c, &o, argc - 2, argv + 2);
	if (o.interim && !o.bisect)
		cmd_usage_error("--interim goes with --bisect");
	if (o.bisect)
		util_die_status = 125;
	return c->run(&o, n, argv + 2);
}
