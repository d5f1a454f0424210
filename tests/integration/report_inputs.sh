#!/bin/bash
# swapbench-report on inputs no image writes (the smaller defects a hostile review found):
# a source that never ends (/dev/zero, /dev/urandom, a FIFO) is refused,
# not read forever; a test number past unsigned long, a NUL in a value,
# a negative time and a hex number are problems, not data; workloads a/b
# and a_b plot to two files; --key on a FIFO or /dev/zero says what is
# wrong and a world-writable one is warned about; init-disk that cannot
# size its file leaves none; a log of 100,000 one-run boots takes at most
# 4 times its size in memory (it took 10 to 14 times).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/report_env.sh
source "$top/tests/report_env.sh"
# rec TEXT: TEXT with its record checksum, as init writes it
rec() { printf '%s crc=%s\n' "$1" "$(printf '%s' "$1" | gzip -c | tail -c8 | head -c4 | od -An -tx4 | tr -d ' \n')"; }

mkfifo "$T/fifo"
for src in /dev/zero /dev/urandom "$T/fifo"; do
	msg=$(timeout 10 "$BIN" summary "$src" 2>&1)
	rc=$?
	same "summary $src: refused at once (exit 2, not a hang)" 2 "$rc"
	contains "summary $src: saying it reads regular files and block devices" "$msg" "not a regular file or a block device"
done

{
	echo "KTAP version 1"
	rec "# sb meta boot=b1 kernel_release=6.1 arch=x86_64"
	echo "1..3"
	rec "ok 1 a-1 boot=b1 workload=a backend=partition iter=1 status=ok elapsed_s=-5"
	rec "ok 2 a-2 boot=b1 workload=a backend=partition iter=2 status=ok elapsed_s=0x10"
	rec "ok 18446744073709551617 a-3 boot=b1 workload=a backend=partition iter=3 status=ok elapsed_s=1"
	rec 'ok 4 a-4 boot=b1 workload="a\x00b" backend=partition iter=4 status=ok elapsed_s=1'
	rec "ok 3 a-5 boot=b1 workload=a backend=partition iter=5 status=ok elapsed_s=2"
} >"$T/small.log"
# a NUL byte itself, under its checksum (printf's \0: no shell variable holds one)
nul='ok 5 a-6 boot=b1 workload=a\0b backend=file iter=1 status=ok elapsed_s=1'
printf '%b crc=%s\n' "$nul" "$(printf '%b' "$nul" | gzip -c | tail -c8 | head -c4 | od -An -tx4 | tr -d ' \n')" >>"$T/small.log"
"$BIN" csv "$T/small.log" >"$T/csv" 2>"$T/err"
same "csv: the problems make exit 3" 3 $?
contains "elapsed_s=-5 is a problem" "$(cat "$T/err")" "small.log:4: result record: elapsed_s=-5 is negative (a count or a time) (not used)"
contains "elapsed_s=0x10 is no number" "$(cat "$T/err")" "small.log:5: result record: elapsed_s=0x10 is not a number (not used)"
contains "ok 18446744073709551617 is refused, not wrapped to test 1" "$(cat "$T/err")" "small.log:6: malformed record (not used)"
contains "a NUL escaped in a checksummed value is a problem" "$(cat "$T/err")" "small.log:7: malformed record (not used)"
contains "a NUL byte in a checksummed value is a problem" "$(cat "$T/err")" "small.log:9: malformed record (not used)"
same "only the good record is a row" "a,partition,5" "$(tail -n +2 "$T/csv" | cut -d, -f5-7)"
check "no duplicate test 1 from the wrapped number" bash -c "! grep -q 'duplicate' '$T/err'"

# a/b and a_b: a file each
{
	echo "KTAP version 1"
	rec "# sb meta boot=b2 kernel_release=6.1 arch=x86_64"
	n=0
	for w in a/b a_b; do
		for i in 1 2; do
			for b in partition file; do
				n=$((n + 1))
				rec "ok $n $w-$b-$i boot=b2 workload=$w backend=$b iter=$i status=ok elapsed_s=1.$n"
			done
		done
	done
	rec "# sb totals boot=b2 planned=8 ran=8 ok=8 notok=0 status=pass"
} >"$T/plots.log"
mkdir "$T/plots"
"$BIN" plot --out "$T/plots" "$T/plots.log" >/dev/null 2>&1
same "workloads a/b and a_b write two plots, neither over the other" "a_2fb-order.svg a_2fb.svg a_5fb-order.svg a_5fb.svg" \
	"$(cd "$T/plots" && printf '%s\n' *.svg | sort | tr '\n' ' ' | sed 's/ $//')"

# --key
msg=$(timeout 5 "$BIN" collect --listen 127.0.0.1:1 --dir "$T/c" --key "$T/fifo" 2>&1)
contains "--key on a FIFO: refused, saying so (not a length)" "$msg" "not a regular file (a FIFO or a device)"
msg=$(timeout 5 "$BIN" collect --listen 127.0.0.1:1 --dir "$T/c" --key /dev/zero 2>&1)
contains "--key /dev/zero: likewise" "$msg" "not a regular file (a FIFO or a device)"
printf 'lab-secret-0123456789abcdef\n' >"$T/key"
chmod 666 "$T/key"
msg=$(timeout 5 "$BIN" collect --listen 127.0.0.1:1 --dir "$T/c" --key "$T/key" 2>&1)
contains "--key world-writable: warned" "$msg" "anyone on this host may write it (chmod o-w)"

# memory: a boot costs what it holds. The review's 9.5 MB log of 100,000
# boots took 199 MB in summary and 244 MB in md; each boot here is one
# result record (~105 bytes) and lacks its meta and totals records, so each
# is also two problems. Peak RSS is deterministic: the bound is tight.
tools=$(out_dir "$top")/bin/tests
if [ -x "$tools/gen_lab" ] && [ -x "$tools/rusage" ]; then
	"$tools/gen_lab" --tiny-boots 100000 "$T/tiny.log"
	size=$(stat -c %s "$T/tiny.log")
	for cmd in summary md; do
		read -r _ _ kb rc < <("$tools/rusage" "$BIN" "$cmd" "$T/tiny.log")
		same "$cmd over 100,000 one-run boots: read whole (exit 3: the boots' lacks)" 3 "$rc"
		info "$cmd: peak RSS $kb kB, $(awk -v k="$kb" -v s="$size" 'BEGIN { printf "%.2f", k * 1024 / s }') x the log's $size bytes"
		check "$cmd over 100,000 one-run boots: peak RSS at most 4 x the log" test $((kb * 1024)) -le $((4 * size))
	done
else
	skip "memory a boot" "no $tools/gen_lab or rusage (make unit-tests)"
fi

# init-disk
"$BIN" init-disk --size 99999T "$T/x.img" >/dev/null 2>&1
same "init-disk --size 99999T fails" 2 $?
same "and leaves no file" absent "$([ -e "$T/x.img" ] && echo present || echo absent)"
exit "$failed"
