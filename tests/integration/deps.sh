#!/bin/bash
# qemu/deps' sets against what the build uses: the kernel's compressor
# (CONFIG_KERNEL_LZ4 and the like, from kernel/*.config) is a tool the
# `kernel` set installs (run and check include it), since a bare machine has
# none of them but gzip (make run failed there: "lz4: not found" at the end
# of the kernel build), and no set names a package twice, nor the kernel
# and run sets one package.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"

# set_of NAME: the "package:probe" words of qemu/deps' array NAME
set_of() { sed -n "/^$1=(/,/^)/p" "$top/qemu/deps" | sed 's/#.*//; s/^[a-z0-9]*=(//; s/)$//' | tr -s ' \t' '\n' | grep :; }
kset=$(set_of kernel)
[ -n "$kset" ] || fail "deps: the kernel set" "not found in qemu/deps"

# the compressors the kernel's fragments can pick, and the tool each needs
declare -A tool=([LZ4]=lz4 [XZ]=xz [LZMA]=lzma [LZO]=lzop [ZSTD]=zstd [BZIP2]=bzip2)
picked=$(cat "$top"/kernel/*.config "$top"/kernel/variants/*.config | sed -n 's/^CONFIG_KERNEL_\([A-Z0-9]*\)=y.*/\1/p' | sort -u)
[ -n "$picked" ] || fail "deps: a kernel compressor in kernel/*.config" "none found"
for c in $picked; do
	t=${tool[$c]:-}
	[ -n "$t" ] || { pass "deps: CONFIG_KERNEL_$c needs no tool beyond Debian's required packages"; continue; }
	if grep -qE "^[a-z0-9.+-]+:(/usr/bin/)?$t\$" <<<"$kset"; then
		pass "deps: CONFIG_KERNEL_$c's tool ($t) is in the kernel set"
	else
		fail "deps: CONFIG_KERNEL_$c's tool ($t) is in the kernel set" "qemu/deps' kernel=() lacks it"
	fi
done

for s in kernel run i386 pxe check; do
	dup=$(set_of "$s" | cut -d: -f1 | sort | uniq -d | tr '\n' ' ')
	if [ -z "$dup" ]; then pass "deps: the $s set names each package once"; else fail "deps: the $s set names each package once" "twice: $dup"; fi
done
both=$( { set_of kernel; set_of run; } | cut -d: -f1 | sort | uniq -d | tr '\n' ' ')
if [ -z "$both" ]; then pass "deps: the kernel and run sets share no package"; else fail "deps: the kernel and run sets share no package" "both: $both"; fi
# the perl lines' figures were measured on (workloads/lines-perl.tsv, its
# bytes in their key) is of a package the check set keeps at the registry's
# version: a machine whose image has an older one (5.36.0-7+deb12u2 for the
# figures' deb12u4, seen 2026-12-06) failed tests/integration/linesperl.sh
perl=$(awk -F'\t' '$1 == "perl" { print $2 }' "$top/workloads/lines-perl.tsv")
owner=$(dpkg -S "$(readlink -f "$perl")" 2>/dev/null | cut -d: -f1)
current=$(sed -n 's/^current=(\(.*\))$/\1/p' "$top/qemu/deps")
if [ -n "$owner" ] && [[ " $current " == *" $owner "* ]]; then
	pass "deps: the check set keeps $owner (lines' perl, $perl) at the registry's version"
else
	fail "deps: the check set keeps lines' perl ($perl, of ${owner:-no package}) at the registry's version" "qemu/deps' current=($current)"
fi
exit "$failed"
