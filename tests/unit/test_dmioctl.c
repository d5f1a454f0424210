/* init/disk/dmioctl.h against the kernel's own linux/dm-ioctl.h: every size,
 * offset and ioctl number dmdisk.c relies on is the kernel's. */
#include <linux/dm-ioctl.h>
#include <stddef.h>
#include <stdio.h>

#include "check.h"
#include "init/disk/dmioctl.h"

#define SAME_OFF(a, b, f) CHECK(offsetof(struct a, f) == offsetof(struct b, f), "dmioctl: offset of " #b "." #f)

int main(void)
{
	CHECK(((long)sizeof(struct sb_dm_ioctl)) == ((long)sizeof(struct dm_ioctl)), "dmioctl: struct dm_ioctl's size");
	SAME_OFF(sb_dm_ioctl, dm_ioctl, data_size);
	SAME_OFF(sb_dm_ioctl, dm_ioctl, data_start);
	SAME_OFF(sb_dm_ioctl, dm_ioctl, target_count);
	SAME_OFF(sb_dm_ioctl, dm_ioctl, flags);
	SAME_OFF(sb_dm_ioctl, dm_ioctl, dev);
	SAME_OFF(sb_dm_ioctl, dm_ioctl, name);
	SAME_OFF(sb_dm_ioctl, dm_ioctl, uuid);
	CHECK(sizeof(struct sb_dm_target_spec) == sizeof(struct dm_target_spec), "dmioctl: struct dm_target_spec's size");
	SAME_OFF(sb_dm_target_spec, dm_target_spec, length);
	SAME_OFF(sb_dm_target_spec, dm_target_spec, next);
	SAME_OFF(sb_dm_target_spec, dm_target_spec, target_type);
	CHECK(((long)SB_DM_DEV_CREATE) == ((long)DM_DEV_CREATE), "dmioctl: DM_DEV_CREATE");
	CHECK(((long)SB_DM_DEV_SUSPEND) == ((long)DM_DEV_SUSPEND), "dmioctl: DM_DEV_SUSPEND");
	CHECK(((long)SB_DM_TABLE_LOAD) == ((long)DM_TABLE_LOAD), "dmioctl: DM_TABLE_LOAD");
	CHECK(((long)SB_DM_TABLE_STATUS) == ((long)DM_TABLE_STATUS), "dmioctl: DM_TABLE_STATUS");
	CHECK((SB_DM_VERSION_MAJOR) == (DM_VERSION_MAJOR), "dmioctl: the interface's major version");
	CHECK(((long)SB_DM_BUFFER_FULL_FLAG) == ((long)DM_BUFFER_FULL_FLAG), "dmioctl: DM_BUFFER_FULL_FLAG");
	CHECK_DONE();
}
