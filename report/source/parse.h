#ifndef SBR_PARSE_H
#define SBR_PARSE_H
/*
 * Sources (serial logs, results disks, result directories) to runs.
 * Every record that cannot be trusted is kept out of the runs and listed as
 * a problem with its source and line, so no damage goes unnoticed.
 */
#include "report/util/hmap.h"
#include "lib/record.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct io_account;

enum run_status { ST_OK, ST_OOM, ST_TIMEOUT, ST_ERROR, ST_KILLED, ST_COUNT };

/*
 * One checksummed record with its origin. Its fields sit in one block: nf
 * (key number, value offset) pairs, then the values; key names are kept
 * once per process. A run costs about its line's length (docs/report.md, At lab scale).
 */
struct record {
	const char *source;
	unsigned long line;	/* 1-based line in the serial log or disk data area */
	uint16_t *f;		/* 2 * nf: key number, offset of the value in f */
	uint32_t nf;
	unsigned char repeats;	/* a key occurs twice: store_get takes the last */
};

/* init's error and warning records */
struct note {
	struct record rec;
	const char *kind;	/* "error" or "warning" */
};

/*
 * What a boot may hold besides its meta record and its runs: allocated with
 * the first of it, so that a lab of 100,000 one-run boots does not pay for it.
 */
struct boot_more {
	struct record totals;	/* nf == 0: no totals record */
	struct record disk;	/* the modelled disk's figures (DISK=NAME); nf == 0: none */
	struct record *swaps;
	size_t nswaps, swaps_cap;
	struct record *confs;	/* "# sb conf": each swap configuration as set up */
	size_t nconfs, confs_cap;
	struct record *ios;	/* "# sb io": the runs' accounts of requests (iorec.c) */
	size_t nios, ios_cap;
	struct note *notes;
	size_t nnotes, notes_cap;
	unsigned long *refused;	/* test numbers of runs a check left out */
	size_t nrefused, refused_cap;
};

/* A boot costs this and its records (docs/report.md, At lab scale). */
struct boot {
	const char *id;		/* kept with the records */
	size_t index;		/* in dataset.boots */
	const char *source;	/* where it was first seen */
	struct record meta;	/* nf == 0: no meta record */
	unsigned long plan;	/* N of the KTAP "1..N" line, 0 if none */
	size_t nruns;		/* runs used */
	struct boot_more *more;	/* never NULL: an empty one shared until it holds something */
};

struct run {
	struct record rec;
	struct boot *boot;
	unsigned long num;
	const char *workload, *backend, *kernel, *tag;
	enum run_status status;
	char *flag;		/* why the clock cannot vouch for it (clockflag), else NULL */
	struct io_account *io;	/* its modelled disk's requests (iorec.h), else NULL */
};

/* A problem is its kind and what it is about: 16 bytes (problems.h reads it). */
struct problem_text;		/* its source, line and sentence (problems.c) */
struct problem {
	const char *kind;	/* the message's format: problems alike share it */
	union {
		const struct problem_text *text;	/* problems_add's */
		const struct boot *boot;		/* problems_add_boot's: its sentence made when printed */
	};
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
	/* fields: each record line as read, good or damaged (st), before it is kept */
	void (*each_record)(void *arg, const struct rec *r, const char *source, unsigned long line,
			    enum rec_status st);
	void *each_arg;
	struct hmap boot_ix;		/* boots by id */
	struct hmap run_ix;		/* runs by boot and test number: one map, not one a boot */
	struct boot *last_boot;		/* a boot's records come together: asked first */
	struct arena {
		char *p;
		size_t left;
		char **blocks;
		size_t n, cap;
	} mem;				/* the records' fields */
};

struct rec;

/* A text source being read line by line (source.c feeds it). */
struct parser {
	struct dataset *ds;
	struct source *src;
	struct boot *cur;	/* the boot whose meta record came last */
	unsigned long lineno;
	struct rec *r;
};

/* Reads a serial log or disk data area already in memory. */
void parse_text(struct dataset *ds, const char *source, const char *text, size_t len);
void parse_begin(struct parser *p, struct dataset *ds, const char *source);
/* One line without its newline; last: the source ended without one. */
void parse_line(struct parser *p, const char *s, size_t n, int last);
void parse_end(struct parser *p);
void parse_free(struct dataset *ds);

/* Once after all sources: boots complete, plans met (then io_attach, iorec.h). */
void parse_finish(struct dataset *ds);
/* Boot b's used run of that test number, or NULL. */
struct run *parse_find_run(struct dataset *ds, struct boot *b, unsigned long num);
/* Frees the indices by boot id and test number: once io_attach has read the
 * accounts, nothing looks a boot or run up, and no source is read after. */
void parse_drop_index(struct dataset *ds);

const char *parse_status_name(enum run_status s);

#endif
