#include "init/sys/modules.h"
#include "init/sys/kfile.h"
#include "init/sys/errmsg.h"
#include "init/sys/sysnr.h"
#include "init/sys/vmstat.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef SYS_finit_module
#define SYS_finit_module SYSNR_FINIT_MODULE
#endif

/* entries of dir whose name starts with prefix (and, with file, that have it) */
static int count_entries(const char *dir, const char *prefix, const char *file, int raw)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		char path[512];

		if (strncmp(e->d_name, prefix, strlen(prefix)))
			continue;
		if (file) {
			if (snprintf(path, sizeof(path), "%s/%s/%s", dir, e->d_name, file) >= (int)sizeof(path) ||
			    access(path, F_OK))
				continue;
			if (raw)
				kfile_write(path, "1");
		}
		n++;
	}
	closedir(d);
	return n;
}

/*
 * Before nd_pmem binds the virtio-pmem disks' namespaces: each set to raw
 * (force_raw), as a kernel without ZONE_DEVICE (swapbench's own) maps
 * them. A stock kernel has ZONE_DEVICE and would give every page of the
 * disk a struct page in RAM: 16 MiB per GiB, which a modelled 6 GB disk's
 * 96 MiB guest has not (nd_pmem's probe fails with ENOMEM). The namespaces
 * appear asynchronously after virtio_pmem bound its devices: up to 2 s.
 */
static void pmem_raw_namespaces(void)
{
	int devs = count_entries("/sys/bus/virtio/drivers/virtio_pmem", "virtio", NULL, 0);

	for (int i = 0; i < 200 && devs > 0; i++) {
		struct timespec ts = { 0, 10 * 1000 * 1000 };

		if (count_entries("/sys/bus/nd/devices", "namespace", "force_raw", 0) >= devs)
			break;
		nanosleep(&ts, NULL);
	}
	count_entries("/sys/bus/nd/devices", "namespace", "force_raw", 1);
}

/* Loads the modules a list names; returns the number loaded (0 without the
 * list); *failed counts the rest, first_error names the first. */
static int modules_load(const char *list_path, int *failed, char *first_error, int size)
{
	static char list[8192];
	char *save = NULL;
	int loaded = 0;

	*failed = 0;
	first_error[0] = 0;
	if (kfile_read(list_path, list, sizeof(list)) <= 0)
		return 0;
	for (char *path = strtok_r(list, "\n", &save); path; path = strtok_r(NULL, "\n", &save)) {
		const char *base = strrchr(path, '/');
		int fd, err = 0;

		if (!strcmp(base ? base + 1 : path, "nd_pmem.ko"))
			pmem_raw_namespaces();
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			err = errno;
		else if (syscall(SYS_finit_module, fd, "", 0) < 0 && errno != EEXIST)
			err = errno;
		if (fd >= 0)
			close(fd);
		if (!err) {
			loaded++;
			continue;
		}
		/* a driver for hardware this machine lacks (crc32c_intel without SSE4.2) */
		if (err == ENODEV)
			continue;
		if (!(*failed)++)
			snprintf(first_error, (size_t)size, "%s: %s", path, errmsg(err));
	}
	return loaded;
}

int modules_load_all(int compressed, int *failed, char *first_error, int size)
{
	char err[256];
	int loaded = modules_load(MODULES_LIST, failed, first_error, size), more;

	if (compressed) {
		loaded += modules_load(MODULES_SWAPCONF_LIST, &more, err, sizeof(err));
		if (more && !*failed)
			snprintf(first_error, (size_t)size, "%s", err);
		*failed += more;
	}
	return loaded;
}
