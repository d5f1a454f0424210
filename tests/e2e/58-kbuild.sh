#!/bin/bash
# The kbuild workload: make kbuild-image puts rootfs/kbuildtree's tree (the
# kernel's mm/, one gcc command a unit) and the host's make, gcc, cc1 and
# as on the filesystem disk; a run compiles the first units in the guest
# and checks each object against the SHA-256 of the host's compile. Two
# units on the default kernel (no CONFIG_TMPFS there: on=disk), then the
# refusals: on=tmpfs on a kernel without tmpfs, a tree that is not there.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

make -s --no-print-directory -C "$top" kbuild-image >"$T/image.log" 2>&1
check "kbuild: make kbuild-image built the tree and its image ($(tail -n 1 "$T/image.log"))" \
	test -s "$OUT/$ARCH/initramfs-kbuild.extras"
export INITRD=$OUT/$ARCH/initramfs-kbuild.cpio.gz
check "kbuild: the disk's extras hold make, gcc, cc1, as and the tree's list" bash -c \
	"for f in bin/make bin/gcc bin/cc1 bin/as kbuild/kbuild.list kbuild/Makefile; do grep -q \"^file /extra/\$f \" '$OUT/$ARCH/initramfs-kbuild.extras' || exit 1; done"

MEM=256 boot ok -- swapbench.workloads=kbuild swapbench.kbuild.units=2 swapbench.kbuild.on=disk \
	swapbench.runs=1 swapbench.warmup=0 swapbench.timeout=600 swapbench.backends=partition
check "kbuild: two units compiled and verified (status $rc)" test "$rc" = 0
run=$(grep -a '^ok .* workload=kbuild ' "$log" | tr -d '\r')
check "kbuild: ... w.verified=2 of w.units=2 ($(grep -o ' w.verified=[^ ]*' <<<"$run"))" \
	bash -c "grep -q ' w.units=2 .* w.verified=2 ' <<<'$run'"
user=$(grep -o ' w.make_user_s=[0-9.]*' <<<"$run" | cut -d= -f2)
check "kbuild: make's children used CPU time (make_user_s $user)" \
	awk -v u="${user:-0}" 'BEGIN { exit !(u > 0.5) }'
check "kbuild: the objects were written (objects_kb $(grep -o ' w.objects_kb=[0-9]*' <<<"$run"))" \
	bash -c "grep -qE ' w.objects_kb=[1-9][0-9]* ' <<<'$run'"

MEM=256 boot tmpfs -- swapbench.workloads=kbuild swapbench.kbuild.units=1 swapbench.kbuild.on=tmpfs \
	swapbench.runs=1 swapbench.warmup=0 swapbench.backends=partition
check "kbuild: on=tmpfs without CONFIG_TMPFS fails the run (status $rc)" test "$rc" = 1
check "kbuild: ... saying why" grep -aq 'kbuild: on=tmpfs: this kernel mounts no tmpfs (no CONFIG_TMPFS' "$log"

MEM=256 boot notree -- swapbench.workloads=kbuild swapbench.kbuild.tree=/extra/nosuch \
	swapbench.runs=1 swapbench.warmup=0 swapbench.backends=partition
check "kbuild: a missing tree fails (status $rc) naming it" \
	grep -aq 'kbuild: /extra/nosuch/Makefile: No such file or directory' "$log"
finish
