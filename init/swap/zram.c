#include "init/swap/zram.h"
#include "init/sys/kfile.h"
#include "init/sys/errmsg.h"
#include "init/sys/vmstat.h"
#include "lib/swapfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* what the kernel booted with: a configuration that leaves a knob unset gets it back */
static char boot_knob[ZRAM_KNOBS][16];
const char *const zram_knob_files[ZRAM_KNOBS] = { VMSTAT_SYSCTL_VM "/swappiness", VMSTAT_SYSCTL_VM "/page-cluster",
						  LRU_GEN_FILE, LRU_GEN_TTL_FILE, VMA_RA_FILE };
static const char *const knob_name[ZRAM_KNOBS] = { "swappiness", "page-cluster", "mglru", "min_ttl_ms", "vma_ra_enabled" };
#define NO_KERNEL "boot swapbench's kernel variant modern (make run KERNEL=modern), or a stock kernel " \
		  "with its modules (MODULES=)"

/* 1 if word is in a sysfs list such as "lzo [lzo-rle] lz4" or "zsmalloc" */
static int listed(const char *list, const char *word)
{
	size_t wl = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p += wl)
		if ((p == list || strchr(" [\n", p[-1])) && strchr(" ]\n", p[wl]))
			return 1;
	return 0;
}

/* the crypto API knows this compressor: /proc/crypto has "name         : X" */
static int crypto_has(const char *name)
{
	static char buf[16384];
	char pat[48];

	if (kfile_read("/proc/crypto", buf, sizeof(buf)) < 0)
		return 0;
	snprintf(pat, sizeof(pat), "name         : %s\n", name);
	return strstr(buf, pat) != NULL;
}

int zram_pick_comp(const char *list, const char *named, char *out, size_t n)
{
	const char *b = strchr(list, '['), *e;
	size_t len;

	if (*named) {
		if (!listed(list, named) || strlen(named) >= n)
			return -ENOENT;
		memmove(out, named, strlen(named) + 1);	/* out may be named */
		return 0;
	}
	if (b) {
		b++;
		e = strchr(b, ']');
	} else {
		b = list + strspn(list, " \n");
		e = b + strcspn(b, " \n");
		if (e[strspn(e, " \n")])	/* several, none marked current */
			return -ENOENT;
	}
	len = e ? (size_t)(e - b) : 0;
	if (!len || len >= n)
		return -ENOENT;
	memcpy(out, b, len);
	out[len] = 0;
	return 0;
}

int zram_check(struct sb_config *cfg, char *why, size_t n)
{
	static char list[256];

	for (int i = 0; i < cfg->nconfs; i++) {
		struct sb_swapconf *c = &cfg->conf[i];

		if (c->kind == KIND_ZRAM) {
			if (access(ZRAM_SYS "/disksize", F_OK) < 0)
				return errmsg_why(-ENOTSUP, why, n, "swapbench.backends=%s: this kernel has no zram (no "
					   ZRAM_SYS "): %s", c->name, NO_KERNEL);
			if (kfile_read(ZRAM_SYS "/comp_algorithm", list, sizeof(list)) < 0 ||
			    zram_pick_comp(list, c->comp, c->comp, sizeof(c->comp)) < 0)
				return errmsg_why(-ENOENT, why, n, "swapbench.backends=%s: zram has no compressor %s here "
					   "(it has: %.*s)", c->name, *c->comp ? c->comp : "marked current",
					   (int)strcspn(list, "\n"), list);
		}
		if (c->kind == KIND_ZSWAP) {
			if (access(ZSWAP_PARAMS "/enabled", F_OK) < 0)
				return errmsg_why(-ENOTSUP, why, n, "swapbench.backends=%s: this kernel has no zswap (no "
					   ZSWAP_PARAMS "): %s", c->name, NO_KERNEL);
			/* none named: the one the kernel set (CONFIG_ZSWAP_COMPRESSOR_DEFAULT) */
			if (!*c->comp && (kfile_read(ZSWAP_PARAMS "/compressor", list, sizeof(list)) < 0 ||
					  zram_pick_comp(list, "", c->comp, sizeof(c->comp)) < 0))
				return errmsg_why(-ENOENT, why, n, "swapbench.backends=%s: zswap names no compressor "
					   "(" ZSWAP_PARAMS "/compressor)", c->name);
			if (!crypto_has(c->comp))
				return errmsg_why(-ENOENT, why, n, "swapbench.backends=%s: the kernel has no compressor %s "
					   "(not in /proc/crypto: CONFIG_CRYPTO_%s, or its module)", c->name, c->comp,
					   !strcmp(c->comp, "lzo-rle") ? "LZO" : c->comp);
		}
		if (c->mglru >= 0 && access(LRU_GEN_FILE, F_OK) < 0)
			return errmsg_why(-ENOTSUP, why, n, "swapbench.backends=%s: @mglru needs a kernel with "
				   "CONFIG_LRU_GEN (no " LRU_GEN_FILE "): %s", c->name, NO_KERNEL);
		if (c->min_ttl_ms >= 0 && access(LRU_GEN_TTL_FILE, F_OK) < 0)
			return errmsg_why(-ENOTSUP, why, n, "swapbench.backends=%s: @min_ttl_ms needs a kernel with "
				   "CONFIG_LRU_GEN (no " LRU_GEN_TTL_FILE "): %s", c->name, NO_KERNEL);
		if (c->vma_ra >= 0 && access(VMA_RA_FILE, F_OK) < 0)
			return errmsg_why(-ENOTSUP, why, n, "swapbench.backends=%s: @vma-ra needs a kernel with "
				   "CONFIG_SWAP and sysfs (no " VMA_RA_FILE ")", c->name);
	}
	return 0;
}

