#!/bin/bash
# SMP=N (N > 1) picks what it needs (kernel/resolve): a kernel named by its
# variants, a tree or debian:X.Y, whose fragments lack CONFIG_SMP or
# CONFIG_ACPI, gets the variant smp on top and says so on stderr; one that
# has both, SMP=1, and a built bzImage (no variant to add) stay as named.
# Decided from the fragments alone: nothing is built (resolve --name).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
# named SMP SPEC WANT: resolve --name's answer under SMP
named() {
	local got
	got=$(SMP=$1 kernel/resolve --name "$2" 2>"$err")
	if [ "$got" = "$3" ]; then pass "SMP=$1 $2 is named $3"; else fail "SMP=$1 $2 is named $3" "got '$got'"; fi
}
err=$(mktemp /tmp/kernel_smp.XXXXXX)
trap 'rm -f "$err"' EXIT

named 2 debian:6.12+modern debian-6_12-modern-smp
if grep -q "^kernel: SMP=2: debian:6.12+modern has no CONFIG_ACPI, .*booting debian:6.12+modern+smp, the variant smp on top$" "$err"; then
	pass "the terminal hears why and what is booted"
else
	fail "the terminal hears why and what is booted" "stderr '$(cat "$err")'"
fi
named 2 default default-smp
if grep -q "has no CONFIG_SMP" "$err"; then pass "default: no CONFIG_SMP named"; else fail "default: no CONFIG_SMP named" "$(cat "$err")"; fi
named 4 preempt-full preempt-full-smp
named 2 modern+smp modern-smp
named 2 debian:6.12+modern+smp debian-6_12-modern-smp
if [ -s "$err" ]; then fail "a kernel with SMP and ACPI: nothing said" "$(cat "$err")"; else pass "a kernel with SMP and ACPI: nothing said"; fi
named 1 debian:6.12+modern debian-6_12-modern
named 2 /tmp/some/bzImage bzimage
# a tree: the fragments decide, the tree is not read
named 2 "$top" "$(basename "$top" | tr '[:upper:]' '[:lower:]' | tr -c 'a-z0-9_\n-' '-')-smp"
# make: SMP=2 without KERNEL= boots the variant smp, said once; with KERNEL= its image path follows resolve
out=$(env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make -n --no-print-directory kernel-spec SMP=2 2>&1)
if grep -q "kernel/resolve x86_64 'smp'" <<<"$out" && [ "$(grep -c '^make: SMP=2: the default kernel has no CONFIG_SMP: booting KERNEL=smp' <<<"$out")" = 1 ]; then
	pass "make SMP=2 without KERNEL=: the variant smp, said once"
else
	fail "make SMP=2 without KERNEL=: the variant smp, said once" "$(head -c 400 <<<"$out")"
fi
out=$(make -n --no-print-directory kernel-spec KERNEL=debian:6.12+modern SMP=2 2>&1)
if grep -q "out/x86_64/kernels/debian-6_12-modern-smp/bzImage" <<<"$out"; then
	pass "make KERNEL=debian:6.12+modern SMP=2: the image path names the smp kernel"
else
	fail "make KERNEL=debian:6.12+modern SMP=2: the image path names the smp kernel" "$(head -c 400 <<<"$out")"
fi
out=$(make -n --no-print-directory image 2>&1)
if ! grep -q "SMP=\|kernel/resolve" <<<"$out"; then pass "make without SMP: the default kernel, nothing said"; else fail "make without SMP: the default kernel, nothing said" "$(head -c 400 <<<"$out")"; fi
exit $failed
