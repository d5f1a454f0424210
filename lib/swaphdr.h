#ifndef SB_SWAPHDR_H
#define SB_SWAPHDR_H
/*
 * Linux swap header version 1, as mkswap writes it and swapon reads it.
 * Pure: builds and parses one page in memory, no I/O. Fields are in host
 * byte order because the kernel reads them in its own order.
 */
#include <stddef.h>
#include <stdint.h>

#define SWAPHDR_MIN_PAGES 10		/* mkswap refuses fewer */
/* The field holds 16 bytes, NUL optional; mkswap itself writes at most 15. */
#define SWAPHDR_LABEL_MAX 16

struct swaphdr_info {
	uint32_t version;		/* always 1 after a successful parse */
	uint32_t last_page;		/* index of the last usable page */
	uint32_t nr_badpages;
	uint64_t bytes;			/* (last_page + 1) * pagesize */
	unsigned char uuid[16];
	char label[SWAPHDR_LABEL_MAX + 1];
};

/*
 * Fills page (pagesize bytes) with the header for a swap area of bytes
 * bytes (rounded down to whole pages). label may be NULL.
 * Returns 0, or -EINVAL for a bad pagesize, fewer than SWAPHDR_MIN_PAGES
 * pages, more pages than the header can count, or a label over 16 bytes.
 */
int swaphdr_build(unsigned char *page, size_t pagesize, uint64_t bytes,
		  const unsigned char uuid[16], const char *label);
/* Returns 0, or -EINVAL if page holds no version 1 header. */
int swaphdr_parse(const unsigned char *page, size_t pagesize, struct swaphdr_info *out);
/* Lower-case 8-4-4-4-12 form, NUL terminated. */
void swaphdr_uuid_format(const unsigned char uuid[16], char out[37]);
/* A random (version 4, RFC 4122 variant) UUID from 16 random bytes. */
void swaphdr_uuid_v4(unsigned char uuid[16], const unsigned char random[16]);
/* Reads the 8-4-4-4-12 hex form (either case): 0, or -EINVAL. */
int swaphdr_uuid_parse(const char *s, unsigned char uuid[16]);

#define SWAPHDR_KEPT_LABEL 1	/* taken over from the swap area replaced */
#define SWAPHDR_KEPT_UUID 2

struct swaphdr_names {
	char label[SWAPHDR_LABEL_MAX + 1];
	unsigned char uuid[16];
	int kept;		/* SWAPHDR_KEPT_* */
};

/*
 * The label and UUID of a swap area made where old was (NULL: no swap area
 * there). An old area's own label and UUID stay, as `mkswap -L old -U old`
 * keeps them, so a LABEL= or UUID= designation finds the area again next
 * boot; an empty label stays empty, an all-zero UUID is replaced. Otherwise
 * the designation spec says: LABEL=x gives the label x (when it fits),
 * UUID=x the UUID x; the rest get dflt_label and a version 4 UUID made
 * from random.
 */
void swaphdr_names(const struct swaphdr_info *old, const char *spec, const char *dflt_label,
		   const unsigned char random[16], struct swaphdr_names *out);

#endif
