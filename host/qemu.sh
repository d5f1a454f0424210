# shellcheck shell=bash
# host/qemu.sh -- sourced by qemu/run (and the experiments): what one boot
# under QEMU is, computed from its inputs with no side effects: the QEMU
# binary, the accelerator, the clock mode, the TSC setting, the disks'
# arguments, the memory, the network boot, the kernel command line's keys
# and limit (host/status.sh: the instrument, the registry's facts, the
# exit status). A function prints its answer (or sets the array it
# names) and returns 0, or prints what is wrong and returns 2. Nothing here
# reads a file, runs QEMU or looks at the host: qemu/run gathers those
# inputs. Tested without a boot by tests/integration/qemu_logic.sh.

# qemu_binary ARCH
qemu_binary() {
	case $1 in
	x86_64) echo qemu-system-x86_64 ;;
	i686 | i586 | i486) echo qemu-system-i386 ;;
	*) echo "ARCH=$1: x86_64, i686, i586 or i486"; return 2 ;;
	esac
}

# qemu_base ACCEL: the options every QEMU machine of swapbench's starts
# with (qemu/run's boots, qemu/accel's probe, measure/bench's timed boots,
# lava/pcsim's PC), one a line: a PC, the accelerator, no default devices or
# user configuration, and no reboot (a panic or a reset ends QEMU)
qemu_base() {
	printf '%s\n' -M pc -accel "$1" -nodefaults -no-user-config -no-reboot
}

# qemu_console SERIAL: a headless boot's console, one option a line: no
# display, the serial port to SERIAL (file:PATH, stdio), and the port init
# writes its exit status to (0xf4)
qemu_console() {
	printf '%s\n' -display none -serial "$1" -device isa-debug-exit,iobase=0xf4,iosize=0x04
}

# accel_choose ACCEL PROBED: the accelerator; PROBED is qemu/accel's verdict,
# used for ACCEL=auto
accel_choose() {
	case $1 in
	auto) echo "${2:-tcg}" ;;
	tcg | kvm) echo "$1" ;;
	*) echo "ACCEL=$1: auto, tcg or kvm"; return 2 ;;
	esac
}

# clock_mode ACCEL ARCH DETERMINISTIC ICOUNT NETBOOT: host, icount or
# deterministic. DETERMINISTIC=1: instructions counted, nothing waits for the
# host (TCG, x86_64, no network). ICOUNT=1 counts instructions only under TCG;
# KVM keeps the host clock.
clock_mode() {
	local accel=$1 arch=$2 det=$3 icount=$4 netboot=$5
	case $det in 0 | 1) ;; *) echo "DETERMINISTIC=$det: 0 or 1"; return 2 ;; esac
	case $icount in 0 | 1) ;; *) echo "ICOUNT=$icount: 0 or 1"; return 2 ;; esac
	if [ "$det" = 1 ]; then
		[ "$accel" = tcg ] || { echo "DETERMINISTIC=1 needs TCG (ACCEL=tcg)"; return 2; }
		[ "$arch" = x86_64 ] || { echo "DETERMINISTIC=1 needs ARCH=x86_64: its virtio-pmem disks need 64-bit physical addresses"; return 2; }
		[ -z "$netboot" ] || { echo "DETERMINISTIC=1 and NET_BOOT or NET_TAP do not mix: network replies arrive at host speed"; return 2; }
		echo deterministic
	elif [ "$icount" = 1 ] && [ "$accel" = tcg ]; then
		echo icount
	else
		echo host
	fi
}

# smp_check SMP KSMP: nothing, or why SMP CPUs cannot boot. KSMP says what
# the kernel's .config holds: y (CONFIG_SMP=y and CONFIG_ACPI=y), n (no
# CONFIG_SMP: it would boot one CPU whatever -smp says), noacpi (SMP without
# ACPI: SeaBIOS's MP table lists only the boot CPU, the others are in ACPI's
# MADT, so it boots one CPU too), empty (no .config beside it: unknown)
smp_check() {
	case $1 in '' | 0* | *[!0-9]*) echo "SMP=$1: a number of CPUs, 1 to 8"; return 2 ;; esac
	[ "$1" -le 8 ] || { echo "SMP=$1: at most 8 (the kernels' CONFIG_NR_CPUS)"; return 2; }
	[ "$1" = 1 ] || [ "$2" != n ] || { echo "SMP=$1: the kernel has no CONFIG_SMP; boot the variant smp (KERNEL=smp)"; return 2; }
	[ "$1" = 1 ] || [ "$2" != noacpi ] || {
		echo "SMP=$1: the kernel has CONFIG_SMP but no CONFIG_ACPI, and QEMU's BIOS lists the other CPUs only in ACPI: it would boot one; boot the variant smp on top (KERNEL=smp, KERNEL=debian:6.12+modern+smp)"
		return 2
	}
}

