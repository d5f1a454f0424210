#!/bin/bash
# No C file over 450 lines (the house rule: one module, one job; a file that
# grows past it is doing two). Every .c and .h in the tree but out/ counts,
# tests and fixtures too. The rule is first shown to catch a planted file
# of 451 lines and to pass one of 450.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
MAX=450
pass() { echo "PASS c_lines: $1"; }
fail() { echo "FAIL c_lines: $1"; }

# over DIR: "path (N lines)" for every C file in DIR over MAX lines
over() {
	(cd "$1" && find . \( -path ./out -o -path ./.git \) -prune -o -type f \( -name '*.c' -o -name '*.h' \) -print |
		sed 's|^\./||' | sort | while read -r f; do
			n=$(wc -l <"$f")
			[ "$n" -le "$MAX" ] || echo "$f ($n lines)"
		done)
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/init" "$scratch/out"
seq 451 | sed 's|^|// |' >"$scratch/init/long.c"
seq 450 | sed 's|^|// |' >"$scratch/init/fits.c"
seq 900 | sed 's|^|// |' >"$scratch/out/built.c"
planted=$(over "$scratch" | xargs)
if [ "$planted" = "init/long.c (451 lines)" ]; then
	pass "a planted 451-line file is found; 450 lines and out/ pass"
else
	fail "the check found '$planted', wanted 'init/long.c (451 lines)'"
fi
found=$(over "$top" | xargs)
if [ -z "$found" ]; then
	pass "no C file over $MAX lines"
else
	fail "C files over $MAX lines (split them by job): $found"
fi
