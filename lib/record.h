#ifndef SB_RECORD_H
#define SB_RECORD_H
/*
 * swapbench record lines: the one codec shared by init and the report tool.
 *
 *   ok 3 lines-file-1 workload=lines backend=file elapsed_s=1.234 crc=1a2b3c4d
 *   not ok 4 fight-partition-1 workload=fight status=oom crc=0badf00d
 *   # sb meta kernel_release=6.1.0 cmdline="console=ttyS0 quiet" crc=...
 *
 * Result lines are KTAP test results; "# sb KIND" lines are KTAP diagnostic
 * lines. The CRC-32 covers every byte before " crc=". Values holding spaces,
 * quotes, backslashes, '#' or control bytes are quoted, with \" \\ and \xHH
 * ('#' always as \x23: kunit.py reads what follows a '#' as a directive).
 * The encoder refuses what the decoder could not read back: a key (or a
 * diagnostic kind) not made of [A-Za-z0-9_.-], more than REC_FIELDS_MAX
 * fields, a record longer than REC_LINE_MAX; rec_end then fails (init
 * writes a warning record in its place: init/output/results.c).
 */
#include <stdarg.h>
#include <stddef.h>

/* longest record, newline included: a meta record holds the longest x86
 * kernel command line of plain words; a run, its cgroup, mTHP and workload output */
#define REC_LINE_MAX 4096
#define REC_FIELDS_MAX 160	/* most key=value pairs in one record */
#define REC_DIAG_PREFIX "# sb "

enum rec_type { REC_RESULT = 1, REC_DIAG };

enum rec_status {
	REC_NOT_RECORD = 0,	/* some other line: kernel log, KTAP header */
	REC_GOOD,		/* well formed, checksum matches */
	REC_BAD_CRC,		/* checksum does not match: damaged */
	REC_NO_CRC,		/* starts like a record, no checksum: cut short */
	REC_MALFORMED,		/* checksum fine, syntax not */
};

struct rec_field {
	const char *key;
	const char *val;
	unsigned short klen, vlen;	/* strlen of key and of the decoded value */
};

struct rec {
	enum rec_type type;
	int ok;				/* result: 1 for "ok", 0 for "not ok" */
	unsigned long num;		/* result: KTAP test number */
	const char *id;			/* result: test id; diag: record kind */
	int nfields;
	struct rec_field f[REC_FIELDS_MAX];
	char store[REC_LINE_MAX + 16];	/* decoded strings point here */
};

struct rec_buf {
	char s[REC_LINE_MAX];
	size_t len;
	int nfields;
	int overflow;			/* refused (too long, bad key, too many fields): rec_end fails */
};

void rec_begin_result(struct rec_buf *b, int ok, unsigned long num, const char *id);
void rec_begin_diag(struct rec_buf *b, const char *kind);
void rec_add(struct rec_buf *b, const char *key, const char *val);
void rec_addf(struct rec_buf *b, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * rec_add with val cut to the longest head that leaves keep bytes for the
 * fields still to come; returns how many bytes of val were left out (0: all
 * of it is in). The caller says so in a field of its own (cmdline_cut=N):
 * a value is never cut without a word.
 */
size_t rec_add_cut(struct rec_buf *b, const char *key, const char *val, size_t keep);
/* 1 if k can be a key (or a diagnostic kind): [A-Za-z0-9_.-]+. */
int rec_key_ok(const char *k);
/* Appends the checksum and the newline; returns the length or -1 on overflow. */
int rec_end(struct rec_buf *b);

/* len excludes any "\r\n"; the line need not be NUL terminated. */
enum rec_status rec_parse(const char *line, size_t len, struct rec *r);
const char *rec_get(const struct rec *r, const char *key);
const char *rec_status_name(enum rec_status s);

#endif
