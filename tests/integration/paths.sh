#!/bin/bash
# integration/paths.sh: every path a tracked script, test, source or page
# names is there (tests/paths.py): none leaves the repository (so a fresh
# clone with nothing beside it runs every test), and none names a file of
# it that moved or went (init/dmdisk.c after init/ went into parts). The
# check first proves itself on a planted tree: a script reading
# $top/../shared, a page naming ../shared/x, a C file including
# ../lib/gone.h, a page and a test's comment naming init/gone.c are found;
# an include of ../lib/x.h that exists, a test sourcing
# $(dirname "$0")/../lib.sh, a refused input (--file=../x), a pattern
# (init/NAME.c) and a file a test plants in its scratch tree are not.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

p=$scratch/plant
mkdir -p "$p/tests/e2e" "$p/lib" "$p/init" "$p/docs"
# shellcheck disable=SC2016 # the planted files' text, written as it is
{
	printf 'data=${D:-$top/../shared/disksim-valid}\n' >"$p/tests/e2e/a.sh"
	printf 'source "$(dirname "$0")/../lib.sh"\nrefused --file=../x\n' >"$p/tests/e2e/b.sh"
	printf '# checks init/gone.c\n: >"$scratch/init/gone.c"\n' >>"$p/tests/e2e/b.sh"
	printf 'The drives are in ../shared/disksim-valid beside it.\n' >"$p/docs/a.md"
	printf 'init/gone.c parses it; init/x.c and init/NAME.c do not.\n' >>"$p/docs/a.md"
	: >"$p/init/x.c"
	printf '#include "../lib/x.h"\n#include "../lib/gone.h"\n' >"$p/init/a.c"
	: >"$p/lib/x.h"
	: >"$p/tests/lib.sh"
}
(cd "$p" && git init -q && git add -A) || fail "paths: planting the tree" "git failed"
said=$(cd "$p" && python3 "$top/tests/paths.py")
st=$?
want="docs/a.md:1: ../shared/disksim-valid: shared/disksim-valid is not in the repository
docs/a.md:2: init/gone.c: not in the repository
init/a.c:2: ../lib/gone.h: lib/gone.h is not in the repository
tests/e2e/a.sh:1: ../shared/disksim-valid: outside the repository
tests/e2e/b.sh:3: init/gone.c: not in the repository"
if [ "$st" = 1 ] && [ "$(sort <<<"$said")" = "$want" ]; then
	pass "paths: the planted paths that are not there are found, the ones that are are not"
else
	fail "paths: the planted tree" "exit $st, said '$said', want '$want'"
fi

cd "$top" || exit 2
found=$(python3 tests/paths.py)
st=$?
if [ "$st" = 0 ] && [ -z "$found" ]; then
	pass "paths: every path the tracked files name is there ($(git ls-files | wc -l) files)"
else
	while read -r l; do fail "paths: a path that is not there" "$l"; done <<<"$found"
fi
exit "$failed"
