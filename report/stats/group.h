#ifndef SBR_GROUP_H
#define SBR_GROUP_H
/*
 * Runs sorted into cells by workload and one grouping key (backend, kernel
 * or tag), with the chosen metric pulled out of the runs that passed.
 */
#include "report/source/parse.h"
#include "report/util/hmap.h"

enum group_by { BY_BACKEND, BY_KERNEL, BY_TAG };

struct cell {
	const char *workload, *group;
	const char *variant;		/* set by callers that split by variant */
	const struct run **runs;	/* every run of the cell, in order */
	size_t nruns, runs_cap;
	double *v;			/* metric of each status=ok run that has it */
	const struct run **vrun;	/* the run each v[i] came from */
	size_t nv, v_cap, vrun_cap;
	size_t nstatus[ST_COUNT];	/* runs per status */
	size_t nmissing;		/* status=ok runs without a numeric metric */
	size_t nflagged;		/* status=ok runs left out: run->flag */
};

struct cells {
	struct cell *c;
	size_t n, cap;
	struct hmap ix;		/* cells by workload and group (group_build's; group_find) */
};

typedef int group_filter(const struct run *r, const void *arg);

/* Parses "backend", "kernel" or "tag"; -1 if unknown. */
int group_parse_by(const char *s);
const char *group_by_name(enum group_by by);
void group_build(const struct dataset *ds, const char *metric, enum group_by by,
		 group_filter *keep, const void *arg, struct cells *out);
/* The cell of workload and group, or NULL: by hash, once cs is indexed
 * (group_build's cells are; cells put together by hand, after group_index). */
struct cell *group_find(const struct cells *cs, const char *workload, const char *group);
/* Indexes cs->c (again) for group_find. */
void group_index(struct cells *cs);
/* Distinct group names in order of first appearance; returns how many. */
size_t group_values(const struct dataset *ds, enum group_by by, const char ***out);
/* Distinct workloads in order of first appearance. */
/* The cells by workload, in linear time: wl[0..nw) the distinct workloads in
 * order of first appearance, the cells of wl[w] at[start[w]..start[w + 1])
 * in their order. */
struct group_byworkload {
	const char **wl;
	size_t nw;
	const struct cell **at;
	size_t *start;
};
void group_byworkload(const struct cells *cs, struct group_byworkload *out);
void group_byworkload_free(struct group_byworkload *b);
/* A kernel variant: the kernel release plus the tag that tells builds apart. */
struct variant {
	const char *kernel, *tag;
	char *label;		/* "kernel 6.1.0, tag A" */
	char *tiny;		/* "6.1.0/A", for plot legends */
};

/* Distinct variants in order of first appearance; free with group_free_variants. */
size_t group_variants(const struct dataset *ds, struct variant **out);
/* The variants (as group_variants) and out[i], the cells of v[i]'s runs
 * (as group_build with group_in_variant), in one pass over the runs;
 * returns how many. Free each out[i] (group_free), out, and v. */
size_t group_build_variants(const struct dataset *ds, const char *metric, enum group_by by,
			    struct variant **v, struct cells **out);
void group_free_variants(struct variant *v, size_t n);
/* group_filter keeping the runs of one variant (arg: struct variant *). */
int group_in_variant(const struct run *r, const void *variant);
/* group_filter keeping the runs whose group by `by` is `value` (arg: struct group_only *). */
struct group_only {
	enum group_by by;
	const char *value;
};
int group_only(const struct run *r, const void *only);
/* "2 oom, 1 timeout" or "0". */
void group_failures(const struct cell *c, char *buf, size_t size);
size_t group_nfailed(const struct cell *c);
void group_free(struct cells *cs);

#endif
