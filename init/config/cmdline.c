#include "init/config/cmdkeys.h"
#include "init/sys/errmsg.h"
#include "lib/wire.h"
#include "lib/renames.h"
#include "lib/suggest.h"
#include "lib/size.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define PREFIX "swapbench."

/* A value the parser refuses: its line in m->error, -EINVAL */
#define fail(m, ...) errmsg_why(-EINVAL, (m)->error, sizeof((m)->error), __VA_ARGS__)

__attribute__((format(printf, 2, 3)))
static void warn(struct cmdline_msgs *m, const char *fmt, ...)
{
	va_list ap;

	if (m->nwarn < CMD_WARN_MAX) {
		va_start(ap, fmt);
		vsnprintf(m->warn[m->nwarn], sizeof(m->warn[0]), fmt, ap);
		va_end(ap);
	}
	m->nwarn++;
}

static int parse_u64(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		if (v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	*out = v;
	return 0;
}

static int name_ok(const char *s, size_t n)
{
	if (!n || n >= CMD_NAME_MAX)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
		      s[i] == '_' || s[i] == '-'))
			return 0;
	return 1;
}

static int enum_index(const char *const *names, const char *v)
{
	for (int i = 0; names[i]; i++)
		if (!strcmp(names[i], v))
			return i;
	return -1;
}

static void join(char *out, size_t size, const char *const *names)
{
	out[0] = 0;
	for (int i = 0; names[i]; i++) {
		if (i)
			strncat(out, "|", size - strlen(out) - 1);
		strncat(out, names[i], size - strlen(out) - 1);
	}
}

static int set_list(struct sb_config *cfg, const char *v, struct cmdline_msgs *m)
{
	int n = 0;

	for (const char *p = v;; p++) {
		const char *e = p;

		while (*e && *e != ',')
			e++;
		if (!name_ok(p, (size_t)(e - p)))
			return fail(m, "swapbench.workloads: bad workload name '%.*s'", (int)(e - p), p);
		if (n == CMD_WORKLOADS_MAX)
			return fail(m, "swapbench.workloads: more than %d workloads", CMD_WORKLOADS_MAX);
		memcpy(cfg->workloads[n], p, (size_t)(e - p));
		cfg->workloads[n++][e - p] = 0;
		if (!*e)
			break;
		p = e;
	}
	cfg->nworkloads = n;
	return 0;
}

static int set_backends(struct sb_config *cfg, const char *v, struct cmdline_msgs *m)
{
	if (swapconf_parse(v, cfg->conf, &cfg->nconfs, m->error, sizeof(m->error)) < 0)
		return -EINVAL;
	cfg->confs_given = 1;
	return 0;
}

