/*
 * Fuzz target: init's kernel command-line parser. Any bytes are a command
 * line; the parser must never overrun its fixed buffers, and whatever it
 * accepts must be a configuration init can use without further checks.
 */
#include "init/config/cmdline.h"
#include "lib/size.h"
#include "lib/workloads.h"
#include "fuzz.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_ 4096	/* init reads /proc/cmdline into 4 KiB */

static const char *const workloads[] = WORKLOADS_NAMES;

static int terminated(const char *s, size_t size)
{
	return memchr(s, 0, size) != NULL;
}

static int name_ok(const char *s)
{
	size_t n = strlen(s);

	if (!n || n >= CMD_NAME_MAX)
		return 0;
	return strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_-") == n;
}

static int known(const char *wl)
{
	for (int i = 0; workloads[i]; i++)
		if (!strcmp(workloads[i], wl))
			return 1;
	return 0;
}

static void check_config(const struct sb_config *c)
{
	require(terminated(c->part, sizeof(c->part)) && terminated(c->fsdev, sizeof(c->fsdev)) &&
		terminated(c->file, sizeof(c->file)) && terminated(c->results, sizeof(c->results)) &&
		terminated(c->tag, sizeof(c->tag)), "string fields NUL-terminated");
	require(terminated(c->boot, sizeof(c->boot)) && (!c->boot[0] || name_ok(c->boot)),
		"boot id is a name");
	require(!c->tag[0] || name_ok(c->tag), "tag is a name");
	require(c->nworkloads >= 1 && c->nworkloads <= CMD_WORKLOADS_MAX, "1..8 workloads");
	for (int i = 0; i < c->nworkloads; i++)
		require(name_ok(c->workloads[i]), "workload names are names");
	require(c->runs >= 1 && c->runs <= 100000 && c->warmup <= 1000 && c->timeout_s >= 1 &&
		c->vmstat_s <= 3600, "numbers within their documented ranges");
	require(c->nconfs >= 1 && c->nconfs <= SWAPCONF_MAX, "1..8 swap configurations");
	for (int i = 0; i < c->nconfs; i++) {
		const struct sb_swapconf *sc = &c->conf[i];

		require(terminated(sc->name, sizeof(sc->name)) && sc->name[0] &&
			terminated(sc->comp, sizeof(sc->comp)) && terminated(sc->zpool, sizeof(sc->zpool)),
			"configuration names and compressors NUL-terminated");
		require((unsigned)sc->kind <= KIND_ZSWAP && (unsigned)sc->disk < BACKEND_COUNT,
			"configuration kinds and disks within range");
		require(sc->swappiness >= -1 && sc->swappiness <= 200 && sc->page_cluster >= -1 &&
			sc->page_cluster <= 10 && sc->mglru >= -1 && sc->mglru <= 1, "knobs within range");
		for (int k = 0; k < i; k++)
			require(strcmp(c->conf[k].name, sc->name), "configuration names distinct");
	}
	require((unsigned)c->order <= ORDER_RANDOM && (unsigned)c->create <= CREATE_ZERO &&
		(unsigned)c->end <= END_QEMU && !(c->force & ~1) && !(c->shell & ~1) &&
		!(c->quiet_kernel & ~1), "enums and booleans within range");
	require(!c->size || (c->size >= 40960 && c->size <= 1ULL << 40), "size from 40K to 1T");
	require(c->nparams >= 0 && c->nparams <= CMD_PARAMS_MAX, "at most 32 parameters");
	for (int i = 0; i < c->nparams; i++) {
		const struct sb_param *p = &c->params[i];

		require(terminated(p->value, sizeof(p->value)) && known(p->workload) && name_ok(p->name),
			"parameters name a known workload and a valid name");
		for (int k = 0; k < i; k++)
			require(strcmp(c->params[k].workload, p->workload) || strcmp(c->params[k].name, p->name),
				"a repeated parameter replaces the first, never adds one");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char line[LINE_MAX_ + 1];
	static struct sb_config cfg, again;
	static struct cmdline_msgs msgs;
	uint64_t v;
	int err, err2;

	if (size > LINE_MAX_)
		size = LINE_MAX_;
	memcpy(line, data, size);
	line[size] = 0;

	err = cmdline_parse(line, workloads, &cfg, &msgs);
	require(err == 0 || err == -EINVAL, "returns 0 or -EINVAL");
	require(terminated(msgs.error, sizeof(msgs.error)) && (!err || msgs.error[0]) && msgs.nwarn >= 0,
		"a failure comes with a message");
	for (int i = 0; i < msgs.nwarn && i < CMD_WARN_MAX; i++)
		require(terminated(msgs.warn[i], sizeof(msgs.warn[i])) && msgs.warn[i][0],
			"warnings are non-empty strings");
	if (!err)
		check_config(&cfg);
	/* same line, same answer: no state carried between calls */
	err2 = cmdline_parse(line, workloads, &again, &msgs);
	require(err2 == err && (err || !memcmp(&cfg, &again, sizeof(cfg))), "deterministic");
	/* end_machine() parses with no workload list: must not fail differently */
	require(err || cmdline_parse(line, NULL, &again, &msgs) == 0,
		"what init accepts, end_machine() parses too");
	if (size_parse(line, &v) == 0) {
		char text[32];
		uint64_t back;

		size_format(v, text, sizeof(text));
		require(size_parse(text, &back) == 0 && back == v, "a size reads back from its shortest form");
	}
	return 0;
}
