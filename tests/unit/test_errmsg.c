/* Unit tests of init/sys/errmsg.c: where init's errnos become words (the convention: errmsg.h). */
#include "check.h"
#include "init/sys/errmsg.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	CHECK_STR(errmsg(-ENOENT), "No such file or directory", "errmsg: -ENOENT reads as the C library says");
	CHECK_STR(errmsg(ENOENT), errmsg(-ENOENT), "errmsg: errno and -errno read the same");
	CHECK(strstr(errmsg(-EMEDIUMTYPE), "no swapbench results-disk magic") != NULL,
	      "errmsg: -EMEDIUMTYPE reads as init means it: %s", errmsg(-EMEDIUMTYPE));
	CHECK(strstr(errmsg(-EMEDIUMTYPE), "swapbench-report init-disk") != NULL,
	      "errmsg: -EMEDIUMTYPE says how to prepare a results disk");
	CHECK_STR(errmsg(-EBUSY), "Device or resource busy", "errmsg: -EBUSY (a swapoff that fails)");
	CHECK_STR(errmsg(-ENODEV), "no such device", "errmsg: -ENODEV (a designation matching no disk) reads as init means it");
	CHECK_STR(errmsg(-ENOTUNIQ), "matches more than one device",
		  "errmsg: -ENOTUNIQ (a LABEL or UUID on two disks) reads as init means it");
	CHECK_STR(errmsg(-EEXIST), "File exists", "errmsg: -EEXIST keeps the C library's words (no longer the ambiguous-label code)");

	char why[64], want[64];

	CHECK(errmsg_why(-EIO, why, sizeof(why), "read %s: %s", "/dev/vda", errmsg(-EIO)) == -EIO,
	      "errmsg_why: returns the err it was given");
	snprintf(want, sizeof(want), "read /dev/vda: %s", strerror(EIO));
	CHECK_STR(why, want, "errmsg_why: writes action, object and errmsg's reason");
	errmsg_why(-EIO, why, 8, "%s", "a line longer than eight");
	CHECK_STR(why, "a line ", "errmsg_why: cuts at the buffer, terminated");
	CHECK_DONE();
}
