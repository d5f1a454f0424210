/*
 * ds: the profile of a DiskSim drive (disksim.h) from what disk/disksim/disksim.c
 * read: each figure with a source line naming its file and parameter,
 * the seek curve's ends and mean derived from the table (or the HPL
 * equation), the zones with their slips in order.
 */
#include "disksim.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "disksim_files.h"
#include "disk/profile/profile.h"
#include "trace.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* a value of DiskSim's flags ("whether or not", its manual says, read as
 * C reads an int: anything but 0 is yes) as the model's 0 or 1, and what
 * its source line adds where the file's value is neither */
static int flag(double v)
{
	return v != 0;
}

static const char *flag_note(double v)
{
	return v == 0 || v == 1 ? "" : " (the manual: 'whether or not'; a value other than 0 is yes, as DiskSim's int flags are)";
}

/* the spt of the track the g4 layout's first (last: its last) LBN is on:
 * down the root's first (last) entries to a track pattern (the children
 * are in range and before their node: disk/disksim/disksim_g4.c) */
static double g4_end_spt(const struct ds_g4 *g, int last)
{
	size_t node = g->nnode - 1;

	for (size_t step = 0; step <= g->nnode; step++) {
		size_t first = 0, end = 0;

		for (size_t i = 0; i < g->nent; i++)	/* the node's entries, in a row: [first, end) */
			if (g->ent[i].node == node) {
				if (!end)
					first = i;
				end = i + 1;
			}
		if (end == 0)
			return 0;
		{
			const struct ds_g4ent *e = &g->ent[last ? end - 1 : first];

			if (e->track)
				return g->tp[3 * (size_t)e->child + 2];
			node = (size_t)e->child;
		}
	}
	return 0;
}

/* the seek over c cylinders as the description has it, ms */
static double seek_ms(const struct ds *d, double c)
{
	int n = d->nseek;

	if (c <= 0)
		return 0;
	if (!strcmp(d->seektype, "constant"))
		return d->v[S_CSEEK];
	if (n && c <= d->seekd[n - 1]) {
		int i = 0;

		if (c <= d->seekd[0])
			return d->seekms[0];
		while (d->seekd[i + 1] < c)
			i++;
		return d->seekms[i] + (d->seekms[i + 1] - d->seekms[i]) * (c - d->seekd[i]) /
					      (d->seekd[i + 1] - d->seekd[i]);
	}
	if (!strcmp(d->seektype, "curve")) {
		/* Lee's equation (the manual's B.5.1) through the three figures:
		 * a sqrt(x - 1) + b (x - 1) + c */
		double mn = d->v[S_SINGLE], av = d->v[S_AVG], mx = d->v[S_FULL], nc = d->v[S_CYLS];

		return (-10 * mn + 15 * av - 5 * mx) / (3 * sqrt(nc)) * sqrt(c - 1) +
		       (7 * mn - 15 * av + 8 * mx) / (3 * nc) * (c - 1) + mn;
	}
	if (d->nhpl == 6 && strcmp(d->seektype, "extracted"))
		return c < d->hpl[0] ? d->hpl[1] + d->hpl[2] * sqrt(c) : d->hpl[3] + d->hpl[4] * c;
	return n ? d->seekms[n - 1] : 0;
}

/*
 * The bus's time a block where the .diskspecs gives none (DiskSim's own
 * runs took it from a bus description these folders lack): extracted from
 * the first half of the drive's trace, NAME.trace beside its files
 * (dt_bus_fit: the fastest read-ahead hit at each size), and the same fit
 * on the whole trace printed beside it as the check. 1 with *ms set, 0
 * when the folder has no trace or the fit finds no slope, -1 on a trace
 * the reader refuses.
 */
static int bus_from_trace(struct ds *d, double *ms, char *why, size_t len)
{
	char path[600];
	struct dt_req *r;
	struct dt_busfit half, whole;
	size_t n;
	int ok;

	struct stat st;

	snprintf(path, sizeof(path), "%s/%s.trace", d->dir, d->name);
	if (lstat(path, &st))
		return 0;
	if (!S_ISREG(st.st_mode)) {	/* a link would read (and echo) any file */
		snprintf(d->err, d->errlen, "%s: not a regular file of the folder (a symbolic link, a device, ...)", path);
		return -1;
	}
	if (dt_read(path, (uint64_t)d->v[S_BLOCKS], &r, &n, d->err, d->errlen))
		return -1;
	ok = !dt_bus_fit(r, n / 2, &half) && !dt_bus_fit(r, n, &whole);
	free(r);
	if (!ok)
		return 0;
	*ms = half.ms_per_block;
	snprintf(why, len,
		 "ESTIMATE extracted from %s.trace's first half (requests 1-%zu): the least-squares slope of the "
		 "fastest read at each of %zu sizes (%d reads or more) among the %zu reads that start where the read "
		 "before ended (read-ahead hits: overhead plus the bus), intercept %.3f ms; checked on the whole "
		 "trace: %.6f ms a block over %zu sizes",
		 d->name, n / 2, half.sizes, DT_FIT_MIN_READS, half.reads, half.intercept_ms, whole.ms_per_block,
		 whole.sizes);
	return 1;
}

