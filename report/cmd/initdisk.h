/*
 * swapbench-report init-disk DEV: a results disk made (initdisk.c).
 */
#ifndef SBR_INITDISK_H
#define SBR_INITDISK_H

struct opts;

int cmd_init_disk(const struct opts *o, int argc, char **argv);

#endif
