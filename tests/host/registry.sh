#!/bin/bash
# The registry: what the image and the host share is written once, in the
# image's C sources, and everything else reads `init-host --describe`.
# 1. --describe says what the parser does (defaults, workloads) and what
#    the verdict needs at least; the launchers' readers (host/registry.sh,
#    qemu/bzinfo, qemu/mkdisks, lava/mkjobs) give the same values.
# 2. The generated documentation is what a fresh generation gives
#    (docs/generate --check: docs/reference.md, the README's tables), and
#    docs/variables.md names make help's variables.
# 3. No fact of the registry is written by hand anywhere else:
#    tests/host/registry_facts.sh.
# kernels: x86_64/default
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
OUT=${OUT:-out}
INIT_HOST=$(realpath -m "$OUT/host/init-host")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
pass() { echo "PASS registry: $1"; }
fail() { echo "FAIL registry: $1"; failed=1; }
check() { # NAME CMD...
	local name=$1
	shift
	if "$@"; then pass "$name"; else fail "$name"; fi
}

[ -x "$INIT_HOST" ] || { fail "no $INIT_HOST (make host)"; exit 1; }
reg=$("$INIT_HOST" --describe)
check "--describe exits 0 and prints a registry of format 1" \
	grep -qx 'registry swapbench format=1 text=.*' <<<"$(head -n1 <<<"$reg")"
bad=$(grep -vE '^(registry|key|default-experiment|workload|param|exit|cmdline|disk|limit|verdict) [^ ]+( [a-z-]+=[^ ]*)*( text=.*)?$' <<<"$reg")
check "every line is TYPE NAME field=value ... [text=...] (${bad:-all})" test -z "$bad"

# every key the parser prints for an empty command line, with the same default
parsed=$("$INIT_HOST" --parse '')
# (until, maxruns and runs: the default experiment's, when no experiment key is given)
mismatch=
while IFS='=' read -r k v; do
	case $k in
	until|maxruns|runs) d=$(sed -n "s/^default-experiment until.* $k=\([^ ]*\) .*/\1/p" <<<"$reg") ;;
	*) d=$(sed -n "s/^key $k .*default=\([^ ]*\).*/\1/p" <<<"$reg") ;;
	esac
	[ "$d" = "$v" ] || mismatch+=" $k=$v"
done <<<"$parsed"
check "each key's default is the parser's (${mismatch:-$(wc -l <<<"$parsed") keys})" test -z "$mismatch"
nkeys=$(grep -c '^key ' <<<"$reg")
check "--describe lists as many keys as the key table has ($nkeys)" \
	test "$nkeys" = "$(grep -c '^	{ "[a-z.]*", K_' init/cmdkeys.c)"
check "the run timeout's default is the parser's" \
	test "$(sed -n 's/^key timeout .*default=\([0-9]*\).*/\1/p' <<<"$reg")" = "$(sed -n 's/^timeout=//p' <<<"$parsed")"
wls=$(sed -n 's/^workload \([^ ]*\) .*/\1/p' <<<"$reg" | xargs)
check "the workloads are lib/workloads.h's, in order ($wls)" test "$wls" = "$(make -s --no-print-directory wl-names)"
check "every workload and alias lists its parameters" \
	test "$(for w in $wls; do grep -q "^param $w\." <<<"$reg" || echo "$w"; done)" = ""
check "an alias has its own defaults (seed002: one pass, fight: two)" \
	test "$(grep -c '^param seed002.passes .*default=1 \|^param fight.passes .*default=2 ' <<<"$reg")" = 2
check "exit statuses 0 1 2 3 124, each with a word and a meaning" \
	test "$(sed -n 's/^exit \([0-9]*\) word=[a-z]* text=..*/\1/p' <<<"$reg" | xargs)" = "0 1 2 3 124"
# the verdict's interval needs one degree of freedom: 3 pairs (the order effect
# takes one), 2 runs a side, 2 boots a kernel
check "the verdict's minimum: 3 pairs paired, 2 a side unpaired, 2 boots" \
	test "$(sed -n 's/^verdict \([a-z]*\) min-runs=\([0-9]*\).*/\1=\2/p' <<<"$reg" | xargs)" = "paired=3 unpaired=2 boots=2"

# the readers
# shellcheck source=host/registry.sh
source host/registry.sh
registry_load || exit 1
check "host/registry.sh: the qemu base line is the registry's" \
	test "$(registry_cmdline qemu)" = "$(sed -n 's/^cmdline qemu .* text=//p' <<<"$reg")"
check "host/registry.sh: the swap designation" test "$(registry_disk swap)" = "$(sed -n 's/^disk swap key=\([^ ]*\) spec=\([^ ]*\) .*/\1=\2/p' <<<"$reg")"
check "host/registry.sh: status 1's words" test "$(registry_exit_text 1)" = "$(sed -n 's/^exit 1 .* text=//p' <<<"$reg")"
check "host/registry.sh: the word fail is status 1" test "$(registry_exit_status fail)" = 1
check "host/registry.sh: an unknown status reads as a crash" test "$(registry_exit_text 77)" = "$(registry_exit_text 3)"
bz=$OUT/x86_64/bzImage	# tests/run makes the image first (the kernels: line)
check "qemu/bzinfo --cmdline-size reads the built kernel's limit, the registry's" \
	test "$(qemu/bzinfo --cmdline-size "$bz")" = "$(registry_limit cmdline-bytes)"
printf 'HdrS' | dd of="$tmp/old.bz" bs=1 seek=$((0x202)) conv=notrunc 2>/dev/null
printf '\x05\x02' | dd of="$tmp/old.bz" bs=1 seek=$((0x206)) conv=notrunc 2>/dev/null
check "qemu/bzinfo --cmdline-size: 255 for a boot protocol before 2.06" test "$(qemu/bzinfo --cmdline-size "$tmp/old.bz")" = 255
if qemu/mkdisks "$tmp/disks" 16 "$OUT/host/swapbench-report" >/dev/null 2>&1; then
	id=$(sfdisk -d "$tmp/disks/disk.img" | sed -n 's/^label-id: 0x//p')
	check "qemu/mkdisks makes the registry's PARTUUID (label-id $id)" test "PARTUUID=$id-01" = "$(registry_spec swap)"
	check "qemu/mkdisks labels the filesystem as the registry says" \
		test "LABEL=$(blkid -p -o value -s LABEL -O $((2048 * 512 + 48 * 1048576)) "$tmp/disks/disk.img")" = "$(registry_spec fs)"
else
	fail "qemu/mkdisks failed"
fi

# 2. generated documentation
if gen=$(INIT_HOST=$INIT_HOST docs/generate --check 2>&1); then
	pass "docs/reference.md and the README's tables are what docs/generate makes"
else
	fail "docs/reference.md or README.md is stale: run make docs: $(head -n 5 <<<"$gen" | tr '\n' ' ')"
fi
helpvars=$(make -s --no-print-directory help | sed -n '/^Variables/,/^$/p' | sed -n 's/^  \([A-Z_]*\)=.*/\1/p' | sort | xargs)
# shellcheck disable=SC2016
docvars=$(sed -n 's/^| `\([A-Z_]*\)` |.*/\1/p' docs/variables.md | sort | xargs)
check "docs/variables.md names make help's variables ($helpvars)" test "$helpvars" = "$docvars"
exit $failed
