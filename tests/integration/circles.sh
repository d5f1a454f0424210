#!/bin/bash
# No circle among the C files: each file's calls and data references, read
# from its object file (nm), point one way, so a part can be understood
# and changed from the files below it. Every .c of init/, lib/, report/,
# workloads/ and disk/ is compiled for the host into a scratch folder;
# tsort finds any loop. The check is first shown to find a planted circle
# (a.c calls b.c, b.c calls a.c) and nothing in a planted line (c -> d).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
cc=${HOST_CC:-cc}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# loops DIR FILE.c...: each loop tsort finds among the files' objects, one a line
loops() {
	local dir=$1 f o
	shift
	for f in "$@"; do
		o=$dir/$(tr / _ <<<"${f%.c}").o
		"$cc" -std=c11 -D_GNU_SOURCE -I. -c -o "$o" "$f" || { echo "cannot compile $f"; return; }
	done
	(
		cd "$dir" || exit 1
		for o in *.o; do nm -g --defined-only "$o" | awk -v f="${o%.o}" 'NF == 3 { print $3, f }'; done | sort >defs
		for o in *.o; do nm -u "$o" | awk -v f="${o%.o}" '{ print $2, f }'; done | sort >uses
		join defs uses | awk '$2 != $3 { print $3, $2 }' | sort -u >edges
		# tsort prints each loop's members after "input contains a loop:"
		tsort edges 2>&1 >/dev/null | awk '/contains a loop/ { if (l) print l; l = ""; next }
			{ sub(/^tsort: /, ""); l = l (l ? " " : "") $0 } END { if (l) print l }'
	)
}

mkdir -p "$scratch/plant/src" "$scratch/plant/obj"
printf 'int b(void);\nint a(void) { return b(); }\n' >"$scratch/plant/src/a.c"
printf 'int a(void);\nint b(void) { return a() + 1; }\n' >"$scratch/plant/src/b.c"
printf 'int d(void);\nint c(void) { return d(); }\n' >"$scratch/plant/src/c.c"
printf 'int d(void) { return 4; }\n' >"$scratch/plant/src/d.c"
said=$(cd "$scratch/plant" && loops "$scratch/plant/obj" src/a.c src/b.c src/c.c src/d.c)
if [[ $said == *src_a* && $said == *src_b* && $said != *src_c* && $said != *src_d* ]]; then
	pass "circles: the planted a <-> b is found, c -> d is not ('$said')"
else
	fail "circles: the planted a <-> b" "found '$said'"
fi

cd "$top" || exit 2
mkdir -p "$scratch/tree"
# disk/kmod/ is kernel code, built only against a kernel's tree
mapfile -t srcs < <(git ls-files 'init/*.c' 'lib/*.c' 'report/*.c' 'workloads/*.c' 'disk/*.c' | grep -v '^disk/kmod/')
[ "${#srcs[@]}" -gt 60 ] || fail "circles: found only ${#srcs[@]} C files"
found=$(loops "$scratch/tree" "${srcs[@]}")
if [ -z "$found" ]; then
	pass "circles: none among ${#srcs[@]} C files of init/ lib/ report/ workloads/ disk/"
else
	while read -r l; do fail "circles: a loop" "$l"; done <<<"$found"
fi
exit "$failed"
