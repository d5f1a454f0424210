#!/bin/bash
# Seed 000 for real: Debian's perl (EXTRA_BIN=/usr/bin/perl) runs the seed's
# one-liner on the seed's 1,000,000-line file as the exec workload, beside
# `lines`, in one boot (-m 96 and the swapfile only, to keep it short; the
# docs/results/seed000.md has -m 64 too). lines stands for that perl, so in every run its
# pswpout, pswpin and peak swap must be within 25 % of perl's mean. Also:
# perl on the filesystem disk (EXTRA_ON=disk, the default) runs at -m 64, also
# with the swap partition only (init mounts that disk read-only for it), and
# leaves the guest over 5 MiB more than perl in the initramfs (ramfs, which
# the seed000 boot's exec moves to that disk), and a bad swapbench.exec.*
# value stops the boot with a clear error. The -m 64 boots also hold the
# memory lines' figures against perl were measured in (host/linesperl.sh).
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

perl=/usr/bin/perl
[ -x "$perl" ] || { fail "perl: $perl missing (Debian's perl-base)"; finish; }
ram=$OUT/$ARCH/initramfs-perl-ram.cpio.gz disk=$OUT/$ARCH/initramfs-perl.cpio.gz
for how in ram disk; do
	if ! make -C "$top" --no-print-directory initramfs EXTRA_BIN=$perl EXTRA_ON=${how/ram/initramfs} INITRD="${!how}" >"$T/build.log" 2>&1; then
		fail "perl: building the image with EXTRA_BIN=$perl EXTRA_ON=${how/ram/initramfs}: $(tail -n 3 "$T/build.log" | tr '\n' ' ')"
		finish
	fi
done
plain=$(stat -c %s "$INITRD") big=$(stat -c %s "$ram") small=$(stat -c %s "$disk")
check "perl: the default image stays small ($plain bytes, with perl $big)" test "$big" -gt $((plain + 2000000))
check "perl on the disk: the image stays small ($small bytes)" test "$small" -lt $((plain + 4096))
check "perl on the disk: its list is beside the image" grep -q "^file /extra/bin/perl " "${disk%.cpio.gz}.extras"
export INITRD=$ram
args="swapbench.exec.args=\"-le '@foo=<>; print \$#foo'\""

MEM=96 LIMIT=900 boot seed000 -- swapbench.workloads=lines,exec swapbench.runs=2 swapbench.warmup=0 \
	swapbench.backends=file swapbench.exec.cmd=perl "$args" swapbench.exec.stdin=lines.txt
check "perl: completes, every run ok (status $rc)" test "$rc" = 0
check "perl: ran from the swapfile's filesystem (extras moved)" grep -aq '^ok .*workload=exec .*w.extras=moved ' "$log"
mean() { "$REPORT" fields --where "status=ok,workload=$1" result "$2" "$log" | awk '{ s += $1; n++ } END { if (n) printf "%.0f", s / n }'; }
for k in pswpout pswpin swap_peak_kb; do
	p=$(mean exec $k) l=$("$REPORT" fields --where status=ok,workload=lines result $k "$log" | xargs)
	info "seed000 at -m 96: $k perl mean $p, lines runs $l"
	check "perl: every lines run's $k within 25 % of perl's mean (perl $p, lines $l)" \
		awk -v p="${p:-0}" -v l="${l:--1}" 'BEGIN { n = split(l, v, " "); if (n != 2 || p <= 0) exit 1
			for (i = 1; i <= n; i++) if (v[i] < 0.75 * p || v[i] > 1.25 * p) exit 1 }'
done

INITRD=$disk boot disk -- swapbench.workloads=exec swapbench.runs=1 swapbench.warmup=0 swapbench.backends=file \
	swapbench.exec.cmd=perl 'swapbench.exec.args="-e 1"'
check "perl on the disk at -m 64: completes (status $rc)" test "$rc" = 0
check "perl on the disk: the record says so" grep -aq '^ok .*workload=exec .*w.extras=disk ' "$log"
kb=$("$REPORT" fields --where status=ok,workload=exec result w.extras_kb "$log")
check "perl on the disk: and their size, over 2 MiB ($kb kB)" test "${kb:-0}" -gt 2048
# the extras' disk is mounted (read-only) when no swapfile configuration mounts it
INITRD=$disk boot diskpart -- swapbench.workloads=exec swapbench.runs=1 swapbench.warmup=0 swapbench.backends=partition \
	swapbench.exec.cmd=perl 'swapbench.exec.args="-e 1"'
check "perl on the disk with the partition only: completes (status $rc)" test "$rc" = 0
check "perl on the disk with the partition only: perl ran from the disk" grep -aq '^ok .*workload=exec .*backend=partition .*w.extras=disk ' "$log"
# the memory lines was last measured against perl in (workloads/lines-perl.tsv,
# host/linesperl.sh): this image at -m 64, its MemAvailable and its swap
# partition; a change beyond these makes those figures stale
# shellcheck source=host/linesperl.sh
source "$top/host/linesperl.sh"
swap=$("$REPORT" fields swap backend,size_kb "$log" | awk -F'\t' '$1 == "partition" { print $2 }')
avail=$("$REPORT" fields meta memavailable_kb "$T/disk/serial.log")
if why=$(linesperl_memory "$LINESPERL_TSV" "$avail" "$swap"); then
	pass "perl at -m 64: the memory lines was measured against perl in (MemAvailable $avail kB, within $LINESPERL_MEM_SLACK kB; swap partition $swap kB)"
else
	fail "perl at -m 64: the memory lines was measured against perl in" "$why"
fi
boot ramfs -- swapbench.workloads=exec swapbench.runs=1 swapbench.warmup=0 swapbench.backends=file \
	swapbench.exec.cmd=perl 'swapbench.exec.args="-e 1"' swapbench.exec.move=0
in_ram=$("$REPORT" fields --where status=ok,workload=exec result w.memavailable_kb "$log")
on_disk=$("$REPORT" fields --where status=ok,workload=exec result w.memavailable_kb "$T/disk/serial.log")
check "perl: move=0 keeps the extras in ramfs" grep -aq '^ok .*w.extras=ramfs ' "$log"
check "perl: on the disk, perl and its libraries give back over 5 MiB (MemAvailable $in_ram kB in ramfs, $on_disk kB on the disk)" \
	test "${on_disk:-0}" -gt $((${in_ram:-0} + 5120))

boot badexec -- swapbench.workloads=exec swapbench.runs=1 swapbench.exec.cmd=perl "swapbench.exec.args=\"-e 'x\""
check "bad args: status 2 (got $rc)" test "$rc" = 2
check "bad args: says what is wrong" grep -aqF "exec: args=-e 'x: unterminated ' quote" "$log"
INITRD=$disk boot nocmd -- swapbench.workloads=exec swapbench.runs=1 swapbench.exec.cmd=python3
check "missing program: status 2 (got $rc)" test "$rc" = 2
check "missing program: names it and how to add it" grep -aqF 'exec: cmd=python3: no such program' "$log"
finish