# clock_smp CLOCK SMP: the clock mode with SMP CPUs. QEMU's record mode
# (clock_qemu_args) refuses -smp above 1 ("not supported for 'smp'");
# DETERMINISTIC=1 with more boots deterministic-norecord: the same
# instruction clock and inputs, the vCPUs in turn in one TCG thread (one
# instruction stream), but without the record's lock a warp of the idle
# guest's clock may land a little late (clock_qemu_args), so two boots of
# the same inputs may part: each is one draw (swapbench.draw), not a broken
# measurement
clock_smp() {
	if [ "$1" = deterministic ] && [ "$2" != 1 ]; then echo deterministic-norecord; else echo "$1"; fi
}

# clock_deterministic CLOCK: whether it is one of DETERMINISTIC=1's modes
clock_deterministic() { [ "$1" = deterministic ] || [ "$1" = deterministic-norecord ]; }

# smp_accel ACCEL CLOCK SMP: -accel's value. SMP under TCG on the host's
# clock: one host thread per vCPU (multi-threaded TCG).
smp_accel() {
	if [ "$1" = tcg ] && [ "$2" = host ] && [ "$3" != 1 ]; then echo tcg,thread=multi; else echo "$1"; fi
}

# smp_note ACCEL CLOCK SMP: what to tell the user: icount (ICOUNT=1,
# DETERMINISTIC=1) runs every vCPU in one host thread, in turn; without
# the record (clock_smp), a boot is one draw
smp_note() {
	[ "$1" != tcg ] || [ "$2" = host ] || [ "$3" = 1 ] || [ "$2" = deterministic-norecord ] ||
		echo "run: SMP=$3 under $2: the $3 vCPUs share one host thread, in turn (ICOUNT=0 for one thread each)"
	[ "$2" != deterministic-norecord ] ||
		echo "run: SMP=$3 under DETERMINISTIC=1: one instruction stream, vCPU 0 first and the others while it waits; without QEMU's record mode (it takes one CPU), so two boots of the same inputs may part: each is one draw of the kernel's random seed (DRAWS=)"
}

# clock_qemu_args CLOCK: QEMU's options for it, one a line.
# deterministic: a fixed shift, guest time is instructions x 2 ns whatever
# the host does, an idle guest jumps to its next timer, and the clock starts
# from a fixed date. QEMU's main loop makes that jump (the warp) beside the
# vCPU thread: woken at a host-timed moment just after the guest's hlt, it
# reads an instruction count the vCPU has not yet added to, and the timer
# lands a few hundred ns late; a guest that idles often (every wait of the
# disk model) drifts from there. Recording (rr=record) makes the main loop
# wait for the lock the vCPU holds while it runs and counts, so every warp
# sees the whole count; the record itself is not kept (/dev/null).
# deterministic-norecord (DETERMINISTIC=1 with SMP above 1, clock_smp): the
# same without the record.
# icount: the same while the guest runs, the host's clock while it waits
# (sleep=on); the disks' requests complete at host speed.
clock_qemu_args() {
	case $1 in
	deterministic) printf '%s\n' -icount shift=1,sleep=off,align=off,rr=record,rrfile=/dev/null -rtc base=2026-01-01T00:00:00,clock=vm ;;
	deterministic-norecord) printf '%s\n' -icount shift=1,sleep=off,align=off -rtc base=2026-01-01T00:00:00,clock=vm ;;
	icount) printf '%s\n' -icount shift=1,sleep=on,align=off ;;
	esac
}

# clock_append CLOCK SMP: kernel command line for it.
clock_append() {
	local a=
	# deterministic: flushes stay in the guest, and no 64 MiB bounce buffer
	# for the pmem window above 4 GiB (OOM at -m 96)
	if clock_deterministic "$1"; then
		a="swapbench.flush=0 swiotlb=noforce"
	fi
	# Under -icount (ICOUNT=1, DETERMINISTIC=1) with one CPU: the local APIC
	# timer's calibration spins on rdtsc for 100 ms of guest time, and under
	# -icount every rdtsc ends a translation block: 6.6 s of host time in
	# every boot (docs/results/check-budget-log.md). With noapictimer the PIT is
	# the timer instead.
	if [ "$1" != host ] && [ "${2:-1}" = 1 ]; then
		a="${a:+$a }noapictimer"
	fi
	# deterministic-norecord: QEMU 7.2 gives the vCPU in turn every
	# instruction up to the next timer, so while vCPU 0 spins the others
	# get none (QEMU 8.1 shares them out), and the kernel's boot-time
	# bring-up of CPU 1 spins on vCPU 0 for ever: booted with one CPU, the
	# others are brought online by init, whose wait lets them run
	if [ "$1" = deterministic-norecord ]; then
		a="$a maxcpus=1 swapbench.cpus_up=1"
	fi
	if [ -n "$a" ]; then
		echo "$a"
	fi
}

