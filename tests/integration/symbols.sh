#!/bin/bash
# What the tree's object files say (nm), two promises:
# - No circle among the C files: each file's calls and data references
#   point one way, so a part can be understood and changed from the files
#   below it. Every .c of init/, lib/, report/, workloads/ and disk/ is
#   compiled for the host into a scratch folder; tsort finds any loop.
# - No export without an outside caller: every global symbol a C file
#   defines (T, D, B, R) is used by another file, or it is static. The
#   callers are those files and the tests' (the unit tests, the fuzz
#   targets, the fixtures' generators); the kernel module (disk/kmod/,
#   built only against a kernel's tree) is read as text: an identifier it
#   names counts as a use. Entry points are not exports: main (a
#   workload's is NAME_main in the image only, by the Makefile's -Dmain=)
#   and the fuzz targets' LLVMFuzzerTestOneInput.
# Each check is first shown to find a planted case: a circle (a.c calls
# b.c, b.c calls a.c) and nothing in a line (c -> d); a lonely export and
# nothing in a used function, a used variable or a name the module's text uses.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# objects DIR FILE.c...: each file compiled into DIR/PATH_WITH_UNDERSCORES.o;
# "cannot-compile FILE" and status 1 at the first that does not compile
objects() {
	local dir=$1 f
	shift
	mkdir -p "$dir"
	for f in "$@"; do
		"${HOST_CC:-cc}" -std=c11 -D_GNU_SOURCE -DCRC32_TABLE -I. -Ilib -Itests/unit \
			-c -o "$dir/$(tr / _ <<<"${f%.c}").o" "$f" || { echo "cannot-compile $f"; return 1; }
	done
}

# table DIR...: "symbol file" of the objects in the DIRs, defined ones into
# defs and undefined ones into uses, in the current folder
table() {
	local d o
	for d; do for o in "$d"/*.o; do
		o=${o##*/}
		nm -g --defined-only "$d/$o" | awk -v f="${o%.o}" 'NF == 3 && $2 ~ /[TDBRVW]/ { print $3, f }'
	done; done | sort >defs
	for d; do for o in "$d"/*.o; do
		o=${o##*/}
		nm -u "$d/$o" | awk -v f="${o%.o}" '{ print $2, f }'
	done; done | sort >uses
}

# loops WORK DIR...: each loop tsort finds among the objects of the DIRs, one a line
loops() {
	local work=$1
	shift
	mkdir -p "$work"
	(
		cd "$work" || exit 1
		table "$@"
		join defs uses | awk '$2 != $3 { print $3, $2 }' | sort -u >edges
		# tsort prints each loop's members after "input contains a loop:"
		tsort edges 2>&1 >/dev/null | awk '/contains a loop/ { if (l) print l; l = ""; next }
			{ sub(/^tsort: /, ""); l = l (l ? " " : "") $0 } END { if (l) print l }'
	)
}

# lonely WORK TEXT DIR...: "symbol file" per export of the DIRs' objects that
# no other object uses; TEXT: a file of further used names, one a line
lonely() {
	local work=$1 text=$2
	shift 2
	mkdir -p "$work"
	(
		cd "$work" || exit 1
		table "$@"
		{ cat uses; awk '{ print $1, "-" }' "$text"; } | sort -u >used
		# a symbol with a user other than its definer
		join defs used | awk '$2 != $3 { print $1 }' | sort -u >called
		awk '$1 != "main" && $1 != "LLVMFuzzerTestOneInput"' defs | sort | join -v 1 - called
	)
}

mkdir -p "$scratch/plant/src"
cd "$scratch/plant" || exit 2
printf 'int b(void);\nint a(void) { return b(); }\n' >src/a.c
printf 'int a(void);\nint b(void) { return a() + 1; }\n' >src/b.c
printf 'int d(void);\nint c(void) { return d(); }\n' >src/c.c
printf 'int d(void) { return 4; }\n' >src/d.c
objects obj src/a.c src/b.c src/c.c src/d.c >/dev/null
said=$(loops "$scratch/plant/work" "$scratch/plant/obj")
if [[ $said == *src_a* && $said == *src_b* && $said != *src_c* && $said != *src_d* ]]; then
	pass "circles: the planted a <-> b is found, c -> d is not ('$said')"
else
	fail "circles: the planted a <-> b" "found '$said'"
fi
printf 'int used(void) { return 1; }\nint lonely_one(void) { return 2; }\nstatic int kept(void) { return 3; }\nint (*p)(void) = kept;\n' >src/e.c
printf 'int used(void);\nextern int (*p)(void);\nint main(void) { return used() + p(); }\n' >src/f.c
printf 'int by_text(void) { return 4; }\n' >src/g.c
echo by_text >"$scratch/plant/text"
objects lobj src/e.c src/f.c src/g.c >/dev/null
said=$(lonely "$scratch/plant/lwork" "$scratch/plant/text" "$scratch/plant/lobj" | tr '\n' ' ')
if [ "$said" = "lonely_one src_e " ]; then
	pass "exports: the planted lonely_one is found; a used function, a used variable, main and a name the module's text uses are not"
else
	fail "exports: the planted lonely_one alone" "found '$said'"
fi

cd "$top" || exit 2
# disk/kmod/ is kernel code, built only against a kernel's tree
mapfile -t srcs < <(git ls-files 'init/*.c' 'lib/*.c' 'report/*.c' 'workloads/*.c' 'disk/*.c' 'rootfs/*.c' | grep -v '^disk/kmod/')
# tests/unit/test_sender.c includes init/output/sender.c (its statics) and
# links none of it: compiled on its own, it would export sender's functions
# twice; tests/fixtures/kshim/ is the kernel's arithmetic, for the model
# compiled kernel-style (tests/integration/diskmodel_int.sh)
mapfile -t tsrcs < <(git ls-files 'tests/unit/*.c' 'tests/fuzz/*.c' 'tests/fixtures/*.c' |
	grep -v -e '^tests/unit/test_sender\.c$' -e '^tests/fixtures/kshim/')
[ "${#srcs[@]}" -gt 60 ] || fail "symbols: found only ${#srcs[@]} C files"
[ "${#tsrcs[@]}" -gt 30 ] || fail "symbols: found only ${#tsrcs[@]} C files of the tests"
if said=$(objects "$scratch/tree" "${srcs[@]}") && said=$(objects "$scratch/tests" "${tsrcs[@]}"); then
	found=$(loops "$scratch/lw" "$scratch/tree")
	if [ -z "$found" ]; then
		pass "circles: none among ${#srcs[@]} C files of init/ lib/ report/ workloads/ disk/ rootfs/"
	else
		while read -r l; do fail "circles: a loop" "$l"; done <<<"$found"
	fi
	git ls-files 'disk/kmod/*.c' 'disk/kmod/*.h' | xargs cat | grep -oE '\b[A-Za-z_][A-Za-z0-9_]*\b' | sort -u >"$scratch/kmod"
	found=$(lonely "$scratch/ew" "$scratch/kmod" "$scratch/tree" "$scratch/tests")
	if [ -z "$found" ]; then
		pass "exports: every global symbol of $((${#srcs[@]} + ${#tsrcs[@]})) C files (init/ lib/ report/ workloads/ disk/ rootfs/ tests/) has a caller outside its file"
	else
		while read -r sym file; do fail "exports: $sym ($file) has no caller outside its file: make it static or remove it"; done <<<"$found"
	fi
else
	fail "symbols: ${said#cannot-compile } does not compile"
fi
exit "$failed"