void zram_knobs_boot(void)
{
	for (int k = 0; k < ZRAM_KNOBS; k++)
		if (kfile_read(zram_knob_files[k], boot_knob[k], sizeof(boot_knob[k])) > 0)
			boot_knob[k][strcspn(boot_knob[k], "\n")] = 0;
}

int zram_knobs_apply(const struct sb_swapconf *c, char *why, size_t n)
{
	const int want[ZRAM_KNOBS] = { c->swappiness, c->page_cluster, c->mglru, c->min_ttl_ms, c->vma_ra };
	char v[64];
	int err;

	for (int k = 0; k < ZRAM_KNOBS; k++) {
		if (want[k] < 0 && !boot_knob[k][0])
			continue;	/* not in this kernel, and not asked for */
		if (want[k] < 0)
			snprintf(v, sizeof(v), "%.15s", boot_knob[k]);
		else if (k == 2)
			snprintf(v, sizeof(v), "%s", want[k] ? "y" : "n");
		else
			snprintf(v, sizeof(v), "%d", want[k]);
		if ((err = kfile_write(zram_knob_files[k], v)) < 0)
			return errmsg_why(err, why, n, "%s: %s=%s: %s", c->name, knob_name[k], v, errmsg(err));
	}
	return 0;
}

int zram_clear(char *why, size_t n)
{
	static char v[32];
	int err;

	if (kfile_read(ZSWAP_PARAMS "/enabled", v, sizeof(v)) > 0 && v[0] == 'Y' &&
	    (err = kfile_write(ZSWAP_PARAMS "/enabled", "N")) < 0)
		return errmsg_why(err, why, n, "zswap: enabled=N: %s", errmsg(err));
	if (kfile_read(ZRAM_SYS "/disksize", v, sizeof(v)) > 0 && strcmp(v, "0\n") &&
	    (err = kfile_write(ZRAM_SYS "/reset", "1")) < 0)
		return errmsg_why(err, why, n, "zram0: reset: %s", errmsg(err));
	return 0;
}

uint64_t zram_bytes(const struct sb_swapconf *c, uint64_t memtotal_kb, uint64_t disk_bytes)
{
	uint64_t b = c->zram_bytes ? c->zram_bytes
		   : c->zram_pct ? memtotal_kb * 1024 / 100 * c->zram_pct : disk_bytes;

	return b / 4096 * 4096;
}

static int set(const char *dir, const char *file, const char *v, const char *conf, char *why, size_t n)
{
	char path[96];
	int err;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if ((err = kfile_write(path, v)) < 0)
		return errmsg_why(err, why, n, "%s: %s=%s: %s", conf, path, v, errmsg(err));
	return 0;
}

int zram_prepare(const struct sb_swapconf *c, uint64_t bytes, char *why, size_t n)
{
	char v[24];
	int err, fd;

	if (c->kind == KIND_ZSWAP) {
		snprintf(v, sizeof(v), "%u", c->max_pool_pct);
		if ((err = set(ZSWAP_PARAMS, "compressor", c->comp, c->name, why, n)) < 0 ||
		    (err = set(ZSWAP_PARAMS, "zpool", c->zpool, c->name, why, n)) < 0 ||
		    (err = set(ZSWAP_PARAMS, "max_pool_percent", v, c->name, why, n)) < 0 ||
		    (err = set(ZSWAP_PARAMS, "enabled", "Y", c->name, why, n)) < 0)
			return err;
		return 0;
	}
	if (c->kind != KIND_ZRAM)
		return 0;
	snprintf(v, sizeof(v), "%llu", (unsigned long long)bytes);
	if ((err = set(ZRAM_SYS, "comp_algorithm", c->comp, c->name, why, n)) < 0 ||
	    (err = set(ZRAM_SYS, "disksize", v, c->name, why, n)) < 0)
		return err;
	if ((fd = open(ZRAM_DEV, O_RDWR | O_CLOEXEC)) < 0)
		return errmsg_why(-errno, why, n, "%s: open " ZRAM_DEV ": %s", c->name, errmsg(errno));
	err = swapfile_mkswap(fd, bytes, "swapbench-zram", NULL);
	close(fd);
	if (err < 0)
		return errmsg_why(err, why, n, "%s: mkswap " ZRAM_DEV ": %s", c->name, errmsg(err));
	return 0;
}