# tsc_khz_from_dmesg: the host kernel's TSC rate in kHz from dmesg on stdin
# (the refined calibration if there is one), or nothing
tsc_khz_from_dmesg() {
	sed -n -e 's/.*tsc: Refined TSC clocksource calibration: \([0-9.]*\) MHz.*/\1/p' \
		-e 's/.*tsc: Detected \([0-9.]*\) MHz processor.*/\1/p' | tail -n 1 |
		awk '$1 > 0 { printf "%d\n", $1 * 1000 + 0.5 }'
}

# tsc_setting ACCEL CLOCK CPU KHZ: what the guest is told about its TSC:
# khz-N (the host's rate, kept with tsc=reliable), calibrate (the guest
# measures it), virtual (icount: counted instructions), none (a 486 has no
# TSC), kvm (the host's own).
# Under TCG the guest's TSC counts at the host's rate, and the kernel's own
# calibration against the PIT fails whenever the host is busy: with no HPET
# or ACPI PM timer every time is then jiffies, 4 ms steps. Told the rate,
# the guest has the TSC, and tsc=reliable keeps it: a starved guest loses
# timer ticks and the clocksource watchdog would drop the TSC that is right
# (seen: 5 of 6 loaded boots without it).
tsc_setting() {
	local accel=$1 clock=$2 cpu=$3 khz=$4
	if [ "$accel" = kvm ]; then echo kvm; return; fi
	if [ "$clock" != host ]; then echo virtual; return; fi
	if [[ $cpu == 486* ]]; then echo none; return; fi
	case $khz in
	'' | 0) echo calibrate ;;
	*[!0-9]*) echo "TSC_KHZ=$khz: the host's TSC rate in kHz, or 0 to leave the guest to calibrate"; return 2 ;;
	*) echo "khz-$khz" ;;
	esac
}

# tsc_append TSC: the kernel command line for tsc_setting's answer
tsc_append() {
	case $1 in khz-*) echo "tsc_early_khz=${1#khz-} tsc=reliable" ;; esac
}

# pin_parse PIN: "CPUS VCPU": the CPUs QEMU starts on and the CPU its vCPU
# thread moves to (- for none). PIN=CPUS or PIN=VCPU:REST; unset or -: none
# asked (qemu/run may still keep a DETERMINISTIC=1 boot on one CPU).
pin_parse() {
	case $1 in
	'' | -) echo "- -" ;;
	*[!0-9,:-]* | *:*:*) echo "PIN=$1: CPUS (taskset -c's list) or VCPU:REST"; return 2 ;;
	*:*) echo "${1#*:} ${1%%:*}" ;;
	*) echo "$1 -" ;;
	esac
}

# cpus_expand LIST: the CPUs of a list as the kernel writes one
# (/proc/PID/status's Cpus_allowed_list: 0-3,6), one a line, in order
cpus_expand() {
	local r
	for r in ${1//,/ }; do
		case $r in
		*[!0-9-]* | -* | *- | *-*-*) echo "cpus_expand: '$1': not a CPU list"; return 2 ;;
		*-*) seq "${r%-*}" "${r#*-}" ;;
		*) echo "$r" ;;
		esac
	done
}

# drive_arg FILE IF CACHE AIO: -drive's value for a raw disk
drive_arg() {
	case $2 in virtio | ide) ;; *) echo "DISK_IF=$2: virtio or ide"; return 2 ;; esac
	case $3 in writeback | none | writethrough | directsync | unsafe) ;; *) echo "DISK_CACHE=$3: writeback, none, writethrough, directsync or unsafe"; return 2 ;; esac
	case $4 in threads | native | io_uring) ;; *) echo "DISK_AIO=$4: threads, native or io_uring"; return 2 ;; esac
	echo "file=$1,format=raw,if=$2,cache=$3,aio=$4"
}

# pmem_args N FILE BYTES: the options that map FILE into the guest as
# virtio-pmem disk N (DETERMINISTIC=1's disks, the backend pmem's device:
# every read and write is a memory copy by the guest's own instructions),
# one a line
pmem_args() {
	[ $(($3 % 2097152)) = 0 ] || { echo "virtio-pmem maps $2 into guest memory: its size ($3 bytes) must be a multiple of 2 MiB"; return 2; }
	printf '%s\n' -object "memory-backend-file,id=pmem$1,share=on,mem-path=$2,size=$(($3 / 1048576))M" \
		-device "virtio-pmem-pci,memdev=pmem$1,id=pmemdev$1"
}

