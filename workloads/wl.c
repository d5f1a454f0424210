#include "workloads/wl.h"
#include "lib/describe.h"
#include "lib/version.h"
#include "lib/now.h"
#include "lib/size.h"
#include "lib/workloads.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *prog = "workload";

static void vmsg(const char *fmt, va_list ap, const char *tail)
{
	char msg[512];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	fprintf(stderr, "%s: %s%s%s\n", prog, msg, tail ? ": " : "", tail ? tail : "");
}

void wl_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap, NULL);
	va_end(ap);
	exit(WL_EXIT_FAIL);
}

void wl_die_errno(const char *fmt, ...)
{
	const char *err = strerror(errno);
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap, err);
	va_end(ap);
	exit(WL_EXIT_FAIL);
}

void wl_usage(const char *param, const char *value, const char *fmt, ...)
{
	char why[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	if (param)
		fprintf(stderr, "%s: %s=%s: %s\n", prog, param, value, why);
	else
		fprintf(stderr, "%s: %s: %s\n", prog, value, why);
	exit(WL_EXIT_USAGE);
}

static int wl_parse_uint(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return -EINVAL;
	for (; *s; s++) {
		unsigned d = (unsigned)(*s - '0');
		if (d > 9)
			return -EINVAL;
		if (v > (UINT64_MAX - d) / 10)
			return -ERANGE;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

static int wl_parse_ratio(const char *s, double *out)
{
	size_t whole = strspn(s, "0123456789"), frac = 0;

	if (s[whole] == '.')
		frac = strspn(s + whole + 1, "0123456789");
	if (whole + frac == 0 || whole > 15 || frac > 15 ||
	    s[whole + (s[whole] == '.') + frac] != '\0')
		return -EINVAL;
	*out = strtod(s, NULL);
	return 0;
}

static int name_ok(const char *s)
{
	size_t n = strlen(s);

	return n > 0 && n < 256 && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				       "0123456789._-") == n && strcmp(s, ".") && strcmp(s, "..");
}

static void range_text(const struct wl_param *p, char *buf, size_t size)
{
	char lo[24], hi[24];

	if (p->kind == WL_RATIO) {
		snprintf(buf, size, "%g..%g", p->min, p->max);
	} else if (p->kind == WL_UINT) {
		snprintf(buf, size, "%.0f..%.0f", p->min, p->max);
	} else {
		size_format((uint64_t)p->min, lo, sizeof(lo));
		size_format((uint64_t)p->max, hi, sizeof(hi));
		snprintf(buf, size, "%s..%s", lo, hi);
	}
}

static int in_range(const struct wl_param *p, double v)
{
	return v >= p->min && v <= p->max;
}

/* Stores value into p->val; exits with a usage error naming p if it is bad. */
static void set_param(const struct wl_param *p, const char *value)
{
	char range[64];
	uint64_t u;
	double d;

	range_text(p, range, sizeof(range));
	switch (p->kind) {
	case WL_UINT:
		if (wl_parse_uint(value, &u) || !in_range(p, (double)u))
			wl_usage(p->name, value, "not a whole number in %s", range);
		*(uint64_t *)p->val = u;
		break;
	case WL_SIZE:
		if (size_parse(value, &u) || !in_range(p, (double)u))
			wl_usage(p->name, value, "not a size in %s (K, M, G, T, or KiB...: powers of 1024)", range);
		*(uint64_t *)p->val = u;
		break;
	case WL_RATIO:
		if (wl_parse_ratio(value, &d) || !in_range(p, d))
			wl_usage(p->name, value, "not a decimal in %s", range);
		*(double *)p->val = d;
		break;
	case WL_SIZES: {
		struct wl_sizes *l = p->val;
		const char *s = value;
		char item[32];

		l->n = 0;
		l->text = value;
		for (;;) {
			size_t n = strcspn(s, ",");
			if (l->n == WL_LIST_MAX || n >= sizeof(item))
				wl_usage(p->name, value, "not a list of 1 to %d sizes in %s", WL_LIST_MAX, range);
			memcpy(item, s, n);
			item[n] = '\0';
			if (size_parse(item, &u) || !in_range(p, (double)u))
				wl_usage(p->name, value, "not a list of 1 to %d sizes in %s", WL_LIST_MAX, range);
			l->v[l->n++] = u;
			if (!s[n])
				break;
			s += n + 1;
		}
		break;
	}
	case WL_NAME:
		if (!name_ok(value))
			wl_usage(p->name, value, "not a file name ([A-Za-z0-9._-]+)");
		*(const char **)p->val = value;
		break;
	case WL_FILL: {
		struct wl_fill *f = p->val;

		if (!strcmp(value, "zero") || !strcmp(value, "same") || !strcmp(value, "random")) {
			f->kind = value[0] == 'z' ? WL_FILL_ZERO : value[0] == 's' ? WL_FILL_SAME : WL_FILL_RANDOM;
			f->ratio = f->kind == WL_FILL_RANDOM;
			break;
		}
		d = 3;
		if (strncmp(value, "text", 4) || (value[4] && (value[4] != ':' || wl_parse_ratio(value + 5, &d))) ||
		    d < 1.1 || d > 6)
			wl_usage(p->name, value, "zero, same, random, text or text:R (compressing about R:1 with lz4, R in 1.1..6)");
		f->kind = WL_FILL_TEXT;
		f->ratio = d;
		f->random_per_4k = wl_fill_random_bytes(d);
		break;
	}
	case WL_TEXT:
		for (const char *c = value; *c; c++)
			if ((unsigned char)*c < ' ' || *c == 0x7f)
				wl_usage(p->name, value, "holds a control character");
		*(const char **)p->val = value;
		break;
	}
}

static const char *const kind_names[] = { "whole number", "size", "decimal", "list of sizes", "file name", "text",
					   "zero, same, random, text or text:R" };

static void help(const struct wl_param *params, size_t nparams)
{
	char range[64];

	printf("usage: %s [--check|--prepare] [--PARAM=VALUE ...] | --describe | --version\n", prog);
	for (size_t i = 0; i < nparams; i++) {
		const struct wl_param *p = &params[i];
		range_text(p, range, sizeof(range));
		int words = p->kind == WL_NAME || p->kind == WL_TEXT || p->kind == WL_FILL;

		printf("  --%s=%s\t%s%s%s\n", p->name, p->def, kind_names[p->kind],
		       words ? "" : " in ", words ? "" : range);
	}
	exit(0);
}

/* init --describe: a "param" record (lib/describe.h) for each parameter */
static void describe(const struct wl_param *params, size_t nparams)
{
	static const char *const kinds[] = { "uint", "size", "ratio", "sizes", "name", "text", "fill" };
	struct describe_rec r;
	char range[64], name[96];

	for (size_t i = 0; i < nparams; i++) {
		const struct wl_param *p = &params[i];

		snprintf(name, sizeof(name), "%s.%s", prog, p->name);
		describe_begin(&r, "param", name);
		describe_field(&r, "kind", kinds[p->kind]);
		describe_field(&r, "default", p->def);
		if (p->kind == WL_UINT || p->kind == WL_SIZE || p->kind == WL_RATIO || p->kind == WL_SIZES) {
			range_text(p, range, sizeof(range));
			describe_field(&r, "range", range);
		} else if (p->kind == WL_FILL) {
			describe_field(&r, "values", "zero,same,random,text,text:R");
		}
		fputs(describe_line(&r), stdout);
	}
	exit(0);
}

#define ALIAS_(program, name, ...) { #program, name, "" __VA_ARGS__ },

const char *wl_alias(int argc, char **argv, const char *program, struct wl_param *params, size_t nparams)
{
	static const struct {
		const char *program, *name, *defaults;
	} all[] = { WORKLOADS(ALIAS_) };
	static char defs[256];
	const char *n = argc > 0 && argv[0] ? argv[0] : program, *slash = strrchr(n, '/');

	if (slash)
		n = slash + 1;
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		char *kv, *save;

		if (strcmp(all[i].program, program) || strcmp(all[i].name, n))
			continue;
		prog = all[i].name;
		snprintf(defs, sizeof(defs), "%s", all[i].defaults);
		for (kv = strtok_r(defs, " ", &save); kv; kv = strtok_r(NULL, " ", &save)) {
			char *eq = strchr(kv, '=');
			size_t k = 0;

			if (eq)
				*eq = 0;
			while (k < nparams && strcmp(params[k].name, kv))
				k++;
			if (!eq || k == nparams)
				wl_usage(kv, eq ? eq + 1 : "", "lib/workloads.h gives %s a default for no parameter of %s",
					 all[i].name, program);
			params[k].def = eq + 1;
		}
		return all[i].name;
	}
	return program;
}

enum wl_mode wl_parse(int argc, char **argv, const char *name,
		      const struct wl_param *params, size_t nparams)
{
	enum wl_mode mode = WL_RUN;
	int modes = 0;

	prog = name;
	for (size_t i = 0; i < nparams; i++)
		set_param(&params[i], params[i].def);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *eq;
		size_t n, k;

		if (!strcmp(a, "--check") || !strcmp(a, "--prepare")) {
			mode = a[2] == 'c' ? WL_CHECK : WL_PREPARE;
			if (modes++)
				wl_usage(NULL, a, "--check and --prepare go alone, once");
			continue;
		}
		if (!strcmp(a, "--help"))
			help(params, nparams);
		if (!strcmp(a, "--version"))
			exit(printf("%s %s\n", prog, version_string()) < 0 ? WL_EXIT_USAGE : 0);
		if (!strcmp(a, "--describe"))
			describe(params, nparams);
		eq = strchr(a, '=');
		if (strncmp(a, "--", 2) || !eq || eq == a + 2)
			wl_usage(NULL, a, "not --PARAM=VALUE, --check or --prepare");
		n = (size_t)(eq - a - 2);
		for (k = 0; k < nparams; k++)
			if (strlen(params[k].name) == n && !strncmp(params[k].name, a + 2, n))
				break;
		if (k == nparams) {
			char known[256] = "";
			for (size_t j = 0; j < nparams; j++)
				snprintf(known + strlen(known), sizeof(known) - strlen(known), "%s%s",
					 j ? ", " : "", params[j].name);
			fprintf(stderr, "%s: %.*s=%s: unknown parameter (known: %s)\n", prog, (int)n, a + 2,
				eq + 1, known);
			exit(WL_EXIT_USAGE);
		}
		set_param(&params[k], eq + 1);
	}
	return mode;
}