static int set_key(struct sb_config *cfg, const struct key *k, const char *v, struct cmdline_msgs *m)
{
	char *base = (char *)cfg + k->off;
	uint64_t u;
	int i;

	switch (k->kind) {
	case K_STR:
		if (!*v)
			return fail(m, "swapbench.%s: empty value", k->name);
		strcpy(base, v);
		return 0;
	case K_ADDR: {
		unsigned char ip[4];
		unsigned port;

		if (wire_parse_addr(v, ip, &port) < 0 || strlen(v) >= 24)
			return fail(m, "swapbench.%s=%s: not IPV4:PORT (a dotted address and a port 1-65535: 10.0.2.2:5555)",
				    k->name, v);
		strcpy(base, v);
		return 0;
	}
	case K_NAME:
		if (!name_ok(v, strlen(v)))
			return fail(m, "swapbench.%s=%s: use 1-%d of a-z 0-9 _ -", k->name, v, CMD_NAME_MAX - 1);
		strcpy(base, v);
		return 0;
	case K_UINT:
	case K_U64:
	case K_BOOL:
		if (parse_u64(v, &u) < 0 || u < k->min || u > k->max)
			return fail(m, "swapbench.%s=%s: not a whole number in %llu..%llu", k->name, v,
				    (unsigned long long)k->min, (unsigned long long)k->max);
		if (k->kind == K_U64)
			*(uint64_t *)(void *)base = u;
		else if (k->kind == K_BOOL)
			*(int *)(void *)base = (int)u;
		else
			*(unsigned *)(void *)base = (unsigned)u;
		return 0;
	case K_SIZE:
		if (size_parse(v, &u) < 0 || u < k->min || u > k->max)
			return fail(m, "swapbench.%s=%s: not a size from 40K to 1T (e.g. 64M)", k->name, v);
		*(uint64_t *)(void *)base = u;
		return 0;
	case K_ENUM:
		i = enum_index(k->names, v);
		if (i < 0) {
			char choices[80];

			join(choices, sizeof(choices), k->names);
			return fail(m, "swapbench.%s=%s: expected one of %s", k->name, v, choices);
		}
		*(int *)(void *)base = i;
		if (k->names == cmdkeys_create_names)
			cfg->create_forced = 1;
		return 0;
	case K_PCT: {
		/* "5", "2.5", "0.25": a percentage with up to two decimals, kept in hundredths */
		const char *dot = strchr(v, '.');
		char whole[12] = "";
		uint64_t frac = 0;
		size_t nd = dot ? strlen(dot + 1) : 0;

		if ((dot ? (size_t)(dot - v) : strlen(v)) < sizeof(whole))
			memcpy(whole, v, dot ? (size_t)(dot - v) : strlen(v));
		if (parse_u64(whole, &u) < 0 || nd > 2 || (dot && parse_u64(dot + 1, &frac) < 0) ||
		    u > k->max / 100 || u * 100 + frac * (nd == 1 ? 10 : 1) < k->min ||
		    u * 100 + frac * (nd == 1 ? 10 : 1) > k->max)
			return fail(m, "swapbench.%s=%s: not a percentage from 0.01 to 100 (e.g. 5 or 2.5)",
				    k->name, v);
		*(unsigned *)(void *)base = (unsigned)(u * 100 + frac * (nd == 1 ? 10 : 1));
		return 0;
	}
	case K_LIST:
		return set_list(cfg, v, m);
	case K_BACKENDS:
		return set_backends(cfg, v, m);
	}
	return fail(m, "swapbench.%s: internal error", k->name);
}

static int set_param(struct sb_config *cfg, const char *wl, size_t wln, const char *name,
		     const char *v, struct cmdline_msgs *m)
{
	struct sb_param *p = NULL;

	if (!name_ok(name, strlen(name)))
		return fail(m, "swapbench.%.*s.%s: bad parameter name", (int)wln, wl, name);
	for (int i = 0; i < cfg->nparams; i++)
		if (!strncmp(cfg->params[i].workload, wl, wln) && !cfg->params[i].workload[wln] &&
		    !strcmp(cfg->params[i].name, name)) {
			warn(m, "swapbench.%.*s.%s given twice: using the last value", (int)wln, wl, name);
			p = &cfg->params[i];
		}
	if (!p) {
		if (cfg->nparams == CMD_PARAMS_MAX)
			return fail(m, "more than %d workload parameters", CMD_PARAMS_MAX);
		p = &cfg->params[cfg->nparams++];
	}
	memcpy(p->workload, wl, wln);
	p->workload[wln] = 0;
	strcpy(p->name, name);
	strcpy(p->value, v);
	return 0;
}

static int known(const char *const *list, const char *s, size_t n)
{
	for (; list && *list; list++)
		if (strlen(*list) == n && !strncmp(*list, s, n))
			return 1;
	return 0;
}

/* An unknown key: a warning with the closest known key, if one is close. */
static int unknown(struct cmdline_msgs *m, const char *const *wls, const char *key, size_t klen,
		   const char *dot)
{
	struct suggest s;
	char hint[CMD_NAME_MAX * 2 + 40] = "";

	suggest_init(&s);
	if (dot) {
		size_t n = (size_t)(dot - key);

		for (; wls && *wls; wls++)
			suggest_try(&s, key, n, *wls);
		if (suggest_best(&s, n))
			snprintf(hint, sizeof(hint), " (did you mean swapbench.%s%.*s?)", s.best,
				 (int)(klen - n > CMD_NAME_MAX ? CMD_NAME_MAX : klen - n), dot);
	} else {
		for (size_t i = 0; i < cmdkeys_n; i++)
			suggest_try(&s, key, klen, cmdkeys[i].name);
		if (suggest_best(&s, klen))
			snprintf(hint, sizeof(hint), " (did you mean swapbench.%s?)", s.best);
	}
	if (!m->nunknown++)
		snprintf(m->unknown, sizeof(m->unknown), "unknown key swapbench.%.*s%s", (int)klen, key, hint);
	warn(m, "unknown key swapbench.%.*s ignored%s", (int)klen, key, hint);
	return 0;
}

