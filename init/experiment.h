#ifndef SB_EXPERIMENT_H
#define SB_EXPERIMENT_H
/* The experiment: parse, set up swap, run the series, report. */

enum bench_status { BENCH_PASS = 0, BENCH_FAIL = 1, BENCH_ERROR = 2 };

/* Runs the whole experiment from the kernel command line given. */
enum bench_status bench_main(const char *cmdline);

#endif