# pmem_refusal ARCH NETBOOT DISKS KPMEM: nothing, or why a boot whose
# backends include pmem cannot have its device. DISKS: empty with --no-disks;
# KPMEM: what the kernel's .config says of CONFIG_VIRTIO_PMEM (y, m, n;
# empty: no .config beside it, unknown)
pmem_refusal() {
	local arch=$1 netboot=$2 disks=$3 kpmem=$4
	[ "$arch" = x86_64 ] || { echo "swapbench.backends names pmem: its virtio-pmem device needs ARCH=x86_64 (64-bit physical addresses), not ARCH=$arch"; return 2; }
	[ -z "$netboot" ] || { echo "swapbench.backends names pmem, and a network boot (NET_BOOT, NET_TAP, PXE) has no pmem device: boot from QEMU's -kernel, or leave pmem out"; return 2; }
	[ -n "$disks" ] || { echo "swapbench.backends names pmem, and --no-disks boots without swap disks"; return 2; }
	[ "$kpmem" != n ] || { echo "swapbench.backends names pmem, and the kernel has no CONFIG_VIRTIO_PMEM: boot an x86_64 kernel built with it (x86_64.config has it; a stock kernel with MODULES= and virtio_pmem, nd_pmem)"; return 2; }
}

# pmem_append CLOCK: the kernel command line a pmem device needs: no 64 MiB
# bounce buffer for its window above 4 GiB (clock_append has it already
# under DETERMINISTIC=1)
pmem_append() {
	clock_deterministic "$1" || echo "swiotlb=noforce"
}

# pmem_cpu ACCEL CPU PMEM_N: -cpu's value, or nothing. CPU as given; else,
# under TCG with pmem disks, QEMU's default CPU with 1 GiB pages: the guest
# maps each pmem disk whole (ioremap), and with 2 MiB pages alone that takes
# a 4 KiB page table a GiB, out of -m: 1.9 MiB of RAM for the 466 GiB disk
# of LAYOUT=seed000 (docs/results/memavailable.md). KVM's CPU stays the
# host's choice (its pmem is a backend's, small).
pmem_cpu() {
	if [ -n "$2" ]; then echo "$2"; return; fi
	[ "$1" != tcg ] || [ "$3" = 0 ] || echo qemu64,+pdpe1gb
}

# mem_arg MEM PMEM_N PMEM_MIB: -m's value (pmem disks lie outside guest RAM)
mem_arg() {
	case $1 in '' | *[!0-9]*) echo "MEM=$1: a number of MiB, please"; return 2 ;; esac
	if [ "$2" -gt 0 ]; then echo "$1,slots=$2,maxmem=$(($1 + $3))M"; else echo "$1"; fi
}

# mem_fits MEM NEED BZIMAGE MIN: nothing, or why MEM cannot boot BZIMAGE, which
# needs NEED MiB just to decompress (load address + init_size, its header)
mem_fits() {
	[ "$2" -gt "$1" ] || return 0
	echo "MEM=$1 is below the $2 MiB that $3 needs just to decompress (load address + init_size, from its header): MEM=$(($2 + 8)) or more boots it; to run the default workloads the built kernel needs MEM=$4, a larger kernel more"
	return 2
}

# net_qemu_args TAP TFTPDIR BOOTFILE NIC MAC: the network boot's options, one a line
# (qemu/run gives BOOTFILE and NIC their defaults, host/settings.tsv)
net_qemu_args() {
	local tap=$1 tftp=$2 bootfile=$3 nic=$4 mac=$5
	if [ -n "$tap" ]; then
		[ -z "$tftp" ] || { echo "NET_BOOT and NET_TAP do not mix: with NET_TAP your own server serves the files"; return 2; }
		printf '%s\n' -netdev "tap,id=n0,ifname=$tap,script=no,downscript=no"
	elif [ -n "$tftp" ]; then
		printf '%s\n' -netdev "user,id=n0,restrict=on,tftp=$tftp,bootfile=$bootfile"
	else
		return 0
	fi
	printf '%s\n' -device "$nic,netdev=n0${mac:+,mac=$mac}" -boot n
}

# cmdline_fits LINE MAX: nothing, or why the kernel would lose part of LINE
# (it keeps MAX bytes, its boot header's cmdline_size, and drops the rest
# without a word)
cmdline_fits() {
	[ "${#1}" -gt "$2" ] || return 0
	echo "the kernel command line is ${#1} bytes but the kernel keeps only $2: the rest would be lost without a word"
	return 2
}
