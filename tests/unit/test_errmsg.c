/* Unit tests of init/errmsg.c: the one errno-to-message map of init. */
#include "check.h"
#include "errmsg.h"

#include <errno.h>

int main(void)
{
	CHECK_STR(errmsg(-ENOENT), "No such file or directory", "errmsg: -ENOENT reads as the C library says");
	CHECK_STR(errmsg(ENOENT), errmsg(-ENOENT), "errmsg: errno and -errno read the same");
	CHECK(strstr(errmsg(-EMEDIUMTYPE), "no swapbench results-disk magic") != NULL,
	      "errmsg: -EMEDIUMTYPE reads as init means it: %s", errmsg(-EMEDIUMTYPE));
	CHECK(strstr(errmsg(-EMEDIUMTYPE), "swapbench-report init-disk") != NULL,
	      "errmsg: -EMEDIUMTYPE says how to prepare a results disk");
	CHECK_STR(errmsg(-EBUSY), "Device or resource busy", "errmsg: -EBUSY (a swapoff that fails)");
	CHECK_DONE();
}
