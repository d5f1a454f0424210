#!/bin/bash
# The layers, checked: lib/ is the floor (it includes lib/ headers only),
# nothing outside init/ includes an init/ header (shared cores go to lib/),
# and init/ includes no report/ header. Every #include "..." in the C
# sources is resolved as the compiler would (the including file's own
# directory, then -Iinit -Ilib). First the rule is shown to catch a planted
# violation in a scratch tree, then the real tree is checked.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"

# violations ROOT: prints "file: includes header (why)" per broken rule
violations() {
	local root=$1 f dir inc hdr layer target
	cd "$root" || return 1
	for f in init/*.[ch] lib/*.[ch] report/*.[ch] workloads/*.[ch] rootfs/*.[ch]; do
		[ -f "$f" ] || continue
		dir=${f%%/*}
		grep -o '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"]*"' "$f" | sed 's/.*"\(.*\)"/\1/' |
		while read -r inc; do
			hdr=
			for cand in "$dir/$inc" "init/$inc" "lib/$inc"; do
				if [ -f "$cand" ]; then hdr=$(realpath -m --relative-to=. "$cand"); break; fi
			done
			[ -n "$hdr" ] || continue	# a test helper or system header
			target=${hdr%%/*}
			layer=
			case $dir:$target in
			lib:lib) ;;
			lib:*) layer="lib/ is the floor and includes only lib/" ;;
			init:report) layer="init/ does not include report/" ;;
			init:*) ;;
			*:init) layer="outside init/, no init/ header (move the shared core to lib/)" ;;
			esac
			[ -z "$layer" ] || echo "$f: includes $hdr ($layer)"
		done
	done
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch"/{init,lib,report,workloads,rootfs}
echo '#include "../init/a.h"' >"$scratch/workloads/w.c"
echo '#include "a.h"' >"$scratch/lib/l.c"		# found through -Iinit
echo '#include "../report/r.h"' >"$scratch/init/i.c"
echo '#include "b.h"' >"$scratch/report/ok.c"
: >"$scratch/init/a.h"
: >"$scratch/report/r.h"
: >"$scratch/lib/b.h"
planted=$(violations "$scratch")
n=$(grep -c . <<<"$planted")
if [ "$n" = 3 ] && ! grep -q ok.c <<<"$planted"; then
	pass "layering: the check finds the 3 planted violations and nothing else"
else
	fail "layering: the check found $n of 3 planted violations: $(tr '\n' ' ' <<<"$planted")"
fi

found=$(violations "$top")
if [ -z "$found" ]; then
	pass "layering: no file outside init/ includes an init/ header, lib/ includes only lib/, init/ no report/"
else
	fail "layering: $(tr '\n' ';' <<<"$found")"
fi

# Two promises of lib/ (docs/layout.md, lib/now.h): it does I/O only in
# swapfile.c, the one path that makes a swap area; and now.h is the one
# reader of the clock for init, lib and the workloads.
# promises ROOT: prints "file:line: what" per broken promise
promises() {
	local root=$1
	(
		cd "$root" || exit 1
		for f in lib/*.[ch]; do
			if [ ! -f "$f" ] || [ "$f" = lib/swapfile.c ]; then continue; fi
			grep -nE '\b(open|openat|read|write|pread|pwrite|fopen|fread|fwrite|printf|fprintf|puts|opendir|stat|fstat|statvfs|fsync|fallocate|ioctl|unlink|mkdir|mount)[[:space:]]*\(' "$f" |
				grep -vE '^[0-9]+:[[:space:]]*(/?\*|//)' | sed "s|^|$f:|; s|\$| (I/O in lib/ outside swapfile.c)|"
		done
		for f in init/*.[ch] lib/*.[ch] workloads/*.[ch]; do
			if [ ! -f "$f" ] || [ "$f" = lib/now.h ]; then continue; fi
			grep -nE '\b(clock_gettime|gettimeofday)[[:space:]]*\(' "$f" |
				grep -vE '^[0-9]+:[[:space:]]*(/?\*|//)' | sed "s|^|$f:|; s|\$| (a clock reader besides lib/now.h)|"
		done
	)
}
mkdir -p "$scratch/p/lib" "$scratch/p/init" "$scratch/p/workloads"
printf '%s\n' 'int f(int fd) { return write(fd, "x", 1); }' >"$scratch/p/lib/io.c"
printf '%s\n' 'int g(void) { return open ("/x", 0); }' >"$scratch/p/lib/swapfile.c"
printf '%s\n' 'long h(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec; }' >"$scratch/p/workloads/t.c"
printf '%s\n' 'static inline long now(void) { clock_gettime(CLOCK_MONOTONIC, &t); }' >"$scratch/p/lib/now.h"
printf '%s\n' ' * write() is named in a comment' 'int ok(void) { return snprintf(b, 2, "x"); }' >"$scratch/p/lib/ok.c"
planted=$(promises "$scratch/p")
n=$(grep -c . <<<"$planted")
if [ "$n" = 2 ] && grep -q '^lib/io.c:' <<<"$planted" && grep -q '^workloads/t.c:' <<<"$planted"; then
	pass "layering: the I/O and clock checks find the 2 planted violations and nothing else"
else
	fail "layering: the I/O and clock checks found $n of 2 planted violations: $(tr '\n' ' ' <<<"$planted")"
fi
found=$(promises "$top")
if [ -z "$found" ]; then
	pass "layering: lib/ does I/O only in swapfile.c; only lib/now.h reads the clock"
else
	fail "layering: $(tr '\n' ';' <<<"$found")"
fi
exit "$failed"
