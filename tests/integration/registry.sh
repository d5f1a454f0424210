#!/bin/bash
# The registry: what the image and the host share is written once, in the
# image's C sources, and everything else reads `init-host --describe`
# through its one reader, host/registry.sh.
# 1. --describe says what the parser does (defaults, workloads) and what
#    the verdict needs at least; the launchers' readers (host/registry.sh,
#    qemu/bzinfo, qemu/mkdisks, lava/mkjobs) give the same values.
# 2. The generated documentation is what a fresh generation gives
#    (docs/generate --check: docs/reference.md, the README's tables,
#    docs/variables.md; what that page says: tests/integration/settings.sh).
# 3. No fact of the registry is written by hand anywhere else:
#    tests/integration/registry_facts.sh.
# kernels: x86_64/default
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
OUT=${OUT:-out}
INIT_HOST=$(realpath -m "$OUT/bin/init-host")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/passfail.sh
source tests/passfail.sh
# shellcheck source=host/registry.sh
source host/registry.sh

[ -x "$INIT_HOST" ] || { fail "registry: no $INIT_HOST (make tools)"; exit 1; }
reg=$("$INIT_HOST" --describe)
registry_load || exit 1
# the format itself (lib/describe.h), on the raw lines; everything else through the reader
check "registry: --describe exits 0 and starts with a registry of format 2" \
	test "$(registry_field registry swapbench format)" = 2 -a "$(head -n1 <<<"$reg" | cut -f1-2)" = "$(printf 'type=registry\tname=swapbench')"
bad=$(grep -vP '^type=(registry|key|default-experiment|workload|param|rename|exit|cmdline|disk|limit|verdict)\tname=[^\t]+(\t[a-z-]+=[^\t]*)*$' <<<"$reg")
check "registry: every record is type=, name=, then KEY=VALUE fields, tab-separated (${bad:-all})" test -z "$bad"
check "registry: a value may hold spaces (the qemu line's text)" \
	test "$(registry_read cmdline name text <<<"$reg" | grep -c "^qemu	console=ttyS0 .* swapbench.end=qemu$")" = 1

# every key the parser prints for an empty command line, with the same default
# (the "conf NAME kind=KIND" lines after the keys are the configurations')
parsed=$("$INIT_HOST" --parse '' | grep -v '^conf ')
# (until, maxruns and runs: the default experiment's, when no experiment key is given)
mismatch=
while IFS='=' read -r k v; do
	case $k in
	until|maxruns|runs) d=$(registry_field default-experiment until "$k") ;;
	*) d=$(registry_default "$k") ;;
	esac
	[ "$d" = "$v" ] || mismatch+=" $k=$v"
done <<<"$parsed"
check "registry: each key's default is the parser's (${mismatch:-$(wc -l <<<"$parsed") keys})" test -z "$mismatch"
nkeys=$(registry_rows key name | wc -l)
check "registry: --describe lists as many keys as the key table has ($nkeys)" \
	test "$nkeys" = "$(grep -c '^	{ "[a-z_.]*", K_' init/config/cmdkeys.c)"
same "registry: the run timeout's default is the parser's" "$(sed -n 's/^timeout=//p' <<<"$parsed")" "$(registry_default timeout)"
wls=$(registry_rows workload name | xargs)
same "registry: the workloads are lib/workloads.h's, in order" "$(make -s --no-print-directory wl-names)" "$wls"
params=$(registry_rows param name default)
same "registry: every workload and alias lists its parameters" "" \
	"$(for w in $wls; do grep -q "^$w\." <<<"$params" || echo "$w"; done)"
same "registry: an alias has its own defaults (seed002: one pass, fight: two)" 2 \
	"$(grep -c -P '^seed002\.passes\t1$|^fight\.passes\t2$' <<<"$params")"
same "registry: exit statuses 0 1 2 3 124, each with a word and a meaning" "0 1 2 3 124" \
	"$(registry_rows exit name word text | awk -F'\t' '$2 ~ /^[a-z]+$/ && $3 != "" { print $1 }' | xargs)"
# the verdict's interval needs one degree of freedom: 3 pairs (the order effect
# takes one), 2 runs a side, 2 boots a kernel
same "registry: the verdict's minimum: 3 pairs paired, 2 a side unpaired, 2 boots" "paired=3 unpaired=2 boots=2" \
	"$(registry_rows verdict name min-runs | tr '\t' = | xargs)"

# the readers
same "host/registry.sh: the swap designation, as the raw record has it" \
	"$(sed -n 's/^type=disk\tname=swap\tkey=\([^\t]*\)\tspec=\([^\t]*\)\t.*/\1=\2/p' <<<"$reg")" "$(registry_disk swap)"
same "host/registry.sh: the word fail is status 1" 1 "$(registry_exit_status fail)"
same "host/registry.sh: an unknown status reads as a crash" "$(registry_exit_text 3)" "$(registry_exit_text 77)"
same "host/registry.sh run as a program: a key's default" 600 "$(INIT_HOST=$INIT_HOST host/registry.sh default timeout)"
check "host/registry.sh run as a program: an unknown function is a usage error" \
	bash -c '! host/registry.sh frobnicate 2>/dev/null'
same "make help names the image's defaults through it (WARMUP)" 1 \
	"$(make -s --no-print-directory help BIN_OUT="$(dirname "$INIT_HOST")" |
		grep -cF "(unset: the image default, $(registry_default warmup))")"
bz=$OUT/x86_64/bzImage	# tests/run makes the image first (the kernels: line)
check "registry: qemu/bzinfo --cmdline-size reads the built kernel's limit, the registry's" \
	test "$(qemu/bzinfo --cmdline-size "$bz")" = "$(registry_limit cmdline-bytes)"
printf 'HdrS' | dd of="$tmp/old.bz" bs=1 seek=$((0x202)) conv=notrunc 2>/dev/null
printf '\x05\x02' | dd of="$tmp/old.bz" bs=1 seek=$((0x206)) conv=notrunc 2>/dev/null
same "registry: qemu/bzinfo --cmdline-size: 255 for a boot protocol before 2.06" 255 "$(qemu/bzinfo --cmdline-size "$tmp/old.bz")"
if qemu/mkdisks "$tmp/disks" 16 "$OUT/bin/swapbench-report" >/dev/null 2>&1; then
	id=$(sfdisk -d "$tmp/disks/disk.img" | sed -n 's/^label-id: 0x//p')
	same "registry: qemu/mkdisks makes the registry's PARTUUID (label-id $id)" "$(registry_spec swap)" "PARTUUID=$id-01"
	same "registry: qemu/mkdisks labels the filesystem as the registry says" "$(registry_spec fs)" \
		"LABEL=$(blkid -p -o value -s LABEL -O $((2048 * 512 + 48 * 1048576)) "$tmp/disks/disk.img")"
else
	fail "registry: qemu/mkdisks failed"
fi

# 2. generated documentation
if gen=$(INIT_HOST=$INIT_HOST docs/generate --check 2>&1); then
	pass "registry: docs/reference.md and the generated tables are what docs/generate makes"
else
	fail "registry: a generated page is stale: run make docs" "$(head -n 5 <<<"$gen" | tr '\n' ' ')"
fi
exit "$failed"
