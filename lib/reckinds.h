#ifndef SB_RECKINDS_H
#define SB_RECKINDS_H
/*
 * The kinds of "# sb KIND" records, named once, one line each: init's
 * writers name a kind by its enum, swapbench-report's reader (report/
 * source/parse.c) turns the word back into it, and docs/generate writes
 * docs/output-format.md's list from this table (through the C
 * preprocessor). A new kind is one more line. Result lines (KTAP "ok" and
 * "not ok") are not a kind: lib/record.h.
 *
 * X(ID, "word", "what it holds")
 */
#define REC_KINDS(X) \
	X(META, "meta", "the boot: kernel, architecture, memory, clock, command line") \
	X(WARNING, "warning", "something init noticed and went on (an unknown key, a record cut)") \
	X(ERROR, "error", "why init stopped the series") \
	X(SWAP, "swap", "one swap area as set up: device, size, how it was made") \
	X(CONF, "conf", "one swap configuration as set up (swapbench.backends)") \
	X(WARMUP, "warmup", "an unmeasured run") \
	X(SAMPLE, "sample", "memory and swap sampled during a run (swapbench.vmstat)") \
	X(PRECISION, "precision", "swapbench.until: the interval reached after a round, over the typical pairs (slow_a and slow_b: the runs counted apart in the slow mode)") \
	X(TOTALS, "totals", "the end of the series: runs planned, made, passed") \
	X(DISK, "disk", "the modelled disk's figures (DISK=NAME)") \
	X(DISKMODEL, "diskmodel", "the disk model's counters around the series") \
	X(DISKCHECK, "diskcheck", "one measurement of swapbench.diskcheck") \
	X(IO, "io", "a run's account of the modelled disk's requests, before its result line") \
	X(DISKCHAR, "diskchar", "one figure of the disk characterised (swapbench.workloads=diskchar)")

enum rec_kind {
#define REC_KIND_ENUM_(id, word, what) RKIND_##id,
	REC_KINDS(REC_KIND_ENUM_)
#undef REC_KIND_ENUM_
	RKIND_COUNT
};

/* The kind's word, as written after "# sb ". */
static inline const char *rec_kind_word(enum rec_kind k)
{
#define REC_KIND_WORD_(id, word, what) word,
	static const char *const words[] = { REC_KINDS(REC_KIND_WORD_) };
#undef REC_KIND_WORD_
	return (unsigned)k < RKIND_COUNT ? words[k] : "";
}

/* The kind a word names, or -1 for a word no writer uses. */
static inline int rec_kind_of(const char *word)
{
	for (int k = 0; k < RKIND_COUNT; k++) {
		const char *a = rec_kind_word((enum rec_kind)k), *b = word;

		while (*a && *a == *b)
			a++, b++;
		if (!*a && !*b)
			return k;
	}
	return -1;
}

#endif
