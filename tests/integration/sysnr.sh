#!/bin/bash
# init/sys/sysnr.h: the syscall numbers init falls back on when libc headers
# lack them are the kernel's own, for each architecture the image is built
# for (x86_64 and i686), read from the kernel source's syscall tables.
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"

src=$("$top/kernel/build" source 2>/dev/null)
tables=$src/arch/x86/entry/syscalls
[ -f "$tables/syscall_64.tbl" ] || { fail "sysnr: kernel syscall tables" "none under '$tables'"; exit 1; }
# the number of syscall NAME in TABLE for ABIs (common, 64 or i386)
kernel_nr() { awk -v n="$2" '$3 == n && $2 != "x32" { print $1; exit }' "$tables/$1"; }
# the number sysnr.h gives MACRO when compiled with ARCHFLAG defined
ours() { cc -E -dM -U__x86_64__ -U__i386__ "-D$1" "$top/init/sys/sysnr.h" | awk -v m="$2" '$2 == m { print $3 }'; }

for arch in x86_64:__x86_64__:syscall_64.tbl i686:__i386__:syscall_32.tbl; do
	IFS=: read -r name flag table <<<"$arch"
	for call in finit_module pidfd_open; do
		macro=SYSNR_$(tr '[:lower:]' '[:upper:]' <<<"$call")
		want=$(kernel_nr "$table" "$call") got=$(ours "$flag" "$macro")
		if [ -n "$want" ] && [ "$got" = "$want" ]; then
			pass "sysnr: $name $call is $want, as in $table"
		else
			fail "sysnr: $name $call" "sysnr.h says '$got', $table says '$want'"
		fi
	done
done
exit "$failed"