/* the bus file (ds_import): 0 with the two figures and the source, or -1 with err set */
static int bus_file(const char *path, double *rd, double *wr, char *src, size_t srclen, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	int lineno = 0, have_r = 0, have_w = 0, have_s = 0;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while ((got = getline(&line, &cap, f)) >= 0) {
		char *k = line, *v, *e;

		lineno++;
		if (got > 511) {
			snprintf(err, errlen, "%s:%d: line longer than %d characters", path, lineno, 510);
			goto bad;
		}
		if (memchr(line, 0, (size_t)got)) {	/* a reader of C strings would end the line there */
			snprintf(err, errlen, "%s:%d: a NUL byte (a bus file is text)", path, lineno);
			goto bad;
		}
		line[strcspn(line, "#\n")] = 0;
		while (isspace((unsigned char)*k))
			k++;
		if (!*k)
			continue;
		v = strchr(k, '=');
		if (!v) {
			snprintf(err, errlen, "%s:%d: not KEY = VALUE", path, lineno);
			goto bad;
		}
		for (e = v; e > k && isspace((unsigned char)e[-1]); e--)
			;
		*e = 0;
		for (v++; isspace((unsigned char)*v); v++)
			;
		for (e = v + strlen(v); e > v && isspace((unsigned char)e[-1]); e--)
			;
		*e = 0;
		if (!strcmp(k, "read_block_ms") || !strcmp(k, "write_block_ms")) {
			int w = k[0] == 'w';
			double x;

			if (dp_decimal(v, &x) || !(x > 0 && x < 10)) {
				snprintf(err, errlen, "%s:%d: %s = '%s': a time in ms above 0 and below 10", path, lineno, k, v);
				goto bad;
			}
			if (w ? have_w++ : have_r++) {
				snprintf(err, errlen, "%s:%d: %s given twice", path, lineno, k);
				goto bad;
			}
			*(w ? wr : rd) = x;
		} else if (!strcmp(k, "source")) {
			if (have_s++ || !*v) {
				snprintf(err, errlen, "%s:%d: source %s", path, lineno, *v ? "given twice" : "empty");
				goto bad;
			}
			snprintf(src, srclen, "%s", v);
		} else {
			snprintf(err, errlen, "%s:%d: unknown key '%s' (read_block_ms, write_block_ms, source)", path,
				 lineno, k);
			goto bad;
		}
	}
	fclose(f);
	free(line);
	if (!have_r || !have_w || !have_s) {
		snprintf(err, errlen, "%s: %s missing", path,
			 !have_r ? "read_block_ms" : !have_w ? "write_block_ms" : "source");
		return -1;
	}
	return 0;
bad:
	fclose(f);
	free(line);
	return -1;
}

