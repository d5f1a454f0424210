#!/bin/bash
# One name for each thing: lib/renames.h is the one table of old names,
# and each of its rows is refused by the reader of its kind, naming the
# new one: a workload by init's parser (swapbench.workloads=OLD and
# swapbench.OLD.*, through init-host --check, which qemu/run asks before
# any boot), a disk by init's parser (swapbench.disk=OLD) and by DISK=
# (host/diskmodel.sh), a layout by qemu/mkdisks (LAYOUT=), a make target by
# the Makefile. The rows come from init-host --describe (type=rename), so
# a new row is asked here without a new line of this test. Beside it, no
# old name lives on: no workload of lib/workloads.h, no profile file, no
# layout of host/layout.sh and no make target carries one, no profile is
# a link to another, and every profile's name= is its file's; that part is
# first shown to find a planted link and a profile named otherwise.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
cd "$top" || exit 2
OUT=${OUT:-out}
INIT_HOST=$OUT/bin/init-host
export INIT_HOST
if [ ! -x "$INIT_HOST" ]; then
	skip "renames" "no $INIT_HOST (make tools)"
	exit 0
fi
# shellcheck source=host/registry.sh
source host/registry.sh
# shellcheck source=host/diskmodel.sh
source host/diskmodel.sh
# shellcheck source=host/layout.sh
source host/layout.sh

rows=$(registry_rows rename kind name new)
n=$(grep -c . <<<"$rows")
# the table as the C preprocessor reads it, as the Makefile does: the same rows
cpp_rows=$(printf '#include "lib/renames.h"\n#define R_(kind, old, new) @R kind old new\nRENAMES(R_)\n' |
	"${HOST_CC:-cc}" -E -P -I. -x c - | tr -d '"' | tr '@' '\n' | awk '$1 == "R" { print $2 "\t" $3 "\t" $4 }')
same "renames: init-host --describe prints lib/renames.h's $n rows, as the preprocessor reads them" "$cpp_rows" "$rows"
[ "$n" -ge 1 ] || fail "renames: the table has no row"

# check_init OLD NEW CMDLINE: init's parser refuses CMDLINE, naming NEW
check_init() {
	local out rc
	out=$("$INIT_HOST" --check "$3" 2>&1)
	rc=$?
	if [ "$rc" != 0 ] && [[ $out == *"is now $2"* ]]; then
		pass "renames: init refuses $3, naming $2"
	else
		fail "renames: init on $3" "status $rc, said '$out'"
	fi
}

while IFS=$'\t' read -r kind old new; do
	case $kind in
	workload)
		check_init "$old" "$new" "swapbench.workloads=$old"
		check_init "$old" "$new" "swapbench.$old.seed=1"
		check "renames: init takes swapbench.workloads=$new" "$INIT_HOST" --check "swapbench.workloads=$new"
		wls=" $(make -s --no-print-directory wl-names) "
		if [[ $wls == *" $old "* ]]; then fail "renames: $old is still a workload of lib/workloads.h"; else pass "renames: $old is no workload of lib/workloads.h"; fi
		;;
	disk)
		check_init "$old" "$new" "swapbench.disk=$old"
		said=$(diskmodel_file "$old")
		rc=$?
		if [ "$rc" = 1 ] && [ "$said" = "DISK=$old is now DISK=$new; the old name is refused" ]; then
			pass "renames: DISK=$old is refused, naming DISK=$new"
		else
			fail "renames: DISK=$old" "status $rc, said '$said'"
		fi
		check "renames: DISK=$new is a profile" test -f "$(diskmodel_file "$new")"
		;;
	layout)
		tmp=$(mktemp -d)
		said=$(LAYOUT=$old "$top/qemu/mkdisks" "$tmp/d" 64 2>&1 >/dev/null)
		rc=$?
		if [ "$rc" = 2 ] && [[ $said == *"LAYOUT=$old is now LAYOUT=$new"* ]] && [ ! -e "$tmp/d/disk.img" ]; then
			pass "renames: LAYOUT=$old is refused by qemu/mkdisks, naming LAYOUT=$new, no disk made"
		else
			fail "renames: LAYOUT=$old" "status $rc, said '$said'"
		fi
		rm -rf "$tmp"
		if [[ " $(layout_names) " == *" $old "* ]]; then fail "renames: $old is still a layout"; else pass "renames: $old is no layout of host/layout.sh"; fi
		if [[ " $(layout_names) " == *" $new "* ]]; then pass "renames: $new is a layout"; else fail "renames: $new is no layout"; fi
		;;
	target)
		said=$(make -s --no-print-directory "$old" 2>&1)
		rc=$?
		if [ "$rc" != 0 ] && [[ $said == *"make $old is now make $new; the old name is refused"* ]]; then
			pass "renames: make $old is refused, naming make $new"
		else
			fail "renames: make $old" "status $rc, said '$said'"
		fi
		check "renames: make $new is a target" make -n --no-print-directory "$new"
		;;
	*) fail "renames: $old: a kind ($kind) no reader here asks about" ;;
	esac
done <<<"$rows"

# lingering DIR: "file: why" per profile that is a link or whose name= is not its file's
lingering() {
	local f name
	for f in "$1"/*.conf; do
		if [ -L "$f" ]; then
			echo "$f: a link to $(readlink "$f"): one profile, two names"
			continue
		fi
		name=$(sed -n 's/^name *= *//p' "$f")
		[ "$name" = "$(basename "$f" .conf)" ] || echo "$f: name = $name, not its file's"
	done
}
plant=$(mktemp -d)
trap 'rm -rf "$plant"' EXIT
printf 'name = fast\n' >"$plant/fast.conf"
printf 'name = fast-1\n' >"$plant/slow.conf"
ln -s fast.conf "$plant/quick.conf"
said=$(lingering "$plant")
if [ "$(grep -c . <<<"$said")" = 2 ] && [[ $said == *"quick.conf: a link"* && $said == *"slow.conf: name = fast-1"* ]]; then
	pass "renames: the profile check finds the planted link and the planted name, not the good one"
else
	fail "renames: the profile check on the planted folder" "said '$said'"
fi
found=$(lingering disk/profiles)
if [ -z "$found" ]; then
	pass "renames: every profile of disk/profiles/ is a file whose name= is its file's"
else
	fail "renames: $(tr '\n' ';' <<<"$found")"
fi
exit "$failed"
