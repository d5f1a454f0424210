#ifndef SB_CHECK_H
#define SB_CHECK_H
/*
 * Minimal unit-test helpers. Each test program prints one line per check,
 * "PASS name", "FAIL name: why" or "SKIP name: why" (a check this host
 * cannot make), and exits 1 if any check failed; tests/run counts those
 * lines.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_failed;

#define CHECK(cond, ...)                                                       \
	do {                                                                   \
		if (cond) {                                                    \
			printf("PASS ");                                       \
			printf(__VA_ARGS__);                                   \
			printf("\n");                                          \
		} else {                                                       \
			check_failed = 1;                                      \
			printf("FAIL ");                                       \
			printf(__VA_ARGS__);                                   \
			printf(": %s (%s:%d)\n", #cond, __FILE__, __LINE__);   \
		}                                                              \
	} while (0)

/* SKIP(why, name...): a check this host cannot make, counted as skipped */
#define SKIP(why, ...)                                                         \
	do {                                                                   \
		printf("SKIP ");                                               \
		printf(__VA_ARGS__);                                           \
		printf(": %s\n", (why));                                       \
	} while (0)

#define CHECK_STR(got, want, ...)                                              \
	do {                                                                   \
		const char *g_ = (got), *w_ = (want);                          \
		int ok_ = g_ && w_ ? !strcmp(g_, w_) : g_ == w_;               \
		printf(ok_ ? "PASS " : "FAIL ");                               \
		printf(__VA_ARGS__);                                           \
		if (!ok_) {                                                    \
			check_failed = 1;                                      \
			printf(": got '%s', want '%s' (%s:%d)", g_ ? g_ : "(null)", \
			       w_ ? w_ : "(null)", __FILE__, __LINE__);        \
		}                                                              \
		printf("\n");                                                  \
	} while (0)

#define CHECK_NEAR(got, want, tol, ...)                                        \
	do {                                                                   \
		double g_ = (got), w_ = (want);                                \
		int ok_ = fabs(g_ - w_) <= (tol);                              \
		printf(ok_ ? "PASS " : "FAIL ");                               \
		printf(__VA_ARGS__);                                           \
		if (!ok_) {                                                    \
			check_failed = 1;                                      \
			printf(": got %.10g, want %.10g +- %g (%s:%d)", g_, w_, \
			       (double)(tol), __FILE__, __LINE__);             \
		}                                                              \
		printf("\n");                                                  \
	} while (0)

#define CHECK_DONE() return check_failed

#endif
