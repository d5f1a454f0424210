#include "report/util/util.h"
#include "lib/crc32.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int util_die_status = 2;

void vmessage(const char *fmt, va_list ap, const char *tail)
{
	fflush(stdout);
	fputs("swapbench-report: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputs(tail, stderr);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap, "\n");
	va_end(ap);
	exit(util_die_status);
}

void warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap, "\n");
	va_end(ap);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory");
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		die("out of memory");
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		die("out of memory");
	return d;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("out of memory");
	return s;
}

FILE *xfopen(const char *path, const char *mode)
{
	FILE *f = fopen(path, mode);

	if (!f)
		die("%s: %s", path, strerror(errno));
	return f;
}

void xfclose(FILE *f, const char *path)
{
	if (ferror(f) | fclose(f))
		die("%s: write error: %s", path, strerror(errno));
}

void grow(void *pp, size_t *cap, size_t n, size_t sz)
{
	void **p = pp;

	if (n < *cap)
		return;
	/* from one: a boot's two swap records cost two, not eight */
	size_t c = *cap ? *cap : 1;

	while (c <= n)
		c *= 2;
	*p = xrealloc(*p, c * sz);
	*cap = c;
}

/*
 * A plain decimal of at most 15 digits, as init writes its figures: the
 * digits are an exact integer and 10^k an exact double, so one division is
 * the correctly rounded value strtod would give, at a tenth of its cost.
 */
static int fast_decimal(const char *s, double *out)
{
	static const double pow10[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
					1e10, 1e11, 1e12, 1e13, 1e14, 1e15 };
	const char *p = s + (*s == '-' || *s == '+');
	unsigned long long m = 0;
	int digits = 0, frac = -1;

	for (;; p++) {
		if (*p >= '0' && *p <= '9') {
			m = m * 10 + (unsigned)(*p - '0');
			if (++digits > 15)
				return 0;
			frac += frac >= 0;
		} else if (*p == '.' && frac < 0) {
			frac = 0;
		} else {
			break;
		}
	}
	if (*p || !digits)
		return 0;
	*out = (double)m / pow10[frac > 0 ? frac : 0];
	if (*s == '-')
		*out = -*out;
	return 1;
}

int util_number(const char *s, double *out)
{
	char *end;
	double v;

	if (!s || !*s)
		return 0;
	if (fast_decimal(s, out))
		return 1;
	/* a decimal with an exponent at most: strtod would also take 0x10,
	 * leading blanks, inf and nan, which no record writes */
	if (s[strspn(s, "0123456789+-.eE")])
		return 0;
	errno = 0;
	v = strtod(s, &end);
	if (*end || errno == ERANGE || !isfinite(v))
		return 0;
	*out = v;
	return 1;
}

const char *util_fmt(char buf[32], double x)
{
	int dec;

	if (isnan(x))
		return strcpy(buf, "-");
	if (fabs(x) >= 1e15) {	/* beyond, %.0f shows digits a double does not hold */
		snprintf(buf, 32, "%.4e", x);
		return buf;
	}
	if (x == 0 || fabs(x) >= 1e5) {
		snprintf(buf, 32, "%.0f", x);
		return buf;
	}
	dec = 4 - (int)floor(log10(fabs(x)));
	if (dec > 8) {
		snprintf(buf, 32, "%.3g", x);
		return buf;
	}
	snprintf(buf, 32, "%.*f", dec < 0 ? 0 : dec, x);
	return buf;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n > m && !strcmp(s + n - m, suffix);
}

const char *util_unit(const char *metric)
{
	static const struct {
		const char *suffix, *unit;
	} units[] = {
		{ "_s", "s" }, { "_ms", "ms" }, { "_us", "us" }, { "_ns", "ns" },
		{ "_kb", "KiB" }, { "_bytes", "bytes" }, { "majflt", "faults" },
		{ "minflt", "faults" }, { "pgmajfault", "faults" },
		{ "pswpin", "pages" }, { "pswpout", "pages" }, { "pgscan", "pages" },
		{ "pgsteal", "pages" }, { "swap_ra", "pages" }, { "swap_ra_hit", "pages" },
		{ "workingset_refault_anon", "pages" }, { "workingset_restore_anon", "pages" },
		{ "zswpin", "pages" }, { "zswpout", "pages" }, { "zswpwb", "pages" },
		{ "thp_swpout", "huge pages" }, { "thp_swpout_fallback", "huge pages" }, { "_kbs", "KB/s" },
	};

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (ends_with(metric, units[i].suffix) || !strcmp(metric, units[i].suffix))
			return units[i].unit;
	return "";
}

int util_is_time(const char *metric)
{
	return ends_with(metric, "_s") || ends_with(metric, "_ms") ||
	       ends_with(metric, "_us") || ends_with(metric, "_ns");
}

void util_safe_name(char *out, size_t size, const char *name)
{
	static const char hex[] = "0123456789abcdef";
	size_t i = 0, n = strlen(name);

	if (size < 12) {
		if (size)
			*out = 0;
		return;
	}
	/* a-z A-Z 0-9 - as they are, . but first; every other byte (_ too) as
	 * _XX: two names never share a file (a/b is a_2fb, a_b is a_5fb) */
	for (size_t k = 0; k < n; k++) {
		unsigned char c = (unsigned char)name[k];
		int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
			 (c == '.' && k);

		if (i + (ok ? 1 : 3) + 1 > size - 9) {
			/* too long: cut, and the whole name's checksum keeps it apart */
			snprintf(out + i, size - i, "~%08x", (unsigned)crc32_update(0, name, n));
			return;
		}
		if (ok) {
			out[i++] = (char)c;
		} else {
			out[i++] = '_';
			out[i++] = hex[c >> 4];
			out[i++] = hex[c & 15];
		}
	}
	if (!i)
		out[i++] = '_';
	out[i] = 0;
}
