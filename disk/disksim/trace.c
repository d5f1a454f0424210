/* dt: a validation trace read (trace.h). */
#include "trace.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "disk/profile/profile.h"

static int fail(char *err, size_t errlen, const char *path, size_t line, const char *fmt, ...)
{
	va_list ap;
	int w = snprintf(err, errlen, "%s:%zu: ", path, line);

	va_start(ap, fmt);
	if (w >= 0 && (size_t)w < errlen)
		vsnprintf(err + w, errlen - (size_t)w, fmt, ap);
	va_end(ap);
	return -1;
}

/* the next blank-separated field of *s, NUL-terminated, or NULL */
static char *field(char **s)
{
	char *p = *s, *f;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return NULL;
	f = p;
	while (*p && *p != ' ' && *p != '\t')
		p++;
	if (*p)
		*p++ = 0;
	*s = p;
	return f;
}

static int whole(const char *f, uint64_t *v)
{
	char *end;

	if (*f < '0' || *f > '9')
		return -1;
	errno = 0;
	*v = strtoull(f, &end, 10);
	return errno || *end ? -1 : 0;
}

/* a time as the profiles write figures (dp_decimal: no hex, no exponent) */
static int micros(const char *f, double *v)
{
	return dp_decimal(f, v) || *v > DT_TIME_MAX_US ? -1 : 0;
}

int dt_read(const char *path, uint64_t sectors, struct dt_req **reqs, size_t *n, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char line[256];
	size_t cap = 0, ln = 0;
	struct dt_req *r = NULL;
	double gaps = 0, services = 0;

	*reqs = NULL;
	*n = 0;
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *s = line, *fl[7];
		size_t l = strlen(line);
		struct dt_req q;
		int k;

		ln++;
		if (l && line[l - 1] == '\n')
			line[--l] = 0;
		else if (!feof(f))
			goto bad_long;
		if (l && line[l - 1] == '\r')
			line[--l] = 0;
		if (strlen(line) != l) {
			fail(err, errlen, path, ln, "a NUL byte");
			goto out;
		}
		for (k = 0; k < 7 && (fl[k] = field(&s)); k++)
			;
		if (k != 6) {
			fail(err, errlen, path, ln, "%d fields where a request has 6 (OP BUF BLOCK N SERVICE_US GAP_US)",
			     k);
			goto out;
		}
		if (strcmp(fl[0], "R") && strcmp(fl[0], "W")) {
			fail(err, errlen, path, ln, "the operation '%s' is not R or W", fl[0]);
			goto out;
		}
		q.write = fl[0][0] == 'W';
		if (strspn(fl[1], "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") != strlen(fl[1])) {
			fail(err, errlen, path, ln, "the buffer's word '%s' is not letters", fl[1]);
			goto out;
		}
		q.hit = !strcmp(fl[1], "Hit");
		if (whole(fl[2], &q.block)) {
			fail(err, errlen, path, ln, "the block '%s' is not a whole number", fl[2]);
			goto out;
		}
		if (whole(fl[3], &q.n) || !q.n || q.n > (1u << 24)) {
			fail(err, errlen, path, ln, "the block count '%s' is not a whole number from 1 to 2^24", fl[3]);
			goto out;
		}
		if (micros(fl[4], &q.service_us)) {
			fail(err, errlen, path, ln, "the service time '%s' is not a number of microseconds", fl[4]);
			goto out;
		}
		if (micros(fl[5], &q.gap_us)) {
			fail(err, errlen, path, ln, "the gap '%s' is not a number of microseconds", fl[5]);
			goto out;
		}
		/* a replay adds them up on the model's clock: bounded as a whole */
		gaps += q.gap_us;
		services += q.service_us;
		if (gaps > DT_TIME_MAX_US || services > DT_TIME_MAX_US) {
			fail(err, errlen, path, ln, "the trace's %s add up past %.0f us (%.1f days)",
			     gaps > DT_TIME_MAX_US ? "gaps" : "service times", DT_TIME_MAX_US, DT_TIME_MAX_US / 86400e6);
			goto out;
		}
		if (*n == DT_REQS_MAX) {
			fail(err, errlen, path, ln, "more than %d requests", DT_REQS_MAX);
			goto out;
		}
		if (sectors && (q.block >= sectors || q.n > sectors - q.block)) {
			fail(err, errlen, path, ln, "blocks %llu-%llu lie past the drive's capacity (%llu blocks)",
			     (unsigned long long)q.block, (unsigned long long)(q.block + q.n - 1),
			     (unsigned long long)sectors);
			goto out;
		}
		if (*n == cap) {
			struct dt_req *nr;

			cap = cap ? 2 * cap : 4096;
			if (!(nr = realloc(r, cap * sizeof(*r)))) {
				fail(err, errlen, path, ln, "out of memory");
				goto out;
			}
			r = nr;
		}
		r[(*n)++] = q;
	}
	if (ferror(f)) {
		fail(err, errlen, path, ln, "%s", strerror(errno));
		goto out;
	}
	if (!*n) {
		fail(err, errlen, path, ln, "no requests");
		goto out;
	}
	fclose(f);
	*reqs = r;
	return 0;
bad_long:
	fail(err, errlen, path, ln + 0, "longer than %zu bytes", sizeof(line) - 2);
out:
	fclose(f);
	free(r);
	*n = 0;
	return -1;
}

int dt_bus_fit(const struct dt_req *r, size_t n, struct dt_busfit *f)
{
	static double min_us[DT_FIT_MAX_BLOCKS + 1];
	static size_t count[DT_FIT_MAX_BLOCKS + 1];
	double sx = 0, sy = 0, sxx = 0, sxy = 0, k;

	memset(f, 0, sizeof(*f));
	memset(count, 0, sizeof(count));
	for (size_t i = 1; i < n; i++) {
		uint64_t b = r[i].n;

		if (r[i].write || r[i - 1].write || r[i].block != r[i - 1].block + r[i - 1].n || b > DT_FIT_MAX_BLOCKS)
			continue;
		if (!count[b]++ || r[i].service_us < min_us[b])
			min_us[b] = r[i].service_us;
		f->reads++;
	}
	for (size_t b = 1; b <= DT_FIT_MAX_BLOCKS; b++) {
		if (count[b] < DT_FIT_MIN_READS)
			continue;
		f->sizes++;
		sx += (double)b;
		sy += min_us[b] / 1e3;
		sxx += (double)b * (double)b;
		sxy += (double)b * min_us[b] / 1e3;
	}
	if (f->sizes < 2)
		return -1;
	k = (double)f->sizes;
	f->ms_per_block = (k * sxy - sx * sy) / (k * sxx - sx * sx);
	f->intercept_ms = (sy - f->ms_per_block * sx) / k;
	return f->ms_per_block > 0 ? 0 : -1;
}
