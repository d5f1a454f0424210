/*
 * swapbench-report profile SOURCE...: one boot's diskchar records made
 * into a disk profile DISK= takes, every figure with its source (profile.c).
 */
#ifndef SBR_PROFILE_H
#define SBR_PROFILE_H

struct opts;

int cmd_profile(const struct opts *o, int argc, char **argv);

#endif
