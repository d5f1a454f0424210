#!/bin/bash
# Records and a boot's status file each have one reader, which the scripts
# call. Records: swapbench-report fields (report_fields.sh tests it): no
# shell script cuts a value out of a record with grep -o (as the old
# field() of tests/lib.sh did). A boot's status and hostload files:
# host/status.sh's status_get and hostload_get: no other script reads a
# .../status or .../hostload file. The live console:
# qemu/boot.sh's progress shows the records through fields, so a damaged
# record is not shown and a quoted message is shown unquoted. Each scan is
# first shown to find its planted cases and to pass over the look-alikes
# beside them.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
cd "$top" || exit 2
out=$(out_dir "$top")
REPORT=${1:-$out/bin/swapbench-report}
T=$(mktemp -d /tmp/one_reader.XXXXXX)
trap 'rm -rf "$T"' EXIT

# record_readers FILE...: each line that cuts a KEY=VALUE out of text with
# grep -o (tests/lib.sh's old field() did); a line, or the line above it,
# may say "# not a record: WHY" (the kernel's command line in the console,
# QEMU's in qemu.cmd)
record_readers() {
	# shellcheck disable=SC2016 # the $ and ${} are the pattern's, not expansions
	local re='grep +(-[A-Za-z]*o[A-Za-z]* +|-[A-Za-z]+ +)*-[A-Za-z]*o[A-Za-z]* +[\x27"](\\^# sb [a-z]+ )? ?[A-Za-z_$][A-Za-z0-9_.${}]*='
	awk -v re="$re" 'FNR == 1 { above = "" }
		$0 ~ re && $0 !~ /# not a record: / && above !~ /^[[:space:]]*# not a record: / { print FILENAME ":" FNR ":" $0 }
		{ above = $0 }' "$@"
}

# status_readers FILE...: each line that reads a file named status or
# hostload (sed, grep, awk, cat, head, tail, read or <) other than /proc's;
# host/status.sh, the readers' home, is not scanned
status_readers() {
	grep -nE "/(status|hostload)[\"']?([[:space:];)|]|$)" "$@" | grep -v '/proc/' |
		grep -E "(^|[^a-z_])(sed|grep|awk|cat|head|tail|read)([^a-z_]|$)|< *\"[^\"]*/(status|hostload)"
}

mkdir -p "$T/plant"
cat >"$T/plant/records" <<'PLANT'
field() { grep -a "$2" "$1" | grep -o " $3=[^ ]*"; }
step=$(grep -o ' clock_step_ns=[0-9]*' <<<"$meta" | cut -d= -f2)
boot=$(grep -ao '^# sb meta boot=[0-9a-f]*' "$log" | cut -d= -f2)
id=$(grep -ao 'boot=[0-9a-f]*' "$log" | head -n1)
khz=$(grep -ao 'tsc_early_khz=[0-9]*' "$log") # not a record: the kernel's command line
# not a record: QEMU's command line
id=$(grep -o 'swapbench.boot=[0-9a-f]*' "$dir/qemu.cmd")
check "swaps" grep -aq '^ok .* pswpout=[1-9]' "$log"
n=$("$REPORT" fields meta boot "$log")
PLANT
said=$(record_readers "$T/plant/records" | cut -d: -f1,2 | paste -sd,)
same "records: the scan finds the old field() and three grep -o readers, not the marked lines, a presence check or fields" \
	"$T/plant/records:1,$T/plant/records:2,$T/plant/records:3,$T/plant/records:4" "$said"

cat >"$T/plant/status" <<'PLANT'
v=$(sed -n 's/^verdict=//p' "$dir/status")
grep -qx 'status=0' "$R/$n/status" && echo
while read -r l; do :; done <"$b/status"
rss=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
write_status >"$dir/status"
v=$(status_get "$dir" verdict)
hl() { sed -n "s/^$1=//p" "$b/hostload" | cut -d' ' -f1; }
awk -F= '$1 == "cpu_before"' "$dir/hostload"
{ echo "boot=$id"; host_snapshot before; } >"$dir/hostload"
l=$(hostload_get "$dir" loadavg_before)
PLANT
said=$(status_readers "$T/plant/status" | cut -d: -f1 | paste -sd,)
same "status and hostload: the scan finds sed, grep and a read from a status file and sed and awk on a hostload file, not /proc's, the writers, status_get or hostload_get" \
	"1,2,3,7,8" "$said"

