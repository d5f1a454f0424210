/*
 * swapbench-report: turns swapbench serial logs and results disks into CSV,
 * summaries, comparisons, plots and a Markdown report.
 */
#include "clockflag.h"
#include "cmd.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
"usage: swapbench-report COMMAND [OPTION]... ARG...\n"
"\n"
"Commands:\n"
"  csv [--wide] SOURCE...        one CSV row per run (header: source,line,boot,num,\n"
"                                workload,backend,iter,status,elapsed_s,...,kernel,tag,extra,\n"
"                                flag); --wide: each field of extra in its own column\n"
"  summary [--metric KEY] [--by backend|kernel|tag] SOURCE...\n"
"                                per workload and group: N, not ok, min, max, median,\n"
"                                mean, stddev, 95% CI of the mean (Student t), CV\n"
"  compare [--metric KEY] [--threshold PCT] [--bisect [--interim]] [--higher-better] A B\n"
"  compare ... --backends SOURCE...      A = partition runs, B = file runs\n"
"  compare ... --by kernel|tag SOURCE... A, B = the two kernels/tags, first seen is A\n"
"                                per workload (and backend): means, B/A-1 with its t interval\n"
"                                over the units (pairs of one round, order effect fitted;\n"
"                                boots when A and B ran in different boots; else runs), verdict\n"
"                                (\"B slower\"/\"B faster\" when the interval excludes 0, Holm\n"
"                                over the table, else \"no difference proven\"; \"no verdict\n"
"                                possible\" below 2 units a side), failures compared (Fisher)\n"
"  rank [--metric KEY] [--baseline NAME] [--higher-better] SOURCE...\n"
"                                every swap configuration (backend) against the baseline\n"
"                                (default partition) per workload: ranked by mean, B/A-1\n"
"                                with its interval (Holm over the table), verdict,\n"
"                                compression ratio and memory of zram and zswap\n"
"  md [--metric KEY] [--by G] [--plots DIR] SOURCE...\n"
"                                Markdown report; --plots also writes the plots to DIR\n"
"                                and links them as <workload>.svg (put report.md there)\n"
"  plot --out DIR [--metric KEY] [--by G] SOURCE...\n"
"                                DIR/<workload>.svg (runs by group: points, box, mean)\n"
"                                and DIR/<workload>-order.svg (metric by run order);\n"
"                                PNG too (the SVG rendered) when rsvg-convert is on PATH\n"
"  init-disk [--label NAME] [--size SIZE] [--force] FILE|DEV\n"
"                                write a results-disk header (and 4 KiB of zeros);\n"
"                                a new FILE is created with SIZE (default 16M); a target\n"
"                                that holds a signature or any data is refused without\n"
"                                --force; nothing is ever truncated\n"
"  calibrate [--metric KEY] SOURCE...\n"
"                                A/A noise floor (make calibrate): each workload's runs\n"
"                                on one backend split A B A B in run order; CV, the\n"
"                                verdict's false-positive rate, the smallest difference\n"
"                                detectable with 10, 20, 40 pairs\n"
"  kcidb [--metric KEY] SOURCE...\n"
"                                KernelCI database JSON (KCIDB schema v5.3): a build per\n"
"                                kernel, a test per run (ok DONE, oom/timeout FAIL,\n"
"                                error/killed ERROR; number = KEY), a test per\n"
"                                partition-file comparison with its verdict\n"
"  collect --listen ADDR:PORT --dir DIR [--machines N] [--max-conns N]\n"
"          [--max-machines N] [--max-log SIZE] [--idle SECONDS] [--key FILE]\n"
"                                receive the records of images booted with\n"
"                                swapbench.collect=ADDR:PORT: DIR/MAC-BOOT.log per machine\n"
"                                and boot (DIR reads as a folder of serial logs), progress\n"
"                                per machine on stdout, events in DIR/collector.events;\n"
"                                --machines N: exit once N machines have sent their totals;\n"
"                                --key FILE: frames keyed with FILE's first line, as\n"
"                                swapbench.collect.key= gives it (docs/lab-network.md)\n"
"                                (defaults: 64 machine connections, 256 machines, 64M a\n"
"                                log, idle connections closed after 300 s)\n"
"  help                          this text\n"
"\n"
"SOURCE is a serial log, a results disk (image or device, found by its magic) or a\n"
"directory (its results.disk if that carries the magic, else its serial.log).\n"
"KEY is any numeric result field, e.g. elapsed_s, majflt, pswpin or w.throughput\n"
"(default elapsed_s); only status=ok runs enter the statistics.\n"
"\n"
"A run is flagged when the clocksource changed during it, or when it timed something\n"
"(elapsed_s, w.*_s) shorter than 1000 steps of its boot's clock (clock_step_ns in the\n"
"boot's meta record, else clock_res_ns): a line on stderr says why, csv says it in its\n"
"flag column, and the run stays out of the statistics unless --flagged is given\n"
"(summary, compare, md, plot). Flags do not change the exit status.\n"
"\n"
"Damaged (checksum mismatch), truncated, malformed and duplicated records, boots\n"
"without a totals record and tests missing from a boot's plan are reported on stderr\n"
"as SOURCE:LINE: PROBLEM (lines of a results disk count from its data area) and are\n"
"never used.\n"
"\n"
"Exit status: 0 clean; 3 output printed but problems were reported; 2 usage or I/O\n"
"error. compare --bisect (for git bisect run): 0 good, 1 bad (worse beyond the\n"
"threshold, default 5%), 125 undecided (too few runs, noise, no data, unreadable\n"
"source), by a sequential rule it prints; --interim: more runs may follow, so only\n"
"a stricter bound says bad and noise says 125 (experiments/bisect-run boots again). Larger\n"
"values count as worse unless --higher-better.\n";