/* One "key=value" token (quotes already removed). */
static int take(const char *tok, const char *const *wls, struct sb_config *cfg,
		struct cmdline_msgs *m, cmdkeys_mask *seen)
{
	const char *eq = strchr(tok, '='), *key = tok + strlen(PREFIX);
	const char *v = eq ? eq + 1 : "";
	size_t klen = eq ? (size_t)(eq - key) : strlen(key);

	if (strlen(v) >= CMD_VAL_MAX)
		return fail(m, "%.*s: value too long (%zu bytes, limit %d)", (int)(klen + strlen(PREFIX)), tok,
			    strlen(v), CMD_VAL_MAX - 1);
	for (size_t i = 0; i < cmdkeys_n; i++) {
		if (strlen(cmdkeys[i].name) != klen || strncmp(cmdkeys[i].name, key, klen))
			continue;
		if (!eq)
			return fail(m, "swapbench.%s: needs a value (swapbench.%s=...)", cmdkeys[i].name, cmdkeys[i].name);
		if (*seen & ((cmdkeys_mask)1 << i))
			warn(m, "swapbench.%s given twice: using the last value (%s)", cmdkeys[i].name, v);
		*seen |= (cmdkeys_mask)1 << i;
		return set_key(cfg, &cmdkeys[i], v, m);
	}
	const char *dot = memchr(key, '.', klen);
	const char *renamed = dot ? renames_new("workload", key, (size_t)(dot - key)) : NULL;

	if (renamed)
		return fail(m, "swapbench.%.*s: the workload %.*s is now %s (swapbench.%s%.*s); the old name is refused",
			    (int)klen, key, (int)(dot - key), key, renamed, renamed, (int)(klen - (size_t)(dot - key)), dot);
	if (dot && known(wls, key, (size_t)(dot - key))) {
		char name[CMD_NAME_MAX + 1];
		size_t n = klen - (size_t)(dot - key) - 1;

		if (!eq)
			return fail(m, "swapbench.%.*s: needs a value", (int)klen, key);
		if (n > CMD_NAME_MAX)
			return fail(m, "swapbench.%.*s: parameter name too long", (int)klen, key);
		memcpy(name, dot + 1, n);
		name[n] = 0;
		return set_param(cfg, key, (size_t)(dot - key), name, v, m);
	}
	return unknown(m, wls, key, klen, dot);
}

/* With a list of known workloads, every one named must be on it. */
static int check_workloads(const struct sb_config *cfg, const char *const *wls, struct cmdline_msgs *m)
{
	char have[CMD_WORKLOADS_MAX * CMD_NAME_MAX] = "", hint[CMD_NAME_MAX + 20] = "";
	struct suggest s;

	for (int i = 0; wls && i < cfg->nworkloads; i++) {
		const char *w = cfg->workloads[i], *renamed;

		if (known(wls, w, strlen(w)))
			continue;
		if ((renamed = renames_new("workload", w, strlen(w))))
			return fail(m, "swapbench.workloads: the workload %s is now %s; the old name is refused", w,
				    renamed);
		suggest_init(&s);
		for (int k = 0; wls[k]; k++) {
			suggest_try(&s, w, strlen(w), wls[k]);
			snprintf(have + strlen(have), sizeof(have) - strlen(have), " %s", wls[k]);
		}
		if (suggest_best(&s, strlen(w)))
			snprintf(hint, sizeof(hint), "did you mean %s? ", s.best);
		return fail(m, "swapbench.workloads: unknown workload '%s' (%sthis image has:%s)", w, hint, have);
	}
	return 0;
}

