/* zram_pick_comp (init/swap/zram.c): a plain zram or zswap takes the kernel's
 * own default compressor, whatever the kernel (debian 6.12 has
 * no lzo-rle, and a plain zram failed there); a named one only when the
 * kernel lists it. */
#include <errno.h>
#include <string.h>

#include "check.h"
#include "init/swap/zram.h"

static void pick(const char *list, const char *named, int want_rc, const char *want, const char *what)
{
	char out[16] = "?";
	int rc = zram_pick_comp(list, named, out, sizeof(out));

	CHECK(rc == want_rc && (rc || !strcmp(out, want)), "%s: got %d '%s', want %d '%s'", what, rc, out, want_rc,
	      want);
}

int main(void)
{
	char same[16] = "lz4";

	pick("lzo [lzo-rle] lz4 zstd\n", "", 0, "lzo-rle", "6.1's zram: its default lzo-rle");
	pick("[lz4] zstd\n", "", 0, "lz4", "debian 6.12's zram (no LZO): its default lz4");
	pick("lzo lzo-rle [zstd]\n", "", 0, "zstd", "a default last in the list");
	pick("[lz4] zstd\n", "lzo-rle", -ENOENT, "", "a named compressor the kernel lacks is refused");
	pick("[lz4] zstd\n", "zstd", 0, "zstd", "a named one the kernel lists");
	pick("lzo [lzo-rle] lz4\n", "lzo", 0, "lzo", "lzo is not lzo-rle's prefix match");
	pick("lzo-rle lz4\n", "lzo", -ENOENT, "", "nor is lzo found inside lzo-rle");
	pick("lzo lz4\n", "", -ENOENT, "", "several and none marked current: no default");
	pick("lzo\n", "", 0, "lzo", "zswap's parameter: its one word");
	pick("[]\n", "", -ENOENT, "", "an empty mark");
	pick("[a-name-longer-than-out] lz4\n", "", -ENOENT, "", "a name longer than the buffer");
	CHECK(zram_pick_comp("[lz4] zstd\n", same, same, sizeof(same)) == 0 && !strcmp(same, "lz4"),
	      "named and out the same buffer (zram_check passes c->comp as both)");
	CHECK_DONE();
}
