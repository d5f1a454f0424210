#ifndef SB_CMDKEYS_H
#define SB_CMDKEYS_H
/*
 * The swapbench.* keys, one table: what each key sets and how its value
 * reads. Private to the command-line module: cmdline.c parses with it,
 * cmdkeys.c holds it with the defaults and prints a configuration back.
 * A new key is one more row in cmdkeys[].
 */
#include "init/config/cmdline.h"

#include <stddef.h>
#include <stdint.h>

enum kind { K_STR, K_NAME, K_UINT, K_U64, K_SIZE, K_BOOL, K_ENUM, K_LIST, K_BACKENDS, K_PCT, K_ADDR };

struct key {
	const char *name;
	enum kind kind;
	size_t off;
	uint64_t min, max;		/* numbers */
	const char *const *names;	/* K_ENUM choices, index = value */
	const char *help;		/* what it sets: init --describe, docs/reference.md */
};
/* The words are for the host's init --describe: the image (SB_IMAGE) leaves them out */
#ifdef SB_IMAGE
#define KEY_HELP(text) NULL
#else
#define KEY_HELP(text) text
#endif

extern const struct key cmdkeys[];
extern const size_t cmdkeys_n;
/* which keys of cmdkeys[] a command line gave, bit i for row i */
typedef uint64_t cmdkeys_mask;
#define CMDKEYS_MAX (8 * sizeof(cmdkeys_mask))
extern const char *const cmdkeys_create_names[];
/* swapbench.sched: "default" (the kernel's choice), then the schedulers by name */
extern const char *const cmdkeys_sched_names[];
/* swapbench.diskq: "default" (the profile's queue), "on", "off" (DMDISK_QUEUE_*) */
extern const char *const cmdkeys_diskq_names[];
/* "uint", "choice", ...: a kind as init --describe names it */
extern const char *const cmdkeys_kind_names[];
/* every key's default */
void cmdkeys_defaults(struct sb_config *cfg);
/*
 * The i-th swapbench.* key as "key=value" from cfg, in the form the parser
 * takes (names for choices); returns 0, 1 for a key left unset (until and
 * maxruns: nothing to print), or -1 past the last key. The workload
 * parameters are in cfg->params.
 */
int cmdkeys_show(const struct sb_config *cfg, int i, char *out, size_t n);
#define UNTIL_DEFAULT_MAXRUNS 50
/*
 * The default experiment (no workloads, runs, order, backends or until
 * named): fight until +-5 %, at least DEFAULT_MINRUNS and at most
 * DEFAULT_MAXRUNS pairs. Six is the fewest pairs whose signed-rank test can
 * reach p < 0.05; the precision rule, not the minimum, decides where the
 * runs are noisy (tests/unit/test_until.c, A/A: false verdicts 6.55 % with
 * these bounds, 6.05 % with 10 to 50 pairs; docs/verdicts.md).
 */
#define DEFAULT_UNTIL_CP 500
#define DEFAULT_MINRUNS 6
#define DEFAULT_MAXRUNS 30

#endif
