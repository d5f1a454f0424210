#ifndef SB_MODULES_H
#define SB_MODULES_H
/*
 * Loads the kernel modules listed in MODULES_LIST, in order, before any
 * disk is looked for: a stock distribution kernel has virtio, libata and
 * ext4 as modules. The list is written by rootfs/modlist from modules.dep.
 */
#define MODULES_LIST "/lib/modules/load.list"

/* Returns the number loaded (0 without a list); *failed counts the rest. */
int modules_load(int *failed, char *first_error, int size);

#endif
