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
flags=(-std=c11 -D_GNU_SOURCE -I. -Wall -Wextra -Werror -Wshadow -Wformat=2 -O1)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
# shellcheck source=host/registry.sh
source "$top/host/registry.sh"

# the aliases with defaults: "program name" a line, as the C preprocessor reads lib/workloads.h
aliases() {
	printf '#include "%s/lib/workloads.h"\n#define P_(program, name, ...) program name __VA_ARGS__;\nWORKLOADS(P_)\n' "$1" |
		"$cc" -E -P -x c - | tr ';' '\n' | tr -d '"' | awk 'NF > 2 { print $1, $2 }'
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
if [ "$n" -ge 2 ]; then pass "aliases: lib/workloads.h gives $n aliases their defaults ($(aliases "$top" | cut -d' ' -f2 | xargs))"
else fail "aliases: lib/workloads.h gives $n aliases defaults, 2 or more wanted (seed002, seed002-each)"; fi
printf '%s\n' '/* planted */ static const char *const mine[] = { "seed002" };' >>"$scratch/workloads/fight.c"
planted=$(copies "$scratch")
if grep -q '^workloads/fight.c:[0-9]*:.*\[seed002\]$' <<<"$planted"; then
	pass "aliases: the scan finds a planted copy of an alias in its program"
else
	fail "aliases: the scan missed a planted \"seed002\" in fight.c: '$planted'"
fi
found=$(copies "$top")
if [ -z "$found" ]; then pass "aliases: no program spells an alias lib/workloads.h gives defaults"
else fail "aliases: aliases written in their program (read them through wl_alias): $(tr '\n' ';' <<<"$found")"; fi

# a default naming no parameter: a usage error naming the alias and the program
cp "$top/workloads/fight.c" "$scratch/workloads/fight.c"
sed -i 's/X(fight, "seed002", "passes=1 /X(fight, "seed002", "pases=1 /' "$scratch/lib/workloads.h"
cd "$scratch" || exit 1
if out=$("$cc" "${flags[@]}" -o fight workloads/fight.c workloads/wl.c workloads/wl_fill.c lib/size.c lib/version.c 2>&1); then
	ln -s fight seed002
	err=$(./seed002 --describe 2>&1 >/dev/null)
	rc=$?
	if [ "$rc" = 2 ] && [[ $err == *"lib/workloads.h gives seed002 a default for no parameter of fight"* ]]; then
		pass "aliases: a default for no parameter (pases=1): status 2, '$err'"
	else
		fail "aliases: a default for no parameter (pases=1): status $rc, '$err'"
	fi
	ok=$(./fight --describe 2>/dev/null | registry_read param name | grep -c '^fight\.')
	if [ "$ok" -ge 5 ]; then pass "aliases: fight itself still runs with seed002's entry wrong ($ok parameters)"
	else fail "aliases: fight itself: $ok parameters described"; fi
else
	fail "aliases: fight does not build in the scratch tree: $(head -n 3 <<<"$out" | tr '\n' ' ')"
fi
exit "$failed"
