#!/bin/bash
# The oldest CPUs. ARCH=i486: a kernel for 486-class PCs (no TSC, no
# cmpxchg8b; math emulation for the 486SX; decompressed at 1 MiB) and
# static musl binaries for -march=i486. On QEMU's 486 with 24 MiB a short
# experiment completes and its records parse; the clock is the PIT, never
# the TSC, and qemu/run tells the guest no TSC rate; with no387 (the FPU
# ignored, as on a 486SX) a run still completes. ARCH=i586 on a P5 (-cpu
# pentium) completes a short experiment, and is refused on a 486 at once.
# The characteriser runs on the 486 and leaves its disk as it was.
# kernels: i486/default i586/default
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

for arch in i486 i586; do
	if ! make -C "$top" --no-print-directory image ARCH=$arch >"$T/make-$arch.log" 2>&1; then
		fail "make image ARCH=$arch: $(tail -n 3 "$T/make-$arch.log" | tr '\n' ' ')"
		finish
	fi
done
export ARCH=i486 BZIMAGE=$OUT/i486/bzImage INITRD=$OUT/i486/initramfs.cpio.gz
cfg=$BZIMAGE.config
check "kernel: a 486 kernel (M486SX: minimum CPU family 4)" \
	bash -c "grep -qx CONFIG_M486SX=y '$cfg' && grep -qx CONFIG_X86_MINIMUM_CPU_FAMILY=4 '$cfg'"
check "kernel: needs no TSC, cmpxchg8b or cmov" \
	bash -c "! grep -qE '^CONFIG_X86_(TSC|CMPXCHG64|CMOV)=y' '$cfg'"
check "kernel: math emulation for 486s without an FPU" grep -qx CONFIG_MATH_EMULATION=y "$cfg"
need=$("$top/qemu/bzinfo" "$BZIMAGE")
check "kernel: decompresses at 1 MiB, so it needs $need MiB to boot, not 16 + its size" test "${need:-99}" -le 8
info "i486 sizes: bzImage $(stat -c %s "$BZIMAGE") bytes, initramfs.cpio.gz $(stat -c %s "$INITRD") bytes, $need MiB to decompress"

CPU=486 MEM=24 LIMIT=240 boot 486 -- swapbench.workloads=fight swapbench.runs=1 swapbench.warmup=0
check "486 -m 24: experiment completes (status $rc)" test "$rc" = 0
check "486 -m 24: header says arch=i486" grep -aq '^# sb meta .* arch=i486 ' "$log"
check "486 -m 24: the kernel saw a 486 (family 4)" grep -aq '^\[ *[0-9.]*\] CPU: .*(family: 0x4,' "$log"
absent "486 -m 24: qemu/run told a CPU without TSC no TSC rate" 'tsc_early_khz=' "$dir/qemu.cmd"
rows=$("$REPORT" csv "$log" 2>/dev/null | grep -c ',fight,.*,ok,')
check "486 -m 24: the serial records parse (2 ok rows, got $rows)" test "$rows" = 2
IFS=$'\t' read -r cs res step < <("$REPORT" fields meta clocksource,clock_res_ns,clock_step_ns "$log")
flagged=$("$REPORT" csv "$log" 2>/dev/null | tail -n +2 | grep -c ',"[^"]*"$')
info "486 clock: clocksource=$cs clock_res_ns=$res clock_step_ns=$step, $flagged run(s) flagged"
check "486 -m 24: timed on the PIT, not a TSC it does not have (got $cs)" test "$cs" = pit
check "486 -m 24: sub-millisecond steps (got $step ns) or the runs are flagged ($flagged)" \
	test "${step:-0}" -gt 0 -a "${step:-0}" -lt 1000000 -o "$flagged" -gt 0

# init's records print doubles: with no FPU they run on the kernel's emulator
CPU=486 MEM=24 LIMIT=120 boot no387 -- no387 swapbench.workloads=idle swapbench.idle.seconds=0 \
	swapbench.runs=1 swapbench.warmup=0 swapbench.backends=partition
check "486 no387: the kernel sees no FPU" grep -aq 'x86/fpu: No FPU detected' "$log"
check "486 no387: math emulated, the run completes and its record parses (status $rc)" \
	bash -c "[ '$rc' = 0 ] && '$REPORT' csv '$log' 2>/dev/null | grep -q ',idle,partition,1,ok,'"

# the characteriser on a 486 (swapbench.workloads=diskchar), on a plain disk
# (the host's cache: no turn, so the rotation and zones only), read-only:
# the disk image's sha256 is the same before and after the boot
mkdir -p "$T/dc"
MEM=24 "$top/qemu/mkdisks" "$T/dc" 24 "$REPORT" >"$T/dc/mkdisks.log" 2>&1
before=$(sha256sum <"$T/dc/disk.img")
CPU=486 MEM=24 LIMIT=240 boot diskchar --swap-disk "$T/dc/disk.img" -- swapbench.workloads=diskchar
after=$(sha256sum <"$T/dc/disk.img")
check "486 diskchar: the characterisation completes (status $rc)" test "$rc" = 0
check "486 diskchar: it recorded the disk it read (/dev/vda) and its end" \
	bash -c "grep -aq '^# sb diskchar .* fig=device dev=/dev/vda ' '$log' && grep -aq '^# sb diskchar .* fig=end ' '$log'"
check "486 diskchar: the disk it read is unchanged (sha256 ${before%% *} before and after)" test "$before" = "$after"
check "486 diskchar: swapbench-report profile makes no hdd profile of a disk with no turn, saying so" \
	bash -c "! '$REPORT' profile '$log' >/dev/null 2>'$T/dc/err' && grep -q 'saw no turn' '$T/dc/err'"

CPU=pentium LIMIT=240 BZIMAGE=$OUT/i586/bzImage INITRD=$OUT/i586/initramfs.cpio.gz ARCH=i586 boot p5 -- \
	swapbench.workloads=fight swapbench.runs=1 swapbench.warmup=0
check "pentium: the i586 image completes a short experiment (status $rc)" test "$rc" = 0
check "pentium: the kernel saw a P5 (family 5)" grep -aq '^\[ *[0-9.]*\] CPU: .*(family: 0x5,' "$log"
check "pentium: header says arch=i586" grep -aq '^# sb meta .* arch=i586 ' "$log"

CPU=486 LIMIT=60 BZIMAGE=$OUT/i586/bzImage INITRD=$OUT/i586/initramfs.cpio.gz ARCH=i586 boot refused --no-disks
check "486: the i586 image is refused with the kernel's message" \
	grep -aq 'This kernel requires an i586 CPU, but only detected an i486 CPU' "$log"
check "486: qemu/run stops at once, status 2 (got $rc), naming ARCH=i486" \
	bash -c "[ '$rc' = 2 ] && grep -q '^why=.*use ARCH=i486' '$dir/status'"
finish
