#!/bin/bash
# A record too long for a line is never lost without a word: in init/, no
# record is written only when rec_end accepted it ("if (rec_end(&b) >= 0)
# results_emit(&b)" dropped an overlong disk, diskmodel or diskcheck record
# in silence). Records go out through records_emit, or results_emit after
# rec_end unconditionally; results_emit puts a warning in place of one
# rec_end refused (test_results checks that). The scan is first shown to
# catch planted violations in a scratch tree, then run on init/.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"

# violations DIR: "file:line" where an emit hangs on rec_end's result
violations() {
	local f
	for f in "$1"/*.c "$1"/*/*.c; do
		# results.c's own warning record is built to fit
		[ "${f##*/}" = results.c ] && continue
		awk -v f="${f##*/}" '
			/if \(rec_end\([^)]*\) *(>=|>|==) *0\)/ { guard = NR; if (/results_emit\(/) print f ":" NR; next }
			guard && NR <= guard + 1 && /results_emit\(/ { print f ":" guard }
			{ if (NR > guard + 1) guard = 0 }' "$f"
	done
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
printf '%s\n' 'static void a(void)' '{' '	if (rec_end(&b) >= 0)' '		results_emit(&b);' '}' >"$scratch/a.c"
printf '%s\n' 'static void b(void)' '{' '	if (rec_end(&w) > 0) results_emit(&w);' '}' >"$scratch/b.c"
printf '%s\n' 'static void c(void)' '{' '	rec_end(&b);' '	results_emit(&b);' '	records_emit(&b);' '}' >"$scratch/c.c"
planted=$(violations "$scratch" | xargs)
if [ "$planted" = "a.c:3 b.c:3" ]; then
	pass "records_lost: the scan finds the 2 planted guarded emits, and not an unguarded one"
else
	fail "records_lost: the scan found '$planted', wanted 'a.c:3 b.c:3'"
fi
found=$(violations "$top/init" | xargs)
if [ -z "$found" ]; then
	pass "records_lost: no record in init/ is written only when rec_end accepts it"
else
	fail "records_lost: a record dropped in silence when too long (use records_emit): $found"
fi
exit "$failed"
