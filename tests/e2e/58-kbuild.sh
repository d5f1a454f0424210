#!/bin/bash
# The kbuild workload: make kbuild-image puts rootfs/kbuildtree's tree (the
# kernel's mm/, one gcc command a unit) and the host's make, gcc, cc1 and
# as on the filesystem disk; a run compiles the first units in the guest
# and checks each object against the SHA-256 of the host's compile. Two
# units on the default kernel (no CONFIG_TMPFS there: on=disk), then the
# refusals: make run with an image that lacks the extras (before the
# boot), on=tmpfs on a kernel without tmpfs, a tree that is not there.
# Last, on the host with the host's own tools: the same workload binary
# fails a build whose object differs from the list (a planted SHA-256).
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

make -s --no-print-directory -C "$top" kbuild-image >"$T/image.log" 2>&1
check "kbuild: make kbuild-image built the tree and its image ($(tail -n 1 "$T/image.log"))" \
	test -s "$OUT/$ARCH/initramfs-kbuild.extras"
# make run of kbuild with the default image (no extras): refused before the boot
INITRD=$OUT/$ARCH/initramfs.cpio.gz DISK=host APPEND=swapbench.workloads=kbuild "$top/experiments/experiment" >"$T/noextras.out" 2>&1
rc=$?
check "kbuild: make run with an image without the extras is refused (status $rc)" test "$rc" = 2
check "kbuild: ... naming what the image lacks ($(head -c 150 "$T/noextras.out"))" \
	grep -q '^make run: error: the workload kbuild needs .* extras lack: bin/make bin/gcc bin/cc1 bin/as kbuild/Makefile kbuild/kbuild.list;' "$T/noextras.out"
absent "kbuild: ... before the boot" '^run: x86_64' "$T/noextras.out"
export INITRD=$OUT/$ARCH/initramfs-kbuild.cpio.gz
check "kbuild: the disk's extras hold make, gcc, cc1, as and the tree's list" bash -c \
	"for f in bin/make bin/gcc bin/cc1 bin/as kbuild/kbuild.list kbuild/Makefile; do grep -q \"^file /extra/\$f \" '$OUT/$ARCH/initramfs-kbuild.extras' || exit 1; done"

MEM=256 boot ok -- swapbench.workloads=kbuild swapbench.kbuild.units=2 swapbench.kbuild.on=disk \
	swapbench.runs=1 swapbench.warmup=0 swapbench.timeout=600 swapbench.backends=partition
check "kbuild: two units compiled and verified (status $rc)" test "$rc" = 0
IFS=$'\t' read -r units verified user objects < <("$REPORT" fields --where status=ok,workload=kbuild result w.units,w.verified,w.make_user_s,w.objects_kb "$log")
check "kbuild: ... w.verified=2 of w.units=2 (w.verified=$verified of w.units=$units)" test "$units:$verified" = 2:2
check "kbuild: make's children used CPU time (make_user_s $user)" \
	awk -v u="${user:-0}" 'BEGIN { exit !(u > 0.5) }'
check "kbuild: the objects were written (objects_kb $objects)" test "${objects:-0}" -gt 0

MEM=256 boot tmpfs -- swapbench.workloads=kbuild swapbench.kbuild.units=1 swapbench.kbuild.on=tmpfs \
	swapbench.runs=1 swapbench.warmup=0 swapbench.backends=partition
check "kbuild: on=tmpfs without CONFIG_TMPFS fails the run (status $rc)" test "$rc" = 1
check "kbuild: ... saying why" grep -aq 'kbuild: on=tmpfs: this kernel mounts no tmpfs (no CONFIG_TMPFS' "$log"

MEM=256 boot notree -- swapbench.workloads=kbuild swapbench.kbuild.tree=/extra/nosuch \
	swapbench.runs=1 swapbench.warmup=0 swapbench.backends=partition
check "kbuild: a missing tree fails (status $rc) naming it" \
	grep -aq 'kbuild: /extra/nosuch/Makefile: No such file or directory' "$log"
# planted: a copy of the tree whose list gives a wrong SHA-256 for its
# second unit, beside an unplanted copy built the same way
make -s --no-print-directory -C "$top" out/bin/wl/kbuild >/dev/null
tree=$("$top/rootfs/kbuildtree")
mkdir -p "$T/bin"
for t in make gcc as; do ln -sf "$(command -v "$t")" "$T/bin/$t"; done
ln -sf "$(gcc -print-prog-name=cc1)" "$T/bin/cc1"
planted() { # NAME: a fresh copy of the tree in $T/NAME
	rm -rf "${T:?}/$1"
	cp -a "$tree" "$T/$1"
}
hostrun() { # NAME: the workload on the host over $T/NAME's tree
	mkdir -p "$T/$1.dir"
	SWAPBENCH_DIR=$T/$1.dir "$OUT/bin/wl/kbuild" --units=2 --on=disk --jobs=1 \
		--tree="$T/$1" --bin="$T/bin" >"$T/$1.out" 2>"$T/$1.err"
	hrc=$?
}
planted good
hostrun good
# not a record: the workload's own summary on the host
check "kbuild on the host: the unplanted copy verifies 2 of 2 (status $hrc, $(grep -o 'verified=[0-9]*' "$T/good.out"))" \
	grep -qx 'verified=2' "$T/good.out"
planted badsum
second=$(grep -v '^#' "$T/badsum/kbuild.list" | sed -n 2p | cut -d' ' -f1)
awk -v o="$second" '$1 == o { $2 = "0000000000000000000000000000000000000000000000000000000000000000" } 1' \
	"$tree/kbuild.list" >"$T/badsum/kbuild.list"
hostrun badsum
check "kbuild on the host: a planted SHA-256 for $second fails the run (status $hrc)" test "$hrc" = 1
check "kbuild on the host: ... naming the object and both sums ($(head -c 160 "$T/badsum.err"))" \
	grep -q "$second: SHA-256 [0-9a-f]\{16\}\.\.\., the host's compile of the same tree gave 0000000000000000\.\.\.: not the same object" "$T/badsum.err"
finish
