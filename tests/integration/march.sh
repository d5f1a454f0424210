#!/bin/bash
# The 32-bit image binaries hold no instruction their CPU lacks: the i586
# one (P5 Pentium, K6, VIA C3) none of the P6's (cmov, fcmov, fcomi,
# fucomi, long nops, sysenter) nor MMX/SSE; the i486 one none of those nor
# the P5's (cmpxchg8b, rdtsc, rdmsr, cpuid). Each binary is built here
# (seconds) and read with objdump, libc and libgcc included. The i686
# binary is shown to carry cmov, so the check sees them when they are there.
# They are built in a folder of this test's own: tests/run's other lane
# builds out/i586's and out/i486's for its images meanwhile.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"

p6='cmov[a-z]*|fcmov[a-z]*|fu?comip?|nop[wl]|sysenter|sysexit|rdpmc'
p5='cmpxchg8b|rdtsc|rdmsr|wrmsr|cpuid'
# found BINARY REGEX: "count mnemonic" for each instruction of BINARY matching REGEX
found() {
	objdump -d --no-show-raw-insn "$1" | awk -F'\t' 'NF >= 2 { split($2, a, " "); print a[1] }' |
		grep -xE "$2" | sort | uniq -c | awk '{ printf "%s%s x%d", (NR > 1 ? ", " : ""), $2, $1 }'
}
# simd BINARY: how many instructions name an MMX or SSE register
simd() { objdump -d --no-show-raw-insn "$1" | grep -cE '%x?mm[0-9]'; }

# make check installs the toolchain first (qemu/deps check): missing, it is a failure
if ! "$top/rootfs/i386-musl-gcc" --version >/dev/null 2>&1; then
	fail "march: the i386 musl toolchain" "missing (qemu/deps i386 installs it; make check does)"
	exit 1
fi
for arch in i686 i586 i486; do
	bin=$OUT/$arch/swapbench
	if ! make -s -C "$top" --no-print-directory ARCH=$arch OUT="$OUT" "$bin" >"$OUT/march-$arch.log" 2>&1; then
		fail "march: build the $arch binary" "$(tail -n 3 "$OUT/march-$arch.log" | tr '\n' ' ')"
		continue
	fi
	n=$(simd "$bin")
	if [ "$n" = 0 ]; then pass "march: $arch binary uses no MMX or SSE register"
	else fail "march: $arch binary uses no MMX or SSE register" "$n instructions do"; fi
	case $arch in
	i686)
		got=$(found "$bin" 'cmov[a-z]*')
		if [ -n "$got" ]; then pass "march: the i686 binary has cmov, and the check finds it ($got)"
		else fail "march: the i686 binary has cmov" "objdump found none: the check below could not see them either"; fi
		;;
	i586|i486)
		re=$p6
		[ $arch = i486 ] && re="$p6|$p5"
		got=$(found "$bin" "$re")
		if [ -z "$got" ]; then pass "march: $arch binary has no instruction its CPU lacks ($re)"
		else fail "march: $arch binary has no instruction its CPU lacks" "$got"; fi
		;;
	esac
done
exit "$failed"
