# shellcheck shell=bash
# linesperl.sh -- sourced by experiments/linesperl, tests/integration/linesperl.sh,
# tests/e2e/56-perl.sh and docs/generate: `lines` against the real perl it
# stands for, as last measured (workloads/lines-perl.tsv, which only
# experiments/linesperl writes). The figures hold while what made them holds:
# lines' source, the perl in the image (its files' bytes), the kernel's
# configuration and the guest's memory (MEM's default here; MemAvailable and
# the swap's size in the -m 64 boots of 56-perl). linesperl_verify says
# whether they still do, and whether lines' swap counters are within
# LINESPERL_TOLERANCE % of perl's.

LINESPERL_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck disable=SC2034 # the scripts that source this read it
LINESPERL_TSV=$LINESPERL_TOP/workloads/lines-perl.tsv
LINESPERL_TOLERANCE=15
# MemAvailable may move this much (kB) from the measurement's before the
# figures are stale: 2 MiB more moved lines from 0.90 to 0.74 of perl's pswpin
LINESPERL_MEM_SLACK=512
# what the figures hang on, each hashed by linesperl_parts
LINESPERL_PARTS="key_lines key_perl key_kernel"

# linesperl_get FILE NAME: NAME's value in FILE (status 1 if none)
linesperl_get() {
	awk -F'\t' -v n="$2" '!/^#/ && $1 == n { print $2; found = 1; exit } END { exit !found }' "$1"
}

# linesperl_what PART: what a key part covers, for messages
linesperl_what() {
	case $1 in
	key_lines) echo "lines' source (workloads/lines.c)" ;;
	key_perl) echo "the perl in the image (its program and libraries, byte for byte)" ;;
	key_kernel) echo "the kernel's configuration (kernel/base.config, kernel/x86_64.config)" ;;
	esac
}

# linesperl_parts TOP PERL: "PART<TAB>HASH" for each of LINESPERL_PARTS, from
# the tree at TOP and the program PERL with the libraries rootfs/extras puts
# in the image beside it; status 2 and why when PERL cannot be read
linesperl_parts() {
	local top=$1 perl=$2 list h
	[ -x "$perl" ] || { echo "linesperl: no perl at $perl" >&2; return 2; }
	list=$(EXTRA_ON=initramfs EXTRA_BIN=$perl "$top/rootfs/extras" x86_64) ||
		{ echo "linesperl: rootfs/extras could not list $perl" >&2; return 2; }
	printf 'key_lines\t%s\n' "$(sha256sum <"$top/workloads/lines.c" | cut -c1-16)"
	# each file's place in the image and its bytes
	h=$(awk '$1 == "file" { print $2, $3 }' <<<"$list" | while read -r dest src; do
		echo "$dest $(sha256sum <"$src" | cut -c1-64)"
	done | sha256sum | cut -c1-16)
	printf 'key_perl\t%s\n' "$h"
	printf 'key_kernel\t%s\n' "$(cat "$top/kernel/base.config" "$top/kernel/x86_64.config" | sha256sum | cut -c1-16)"
}

# linesperl_ratio FILE COUNTER: lines' median COUNTER over perl's, 2 decimals
linesperl_ratio() {
	awk -v l="$(linesperl_get "$1" "lines_$2")" -v p="$(linesperl_get "$1" "perl_$2")" \
		'BEGIN { if (p <= 0 || l == "") exit 1; printf "%.2f\n", l / p }'
}

# linesperl_verify FILE TOP MEM: nothing and status 0 when FILE's figures were
# measured on what TOP's tree and perl are now, at MEM MiB, and lines is within
# LINESPERL_TOLERANCE % of perl on pswpin and pswpout; else one line a
# problem and status 1
linesperl_verify() {
	local file=$1 top=$2 mem=$3 perl now part want got c r bad=0
	[ -s "$file" ] || { echo "${file#"$top"/}: missing"; return 1; }
	perl=$(linesperl_get "$file" perl) || { echo "${file#"$top"/}: names no perl"; return 1; }
	now=$(linesperl_parts "$top" "$perl" 2>&1) || { echo "$now"; return 1; }
	for part in $LINESPERL_PARTS; do
		want=$(linesperl_get "$file" "$part")
		got=$(awk -F'\t' -v n="$part" '$1 == n { print $2 }' <<<"$now")
		[ "$want" = "$got" ] || {
			echo "$(linesperl_what "$part") changed since lines was measured against perl ($(linesperl_get "$file" date)): make linesperl measures again and rewrites ${file#"$top"/}"
			bad=1
		}
	done
	got=$(linesperl_get "$file" mem_mib)
	[ "$got" = "$mem" ] || { echo "${file#"$top"/}: measured at -m ${got:-?}, and MEM's default is $mem: make linesperl"; bad=1; }
	for c in pswpin pswpout; do
		r=$(linesperl_ratio "$file" "$c") || { echo "${file#"$top"/}: no $c figures"; bad=1; continue; }
		awk -v r="$r" -v t="$LINESPERL_TOLERANCE" 'BEGIN { exit !(r >= 1 - t / 100 && r <= 1 + t / 100) }' || {
			echo "lines' median $c is $r of perl's, beyond ${LINESPERL_TOLERANCE} %: recalibrate lines (docs/workloads.md)"
			bad=1
		}
	done
	return $bad
}

# linesperl_memory FILE MEMAVAILABLE_KB SWAP_KB: nothing and status 0 when a
# boot at FILE's mem_mib had the memory FILE's figures were measured in
# (MemAvailable within LINESPERL_MEM_SLACK kB, the swap partition's size the
# same); else one line a difference and status 1
linesperl_memory() {
	local file=$1 got=$2 swap=$3 want bad=0
	want=$(linesperl_get "$file" memavailable_kb)
	awk -v g="$got" -v w="$want" -v s="$LINESPERL_MEM_SLACK" 'BEGIN { d = g - w; exit !(g > 0 && w > 0 && d <= s && -d <= s) }' || {
		echo "MemAvailable ${got:-none} kB, and lines was measured against perl in ${want:-none} kB (more than $LINESPERL_MEM_SLACK kB apart): make linesperl"
		bad=1
	}
	want=$(linesperl_get "$file" swap_kb)
	[ "$swap" = "$want" ] || { echo "a swap partition of ${swap:-none} kB, and lines was measured against perl with ${want:-none} kB: make linesperl"; bad=1; }
	return $bad
}
