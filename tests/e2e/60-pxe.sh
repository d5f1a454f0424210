#!/bin/bash
# PXE: QEMU boots from its e1000 card (iPXE ROM) with user-mode networking,
# restrict=on and QEMU's own TFTP server, from trees qemu/mkpxe writes:
# pxelinux for x86_64 and i586, and the iPXE script for x86_64. Each
# time the experiment completes, its records arrive on serial and the
# results disk holds the same runs. The 32-bit tree is i586's, which runs
# on every CPU i686's does, as fast (docs/results/i586-i686.md): one 32-bit
# kernel for the suite. QEMU's iPXE ROM (Debian's ipxe-qemu) hangs on -cpu
# pentium at "iPXE ... starting execution" (VGA only), so the i586 tree
# boots on a Pentium II (P6) here; 65-oldcpu runs it on a P5.
# kernels: i586/default
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
quick="panic=-1 swapbench.end=qemu swapbench.workloads=fight swapbench.runs=1 swapbench.warmup=0"

if ! make -C "$top" --no-print-directory image ARCH=i586 >"$T/make-i586.log" 2>&1; then
	fail "make image ARCH=i586: $(tail -n 3 "$T/make-i586.log" | tr '\n' ' ')"
	finish
fi

# pxetree ARCH DIR: the tree `make pxe` writes, with the quick experiment
pxetree() {
	BZIMAGE=$OUT/$1/bzImage INITRD=$OUT/$1/initramfs.cpio.gz MEM=64 APPEND="$quick" \
		env -u WORKLOADS -u RUNS -u WARMUP "$top/qemu/mkpxe" "$1" "$2" >/dev/null
}

# netboot NAME ARCH TREE BOOTFILE: boot by PXE, then check what arrived
netboot() {
	local name=$1 arch=$2 tree=$3 file=$4 rows
	local cpu=
	case $arch in i586) cpu=pentium2 ;; esac
	ARCH=$arch CPU=$cpu NET_BOOT=$tree NET_BOOTFILE=$file BZIMAGE=$tree/bzImage LIMIT=240 boot "$name"
	check "$name: experiment completes (status $rc)" test "$rc" = 0
	check "$name: booted from the network, not -kernel" \
		bash -c "grep -q -- '-boot n' '$dir/qemu.cmd' && ! grep -q -- '-kernel' '$dir/qemu.cmd'"
	check "$name: networking restricted to the QEMU process" grep -q 'restrict=on' "$dir/qemu.cmd"
	# arch= is uname -m, which a 32-bit kernel takes from the CPU's family
	local uname=$arch
	[ "$cpu" = pentium2 ] && uname=i686
	check "$name: header says arch=$uname" grep -aq "^# sb meta .* arch=$uname " "$log"
	check "$name: the tree's command line reached the kernel" \
		grep -aq '^# sb meta .*cmdline=".*console=ttyS0,115200n8 earlyprintk=serial,ttyS0,115200 mem=64M swapbench.part=PARTUUID=5b0a5b0a-01 .*swapbench.workloads=fight' "$log"
	check "$name: a result line per backend on serial" \
		bash -c "grep -aq '^ok .* workload=fight backend=partition ' '$log' && grep -aq '^ok .* workload=fight backend=file ' '$log'"
	rows=$("$REPORT" csv "$log" 2>/dev/null | grep -c ',fight,.*,ok,')
	check "$name: the serial records parse (2 ok rows, got $rows)" test "$rows" = 2
	rows=$("$REPORT" csv "$dir/results.disk" 2>/dev/null | grep -c ',fight,.*,ok,')
	check "$name: the results disk got them too (2 ok rows, got $rows)" test "$rows" = 2
}

tree=$T/tftp-x86_64
pxetree x86_64 "$tree"
for f in pxelinux.0 ldlinux.c32 pxelinux.cfg/default boot.ipxe bzImage initramfs.cpio.gz; do
	check "mkpxe x86_64: tree has $f" test -s "$tree/$f"
done
check "mkpxe x86_64: pxelinux config boots the image with no prompt" \
	grep -q '^PROMPT 0' "$tree/pxelinux.cfg/default"
check "mkpxe x86_64: pxelinux config carries the designations and APPEND" \
	grep -q 'APPEND console=ttyS0,115200n8 .*swapbench.fsdev=LABEL=swapbench-fs swapbench.results=LABEL=swapbench-res .*swapbench.end=qemu' "$tree/pxelinux.cfg/default"
check "mkpxe x86_64: boot.ipxe is an iPXE script" grep -qx '#!ipxe' "$tree/boot.ipxe"
check "mkpxe: a bad ARCH is refused" bash -c "! '$top/qemu/mkpxe' sparc '$T/bad' 2>/dev/null"

netboot pxelinux-x86_64 x86_64 "$tree" pxelinux.0
check "pxelinux-x86_64: pxelinux loaded the kernel" grep -aq '^Loading bzImage' "$log"
check "pxelinux-x86_64: pxelinux named the image on the command line" grep -aq 'cmdline="BOOT_IMAGE=bzImage ' "$log"

netboot ipxe-x86_64 x86_64 "$tree" boot.ipxe
check "ipxe-x86_64: the kernel came from the iPXE script" grep -aq 'cmdline="initrd=initramfs.cpio.gz console=ttyS0' "$log"

# ARCH=i586: a kernel for the P5 (TSC and cmpxchg8b, no cmov)
cfg=$OUT/i586/bzImage.config
check "i586 kernel: built for the P5 (M586TSC), so the setup code asks for no cmov" \
	bash -c "grep -qx CONFIG_M586TSC=y '$cfg' && grep -qx CONFIG_X86_MINIMUM_CPU_FAMILY=5 '$cfg' && ! grep -q '^CONFIG_X86_CMOV=y' '$cfg'"
tree=$T/tftp-i586
pxetree i586 "$tree"
netboot pxelinux-i586 i586 "$tree" pxelinux.0
check "pxelinux-i586: pxelinux loaded the kernel" grep -aq '^Loading bzImage' "$log"
finish