/* A disk profile's old name (lib/renames.h) is refused, naming the new one. */
static int check_disk(const struct sb_config *cfg, struct cmdline_msgs *m)
{
	const char *renamed = renames_new("disk", cfg->disk, strlen(cfg->disk));

	if (renamed)
		return fail(m, "swapbench.disk: the disk %s is now %s (DISK=%s); the old name is refused", cfg->disk,
			    renamed, renamed);
	return 0;
}

/* Whether the command line gave swapbench.NAME: keys are found by name, never by row. */
static int given(cmdkeys_mask seen, const char *name)
{
	for (size_t i = 0; i < cmdkeys_n; i++)
		if (!strcmp(cmdkeys[i].name, name))
			return (seen >> i) & 1;
	return 0;
}

/*
 * The default experiment runs until it is precise (DEFAULT_UNTIL_CP, at
 * least DEFAULT_MINRUNS, at most DEFAULT_MAXRUNS pairs); a command line
 * that names the experiment gets exactly what it names.
 */
static int names_experiment(cmdkeys_mask seen)
{
	static const char *const keys[] = { "workloads", "runs", "order", "backends", "until" };

	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		if (given(seen, keys[k]))
			return 1;
	return 0;
}

int cmdline_parse(const char *cmdline, const char *const *wls, struct sb_config *cfg,
		  struct cmdline_msgs *msgs)
{
	char tok[CMD_VAL_MAX + 128];
	const char *p = cmdline;
	char first[CMD_MSG_MAX];
	cmdkeys_mask seen = 0;
	int err = 0;

	cmdkeys_defaults(cfg);
	memset(msgs, 0, sizeof(*msgs));
	while (*p) {
		size_t n = 0, len = 0;
		int quoted = 0;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		/* As the kernel's next_arg(): quotes group, and are dropped. */
		for (; *p && (quoted || (*p != ' ' && *p != '\t' && *p != '\n')); p++, len++) {
			if (*p == '"')
				quoted = !quoted;
			else if (n < sizeof(tok) - 1)
				tok[n++] = *p;
		}
		tok[n] = 0;
		if (n < strlen(PREFIX) || memcmp(tok, PREFIX, strlen(PREFIX)))
			continue;
		int e;

		if (quoted) {
			e = fail(msgs, "%.40s...: unterminated quote", tok);
		} else if (n == sizeof(tok) - 1) {
			const char *eq = strchr(tok, '=');

			e = fail(msgs, "%.*s: value too long (%zu bytes, limit %d)",
				 eq ? (int)(eq - tok) : 40, tok, len, CMD_VAL_MAX - 1);
		} else {
			e = take(tok, wls, cfg, msgs, &seen);
		}
		/* keep going: the valid keys still count (pid1 needs swapbench.end) */
		if (e && !err) {
			err = e;
			memcpy(first, msgs->error, sizeof(first));
		}
	}
	if (err)
		memcpy(msgs->error, first, sizeof(first));
	else if (!(err = check_workloads(cfg, wls, msgs)))
		err = check_disk(cfg, msgs);
	if (err)
		return err;
	if (!cfg->until_cp && !names_experiment(seen)) {
		cfg->until_cp = DEFAULT_UNTIL_CP;
		cfg->runs = DEFAULT_MINRUNS;
		cfg->maxruns = cfg->maxruns ? cfg->maxruns : DEFAULT_MAXRUNS;
	}
	if (cfg->order != ORDER_RANDOM && given(seen, "seed"))
		warn(msgs, "swapbench.seed has no effect unless swapbench.order=random");
	if (!cfg->until_cp && given(seen, "maxruns"))
		warn(msgs, "swapbench.maxruns has no effect without swapbench.until");
	if (cfg->until_cp) {
		if (cfg->order != ORDER_ALTERNATE)
			return fail(msgs, "swapbench.until needs swapbench.order=alternate: it stops on "
				    "the CI of pairs of neighbouring runs");
		if (!cfg->maxruns)
			cfg->maxruns = cfg->runs > UNTIL_DEFAULT_MAXRUNS ? cfg->runs : UNTIL_DEFAULT_MAXRUNS;
		if (cfg->maxruns < cfg->runs)
			return fail(msgs, "swapbench.maxruns=%u is below swapbench.runs=%u (the least "
				    "runs a backend before swapbench.until may stop)", cfg->maxruns, cfg->runs);
	}
	return 0;
}
