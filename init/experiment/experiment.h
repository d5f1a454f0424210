#ifndef SB_EXPERIMENT_H
#define SB_EXPERIMENT_H
/* The experiment: parse, set up swap, run the series, report. */

enum experiment_status { EXPERIMENT_PASS = 0, EXPERIMENT_FAIL = 1, EXPERIMENT_ERROR = 2 };

/* Runs the whole experiment from the kernel command line given. */
enum experiment_status experiment_main(const char *cmdline);

#endif
