/*
 * diskreplay [--each] PROFILE TRACE: a validation trace of DiskSim's
 * (disk/disksim/trace.h) replayed on the model closed-loop, as the traces' README
 * says: the first request arrives at 0, each next one its gap after the
 * one before completes in the model; a request's modelled access time is
 * its completion minus its arrival.
 * Prints one line "key=value ..." of: requests, rms_ms (the README's
 * metric between the measured and the modelled access times), the means
 * and medians of both, the model's read hits beside the reads the trace
 * calls "Hit", and the constant model's rms (each request the mean seek
 * over random cylinder pairs, half a turn and its transfer at the mean of
 * the outer and inner rates: Ruemmler and Wilkes's "simple model").
 * --each: the model's access time of every request instead, one line
 * each in the trace's order, in microseconds.
 * Exit 2 on a refused profile or trace (the message names the file, line
 * and why: a request past the drive's capacity among them).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "disk/disksim/cdf.h"
#include "disk/disksim/trace.h"
#include "disk/model/model.h"
#include "disk/profile/profile.h"
#include "lib/version.h"

static const char usage_text[] =
	"usage: diskreplay [--each] PROFILE TRACE\n"
	"       diskreplay --help | --version\n"
	"\n"
	"A DiskSim validation trace (tests/data/disksim-valid) replayed on the model of\n"
	"PROFILE (disk/profiles/NAME.conf), closed-loop: one line of requests, rms_ms\n"
	"(measured against modelled access times), their means and medians, read hits\n"
	"and the constant model's rms_ms.\n"
	"  --each    each request's modelled access time instead, in microseconds, one a line\n"
	"Exit status: 0 done; 2 a profile or trace refused (the message names the file,\n"
	"line and why) or bad usage.\n";

static struct dmodel m;
static struct dp_profile prof;

static int load_profile(const char *path, char *err, size_t errlen)
{
	return dp_read(path, &prof, err, errlen);
}

int main(int argc, char **argv)
{
	char err[512];
	const char *field;
	struct dt_req *r;
	double *meas, *mod, *cst, rms, seek_ms, half_ms, rate;
	size_t n, i, reads = 0, trace_hits = 0;
	int each = argc > 1 && !strcmp(argv[1], "--each");
	int64_t t = 0;

	if (argc == 2 && !strcmp(argv[1], "--version"))
		return printf("%s %s\n", "diskreplay", version_string()) < 0 ? 2 : 0;
	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(usage_text, stdout);
		return fflush(stdout) ? 2 : 0;
	}
	if (argc != 3 + each) {
		fputs(usage_text, stderr);
		return 2;
	}
	if (load_profile(argv[1 + each], err, sizeof(err))) {
		fprintf(stderr, "diskreplay: %s\n", err);
		return 2;
	}
	if (prof.p.kind != DMODEL_HDD) {
		fprintf(stderr, "diskreplay: %s: not a disk (kind hdd)\n", argv[1 + each]);
		return 2;
	}
	if (dmodel_init(&m, &prof.p, &field)) {
		fprintf(stderr, "diskreplay: %s: the model refuses %s\n", argv[1 + each], field ? field : "?");
		return 2;
	}
	if (dt_read(argv[2 + each], prof.p.capacity_bytes >> 9, &r, &n, err, sizeof(err))) {
		fprintf(stderr, "diskreplay: %s\n", err);
		return 2;
	}
	meas = malloc(n * sizeof(double));
	mod = malloc(n * sizeof(double));
	cst = malloc(n * sizeof(double));
	if (!meas || !mod || !cst) {
		fprintf(stderr, "diskreplay: out of memory\n");
		return 2;
	}
	seek_ms = (double)prof.p.seek_avg_ns / 1e6;
	half_ms = 30000.0 / (double)prof.p.rpm;
	rate = (double)(prof.p.rate_outer_bps + prof.p.rate_inner_bps) / 2;
	for (i = 0; i < n; i++) {
		int64_t done = dmodel_request(&m, r[i].write ? DMODEL_WRITE : DMODEL_READ, r[i].block << 9,
					      r[i].n << 9, t);

		mod[i] = (double)(done - t) / 1e3;
		meas[i] = r[i].service_us;
		cst[i] = (seek_ms + half_ms) * 1e3 + (double)(r[i].n * 512) / rate * 1e6;
		if (!r[i].write) {
			reads++;
			trace_hits += (size_t)r[i].hit;
		}
		if (each)
			printf("%.3f\n", mod[i]);
		/* the gaps are bounded (trace.h) and each request by its profile:
		 * a clock past half of int64 is a model that charged more */
		if (done > INT64_MAX / 2 || done < t) {
			fprintf(stderr, "diskreplay: %s:%zu: the model's clock passes %lld ns (%s charged more than a profile may)\n",
				argv[2 + each], i + 1, (long long)(INT64_MAX / 2), argv[1 + each]);
			return 2;
		}
		t = done + (int64_t)(r[i].gap_us * 1e3 + 0.5);
	}
	if (!each) {
		double mm = 0, mo = 0;

		for (i = 0; i < n; i++) {
			mm += meas[i];
			mo += mod[i];
		}
		cdf_sort(meas, n);
		cdf_sort(mod, n);
		cdf_sort(cst, n);
		rms = cdf_rms(meas, n, mod, n) / 1e3;
		printf("requests=%zu rms_ms=%.3f mean_measured_ms=%.3f mean_model_ms=%.3f median_measured_ms=%.3f "
		       "median_model_ms=%.3f reads=%zu model_read_hits=%" PRIu64 " trace_hit_words=%zu constant_rms_ms=%.3f\n",
		       n, rms, mm / (double)n / 1e3, mo / (double)n / 1e3, cdf_quantile(meas, n, 0.5) / 1e3,
		       cdf_quantile(mod, n, 0.5) / 1e3, reads, m.c.buffer_hits, trace_hits,
		       cdf_rms(meas, n, cst, n) / 1e3);
		printf("counters:");
#define PRINT_COUNTER(name, what) printf(" " #name "=%" PRIu64, m.c.name);
		DMODEL_COUNTERS(PRINT_COUNTER)
#undef PRINT_COUNTER
		printf("\n");
	}
	free(r);
	free(meas);
	free(mod);
	free(cst);
	return fflush(stdout) ? 1 : 0;
}