# the scripts: a bash or sh shebang, or .sh (as tests/integration/shellcheck.sh)
mapfile -t scripts < <(git ls-files -z | xargs -0 awk 'FILENAME ~ /\.sh$/ || (FNR == 1 && /^#!(\/usr)?\/bin\/(env )?(ba)?sh([^a-z]|$)/) { print FILENAME } { nextfile }' |
	grep -vx 'tests/integration/one_reader\.sh')
[ "${#scripts[@]}" -gt 50 ] || fail "scripts: found only ${#scripts[@]}"
found=$(record_readers "${scripts[@]}")
if [ -z "$found" ]; then
	pass "records: none of ${#scripts[@]} scripts reads a record but through swapbench-report fields"
else
	while read -r l; do fail "records: a second reader" "$l"; done <<<"$found"
fi
mapfile -t others < <(printf '%s\n' "${scripts[@]}" Makefile | grep -vx 'host/status.sh')
found=$(status_readers "${others[@]}")
if [ -z "$found" ]; then
	pass "status and hostload: none of ${#others[@]} scripts reads a status or hostload file but through status_get and hostload_get"
else
	while read -r l; do fail "status and hostload: a second reader" "$l"; done <<<"$found"
fi

# status_get on a status file as qemu/run writes it
# shellcheck source=host/status.sh
source "$top/host/status.sh"
mkdir -p "$T/boot"
printf 'status=1\nverdict=some runs failed\nwhy=exit status from the guest\nelapsed_s=12.5\n' >"$T/boot/status"
same "status_get: each key's value, a value with spaces whole" "1|some runs failed|12.5" \
	"$(status_get "$T/boot" status)|$(status_get "$T/boot" verdict)|$(status_get "$T/boot" elapsed_s)"
status_get "$T/boot" nosuchkey >"$T/got"
same "status_get: a missing key is empty, status 0" "0:" "$?:$(cat "$T/got")"
status_get "$T/nowhere" status >"$T/got"
same "status_get: a missing file is empty, status 1" "1:" "$?:$(cat "$T/got")"

# the live console, as qemu/run's progress shows it: init's words as they
# are, records through the reader (a damaged one left out)
[ -x "$REPORT" ] || { fail "progress: $REPORT is not built (make tools)"; exit 1; }
rec() { printf '%s crc=%s\n' "$1" "$(python3 -c 'import sys, zlib; print("%08x" % zlib.crc32(sys.argv[1].encode()))' "$1")"; }
{
	echo '[    0.100000] Linux version 6.1.0'
	echo '# swapbench: 2 workloads, 4 runs'
	rec '# sb warning boot=1 msg="unknown key swapbench.oder ignored"'
	rec '# sb swap boot=1 backend=partition dev=/dev/vda1 size_kb=196604'
	echo '# [1/4] fight partition'
	echo '# sb warning boot=1 msg="a damaged warning" crc=00000000'
	echo 'ok 1 fight-partition-1 boot=1 workload=fight crc=00000000'
} >"$T/console.log"
# shellcheck source=qemu/boot.sh
source "$top/qemu/boot.sh"
sleep 2 &
progress $! "$T/console.log" 2>"$T/progress"
sort "$T/progress" >"$T/progress.sorted"
same "progress: init's words as they are, the warning's message unquoted, the swap record's fields, nothing damaged" \
	"# [1/4] fight partition|# swapbench: 2 workloads, 4 runs|swap: boot=1 backend=partition dev=/dev/vda1 size_kb=196604|warning: unknown key swapbench.oder ignored" \
	"$(paste -sd'|' "$T/progress.sorted")"
exit "$failed"