/* MemTotal in bytes, from SWAPBENCH_MEMTOTAL_KB or /proc/meminfo; dies if unknown. */
static uint64_t wl_memtotal(void)
{
	const char *env = getenv("SWAPBENCH_MEMTOTAL_KB");
	char line[128];
	uint64_t kb = 0;
	FILE *f;

	if (env && *env) {
		if (wl_parse_uint(env, &kb) || kb == 0 || kb > UINT64_MAX / 1024)
			wl_die("SWAPBENCH_MEMTOTAL_KB=%s: not a positive whole number", env);
		return kb * 1024;
	}
	f = fopen("/proc/meminfo", "r");
	if (!f)
		wl_die_errno("/proc/meminfo");
	while (fgets(line, sizeof(line), f)) {
		unsigned long long v;
		if (sscanf(line, "MemTotal: %llu kB", &v) == 1) {
			kb = v;
			break;
		}
	}
	fclose(f);
	if (!kb)
		wl_die("/proc/meminfo: no MemTotal line");
	return kb * 1024;
}

size_t wl_mem_share(double ratio, unsigned parts)
{
	double bytes = ratio * (double)wl_memtotal() / parts;

	/* Half the address space is more than a 32-bit process can map. */
	if (bytes >= (double)(SIZE_MAX / 2))
		wl_die("%.0f bytes do not fit this %u-bit address space", bytes,
		       (unsigned)(sizeof(void *) * 8));
	return bytes < 1 ? 1 : (size_t)bytes;
}

const char *wl_dir(void)
{
	const char *d = getenv("SWAPBENCH_DIR");

	return d && *d ? d : ".";
}

void wl_path(char *buf, size_t size, const char *file)
{
	if ((size_t)snprintf(buf, size, "%s/%s", wl_dir(), file) >= size)
		wl_die("%s/%s: path too long", wl_dir(), file);
}

uint64_t wl_now_ns(void)
{
	return (uint64_t)now_ns();
}

long wl_proc_kb(const char *path, const char *key)
{
	char line[128];
	size_t n = strlen(key);
	long kb = -1;
	const char *fake = getenv("SWAPBENCH_MEMINFO");
	FILE *f = fopen(fake && *fake && !strcmp(path, "/proc/meminfo") ? fake : path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':' && sscanf(line + n + 1, "%ld", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

double wl_now(void)
{
	return (double)wl_now_ns() / 1e9;
}
