#!/bin/bash
# A workload's aliases and their defaults live once, in lib/workloads.h
# (X(fight, "seed002", "passes=1 share=total fill=same")): the program
# takes them from there through wl_alias, by parameter name, and does not
# spell an alias of its own (fight.c's names[] did: seed002 and
# seed002-each with their defaults, a second copy of the list). The scan is
# first shown to catch a planted copy; a default naming no parameter is
# refused with a usage error, not ignored.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cc=${HOST_CC:-cc}
flags=(-std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wshadow -Wformat=2 -O1)
pass() { echo "PASS aliases: $1"; }
fail() { echo "FAIL aliases: $1"; }

# the aliases with defaults: "program name" a line
aliases() {
	grep -o 'X([a-z0-9_]*, "[a-z0-9_-]*", "[^"]*")' "$1/lib/workloads.h" | sed 's/X(\([^,]*\), "\([^"]*\)".*/\1 \2/'
}
# copies ROOT: "workloads/PROGRAM.c:LINE: NAME" where a program spells its alias
copies() {
	aliases "$1" | while read -r prog name; do
		grep -n "\"$name\"" "$1/workloads/$prog.c" | sed "s|^|workloads/$prog.c:|; s|\$| [$name]|"
	done
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/lib" "$scratch/workloads"
cp "$top/lib/"*.[ch] "$scratch/lib/"
cp "$top/workloads/"*.[ch] "$scratch/workloads/"
n=$(aliases "$top" | wc -l)
if [ "$n" -ge 2 ]; then pass "lib/workloads.h gives $n aliases their defaults ($(aliases "$top" | cut -d' ' -f2 | xargs))"
else fail "lib/workloads.h gives $n aliases defaults, 2 or more wanted (seed002, seed002-each)"; fi
printf '%s\n' '/* planted */ static const char *const mine[] = { "seed002" };' >>"$scratch/workloads/fight.c"
planted=$(copies "$scratch")
if grep -q '^workloads/fight.c:[0-9]*:.*\[seed002\]$' <<<"$planted"; then
	pass "the scan finds a planted copy of an alias in its program"
else
	fail "the scan missed a planted \"seed002\" in fight.c: '$planted'"
fi
found=$(copies "$top")
if [ -z "$found" ]; then pass "no program spells an alias lib/workloads.h gives defaults"
else fail "aliases written in their program (read them through wl_alias): $(tr '\n' ';' <<<"$found")"; fi

# a default naming no parameter: a usage error naming the alias and the program
cp "$top/workloads/fight.c" "$scratch/workloads/fight.c"
sed -i 's/X(fight, "seed002", "passes=1 /X(fight, "seed002", "pases=1 /' "$scratch/lib/workloads.h"
cd "$scratch" || exit 1
if out=$("$cc" "${flags[@]}" -o fight workloads/fight.c workloads/wl.c workloads/wl_fill.c lib/size.c 2>&1); then
	ln -s fight seed002
	err=$(./seed002 --describe 2>&1 >/dev/null)
	rc=$?
	if [ "$rc" = 2 ] && [[ $err == *"lib/workloads.h gives seed002 a default for no parameter of fight"* ]]; then
		pass "a default for no parameter (pases=1): status 2, '$err'"
	else
		fail "a default for no parameter (pases=1): status $rc, '$err'"
	fi
	ok=$(./fight --describe 2>&1 | grep -c '^param fight\.')
	if [ "$ok" -ge 5 ]; then pass "fight itself still runs with seed002's entry wrong ($ok parameters)"
	else fail "fight itself: $ok parameters described"; fi
else
	fail "fight does not build in the scratch tree: $(head -n 3 <<<"$out" | tr '\n' ' ')"
fi
