#!/bin/bash
# The layers, checked: lib/ is the floor (it includes lib/ headers only),
# nothing outside init/ includes an init/ header (shared cores go to lib/),
# and neither init/ nor disk/ includes a report/ header. Inside init/,
# report/ and disk/ the parts (sub-folders) are layered too: a part
# includes only itself and the parts below it, in the order of INIT_PARTS,
# REPORT_PARTS and DISK_PARTS (report/main.c sits on top of them all), and
# disk/model/, what the kernel module compiles, includes nothing but its
# own folder. init/, report/ and disk/ include by path from the top
# ("lib/record.h", "init/sys/errmsg.h", "disk/model/model.h": the
# Makefile's -I.) or a file of their own folder, never by a relative path,
# and each .c file of init/ and report/ has the header of its own name
# (but the two mains; disk/'s parts keep one header a part's interface:
# model.h, profile.h, disksim.h, trace.h, cdf.h). Every #include "..." is resolved as the compiler
# would (the including file's own directory, then -I. and -Ilib). First the
# rules are shown to catch planted violations in a scratch tree, then the
# real tree is checked.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"

# bottom first: what each part is, docs/layout.md
INIT_PARTS="sys config disk output swap run records experiment"
REPORT_PARTS="util source stats out collect cmd"
DISK_PARTS="model profile disksim kmod tools"

# part_rank FILE: "init 3" for a file of init/disk/, "report 6" for report/main.c, else nothing
part_rank() {
	local f=$1 root=${1%%/*} rest part i=0 p parts
	case $root in init) parts=$INIT_PARTS ;; report) parts=$REPORT_PARTS ;; disk) parts=$DISK_PARTS ;; *) return ;; esac
	rest=${f#*/}
	if [ "$rest" = "${rest#*/}" ]; then	# directly in init/ or report/: the top
		echo "$root 99"
		return
	fi
	part=${rest%%/*}
	for p in $parts; do
		i=$((i + 1))
		[ "$p" = "$part" ] && { echo "$root $i"; return; }
	done
	echo "$root 0"	# a part not in the list
}

# violations ROOT: prints "file: includes header (why)" per broken rule
violations() {
	local root=$1 f dir inc hdr layer target own
	cd "$root" || return 1
	while read -r f; do
		dir=$(dirname "$f")
		grep -o '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"]*"' "$f" | sed 's/.*"\(.*\)"/\1/' |
		while read -r inc; do
			case $f:$inc in
			init/*:../* | report/*:../* | disk/*:../*) echo "$f: includes $inc (a relative path: include by path from the top)"; continue ;;
			esac
			hdr=
			for cand in "$dir/$inc" "$inc" "lib/$inc"; do
				if [ -f "$cand" ]; then hdr=$(realpath -m --relative-to=. "$cand"); break; fi
			done
			[ -n "$hdr" ] || continue	# a test helper or system header
			target=${hdr%%/*}
			layer=
			case ${f%%/*}:$target in
			lib:lib) ;;
			lib:*) layer="lib/ is the floor and includes only lib/" ;;
			init:report) layer="init/ does not include report/" ;;
			disk:report) layer="disk/ does not include report/" ;;
			init:*) ;;
			*:init) layer="outside init/, no init/ header (move the shared core to lib/)" ;;
			esac
			case $f:$hdr in
			disk/model/*:disk/model/*) ;;
			disk/model/*:*) layer="disk/model/ is what the kernel module compiles: it includes only its own folder" ;;
			esac
			if [ -z "$layer" ]; then
				read -r froot frank <<<"$(part_rank "$f")"
				read -r troot trank <<<"$(part_rank "$hdr")"
				if [ -n "${froot:-}" ] && [ "${froot:-}" = "${troot:-}" ]; then
					if [ "$frank" = 0 ] || [ "$trank" = 0 ]; then
						layer="a part of $froot/ not in the layering's list"
					elif [ "$trank" -gt "$frank" ]; then
						layer="a part includes only the parts below it"
					fi
				fi
			fi
			[ -z "$layer" ] || echo "$f: includes $hdr ($layer)"
		done
		case $f in
		init/experiment/pid1.c | report/main.c) ;;
		init/*/*.c | report/*/*.c)
			own=${f%.c}.h
			[ -f "$own" ] || echo "$f: has no header $own of its own name" ;;
		esac
	done < <(find init lib report disk workloads rootfs -name '*.[ch]' 2>/dev/null | sort)
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch"/{init/sys,init/config,init/swap,lib,report/util,report/source,report/stats,workloads,rootfs,disk/model,disk/profile,disk/tools}
echo '#include "init/sys/a.h"' >"$scratch/workloads/w.c"
echo '#include "a.h"' >"$scratch/lib/l.h"		# no -Iinit any more: found nowhere, fine
echo '#include "init/sys/a.h"' >"$scratch/lib/l.c"
echo '#include "report/util/r.h"' >"$scratch/init/sys/i.c"
echo '#include "init/swap/s.h"' >"$scratch/init/config/up.c"	# a part above
echo '#include "../sys/a.h"' >"$scratch/init/swap/s.c"		# relative
echo '#include "report/stats/c.h"' >"$scratch/report/source/p.c"	# a part above
echo '#include "report/source/p.h"' >"$scratch/report/stats/c.c"	# below: fine
echo '#include "lib/b.h"' >"$scratch/report/util/r.c"		# fine
echo '#include "report/stats/c.h"' >"$scratch/report/main.c"	# the top: fine
: >"$scratch/init/config/lonely.c"					# no lonely.h
echo '#include "disk/profile/p.h"' >"$scratch/disk/model/m.c"		# the kernel's folder, upwards
echo '#include "lib/b.h"' >"$scratch/disk/model/k.c"			# the kernel's folder, outside it
echo '#include "../model/m.h"' >"$scratch/disk/profile/q.c"		# relative
echo '#include "report/util/r.h"' >"$scratch/disk/profile/p.c"		# disk/ on report/
echo '#include "m.h"' >"$scratch/disk/model/n.c"			# its own folder: fine
echo '#include "disk/model/m.h"' >"$scratch/disk/tools/t.c"		# a tool on the model: fine
for h in init/sys/a.h init/sys/i.h init/swap/s.h init/config/up.h report/util/r.h \
	report/source/p.h report/stats/c.h lib/b.h disk/model/m.h disk/profile/p.h; do : >"$scratch/$h"; done
planted=$(violations "$scratch")
n=$(grep -c . <<<"$planted")
want=("workloads/w.c" "lib/l.c" "init/sys/i.c" "init/config/up.c" "init/swap/s.c" "report/source/p.c" "init/config/lonely.c"
	"disk/model/m.c" "disk/model/k.c" "disk/profile/q.c" "disk/profile/p.c")
missing=
for w in "${want[@]}"; do grep -q "^$w:" <<<"$planted" || missing+=" $w"; done
if [ "$n" = 11 ] && [ -z "$missing" ]; then
	pass "layering: the check finds the 11 planted violations (parts included upwards, the kernel's folder reaching out, disk/ on report/, relative includes, a .c without its header) and nothing else"
else
	fail "layering: the check found $n of 11 planted violations (missing:${missing:- none}): $(tr '\n' ' ' <<<"$planted")"
fi

found=$(violations "$top")
if [ -z "$found" ]; then
	pass "layering: lib/ includes only lib/, init/ and disk/ no report/, nothing else init/; init/'s, report/'s and disk/'s parts include only those below them (disk/model/ only itself), by path from the top; every .c of init/ and report/ has its header"
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
		for f in init/*/*.[ch] lib/*.[ch] workloads/*.[ch]; do
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
