#!/bin/bash
# Bad input: empty values, huge, negative and non-numeric numbers, values
# too long for a field and a command line too long for the kernel, unknown
# choices and workloads, devices that do not exist or are not disks, and a
# results disk without the magic each end in a clear error and status 2,
# never a hang or a panic; repeated keys give a warning and the last value
# wins. The whole matrix goes through init's parser on the host (the same
# code, `init --parse`); each kind of input is also booted.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
export LIMIT=60
INIT=$OUT/bin/init-host
tried=0

# parse_rejects NAME VALUE-ARG: init's parser refuses it, naming the key
parse_rejects() {
	local key=${2%%=*} out rc
	out=$("$INIT" --parse "console=ttyS0 $2" 2>&1)
	rc=$?
	tried=$((tried + 1))
	if [ "$rc" = 2 ] && grep -q "^error: .*$key" <<<"$out"; then
		pass "parse: $1 ($2) refused"
	else
		fail "parse: $1 ($(head -c 80 <<<"$2")): exit $rc, want 2 and an error naming $key: $out"
	fi
}

long=$(head -c 300 /dev/zero | tr '\0' a)
huge=$(head -c 4096 /dev/zero | tr '\0' 7)
for k in runs warmup timeout vmstat seed force shell quiet; do
	parse_rejects "empty $k" "swapbench.$k="
	parse_rejects "non-numeric $k" "swapbench.$k=ten"
	parse_rejects "negative $k" "swapbench.$k=-1"
	parse_rejects "huge $k" "swapbench.$k=99999999999999999999999"
	parse_rejects "4 KiB number for $k" "swapbench.$k=$huge"
done
parse_rejects "runs 0" swapbench.runs=0
parse_rejects "runs over the limit" swapbench.runs=100001
parse_rejects "fraction" swapbench.runs=1.5
parse_rejects "hex" swapbench.runs=0x10
parse_rejects "leading space (quoted)" 'swapbench.runs=" 1"'
parse_rejects "size with a bad unit" swapbench.size=64Q
parse_rejects "size too small" swapbench.size=4K
parse_rejects "size too large" swapbench.size=2T
parse_rejects "size overflowing" swapbench.size=99999999999999999G
parse_rejects "empty size" swapbench.size=
for k in part fsdev file results; do
	parse_rejects "empty $k" "swapbench.$k="
	parse_rejects "300-byte $k" "swapbench.$k=/$long"
	parse_rejects "4 KiB $k" "swapbench.$k=/$huge"
	parse_rejects "$k without a value" "swapbench.$k"
done
parse_rejects "unknown order" swapbench.order=sideways
parse_rejects "unknown create" swapbench.create=dd
parse_rejects "unknown end" swapbench.end=explode
parse_rejects "unknown backend" swapbench.backends=tape
parse_rejects "empty backends" swapbench.backends=,
parse_rejects "bad workload name" 'swapbench.workloads=idle,Bad!'
parse_rejects "empty workload in the list" swapbench.workloads=idle,,lines
parse_rejects "nine workloads" swapbench.workloads=idle,idle,idle,idle,idle,idle,idle,idle,idle
parse_rejects "tag with a space" 'swapbench.tag="a b"'
parse_rejects "tag too long" "swapbench.tag=$long"
parse_rejects "unterminated quote" 'swapbench.tag="abc'
parse_rejects "bad parameter name" 'swapbench.idle.Sec!=1'
out=$("$INIT" --parse "swapbench.runs=2 swapbench.runs=3 swapbench.idle.seconds=1 swapbench.idle.seconds=0" 2>&1)
rc=$?
tried=$((tried + 2))
check "parse: repeated keys accepted (exit $rc)" test "$rc" = 0
check "parse: repeated key warned about" grep -q '^warning: swapbench.runs given twice' <<<"$out"
check "parse: the last value wins" grep -qx 'runs=3' <<<"$out"
check "parse: a repeated workload parameter is kept once, last value" \
	test "$(grep -c '^param idle.seconds=' <<<"$out"):$(grep '^param idle.seconds=' <<<"$out")" = "1:param idle.seconds=0"

# bad_boot NAME MESSAGE [qemu/run options] -- CMDLINE: status 2 and the error on the console
bad_boot() {
	local name=$1 msg=$2
	shift 2
	boot "$name" --no-check "$@"
	tried=$((tried + 1))
	check "boot $name: status 2 (got $rc)" test "$rc" = 2
	check "boot $name: clear error: $msg" grep -aqF "# swapbench: error: $msg" "$log"
	check "boot $name: error record and totals with status=error" \
		grep -aq '^# sb totals .*status=error' "$log"
	absent -E "boot $name: no panic, no crash" 'Kernel panic|died of signal|segfault' "$log"
}

bad_boot empty 'swapbench.runs=: not a whole number in 1..100000' --no-disks -- swapbench.runs=
bad_boot huge 'swapbench.warmup=99999999999999999999999: not a whole number in 0..1000' --no-disks -- \
	swapbench.warmup=99999999999999999999999
