#ifndef SB_DMIOCTL_H
#define SB_DMIOCTL_H
/*
 * The kernel's device-mapper ioctl ABI, the part dmdisk.c uses
 * (linux/dm-ioctl.h, which musl does not ship; tests/unit/test_dmioctl.c
 * checks every size, offset and number against the kernel's header).
 */
#include <stdint.h>
#include <sys/ioctl.h>

#define SB_DM_VERSION_MAJOR 4
#define SB_DM_BUFFER_FULL_FLAG (1u << 8)
#define SB_DM_MAX_TYPE_NAME 16

struct sb_dm_ioctl {
	uint32_t version[3];
	uint32_t data_size;	/* the whole buffer, this header included */
	uint32_t data_start;	/* where the targets or the status start */
	uint32_t target_count;
	int32_t open_count;
	uint32_t flags;
	uint32_t event_nr;
	uint32_t padding;
	uint64_t dev;		/* huge_encode_dev: minor() and major() decode it */
	char name[128];
	char uuid[129];
	char data[7];
};

struct sb_dm_target_spec {
	uint64_t sector_start, length;
	int32_t status;
	uint32_t next;
	char target_type[SB_DM_MAX_TYPE_NAME];
	/* then the parameters (or the status), NUL-terminated */
};

#define SB_DM_IOCTL 0xfd
#define SB_DM_DEV_CREATE _IOWR(SB_DM_IOCTL, 3, struct sb_dm_ioctl)
#define SB_DM_DEV_SUSPEND _IOWR(SB_DM_IOCTL, 6, struct sb_dm_ioctl)
#define SB_DM_TABLE_LOAD _IOWR(SB_DM_IOCTL, 9, struct sb_dm_ioctl)
#define SB_DM_TABLE_STATUS _IOWR(SB_DM_IOCTL, 12, struct sb_dm_ioctl)

#endif