int ds_import(const char *dir, const char *bus, FILE *out, char *err, size_t errlen)
{
	static struct ds d;
	int z;
	double sc, track_ms, full_ms, avg, rpm, cyls, ro, ri, bulk, fit = 0;
	char lname[64] = { 0 }, why[512], bus_src[400];
	double bus_r = 0, bus_w = 0;
	const char *bus_name;
	int fitted;

	ds_g4_free(&d);	/* the last import's layout */
	memset(&d, 0, sizeof(d));
	d.err = err;
	d.errlen = errlen;
	if (ds_read(&d, dir))
		return -1;
	if (!strcmp(d.seektype, "hplplus10"))	/* the first ten are the table */
		for (d.nseek = 0; d.nseek < 10; d.nseek++) {
			d.seekd[d.nseek] = d.nseek + 1;
			d.seekms[d.nseek] = d.ten[d.nseek];
		}
	if (!strcmp(d.seektype, "linear")) {
		/* linear between the three figures: one cylinder, the mean
		 * distance of random pairs (a third of the cylinders), the full
		 * stroke */
		d.seekd[0] = 1;
		d.seekms[0] = d.v[S_SINGLE];
		d.seekd[1] = floor(d.v[S_CYLS] / 3);
		d.seekms[1] = d.v[S_AVG];
		d.seekd[2] = d.v[S_CYLS] - 1;
		d.seekms[2] = d.v[S_FULL];
		d.nseek = 3;
	}
	sc = d.seen[S_SCALE] ? d.v[S_SCALE] : 1;
	rpm = d.v[S_RPM];
	cyls = d.v[S_CYLS];
	/* the curve's ends and its mean over uniformly random pairs of cylinders */
	track_ms = seek_ms(&d, 1);
	full_ms = seek_ms(&d, cyls - 1);
	avg = 0;
	/* every distance up to 2^20 of them (DiskSim's drives have
	 * 310194 cylinders at most); past that, evenly spaced distances, each
	 * standing for its stride at its middle. cyls: bounded by ds_read */
	for (uint64_t c = 1, C = (uint64_t)cyls, step = (C + (1u << 20) - 1) >> 20; c < C; c += step) {
		double w = (double)(step < C - c ? step : C - c), at = (double)c + (w - 1) / 2;

		avg += w * 2 * (cyls - at) / (cyls * cyls) * seek_ms(&d, at);
	}
	if (d.g4) {	/* the tracks of the first and the last LBN: their patterns' spt */
		ro = g4_end_spt(d.g4, 0) * 512 * rpm / 60 / 1e6;
		ri = g4_end_spt(d.g4, 1) * 512 * rpm / 60 / 1e6;
	} else {
		ro = d.zone[0][2] * 512 * rpm / 60 / 1e6;
		ri = d.zone[d.nzones - 1][2] * 512 * rpm / 60 / 1e6;
	}
	bulk = d.v[S_BULK];
	fitted = bulk > 0 ? 0 : bus_from_trace(&d, &fit, why, sizeof(why));
	if (fitted < 0)
		return -1;
	if (bus && bus_file(bus, &bus_r, &bus_w, bus_src, sizeof(bus_src), err, errlen))
		return -1;
	/* named by its file name: the profile is the same wherever it was read from */
	bus_name = bus ? (strrchr(bus, '/') ? strrchr(bus, '/') + 1 : bus) : NULL;
#define SPEC(key) d.name, ".diskspecs: " key
	fprintf(out, "# %s (DiskSim's validation drive %s), imported by\n", d.dname, d.name);
	fprintf(out, "# diskprofile import-disksim from its .diskspecs, .model and .seek:\n");
	fprintf(out, "# each figure's source line names the file and the parameter.\n");
	/* a profile's name is of the kernel command line's alphabet: a-z 0-9 _ - */
	for (size_t i = 0; d.name[i] && i + 1 < sizeof(lname); i++)
		lname[i] = (char)tolower((unsigned char)d.name[i]);
	fprintf(out, "name = %s\nmodel = %s\nkind = hdd\nrotational = 1\n", lname, d.dname);
	/* a drive that reports a write from its buffer (Fast write level 1 or
	 * 2) has its write cache on, and says so to the host: a SCSI drive's
	 * caching page (WCE), an ATA drive's IDENTIFY word 85 bit 5; the
	 * kernel shows it in queue/write_cache */
	fprintf(out, "# write_cache: %s%s %.0f (1 or 2: writes reported from the buffer, the write cache on)\nwrite_cache = %d\n",
		SPEC("Fast write level"), d.v[S_FWL], d.v[S_FWL] >= 1);
	if (d.g4 && d.g4->nent) {
		/* the root (IDX's last node) "covers all of the LBN and cylinder
		 * space" (B.4.5): where it holds fewer LBNs than Block count,
		 * those it holds, less the slipped ones, are the drive's */
		const struct ds_g4ent *last = &d.g4->ent[d.g4->nent - 1];
		double held = last->f[0] + last->f[6];

		for (size_t i = 0; i < d.g4->nslip; i++)
			held -= d.g4->slip[2 * i + 1];
		if (held < d.v[S_BLOCKS]) {
			fprintf(out, "capacity_gb = %.9f\nsource.capacity_gb = %.0f blocks of 512 bytes: the LBNs the "
				"dm_layout_g4's root maps (it \"covers all of the LBN and cylinder space\", B.4.5), fewer than "
				"%s.model's Block count (%.0f)\n", held * 512 / 1e9, held, d.name, d.v[S_BLOCKS]);
			d.v[S_BLOCKS] = held;
		} else {
			fprintf(out, "capacity_gb = %.9f\nsource.capacity_gb = %s.model: Block count (%.0f blocks of 512 "
				"bytes)\n", d.v[S_BLOCKS] * 512 / 1e9, d.name, d.v[S_BLOCKS]);
		}
	} else {
		fprintf(out, "capacity_gb = %.9f\nsource.capacity_gb = %s.model: Block count (%.0f blocks of 512 bytes)\n",
			d.v[S_BLOCKS] * 512 / 1e9, d.name, d.v[S_BLOCKS]);
	}
	fprintf(out, "rpm = %.0f\nsource.rpm = %s.model: Rotation speed (in rpms)", rpm, d.name);
	if (d.v[S_RPMERR])
		fprintf(out, "; Percent error in rpms = %g: DiskSim draws each disk's speed from rpm +- %g %% "
			"(uniform, its manual), whose mean this is", d.v[S_RPMERR], d.v[S_RPMERR]);
	fprintf(out, "\n");
	if (!strcmp(d.seektype, "curve")) {
		/* the equation's own three figures: the model fits Lee's curve to them */
		fprintf(out, "seek_track_ms = %.6f\nsource.seek_track_ms = %s.model: Single cylinder seek time (Seek type = "
			"curve: Lee's equation)\n", d.v[S_SINGLE], d.name);
		fprintf(out, "seek_avg_ms = %.6f\nsource.seek_avg_ms = %s.model: Average seek time\n", d.v[S_AVG], d.name);
		fprintf(out, "seek_full_ms = %.6f\nsource.seek_full_ms = %s.model: Full strobe seek time\n", d.v[S_FULL],
			d.name);
	} else {
		fprintf(out, "seek_track_ms = %.6f\nsource.seek_track_ms = the seek curve at one cylinder\n", track_ms);
		fprintf(out, "seek_avg_ms = %.6f\nsource.seek_avg_ms = the seek curve's mean over uniformly random pairs of "
			"cylinders\n", avg);
		fprintf(out, "seek_full_ms = %.6f\nsource.seek_full_ms = the seek curve at %.0f cylinders\n", full_ms,
			cyls - 1);
	}
	if (d.g4) {
		fprintf(out, "rate_outer_mbs = %.6f\nsource.rate_outer_mbs = the first LBN's track (its pattern's spt in the "
			"dm_layout_g4) at the rpm\n", ro);
		fprintf(out, "rate_inner_mbs = %.6f\nsource.rate_inner_mbs = the last LBN's track at the rpm\n", ri);
	} else {
		fprintf(out, "rate_outer_mbs = %.6f\nsource.rate_outer_mbs = zone.1's blocks per track at the rpm\n", ro);
		fprintf(out, "rate_inner_mbs = %.6f\nsource.rate_inner_mbs = zone.%d's blocks per track at the rpm\n", ri,
			d.nzones);
	}
	fprintf(out, "heads = %.0f\nsource.heads = %s.model: Number of data surfaces\n", d.v[S_HEADS], d.name);
	if (!d.g4 && d.nzones && d.zone[d.nzones - 1][1] + 1 > cyls)
		/* DiskSim lays the zones out as given, whatever Number of
		 * cylinders says (its g1 loader counts a zone's blocks from its
		 * first and last cylinder, and takes their sum for the drive's
		 * blocks): HP C2490A's last zone ends at 2629 of 2629 */
		fprintf(out, "cylinders = %.0f\nsource.cylinders = %s.model: the last zone's Last cylinder number + 1 "
			"(DiskSim lays out the zones as given; Number of cylinders says %.0f)\n",
			d.zone[d.nzones - 1][1] + 1, d.name, cyls);
	else
		fprintf(out, "cylinders = %.0f\nsource.cylinders = %s.model: Number of cylinders\n", cyls, d.name);
	if (!d.g4) {
		fprintf(out, "sparing = %.0f\nsource.sparing = %s.model: Sparing scheme used\n", d.v[S_SPARING], d.name);
		fprintf(out, "spare_range = %.0f\nsource.spare_range = %s.model: Rangesize for sparing\n", d.v[S_RANGE],
			d.name);
	}
	fprintf(out, "head_switch_ms = %.6f\nsource.head_switch_ms = %s.model: Head switch time\n", d.v[S_HSW], d.name);
	if (d.seekcols == 4)
		fprintf(out, "write_settle_ms = %.6f\nsource.write_settle_ms = %s.model: Add. write settling delay (%g) + "
			"%g, how much longer a write's seek is than a read's at every distance of %s (its fourth "
			"column, the write's time)\n", d.v[S_SETTLE] + d.seek_wextra, d.name, d.v[S_SETTLE], d.seek_wextra,
			strrchr(d.curve, '/') ? strrchr(d.curve, '/') + 1 : d.curve);
	else
		fprintf(out, "write_settle_ms = %.6f\nsource.write_settle_ms = %s.model: Add. write settling delay\n",
			d.v[S_SETTLE], d.name);
	if (!strcmp(d.seektype, "constant")) {
		fprintf(out, "seek_const = 1\nsource.seek_const = %s.model: Seek type = constant (B.4.3: \"a fixed "
			"per-request seek time\")\n", d.name);
		fprintf(out, "seek_const_ms = %.6f\nsource.seek_const_ms = %s.model: Constant seek time\n", d.v[S_CSEEK],
			d.name);
	}
	if (!strcmp(d.seektype, "hpl") || !strcmp(d.seektype, "hplplus10")) {
		fprintf(out, "hpl_bound_cyl = %.0f\nsource.hpl_bound_cyl = %s.model: HPL seek equation values, V1\n",
			d.hpl[0], d.name);
		fprintf(out, "hpl_short_ms = %.6f\nsource.hpl_short_ms = %s.model: HPL seek equation values, V2\n", d.hpl[1],
			d.name);
		fprintf(out, "hpl_sqrt_ms = %.6f\nsource.hpl_sqrt_ms = %s.model: HPL seek equation values, V3\n", d.hpl[2],
			d.name);
		fprintf(out, "hpl_long_ms = %.6f\nsource.hpl_long_ms = %s.model: HPL seek equation values, V4\n", d.hpl[3],
			d.name);
		fprintf(out, "hpl_lin_ms = %.6f\nsource.hpl_lin_ms = %s.model: HPL seek equation values, V5\n", d.hpl[4],
			d.name);
	}
	fprintf(out, "segments = %.0f\nsource.segments = %s%s\n", d.v[S_SEGS], SPEC("Number of buffer segments"));
	fprintf(out, "segment_kb = %.1f\nsource.segment_kb = %s%s\n", d.v[S_SEGSIZE] / 2, SPEC("Segment size (in blks)"));
	fprintf(out, "cache_mb = %.9f\nsource.cache_mb = the segments times their size\n",
		d.v[S_SEGS] * d.v[S_SEGSIZE] * 512 / 1048576);
	fprintf(out, "write_segments = %.0f\nsource.write_segments = %s%s\n",
		d.seen[S_WSEGS] ? d.v[S_WSEGS] : d.v[S_SEGS], SPEC("Maximum number of write segments"));
	fprintf(out, "write_separate = %.0f\nsource.write_separate = %s%s\n", d.v[S_SEPW], SPEC("Use separate write segment"));
	fprintf(out, "readahead_mode = %.0f\nsource.readahead_mode = %s%s\n", d.v[S_BCR], SPEC("Buffer continuous read"));
	fprintf(out, "readahead_kb = %.1f\nsource.readahead_kb = %s%s\n", d.v[S_RAMAX] / 2, SPEC("Maximum read-ahead (blks)"));
	fprintf(out, "readahead_min_kb = %.1f\nsource.readahead_min_kb = %s%s\n", d.v[S_RAMIN] / 2,
		SPEC("Minimum read-ahead (blks)"));
	fprintf(out, "readahead_over = %d\nsource.readahead_over = %s%s%s\n", flag(d.v[S_RAOVER]),
		SPEC("Read-ahead over requested"), flag_note(d.v[S_RAOVER]));
	fprintf(out, "readahead_idle_hit = %d\nsource.readahead_idle_hit = %s%s%s\n", flag(d.v[S_RAIDLE]),
		SPEC("Read-ahead on idle hit"), flag_note(d.v[S_RAIDLE]));
	fprintf(out, "write_hits_read = %d\nsource.write_hits_read = %s%s%s\n", flag(d.v[S_HITWRITE]),
		SPEC("Allow read hits on write data"), flag_note(d.v[S_HITWRITE]));
	fprintf(out, "read_any_free = %d\nsource.read_any_free = %s%s%s\n", flag(d.v[S_RAFREE]), SPEC("Read any free blocks"),
		flag_note(d.v[S_RAFREE]));
	fprintf(out, "no_caching = %d\nsource.no_caching = %s%s = %g%s\n", !flag(d.v[S_CACHE]),
		SPEC("Enable caching in buffer"), d.v[S_CACHE], flag_note(d.v[S_CACHE]));
	if (!d.g4)
		fprintf(out, "lbn_map = %.0f\nsource.lbn_map = %s.model: LBN-to-PBN mapping scheme\n", d.v[S_MAP], d.name);
	fprintf(out, "immediate_write = %d\nsource.immediate_write = %s%s%s\n", flag(d.v[S_IMMWRITE]),
		SPEC("Immediate buffer write"), flag_note(d.v[S_IMMWRITE]));
	fprintf(out, "write_hit_readahead = %d\nsource.write_hit_readahead = %s%s = %g%s\n", !flag(d.v[S_WHSTOP]),
		SPEC("Write hit stop prefetch"), d.v[S_WHSTOP], flag_note(d.v[S_WHSTOP]));
	fprintf(out, "write_combine = %d\nsource.write_combine = %s%s%s\n", flag(d.v[S_COMBINE]), SPEC("Combine seq writes"),
		flag_note(d.v[S_COMBINE]));
	fprintf(out, "access_mode = %d\nsource.access_mode = %s.model: Access time type = %s\n",
		!strcmp(d.access, "averageRotation") ? 1 : !strcmp(d.access, "constant") ? 2 : 0, d.name, d.access);
	if (!strcmp(d.access, "constant"))
		fprintf(out, "access_const_ms = %.6f\nsource.access_const_ms = %s.model: Constant access time\n",
			d.v[S_CACCESS], d.name);
	fprintf(out, "almost_hits = %d\nsource.almost_hits = %s%s%s\n", flag(d.v[S_ALMOST]), SPEC("Allow almost read hits"),
		flag_note(d.v[S_ALMOST]));
	fprintf(out, "sneaky_full = %d\nsource.sneaky_full = %s%s%s\n", flag(d.v[S_SNEAKYF]),
		SPEC("Allow sneaky full read hits"), flag_note(d.v[S_SNEAKYF]));
	fprintf(out, "sneaky_partial = %d\nsource.sneaky_partial = %s%s%s\n", flag(d.v[S_SNEAKYP]),
		SPEC("Allow sneaky partial read hits"), flag_note(d.v[S_SNEAKYP]));
	fprintf(out, "write_level = %.0f\nsource.write_level = %s%s\n", d.v[S_FWL], SPEC("Fast write level"));
	fprintf(out, "immediate_read = %d\nsource.immediate_read = %s%s%s\n", flag(d.v[S_IMMREAD]), SPEC("Immediate buffer read"),
		flag_note(d.v[S_IMMREAD]));
	/* a block's time is the largest of the disk's, the bus's and the
	 * controller's (the manual, 3.4.5: "the maximum of the three
	 * values"): a disk's figure of 0 or below leaves it to the bus */
	if (bus && bulk > 0) {
		fprintf(out, "bus_sector_ms = %.6f\nsource.bus_sector_ms = the larger of %s%s = %g and %s: read_block_ms = "
			"%g (%s): the manual's \"maximum of the three values\"\n", fmax(bulk, bus_r),
			SPEC("Bulk sector transfer time"), bulk, bus_name, bus_r, bus_src);
		fprintf(out, "bus_write_sector_ms = %.6f\nsource.bus_write_sector_ms = the larger of the same and %s: "
			"write_block_ms = %g\n", fmax(bulk, bus_w), bus_name, bus_w);
		fprintf(out, "bus_mbs = %.6f\nsource.bus_mbs = a block of 512 bytes a bus_sector_ms\n",
			512 / fmax(bulk, bus_r) / 1e3);
	} else if (bulk > 0) {
		fprintf(out, "bus_sector_ms = %.6f\nsource.bus_sector_ms = %s%s\n", bulk, SPEC("Bulk sector transfer time"));
		fprintf(out, "bus_mbs = %.6f\nsource.bus_mbs = a block of 512 bytes a bus_sector_ms\n", 512 / bulk / 1e3);
	} else if (bus) {
		fprintf(out, "bus_sector_ms = %.6f\nsource.bus_sector_ms = %s%s = %g, so %s: read_block_ms (%s)",
			bus_r, SPEC("Bulk sector transfer time"), bulk, bus_name, bus_src);
		if (fitted)
			fprintf(out, "; checked against %s.trace: %.6f ms a block extracted from its first half", d.name, fit);
		fprintf(out, "\nbus_write_sector_ms = %.6f\nsource.bus_write_sector_ms = %s: write_block_ms (%s)\n", bus_w,
			bus_name, bus_src);
		fprintf(out, "bus_mbs = %.6f\nsource.bus_mbs = a block of 512 bytes a bus_sector_ms\n", 512 / bus_r / 1e3);
	} else if (fitted) {
		fprintf(out, "bus_sector_ms = %.6f\nsource.bus_sector_ms = %s%s = %g, so %s\n", fit,
			SPEC("Bulk sector transfer time"), bulk, why);
		fprintf(out, "bus_mbs = %.6f\nsource.bus_mbs = a block of 512 bytes a bus_sector_ms\n", 512 / fit / 1e3);
	} else {
		fprintf(out, "bus_mbs = 1000000\nsource.bus_mbs = %s%s = %g: the bus takes no time%s\n",
			SPEC("Bulk sector transfer time"), bulk,
			bulk < 0 ? " (below 0, never the largest of the disk's, the bus's and the controller's, which the "
				   "manual, 3.4.5, takes: the drive sets no bound, and no bus is given)"
				 : "");
	}
	if (bulk > 0 || fitted || bus)
		fprintf(out, "read_partial = %d\nsource.read_partial = %s%s%s\n", flag(d.v[S_PARTIAL]),
			SPEC("Immed transfer partial hit"), flag_note(d.v[S_PARTIAL]));
	if (bulk > 0 || fitted || bus)
		fprintf(out, "read_early = %.3f\nsource.read_early = 1 - %s%s (Set watermark by reqsize = %g: a fraction of "
			"the %s)\n", 1 - d.v[S_HIGHW], SPEC("High (read) water mark"), d.v[S_WMREQ],
			flag(d.v[S_WMREQ]) ? "request" : "segment");
	if (bulk > 0 || fitted || bus)
		fprintf(out, "watermark_segment = %d\nsource.watermark_segment = %s%s = %g%s\n", !flag(d.v[S_WMREQ]),
			SPEC("Set watermark by reqsize"), d.v[S_WMREQ], flag_note(d.v[S_WMREQ]));
#define OHL(key, slot, what)                                                   \
	fprintf(out, key " = %.6f\nsource." key " = %s%s%s\n", sc * (d.v[slot] + d.v[S_PERREQ]), SPEC(what),   \
		sc != 1 || d.v[S_PERREQ] ? " (with the per-request overhead, times the time scale)" : "")
	OHL("oh_read_hit_after_read_ms", S_RHR, "Read hit over. after read");
	OHL("oh_read_hit_after_write_ms", S_RHW, "Read hit over. after write");
	OHL("oh_read_miss_after_read_ms", S_RMR, "Read miss over. after read");
	OHL("oh_read_miss_after_write_ms", S_RMW, "Read miss over. after write");
	if (d.v[S_EXTRA] == 1) {
		OHL("oh_write_hit_after_read_ms", S_XCMD, "Extradisc command overhead, for Extra write disconnect = 1");
		OHL("oh_write_hit_after_write_ms", S_XCMD, "Extradisc command overhead, for Extra write disconnect = 1");
		OHL("oh_write_miss_after_read_ms", S_XCMD, "Extradisc command overhead, for Extra write disconnect = 1");
		OHL("oh_write_miss_after_write_ms", S_XCMD, "Extradisc command overhead, for Extra write disconnect = 1");
		fprintf(out, "oh_write_reconnect_ms = %.6f\nsource.oh_write_reconnect_ms = %s%s\n",
			sc * (d.v[S_XDISC] + d.v[S_XDELAY] + d.v[S_RESEL1] + d.v[S_PREP]),
			SPEC("Extradisc disconnect overhead + inter-disconnect delay + First reselect + Data preparation"));
		fprintf(out, "write_seek_delay_ms = %.6f\nsource.write_seek_delay_ms = %s%s\n", sc * d.v[S_XSEEK],
			SPEC("Extradisc seek delta"));
	} else {
		OHL("oh_write_hit_after_read_ms", S_WHR, "Write hit over. after read");
		OHL("oh_write_hit_after_write_ms", S_WHW, "Write hit over. after write");
		OHL("oh_write_miss_after_read_ms", S_WMR, "Write miss over. after read");
		OHL("oh_write_miss_after_write_ms", S_WMW, "Write miss over. after write");
	}
	if (d.v[S_EXTRA] == 1)
		fprintf(out, "oh_write_reselect_ms = %.6f\nsource.oh_write_reselect_ms = %s%s\n", sc * d.v[S_RESELN],
			SPEC("Other reselect overhead (a write's second reconnect, with Extra write disconnect = 1)"));
	else
		fprintf(out, "oh_write_reselect_ms = %.6f\nsource.oh_write_reselect_ms = %s%s\n", sc * d.v[S_RESEL1],
			SPEC("First reselect overhead (a write's first reconnect, with Extra write disconnect = 0)"));
	fprintf(out, "oh_read_done_ms = %.6f\nsource.oh_read_done_ms = %s%s\n", sc * d.v[S_RDONE],
		SPEC("Read completion overhead"));
	fprintf(out, "oh_write_done_ms = %.6f\nsource.oh_write_done_ms = %s%s\n", sc * d.v[S_WDONE],
		SPEC("Write completion overhead"));
	fprintf(out, "oh_read_reconnect_ms = %.6f\nsource.oh_read_reconnect_ms = %s%s\n",
		sc * (d.v[S_RDISCR] + d.v[S_RESEL1] + d.v[S_PREP]),
		SPEC("Read disconnect afterread + First reselect overhead + Data preparation overhead"));
	fprintf(out, "oh_read_reconnect_after_write_ms = %.6f\nsource.oh_read_reconnect_after_write_ms = %s%s\n",
		sc * (d.v[S_RDISCW] + d.v[S_RESEL1] + d.v[S_PREP]),
		SPEC("Read disconnect afterwrite + First reselect overhead + Data preparation overhead"));
	fprintf(out, "write_min_seek_ms = %.6f\nsource.write_min_seek_ms = %s%s\n", d.v[S_MINSEEK],
		SPEC("Minimum seek delay"));
	if (d.g4) {
		const struct ds_g4 *g = d.g4;
		const char *lf = d.layout[0] ? (strrchr(d.layout, '/') ? strrchr(d.layout, '/') + 1 : d.layout) : NULL;

		fprintf(out, "source.g4 = %s%s: dm_layout_g4 (B.4.5): IDX's entries (lbn, cyl, off, len, cyllen, alen, "
			"runlen, cylrunlen, the child's type and index, a track's surface) by node, TP, Slips, Remaps; the "
			"angles as turns, six decimals\n", lf ? lf : d.name, lf ? "" : ".model");
		for (size_t i = 0; i < g->nent; i++) {
			const struct ds_g4ent *e = &g->ent[i];
			double ang[2];

			for (int k = 0; k < 2; k++) {	/* off, alen: turns, within one */
				double a = e->f[k ? 5 : 2];

				a = round((a - floor(a)) * 1e6) / 1e6;
				ang[k] = a >= 1 ? 0 : a;
			}
			fprintf(out, "g4.ent.%zu = %zu %.0f %.0f %.6f %.0f %.0f %.6f %.0f %.0f %s %.0f %.0f\n", i + 1, e->node,
				e->f[0], e->f[1], ang[0], e->f[3], e->f[4], ang[1], e->f[6], e->f[7], e->track ? "track" : "idx",
				e->child, e->head);
		}
		for (size_t i = 0; i < g->ntp; i++)
			fprintf(out, "g4.tp.%zu = %.0f %.0f %.0f\n", i + 1, g->tp[3 * i], g->tp[3 * i + 1], g->tp[3 * i + 2]);
		for (size_t i = 0; i < g->nslip; i++)
			fprintf(out, "g4.slip.%zu = %.0f %.0f\n", i + 1, g->slip[2 * i], g->slip[2 * i + 1]);
		for (size_t i = 0; i < g->nremap; i++) {
			const double *r = &g->remap[6 * i];

			fprintf(out, "g4.remap.%zu = %.0f %.0f %.0f %.0f %.0f %.0f\n", i + 1, r[0], r[1], r[2], r[3], r[4], r[5]);
		}
	} else {
		fprintf(out, "source.zone = %s.model: Zones (first and last cylinder, blocks per track, skew for track and "
			     "cylinder switch, number of spares, empty space at zone front, offset of first block: slips)\n",
			d.name);
	}
	for (z = 0; z < d.nzones; z++) {
		static double s[SLMAX];
		double *f = d.zone[z];
		int ns = 0;

		char sk[3][32];
		/* Skew units (B.4.2): the zone's, else the layout's; sectors by default */
		int rev = d.zone_skewunits[z] ? d.zone_skewunits[z] == 2 : d.skewunits == 2;

		for (int i = 0; i < 8; i++)
			if ((i != 3 && i != 4 && i != 7) && (f[i] < 0 || f[i] != floor(f[i]))) {
				d.line = 0;
				return ds_fail(&d, "zone %d: a figure that is not a whole number of sectors", z + 1);
			}
		/* the skews and the offset (floats in the manual): sectors, three
		 * decimals, within the track */
		for (int i = 0; i < 3; i++) {
			double x = f[i == 2 ? 7 : 3 + i] * (rev ? f[2] : 1);

			x = f[2] > 0 ? fmod(x, f[2]) : 0;
			if (x < 0)
				x += f[2];
			x = round(x * 1000) / 1000;
			if (x >= f[2])
				x = 0;
			snprintf(sk[i], sizeof(sk[i]), x == floor(x) ? "%.0f" : "%.3f", x);
		}
		fprintf(out, "zone.%d = %.0f %.0f %.0f %s %s %.0f %.0f %s", z + 1, f[0], f[1], f[2], sk[0], sk[1], f[5], f[6],
			sk[2]);
		/* the slips in order (the files list some out of it) */
		for (int i = 0; i < d.nslip; i++)
			if (d.slip_zone[i] == z)
				s[ns++] = d.slip[i];
		qsort(s, (size_t)ns, sizeof(s[0]), cmp_double);
		if (ns)
			fprintf(out, " :");
		for (int i = 0; i < ns; i++)
			fprintf(out, " %.0f", s[i]);
		fprintf(out, "\n");
	}
	if (d.nseek) {
		fprintf(out, "source.seek = %s\n",
			!strcmp(d.seektype, "extracted") ? "the .seek file (Seek type = extracted)"
			: !strcmp(d.seektype, "linear")	 ? "Seek type = linear: the single cylinder, average and full strobe "
							   "seek times at 1, a third of the cylinders and all but one"
							 : "the .model's First ten seek times (hplplus10)");
		for (z = 0; z < d.nseek; z++)
			fprintf(out, "seek.%d = %.0f %.6f\n", z + 1, d.seekd[z], d.seekms[z]);
	}
	return 0;
}