bad_boot negative 'swapbench.timeout=-5: not a whole number in 1..604800' --no-disks -- swapbench.timeout=-5
bad_boot nonnumeric 'swapbench.vmstat=often: not a whole number in 0..3600' --no-disks -- swapbench.vmstat=often
bad_boot longvalue 'swapbench.file: value too long (301 bytes, limit 255)' --no-disks -- "swapbench.file=/$long"
bad_boot workload "swapbench.workloads: unknown workload 'nosuch'" -- swapbench.workloads=idle,nosuch
bad_boot param 'workload idle parameters failed' -- swapbench.workloads=idle swapbench.idle.bogus=1
bad_boot enum 'swapbench.order=sideways: expected one of alternate|blocked|random' --no-disks -- swapbench.order=sideways

# 4 KiB on the kernel command line: more than the kernel keeps (2047 bytes),
# so the runner refuses it instead of letting the kernel cut keys off
boot cmdline4k --no-check --no-disks -- "swapbench.tag=$huge" 2>"$T/cmdline4k.err"
tried=$((tried + 1))
check "boot 4 KiB value: refused before booting (status $rc)" test "$rc" = 2
check "boot 4 KiB value: says the command line is too long" grep -q 'command line is [0-9]* bytes.*keeps only 2047' "$T/cmdline4k.err"
pad=(); for _ in $(seq 75); do pad+=(swapbench.idle.seconds=0); done
boot cmdlinecut --no-check --no-disks -- "${pad[@]}" swapbench.runs=abc 2>"$T/cmdlinecut.err"
tried=$((tried + 1))
check "boot: a bad key past 2047 bytes is not silently dropped (status $rc)" test "$rc" = 2

# devices
bad_boot notblock 'swapbench.fsdev=/dev/null' -- swapbench.workloads=idle swapbench.fsdev=/dev/null swapbench.backends=file
check "boot notblock: says it is not a block device" grep -aq 'fsdev=/dev/null: Block device required' "$log"
bad_boot nolabel 'swapbench.results=LABEL=nosuch: no such device; the kernel has ' -- swapbench.results=LABEL=nosuch
check "boot nolabel: the error lists the disks the kernel has" \
	grep -aqE '^# swapbench: error: .*the kernel has( [a-z0-9]+)* vda1( [a-z0-9]+)* vdb' "$log"
blank=$T/blank.img
truncate -s 16M "$blank"
bad_boot nomagic 'results disk /dev/vdc: no swapbench results-disk magic: not writing to it' --disk "$blank" -- \
	swapbench.workloads=idle swapbench.results=/dev/vdc
check "boot nomagic: the disk without the magic is still all zeros" cmp -s "$blank" <(head -c 16M /dev/zero)

# a cgroup limit or mTHP size the kernel lacks is refused before the first
# run, naming what is missing and the kernel that has it (the default
# kernel has neither cgroups nor THP)
bad_boot nocgroup 'swapbench.backends=partition@memory.max=24M: mount cgroup2 on /sys/fs/cgroup: ' -- \
	swapbench.workloads=idle swapbench.backends=partition@memory.max=24M
check "boot nocgroup: ... saying which kernel has cgroups" \
	grep -aqF "(a kernel without CONFIG_CGROUPS): boot swapbench's kernel variant modern" "$log"
absent -E "boot nocgroup: ... before any run" '^(not )?ok [0-9]' "$log"
bad_boot nomthp 'swapbench.backends=partition@mthp=64K:always: @mthp: this kernel (6.1.' -- \
	swapbench.workloads=idle swapbench.backends=partition@mthp=64K:always
check "boot nomthp: ... names the version and the kernel that has it" \
	grep -aqF 'per-size swap-out needs Linux 6.10 or later: boot debian:6.12 with the variant modern' "$log"

# repeated keys: warnings, the last value wins, the run completes (and the
# guest only warns about an unknown key)
boot repeated --no-check -- swapbench.workloads=lines swapbench.workloads=idle swapbench.runs=5 swapbench.runs=1 \
	swapbench.warmup=0 swapbench.idle.seconds=30 swapbench.idle.seconds=0 swapbench.frobnicate=1
tried=$((tried + 1))
check "boot repeated: completes (status $rc)" test "$rc" = 0
check "boot repeated: warns about swapbench.runs" grep -aq '^# sb warning .*swapbench.runs given twice' "$log"
check "boot repeated: warns about the workload parameter" grep -aq '^# sb warning .*swapbench.idle.seconds given twice' "$log"
check "boot repeated: the last values won (2 idle runs, no lines)" \
	test "$(grep -ac '^ok [0-9]* idle-' "$log"):$(grep -ac '^ok [0-9]* lines-' "$log")" = 2:0
slept=$("$REPORT" fields result w.slept_s "$log" | head -n 1)
check "boot repeated: idle.seconds=0 won over 30 (slept $slept s)" awk -v s="$slept" 'BEGIN { exit !(s < 1) }'
info "bad inputs tried: $tried"
finish
