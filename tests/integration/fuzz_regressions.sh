#!/bin/bash
# Replays the fuzz corpus and every crash `make fuzz` has found
# (tests/fuzz/corpus/TARGET, tests/fuzz/regressions/TARGET) through the fuzz
# targets built without libFuzzer, under AddressSanitizer and UBSan: one
# PASS or FAIL line a file, so a fixed bug stays fixed.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
cd "$top" || exit 2
OUT=${OUT:-out}
bin=$OUT/bin/fuzz-replay

if ! err=$(tests/fuzz/build replay "$bin" 2>&1); then
	fail "fuzz replay: building the targets failed: $(head -c 600 <<<"$err")"
	exit 1
fi
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1
for t in cmdline record resdisk probe collect profile disksim sentence iorec plot; do
	n=0
	for f in tests/fuzz/corpus/"$t"/* tests/fuzz/regressions/"$t"/*; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		if out=$(timeout 20 "$bin/$t" "$f" 2>&1 >/dev/null); then
			pass "fuzz replay $t: ${f#tests/fuzz/}"
		else
			fail "fuzz replay $t: ${f#tests/fuzz/}: $(grep -m2 -E 'property failed|ERROR|runtime error' <<<"$out" | tr '\n' ' ')"
		fi
	done
	[ "$n" -gt 0 ] || { fail "fuzz replay $t: no corpus in tests/fuzz/corpus/$t"; }
done
exit "$failed"
