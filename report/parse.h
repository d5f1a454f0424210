#ifndef SBR_PARSE_H
#define SBR_PARSE_H
/*
 * Sources (serial logs, results disks, result directories) to runs.
 * Every record that cannot be trusted is kept out of the runs and listed as
 * a problem with its source and line, so no damage goes unnoticed.
 */
#include <stddef.h>
#include <stdio.h>

enum run_status { ST_OK, ST_OOM, ST_TIMEOUT, ST_ERROR, ST_KILLED, ST_COUNT };

struct field {
	char *key, *val;
};

/* One checksummed record with its origin. */
struct record {
	const char *source;
	unsigned long line;	/* 1-based line in the serial log or disk data area */
	const char *kind;	/* diagnostic records: "meta", "error", ...; else NULL */
	size_t nf;
	struct field *f;
};

struct boot {
	char *id;
	const char *source;	/* where it was first seen */
	struct record meta;	/* nf == 0: no meta record */
	struct record totals;	/* nf == 0: no totals record */
	unsigned long plan;	/* N of the KTAP "1..N" line, 0 if none */
	struct record *swaps;
	size_t nswaps, swaps_cap;
	struct record *notes;	/* init's error and warning records */
	size_t nnotes, notes_cap;
	size_t nruns;		/* runs used */
};

struct run {
	struct record rec;
	struct boot *boot;
	size_t seq;		/* order of appearance in the dataset */
	unsigned long num;
	const char *workload, *backend, *status_name, *kernel, *tag;
	enum run_status status;
	char *flag;		/* why the clock cannot vouch for it (clockflag), else NULL */
};

struct problem {
	char *where;		/* "SOURCE:LINE" or "SOURCE" */
	char *what;
};

struct source {
	char *path;		/* the file actually read */
	char *label;		/* results disk label, NULL for a serial log */
	size_t nrecords;	/* good records */
};

struct dataset {
	struct source *src;
	size_t nsrc, src_cap;
	struct boot **boots;
	size_t nboots, boots_cap;
	struct run *runs;
	size_t nruns, runs_cap;
	struct problem *probs;
	size_t nprobs, probs_cap;
	int keep_flagged;	/* --flagged: flagged runs enter the statistics too */
};

/* Reads one SOURCE into ds; dies on I/O errors. */
void parse_source(struct dataset *ds, const char *path);
/* Reads a serial log or disk data area already in memory. */
void parse_text(struct dataset *ds, const char *source, const char *text, size_t len);
/* Boot-level checks (totals present, plan complete); call once after all sources. */
void parse_finish(struct dataset *ds);
void parse_print_problems(const struct dataset *ds, FILE *out);
void parse_free(struct dataset *ds);

const char *record_get(const struct record *r, const char *key);
/* The run's value for key as a number; 0 if absent or not numeric. */
int run_value(const struct run *r, const char *key, double *v);
const char *run_status_name(enum run_status s);

#endif