enum cmd_bit { C_CSV = 1, C_SUMMARY = 2, C_COMPARE = 4, C_MD = 8, C_PLOT = 16, C_INIT = 32,
	       C_CALIBRATE = 64, C_RANK = 128, C_KCIDB = 256,
	       C_COLLECT = 512 };

static const struct command {
	const char *name;
	unsigned bit;
	int (*run)(const struct opts *, int, char **);
} commands[] = {
	{ "csv", C_CSV, cmd_csv },
	{ "summary", C_SUMMARY, cmd_summary },
	{ "compare", C_COMPARE, cmd_compare },
	{ "rank", C_RANK, cmd_rank },
	{ "md", C_MD, cmd_md },
	{ "plot", C_PLOT, cmd_plot },
	{ "init-disk", C_INIT, cmd_init_disk },
	{ "calibrate", C_CALIBRATE, cmd_calibrate },
	{ "kcidb", C_KCIDB, cmd_kcidb },
	{ "collect", C_COLLECT, cmd_collect },
};

enum opt_id { O_METRIC, O_BY, O_THRESHOLD, O_BISECT, O_BACKENDS, O_HIGHER, O_PLOTS, O_OUT,
	      O_LABEL, O_SIZE, O_FORCE, O_FLAGGED, O_WIDE, O_INTERIM, O_BASELINE, O_LISTEN, O_DIR,
	      O_MACHINES, O_MAX_CONNS, O_MAX_MACHINES, O_MAX_LOG, O_IDLE, O_KEY };

static const struct option_def {
	const char *name;
	enum opt_id id;
	int has_arg;
	unsigned cmds;		/* commands that accept it */
} options[] = {
	{ "--metric", O_METRIC, 1, C_SUMMARY | C_COMPARE | C_MD | C_PLOT | C_CALIBRATE | C_RANK | C_KCIDB },
	{ "--by", O_BY, 1, C_SUMMARY | C_COMPARE | C_MD | C_PLOT },
	{ "--threshold", O_THRESHOLD, 1, C_COMPARE },
	{ "--bisect", O_BISECT, 0, C_COMPARE },
	{ "--interim", O_INTERIM, 0, C_COMPARE },
	{ "--backends", O_BACKENDS, 0, C_COMPARE },
	{ "--higher-better", O_HIGHER, 0, C_COMPARE | C_RANK },
	{ "--baseline", O_BASELINE, 1, C_RANK | C_MD },
	{ "--plots", O_PLOTS, 1, C_MD },
	{ "--out", O_OUT, 1, C_PLOT },
	{ "--label", O_LABEL, 1, C_INIT },
	{ "--size", O_SIZE, 1, C_INIT },
	{ "--force", O_FORCE, 0, C_INIT },
	{ "--wide", O_WIDE, 0, C_CSV },
	{ "--listen", O_LISTEN, 1, C_COLLECT },
	{ "--dir", O_DIR, 1, C_COLLECT },
	{ "--machines", O_MACHINES, 1, C_COLLECT },
	{ "--max-conns", O_MAX_CONNS, 1, C_COLLECT },
	{ "--max-machines", O_MAX_MACHINES, 1, C_COLLECT },
	{ "--max-log", O_MAX_LOG, 1, C_COLLECT },
	{ "--idle", O_IDLE, 1, C_COLLECT },
	{ "--key", O_KEY, 1, C_COLLECT },
	{ "--flagged", O_FLAGGED, 0, C_SUMMARY | C_COMPARE | C_MD | C_PLOT | C_CALIBRATE | C_RANK | C_KCIDB },
};

void usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap, "\nTry 'swapbench-report help'.\n");
	va_end(ap);
	exit(EXIT_USAGE);
}

void cmd_load(const struct opts *o, struct dataset *ds, int n, char **paths)
{
	ds->keep_flagged = o->flagged;
	for (int i = 0; i < n; i++)
		parse_source(ds, paths[i]);
	parse_finish(ds);
	parse_print_problems(ds, stderr, 0);
	clockflag_runs(ds, o->metric);
	clockflag_print(ds, stderr);
}

int cmd_exit_status(const struct dataset *ds)
{
	return ds->nprobs ? EXIT_PROBLEMS : EXIT_CLEAN;
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

/* A whole number from 1 to max, for an option's value. */
static unsigned count_arg(const char *opt, const char *arg, unsigned long max)
{
	char *end;
	unsigned long v = strtoul(arg, &end, 10);

	if (end == arg || *end || *arg == '-' || v < 1 || v > max)
		usage_error("%s: '%s' is not a whole number from 1 to %lu", opt, arg, max);
	return (unsigned)v;
}

static void set_option(struct opts *o, enum opt_id id, const char *arg)
{
	char *end;

	switch (id) {
	case O_METRIC:
		if (!metric_ok(arg))
			usage_error("--metric: '%s' is not a record key", arg);
		o->metric = arg;
		break;
	case O_BY:
		if (group_parse_by(arg) < 0)
			usage_error("--by: '%s' is not backend, kernel or tag", arg);
		o->by = (enum group_by)group_parse_by(arg);
		o->by_given = 1;
		break;
	case O_THRESHOLD:
		o->threshold = strtod(arg, &end);
		if (end == arg || (*end && strcmp(end, "%")) || !(o->threshold > 0) ||
		    o->threshold > 1000)
			usage_error("--threshold: '%s' is not a percentage above 0", arg);
		break;
	case O_BISECT: o->bisect = 1; break;
	case O_INTERIM: o->interim = 1; break;
	case O_BACKENDS: o->backends = 1; break;
	case O_HIGHER: o->higher_better = 1; break;
	case O_PLOTS: o->plots = arg; break;
	case O_OUT: o->out = arg; break;
	case O_LABEL: o->label = arg; break;
	case O_SIZE: o->size = arg; break;
	case O_FORCE: o->force = 1; break;
	case O_FLAGGED: o->flagged = 1; break;
	case O_WIDE: o->wide = 1; break;
	case O_BASELINE: o->baseline = arg; break;
	case O_LISTEN: o->listen = arg; break;
	case O_DIR: o->dir = arg; break;
	case O_MAX_LOG: o->max_log = arg; break;
	case O_MACHINES: o->machines = count_arg("--machines", arg, 100000); break;
	case O_MAX_CONNS: o->max_conns = count_arg("--max-conns", arg, 4096); break;
	case O_MAX_MACHINES: o->max_machines = count_arg("--max-machines", arg, 100000); break;
	case O_IDLE: o->idle_s = count_arg("--idle", arg, 86400); break;
	case O_KEY: o->key = arg; break;
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
		for (size_t k = 0; k < sizeof(options) / sizeof(options[0]); k++)
			if (strlen(options[k].name) == len && !strncmp(options[k].name, a, len))
				d = &options[k];
		if (!d)
			usage_error("%s: unknown option '%s'", c->name, a);
		if (!(d->cmds & c->bit))
			usage_error("%s: option %s does not apply to this command", c->name, d->name);
		if (d->has_arg) {
			if (eq)
				arg = eq + 1;
			else if (i + 1 < argc)
				arg = argv[++i];
			else
				usage_error("%s: option %s needs a value", c->name, d->name);
		} else if (eq) {
			usage_error("%s: option %s takes no value", c->name, d->name);
		}
		set_option(o, d->id, arg);
	}
	return n;
}

int main(int argc, char **argv)
{
	struct opts o = { .metric = "elapsed_s", .by = BY_BACKEND, .threshold = 5, .baseline = "partition" };
	const struct command *c = NULL;
	int n;

	if (argc < 2)
		usage_error("no command given");
	if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fputs(usage_text, stdout);
		return 0;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			c = &commands[i];
	if (!c)
		usage_error("unknown command '%s'", argv[1]);
	n = parse_options(c, &o, argc - 2, argv + 2);
	if (o.interim && !o.bisect)
		usage_error("--interim goes with --bisect");
	if (o.bisect)
		util_die_status = 125;
	return c->run(&o, n, argv + 2);
}
