#!/bin/bash
# Headers are named one way: a quoted #include never climbs out of its
# folder (a ".." step), and in init/, report/ and workloads/ it is the header's
# path from the top, a file that exists ("lib/record.h", "workloads/wl.h"),
# as every build compiles with -I at the top. lib/ and disk/ keep their
# same-folder names (disk/model/ is also built inside a kernel's tree by
# kernel/build). The check is first shown to find the planted includes.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
cd "$top" || exit 2
T=$(mktemp -d /tmp/includes.XXXXXX)
trap 'rm -rf "$T"' EXIT

# bad_includes ROOT FILE...: each quoted #include of the FILEs (paths under
# ROOT) that climbs (a ".." step), or, in init/, report/ or workloads/, is not a
# file's path from ROOT; as FILE:LINE: the line
bad_includes() {
	local root=$1 f n line h up=..
	shift
	while IFS=: read -r f n line; do
		h=${line#*\"}
		h=${h%%\"*}
		case /$h/ in
		*"/$up/"*) echo "$f:$n: $line" ;;
		*) case $f in init/* | report/* | workloads/*) [ -f "$root/$h" ] || echo "$f:$n: $line" ;; esac ;;
		esac
	done < <(cd "$root" && grep -Hn '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$@")
}

mkdir -p "$T/lib" "$T/workloads" "$T/report"
: >"$T/lib/size.h"
: >"$T/workloads/wl.h"
printf '#include "../lib/size.h"\n#include "wl.h"\n#include "workloads/wl.h"\n#include "lib/size.h"\n#include <stdio.h>\n' >"$T/workloads/a.c"
printf '#include "size.h"\n#include "x/../size.h"\n' >"$T/lib/b.c"
printf '#include "../../lib/size.h"\n' >"$T/report/c.c"
said=$(bad_includes "$T" workloads/a.c lib/b.c report/c.c | cut -d: -f1,2 | paste -sd,)
same "includes: the planted climbs (in lib/ too) and a same-folder name in workloads/ are found, lib/'s own name and the paths from the top are not" \
	"workloads/a.c:1,workloads/a.c:2,lib/b.c:2,report/c.c:1" "$said"

mapfile -t srcs < <(git ls-files '*.c' '*.h')
[ "${#srcs[@]}" -gt 200 ] || fail "includes: found only ${#srcs[@]} C files"
found=$(bad_includes "$top" "${srcs[@]}")
if [ -z "$found" ]; then
	pass "includes: none of ${#srcs[@]} C files climbs out of its folder; init/, report/ and workloads/ name headers from the top"
else
	while read -r l; do fail "includes: not a path from the top" "$l"; done <<<"$found"
fi
exit "$failed"
