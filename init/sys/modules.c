#include "init/sys/modules.h"
#include "init/sys/kfile.h"
#include "init/sys/errmsg.h"
#include "init/sys/sysnr.h"
#include "init/sys/vmstat.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_finit_module
#define SYS_finit_module SYSNR_FINIT_MODULE
#endif

int modules_load(const char *list_path, int *failed, char *first_error, int size)
{
	static char list[8192];
	char *save = NULL;
	int loaded = 0;

	*failed = 0;
	first_error[0] = 0;
	if (kfile_read(list_path, list, sizeof(list)) <= 0)
		return 0;
	for (char *path = strtok_r(list, "\n", &save); path; path = strtok_r(NULL, "\n", &save)) {
		int fd = open(path, O_RDONLY | O_CLOEXEC), err = 0;

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
