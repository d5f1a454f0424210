/* The slow mode's one rule (slowmode.h). */
#include "lib/slowmode.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

double slow_faults_per_page(double majflt, double pswpin)
{
	if (!(pswpin >= SLOW_MIN_PAGES) || !(majflt > 0))
		return NAN;
	return majflt / pswpin;
}

/* m[] marked against the fence of its logs (slowmode.h); scratch n doubles. */
static size_t mark_by(const double *m, size_t n, double *scratch, unsigned char *slow)
{
	double med, mad, fence;
	size_t k = 0;

	memset(slow, 0, n);
	if (n < SLOW_MIN_RUNS)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!(m[i] > 0))
			return 0;	/* a log needs a positive measure: no fence */
		scratch[i] = log(m[i]);
	}
	qsort(scratch, n, sizeof(*scratch), cmp_double);
	med = stats_quantile_sorted(scratch, n, 0.5);
	for (size_t i = 0; i < n; i++)
		scratch[i] = fabs(scratch[i] - med);
	qsort(scratch, n, sizeof(*scratch), cmp_double);
	mad = SLOW_MAD_SCALE * stats_quantile_sorted(scratch, n, 0.5);
	fence = med + fmax(SLOW_FENCE_MADS * mad, log(SLOW_FLOOR));
	for (size_t i = 0; i < n; i++)
		if (log(m[i]) > fence) {
			slow[i] = 1;
			k++;
		}
	return k;
}

enum slow_by slow_mark(const double *time, const double *fault, size_t n, double *scratch,
		       unsigned char *slow, size_t *nslow)
{
	int faults = fault != NULL && n > 0;

	for (size_t i = 0; faults && i < n; i++)
		faults = isfinite(fault[i]);
	*nslow = mark_by(faults ? fault : time, n, scratch, slow);
	return faults ? SLOW_BY_FAULTS : SLOW_BY_TIME;
}

/* One side's finite runs into scratch (compact), marked, the marks spread back. */
static void mark_side(const double *v, const double *f, size_t n, double *scratch, unsigned char *s)
{
	double *t = scratch, *m = scratch + n;
	size_t k = 0, nslow;
	unsigned char *mk = s;

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i])) {
			t[k] = v[i];
			m[k++] = f ? f[i] : NAN;
		}
	/* the marks of the k finite runs land in s[0..k), then move to their rounds */
	slow_mark(t, f ? m : NULL, k, scratch + 2 * n, mk, &nslow);
	for (size_t i = n; i-- > 0;)
		if (isfinite(v[i]))
			s[i] = mk[--k];
		else
			s[i] = 0;
}

size_t slow_pairs(const double *a, const double *b, const double *fa, const double *fb,
		  const double *x, size_t n, double *scratch, unsigned char *sa,
		  unsigned char *sb, struct stats_pairs *typ)
{
	size_t added = 0;

	mark_side(a, fa, n, scratch, sa);
	mark_side(b, fb, n, scratch, sb);
	memset(typ, 0, sizeof(*typ));
	for (size_t i = 0; i < n; i++)
		if (isfinite(a[i]) && isfinite(b[i]) && !sa[i] && !sb[i]) {
			stats_pairs_add(typ, a[i], b[i], x[i]);
			added++;
		}
	return added;
}

const char *slow_words(enum slow_by by)
{
	return by == SLOW_BY_FAULTS ? "lost their swap readahead" : "were slow-mode outliers";
}
