/*
 * swapbench-report fields KIND KEYS SOURCE...: chosen fields of chosen
 * records for the scripts, through the codec (fields.c).
 */
#ifndef SBR_CMD_FIELDS_H
#define SBR_CMD_FIELDS_H

struct opts;

int cmd_fields(const struct opts *o, int argc, char **argv);

#endif
