#ifndef SB_MODULES_H
#define SB_MODULES_H
/*
 * Loads the kernel modules listed in MODULES_LIST, in order, before any
 * disk is looked for: a stock distribution kernel has virtio, libata and
 * ext4 as modules. The list is written by rootfs/modlist from modules.dep.
 * Before nd_pmem, the virtio-pmem disks' namespaces are set raw (no struct
 * pages for them in RAM, as swapbench's own kernel maps them).
 */
#define MODULES_LIST "/lib/modules/load.list"
/* zram, zsmalloc and the compressors: loaded only for a zram or zswap configuration */
#define MODULES_SWAPCONF_LIST "/lib/modules/swapconf.list"

/* MODULES_LIST, then with compressed MODULES_SWAPCONF_LIST too: the same counts over both */
int modules_load_all(int compressed, int *failed, char *first_error, int size);

#endif
