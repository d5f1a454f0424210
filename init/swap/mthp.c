#include "init/swap/mthp.h"
#include "init/sys/kfile.h"
#include "init/sys/errmsg.h"
#include "init/sys/vmstat.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#define MTHP_SIZES_MAX 16	/* hugepages-*kB directories: 8K..2M is 9 on x86 */

static const char *const stats[MTHP_STATS] = {
	"anon_fault_alloc", "swpout", "swpout_fallback", "swpin", "swpin_fallback",
};

/* each size's enabled as the kernel booted */
static struct {
	unsigned kb;
	char mode[12];
} boot[MTHP_SIZES_MAX];
static int nboot = -1;

static void size_path(char *out, size_t n, unsigned kb, const char *file)
{
	snprintf(out, n, MTHP_SYS "/hugepages-%ukB/%s", kb, file);
}

static void read_boot(void)
{
	DIR *d = opendir(MTHP_SYS);
	struct dirent *e;

	nboot = 0;
	while (d && (e = readdir(d)) && nboot < MTHP_SIZES_MAX) {
		char path[128];
		unsigned kb;

		if (sscanf(e->d_name, "hugepages-%ukB", &kb) != 1)
			continue;
		size_path(path, sizeof(path), kb, "enabled");
		if (kfile_choice(path, boot[nboot].mode, sizeof(boot[nboot].mode)) == 0)
			boot[nboot++].kb = kb;
	}
	if (d)
		closedir(d);
}

int mthp_check(const struct sb_config *cfg, char *why, size_t n)
{
	struct utsname u;

	for (int i = 0; i < cfg->nconfs; i++)
		for (int k = 0; k < cfg->conf[i].nmthp; k++) {
			char path[128];

			uname(&u);
			if (access(MTHP_SYS "/enabled", F_OK) < 0)
				return errmsg_why(-ENOTSUP, why, n, "swapbench.backends=%s: @mthp: this kernel (%s) has no "
						  "transparent huge pages (CONFIG_TRANSPARENT_HUGEPAGE); per-size swap-out "
						  "needs Linux 6.10 or later: boot debian:6.12 with the variant modern "
						  "(KERNEL=debian:6.12+modern)", cfg->conf[i].name, u.release);
			size_path(path, sizeof(path), cfg->conf[i].mthp[k].kb, "stats/swpout");
			if (access(path, F_OK) < 0)
				return errmsg_why(-ENOTSUP, why, n, "swapbench.backends=%s: @mthp=%uK: this kernel (%s) "
						  "has no per-size swpout counter (%s): Linux 6.10 or later has it; boot "
						  "debian:6.12 with the variant modern (KERNEL=debian:6.12+modern)",
						  cfg->conf[i].name, cfg->conf[i].mthp[k].kb, u.release, path);
		}
	if (nboot < 0)
		read_boot();
	return 0;
}

static void counters(const struct mthpstat *st, int i, long long out[MTHP_STATS])
{
	for (int s = 0; s < MTHP_STATS; s++) {
		char path[128], file[40], buf[32];

		snprintf(file, sizeof(file), "stats/%s", stats[s]);
		size_path(path, sizeof(path), st->kb[i], file);
		out[s] = kfile_read(path, buf, sizeof(buf)) > 0 ? strtoll(buf, NULL, 10) : -1;
	}
}

int mthp_apply(const struct sb_swapconf *c, struct mthpstat *st, char *why, size_t n)
{
	char path[128];
	int err;

	memset(st, 0, sizeof(*st));
	for (int i = 0; i < nboot; i++) {
		const char *want = boot[i].mode;

		for (int k = 0; k < c->nmthp; k++)
			if (c->mthp[k].kb == boot[i].kb)
				want = mthp_modes[c->mthp[k].mode];
		size_path(path, sizeof(path), boot[i].kb, "enabled");
		if ((err = kfile_write(path, want)) < 0)
			return errmsg_why(err, why, n, "%s: %s=%s: %s", c->name, path, want, errmsg(err));
	}
	st->n = c->nmthp;
	for (int k = 0; k < c->nmthp; k++) {
		st->kb[k] = c->mthp[k].kb;
		size_path(path, sizeof(path), st->kb[k], "enabled");
		kfile_choice(path, st->mode[k], sizeof(st->mode[k]));
		counters(st, k, st->before[k]);
	}
	return 0;
}

void mthp_end(struct mthpstat *st)
{
	for (int k = 0; k < st->n; k++)
		counters(st, k, st->after[k]);
}

void mthp_record(struct rec_buf *b, const struct mthpstat *st)
{
	for (int k = 0; k < st->n; k++) {
		char key[48];

		snprintf(key, sizeof(key), "mthp_%uk", st->kb[k]);
		rec_add(b, key, st->mode[k]);
		for (int s = 0; s < MTHP_STATS; s++) {
			if (st->before[k][s] < 0 || st->after[k][s] < 0)
				continue;
			snprintf(key, sizeof(key), "mthp_%uk_%s", st->kb[k], stats[s]);
			rec_addf(b, key, "%lld", st->after[k][s] - st->before[k][s]);
		}
	}
}
