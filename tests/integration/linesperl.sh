#!/bin/bash
# lines against the real perl it stands for, without a boot: the figures
# in workloads/lines-perl.tsv (experiments/linesperl's last measurement)
# were made on this tree's lines.c and kernel configuration, this host's
# perl and MEM's default, and put lines' median pswpin and pswpout within
# host/linesperl.sh's tolerance of perl's. Each way the figures go stale
# is planted first and must be caught: a byte of lines.c, of perl or of a
# kernel fragment, another -m, and a lines that swaps 0.74 of perl's.
# MemAvailable and the swap's size, which need a boot, are held by
# tests/e2e/56-perl.sh's -m 64 boots through the same function, planted here.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
# shellcheck source=host/settings.sh
source "$top/host/settings.sh"
# shellcheck source=host/linesperl.sh
source "$top/host/linesperl.sh"
tmp=$(mktemp -d /tmp/sb-linesperl.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
mem=$(settings_default MEM)
tsv=$LINESPERL_TSV
perl=$(linesperl_get "$tsv" perl)

# caught NAME WANT FILE [TOP [MEM]]: linesperl_verify fails on FILE and says WANT
caught() {
	local why
	if why=$(linesperl_verify "$3" "${4:-$top}" "${5:-$mem}"); then
		fail "linesperl: $1 is caught" "verify passed"
	else
		contains "linesperl: $1 is caught" "$why" "$2"
	fi
}

# a tree of its own: the files the figures hang on copied, the rest linked
plant=$tmp/tree
mkdir -p "$plant/workloads" "$plant/kernel"
ln -s "$top/rootfs" "$plant/rootfs"
ln -s "$top/host" "$plant/host"
cp "$top/workloads/lines.c" "$plant/workloads/"
cp "$top/kernel/base.config" "$top/kernel/x86_64.config" "$plant/kernel/"
same "linesperl: a copy of the tree has the tree's key" "$(linesperl_parts "$top" "$perl")" "$(linesperl_parts "$plant" "$perl")"
echo "/* planted */" >>"$plant/workloads/lines.c"
caught "a changed workloads/lines.c" "lines' source (workloads/lines.c) changed" "$tsv" "$plant"
cp "$top/workloads/lines.c" "$plant/workloads/"
echo "CONFIG_PLANTED=y" >>"$plant/kernel/x86_64.config"
caught "a changed kernel fragment" "the kernel's configuration" "$tsv" "$plant"
cp "$top/kernel/x86_64.config" "$plant/kernel/"
if [ -x "$perl" ]; then
	cp "$perl" "$tmp/perl" && printf x >>"$tmp/perl"
	sed "s|^perl\t.*|perl\t$tmp/perl|" "$tsv" >"$tmp/otherperl.tsv"
	caught "another perl (one byte more)" "the perl in the image" "$tmp/otherperl.tsv"
else
	fail "linesperl: the measured perl $perl is on this host (perl-base)"
fi
caught "figures measured at another -m" "measured at -m $mem" "$tsv" "$top" $((mem + 32))
p=$(linesperl_get "$tsv" perl_pswpin)
sed "s/^lines_pswpin\t.*/lines_pswpin\t$((p * 74 / 100))/" "$tsv" >"$tmp/drifted.tsv"
caught "lines at 0.74 of perl's pswpin (the drift of December 2026)" "lines' median pswpin is 0.74 of perl's" "$tmp/drifted.tsv"
p=$(linesperl_get "$tsv" perl_pswpout)
sed "s/^lines_pswpout\t.*/lines_pswpout\t$((p * 116 / 100))/" "$tsv" >"$tmp/over.tsv"
caught "lines at 1.16 of perl's pswpout" "lines' median pswpout is 1.16 of perl's" "$tmp/over.tsv"

# the memory the figures were measured in, as 56-perl's -m 64 boots hold it
m=$(linesperl_get "$tsv" memavailable_kb) sw=$(linesperl_get "$tsv" swap_kb)
check "linesperl: MemAvailable $LINESPERL_MEM_SLACK kB from the measurement's and its swap pass" \
	linesperl_memory "$tsv" $((m - LINESPERL_MEM_SLACK)) "$sw"
why=$(linesperl_memory "$tsv" $((m + LINESPERL_MEM_SLACK + 4)) "$sw")
contains "linesperl: MemAvailable $((LINESPERL_MEM_SLACK + 4)) kB from the measurement's is caught" "$why" "more than $LINESPERL_MEM_SLACK kB apart"
why=$(linesperl_memory "$tsv" "$m" $((sw * 2)))
contains "linesperl: another swap size is caught" "$why" "a swap partition of $((sw * 2)) kB"

# the figures themselves
if why=$(linesperl_verify "$tsv" "$top" "$mem"); then
	pass "linesperl: workloads/lines-perl.tsv was measured on this lines.c, perl and kernel configuration at -m $mem, and lines is within $LINESPERL_TOLERANCE % of perl (pswpin $(linesperl_ratio "$tsv" pswpin), pswpout $(linesperl_ratio "$tsv" pswpout) of perl's)"
else
	while read -r line; do fail "linesperl: the figures hold" "$line"; done <<<"$why"
fi
info "lines against perl ($(linesperl_get "$tsv" date), n=$(linesperl_get "$tsv" n) each, $(linesperl_get "$tsv" instrument)):" \
	"pswpin $(linesperl_get "$tsv" lines_pswpin) / $(linesperl_get "$tsv" perl_pswpin), pswpout $(linesperl_get "$tsv" lines_pswpout) / $(linesperl_get "$tsv" perl_pswpout)"
exit "$failed"
