#!/bin/bash
# tests/run itself: it runs a unit test binary only while its source
# tests/unit/test_X.c exists (a binary left in out/ by a removed test never
# runs), and it builds each kernel the e2e tests boot once, in the order
# they first need it: the plan of docs/results/check-budget.md; and no unit
# check is always true.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
# is NAME GOT WANT
is() { same "$1" "$3" "$2"; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# a fake out/: a stale binary whose source is gone and one whose source exists
mkdir -p "$T/bin/tests"
printf '#!/bin/sh\necho "FAIL gone: a removed test ran"\nexit 1\n' >"$T/bin/tests/test_gone"
printf '#!/bin/sh\necho "PASS size: the fake ran"\n' >"$T/bin/tests/test_size"
chmod +x "$T/bin/tests/test_gone" "$T/bin/tests/test_size"
list=$(OUT=$T "$top/tests/run" --list unit/)
is "--list: one unit test a source, none other" "$(grep -c '^unit/' <<<"$list")" "$(printf '%s\n' "$top"/tests/unit/test_*.c | wc -l)"
is "--list: the stale test_gone is not listed" "$(grep -c gone <<<"$list")" 0
is "--list: test_size is listed" "$(grep -cx unit/test_size <<<"$list")" 1
out=$(OUT=$T "$top/tests/run" unit/test_gone 2>&1)
is "a stale binary does not run (rc $?)" "$(grep -c 'removed test ran' <<<"$out")" 0
is "... and nothing is counted" "$(tail -n 1 <<<"$out")" "0 passed, 0 failed, 0 skipped"
out=$(OUT=$T "$top/tests/run" unit/test_size 2>&1)
is "a binary whose source exists runs (rc $?)" "$(tail -n 1 <<<"$out")" "1 passed, 0 failed, 0 skipped"

# the kernels: each once, the default first, in the order the tests need them
list=$(OUT=$T "$top/tests/run" --list e2e/)
q=$(sed -n 's/^kernels: //p' <<<"$list")
is "kernels: each named once" "$(tr ' ' '\n' <<<"$q" | sort | uniq -d | wc -l)" 0
is "kernels: x86_64's default first" "${q%% *}" x86_64/default
is "kernels: the plan" "$(tr ' ' '\n' <<<"$q" | sort | xargs)" \
	"i486/default i586/default i586/net x86_64/default x86_64/modern x86_64/net x86_64/noswap x86_64/smp x86_64/usb"
for t in "$top"/tests/e2e/*.sh; do
	k=$(sed -n 's/^# kernels: //p' "$t")
	for w in $k; do
		[[ $w == */* ]] || fail "testrun: kernels: ${t##*/} names '$w'" "ARCH/VARIANT"
		[ -f "$top/kernel/${w%/*}.config" ] || fail "testrun: kernels: ${t##*/} names $w" "no kernel/${w%/*}.config"
		v=${w#*/}
		[ "$v" = default ] || [ -f "$top/kernel/variants/$v.config" ] || fail "testrun: kernels: ${t##*/} names $w" "no variant $v"
	done
done
is "kernels: an ARCH's together, its default first (a variant starts from the default's objects)" "$q" \
	"x86_64/default x86_64/net x86_64/smp x86_64/modern x86_64/usb x86_64/noswap i586/default i586/net i486/default"
first=$(grep -n '^e2e/' <<<"$list" | grep -m1 'i586/default' | cut -d: -f2 | cut -d' ' -f1)
is "kernels: i586 comes when the first test that boots it does" "$first" e2e/60-pxe.sh

# A unit check that cannot fail is a SKIP (check.h), not a PASS: no CHECK
# whose condition is always true (CHECK(0, ...) is a failure said in an
# error path: it stays); shown first on a planted one.
constant='CHECK[A-Z_]*\((1|true), '
printf 'CHECK(1, "planted");\nCHECK(n == 1, "real");\n' >"$T/planted.c"
is "unit: a planted CHECK(1, ...) is found, CHECK(n == 1, ...) is not" "$(grep -cE "$constant" "$T/planted.c")" 1
found=$(grep -nE "$constant" "$top"/tests/unit/*.c "$top"/tests/unit/*.h)
is "unit: no CHECK whose condition is always true (a check that cannot fail)" "$found" ""
exit "$failed"
