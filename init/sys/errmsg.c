#include "init/sys/errmsg.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const struct {
	int err;
	const char *msg;
} own[] = {
	/* results_open_disk: the disk lacks the header swapbench-report init-disk writes */
	{ EMEDIUMTYPE, "no swapbench results-disk magic: not writing to it "
		       "(prepare it with 'swapbench-report init-disk')" },
	/* disks_resolve: a designation (LABEL=, UUID=, PARTUUID=, /dev/NAME) matches no device */
	{ ENODEV, "no such device" },
	/* disks_resolve: a LABEL or UUID matches two devices; refusing is the safe answer */
	{ ENOTUNIQ, "matches more than one device" },
};

const char *errmsg(int err)
{
	if (err < 0)
		err = -err;
	for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		if (own[i].err == err)
			return own[i].msg;
	return strerror(err);
}

int errmsg_why(int err, char *why, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, n, fmt, ap);
	va_end(ap);
	return err;
}
