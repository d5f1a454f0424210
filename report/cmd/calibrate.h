/*
 * swapbench-report calibrate SOURCE...: this host's noise floor from A/A
 * splits (calibrate.c).
 */
#ifndef SBR_CALIBRATE_H
#define SBR_CALIBRATE_H

struct opts;

int cmd_calibrate(const struct opts *o, int argc, char **argv);

#endif
