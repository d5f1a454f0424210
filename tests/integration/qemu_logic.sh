#!/bin/bash
# host/qemu.sh and host/status.sh without a boot: the QEMU binary, accelerator, clock mode,
# TSC setting, disks, memory, network boot, command-line pieces, the
# instrument and the exit mapping, each from given inputs against the
# values qemu/run must use.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=host/qemu.sh
source "$top/host/qemu.sh"
# shellcheck source=host/status.sh
source "$top/host/status.sh"
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
# refused NAME WORDS CMD...: CMD returns 2 and its message contains WORDS
refused() {
	local name=$1 words=$2 out rc
	shift 2
	out=$("$@")
	rc=$?
	if [ "$rc" = 2 ] && [[ $out == *"$words"* ]]; then pass "$name"; else fail "$name" "status $rc, said '$out'"; fi
}

same "qemu binary x86_64" qemu-system-x86_64 "$(qemu_binary x86_64)"
same "qemu binary i586" qemu-system-i386 "$(qemu_binary i586)"
refused "qemu binary: arm refused" "x86_64, i686, i586 or i486" qemu_binary arm

same "accel auto takes the probe's kvm" kvm "$(accel_choose auto kvm)"
same "accel auto without a probe: tcg" tcg "$(accel_choose auto '')"
same "accel tcg stays tcg whatever the probe" tcg "$(accel_choose tcg kvm)"
refused "accel: hvf refused" "auto, tcg or kvm" accel_choose hvf tcg

# shellcheck source=host/settings.sh
source "$top/host/settings.sh"
same "clock: the default ICOUNT is 1 (host/settings.tsv)" 1 "$(settings_default ICOUNT)"
same "clock: TCG, ICOUNT=1: icount" icount "$(clock_mode tcg x86_64 0 1 '')"
same "clock: TCG, ICOUNT=0: host" host "$(clock_mode tcg x86_64 0 0 '')"
same "clock: KVM, ICOUNT=1: host (icount is TCG only)" host "$(clock_mode kvm x86_64 0 1 '')"
same "clock: DETERMINISTIC=1 wins over ICOUNT" deterministic "$(clock_mode tcg x86_64 1 0 '')"
refused "clock: DETERMINISTIC=1 under KVM" "needs TCG" clock_mode kvm x86_64 1 1 ''
refused "clock: DETERMINISTIC=1 on i686" "needs ARCH=x86_64" clock_mode tcg i686 1 1 ''
refused "clock: DETERMINISTIC=1 with a network boot" "do not mix" clock_mode tcg x86_64 1 1 /srv/tftp
refused "clock: ICOUNT=2" "ICOUNT=2: 0 or 1" clock_mode tcg x86_64 0 2 ''
same "clock args icount" "-icount shift=1,sleep=on,align=off" "$(clock_qemu_args icount | paste -sd' ')"
same "clock args deterministic" "-icount shift=1,sleep=off,align=off,rr=record,rrfile=/dev/null -rtc base=2026-01-01T00:00:00,clock=vm" \
	"$(clock_qemu_args deterministic | paste -sd' ')"
same "clock args host: none" "" "$(clock_qemu_args host)"
same "clock: DETERMINISTIC=1 with SMP=2: without the record (QEMU's record refuses -smp 2)" deterministic-norecord "$(clock_smp deterministic 2)"
same "clock: DETERMINISTIC=1 with SMP=1: recorded" deterministic "$(clock_smp deterministic 1)"
same "clock: ICOUNT=1 with SMP=2: icount" icount "$(clock_smp icount 2)"
same "clock args deterministic-norecord: the same clock, no record" "-icount shift=1,sleep=off,align=off -rtc base=2026-01-01T00:00:00,clock=vm" \
	"$(clock_qemu_args deterministic-norecord | paste -sd' ')"
same "clock append deterministic-norecord, 2 CPUs: as deterministic, the other CPUs onlined by init" "swapbench.flush=0 swiotlb=noforce maxcpus=1 swapbench.cpus_up=1" "$(clock_append deterministic-norecord 2)"
same "clock: both DETERMINISTIC=1 modes are deterministic, icount not" "0 0 1" \
	"$(clock_deterministic deterministic; echo -n "$? "; clock_deterministic deterministic-norecord; echo -n "$? "; clock_deterministic icount; echo $?)"
same "smp note under deterministic-norecord: one line, one instruction stream, each boot a draw" "1 1 1" \
	"$(n=$(smp_note tcg deterministic-norecord 2); echo "$(wc -l <<<"$n") $(grep -c 'one instruction stream' <<<"$n") $(grep -c 'each is one draw' <<<"$n")")"
same "clock append deterministic" "swapbench.flush=0 swiotlb=noforce noapictimer" "$(clock_append deterministic 1)"
same "clock append icount: the PIT, not the APIC timer" "noapictimer" "$(clock_append icount 1)"
same "clock append icount, 2 CPUs: each its APIC timer" "" "$(clock_append icount 2)"
same "clock append deterministic, 2 CPUs" "swapbench.flush=0 swiotlb=noforce" "$(clock_append deterministic 2)"
same "clock append host: none" "" "$(clock_append host 1)"

dmesg_text='[    0.000000] tsc: Detected 2399.998 MHz processor
[    1.200000] tsc: Refined TSC clocksource calibration: 2400.123 MHz'
same "tsc rate from dmesg: the refined one, in kHz" 2400123 "$(tsc_khz_from_dmesg <<<"$dmesg_text")"
same "tsc rate from dmesg: detected only" 2399998 "$(head -n 1 <<<"$dmesg_text" | tsc_khz_from_dmesg)"
same "tsc rate from dmesg: none" "" "$(echo 'no tsc here' | tsc_khz_from_dmesg)"
same "tsc: TCG host clock, told the rate" khz-2400123 "$(tsc_setting tcg host '' 2400123)"
same "tsc: TCG host clock, rate 0: the guest calibrates" calibrate "$(tsc_setting tcg host '' 0)"
same "tsc: icount: virtual" virtual "$(tsc_setting tcg icount '' 2400123)"
same "tsc: a 486 has none" none "$(tsc_setting tcg host 486 2400123)"
same "tsc: KVM: the host's own" kvm "$(tsc_setting kvm host '' 2400123)"
refused "tsc: TSC_KHZ=2.4GHz refused" "TSC_KHZ=2.4GHz" tsc_setting tcg host '' 2.4GHz
same "tsc append for a rate" "tsc_early_khz=2400123 tsc=reliable" "$(tsc_append khz-2400123)"
same "tsc append when calibrating: none" "" "$(tsc_append calibrate)"

same "pin unset" "- -" "$(pin_parse '')"
same "pin CPUS" "0-1 -" "$(pin_parse 0-1)"
same "pin VCPU:REST" "0,1 2" "$(pin_parse 2:0,1)"
refused "pin: letters refused" "PIN=a" pin_parse a
same "pin -: none asked" "- -" "$(pin_parse -)"
same "cpu list: ranges and singles, in order" "0 1 2 5" "$(cpus_expand 0-2,5 | tr '\n' ' ' | sed 's/ $//')"
same "cpu list: one CPU" "3" "$(cpus_expand 3)"
refused "cpu list: an open range refused" "not a CPU list" cpus_expand 0-

same "drive virtio writeback threads" "file=d.img,format=raw,if=virtio,cache=writeback,aio=threads" \
	"$(drive_arg d.img virtio writeback threads)"
same "drive ide none native" "file=d.img,format=raw,if=ide,cache=none,aio=native" "$(drive_arg d.img ide none native)"
refused "drive: DISK_IF=scsi refused" "DISK_IF=scsi" drive_arg d.img scsi writeback threads
refused "drive: DISK_CACHE=fast refused" "DISK_CACHE=fast" drive_arg d.img virtio fast threads
same "pmem: 192 MiB disk 1" "-object memory-backend-file,id=pmem1,share=on,mem-path=/r/disk.img,size=192M -device virtio-pmem-pci,memdev=pmem1,id=pmemdev1" \
	"$(pmem_args 1 /r/disk.img $((192 << 20)) | paste -sd' ')"
refused "pmem: not a multiple of 2 MiB" "multiple of 2 MiB" pmem_args 1 /r/x 1048576
same "pmem backend: x86_64, a disk boot, CONFIG_VIRTIO_PMEM=y: attached" "" "$(pmem_refusal x86_64 '' 1 y)"
same "pmem backend: a module (m) or no .config is not refused" "" "$(pmem_refusal x86_64 '' 1 m)$(pmem_refusal x86_64 '' 1 '')"
refused "pmem backend: ARCH=i686 refused" "needs ARCH=x86_64 (64-bit physical addresses), not ARCH=i686" pmem_refusal i686 '' 1 y
refused "pmem backend: a network boot refused" "a network boot (NET_BOOT, NET_TAP, PXE) has no pmem device" pmem_refusal x86_64 /tftp 1 y
refused "pmem backend: --no-disks refused" "--no-disks boots without swap disks" pmem_refusal x86_64 '' '' y
refused "pmem backend: a kernel without CONFIG_VIRTIO_PMEM refused" "the kernel has no CONFIG_VIRTIO_PMEM" pmem_refusal x86_64 '' 1 n
same "pmem backend: no swiotlb bounce buffer on the host clock" swiotlb=noforce "$(pmem_append host)"
same "pmem backend: ... nor under icount" swiotlb=noforce "$(pmem_append icount)"
same "pmem backend: deterministic has it from clock_append, not twice" "" "$(pmem_append deterministic)"
same "mem without pmem" 64 "$(mem_arg 64 0 0)"
same "mem with 2 pmem disks of 200 MiB" "64,slots=2,maxmem=264M" "$(mem_arg 64 2 200)"
refused "mem: 64M refused" "a number of MiB" mem_arg 64M 0 0
same "cpu: TCG with pmem disks: 1 GiB pages for their mapping" qemu64,+pdpe1gb "$(pmem_cpu tcg '' 2)"
same "cpu: TCG without pmem: QEMU's default" "" "$(pmem_cpu tcg '' 0)"
same "cpu: KVM with pmem: the host's choice" "" "$(pmem_cpu kvm '' 1)"
same "cpu: CPU as given wins over the pmem default" 486 "$(pmem_cpu tcg 486 2)"
same "mem fits: 64 MiB for a kernel needing 30" "" "$(mem_fits 64 30 bz 39)"
refused "mem fits: 24 MiB for one needing 30" "MEM=38 or more boots it" mem_fits 24 30 bz 39

same "net: none" "" "$(net_qemu_args '' '' '' '' '')"
same "net: user TFTP, the default bootfile and card (host/settings.tsv)" "-netdev user,id=n0,restrict=on,tftp=/t,bootfile=pxelinux.0 -device e1000,netdev=n0 -boot n" \
	"$(net_qemu_args '' /t "$(settings_default NET_BOOTFILE)" "$(settings_default NIC)" '' | paste -sd' ')"
same "net: tap with a MAC" "-netdev tap,id=n0,ifname=tap-x,script=no,downscript=no -device rtl8139,netdev=n0,mac=52:54:00:00:00:01 -boot n" \
	"$(net_qemu_args tap-x '' '' rtl8139 52:54:00:00:00:01 | paste -sd' ')"
refused "net: tap and TFTP refused" "do not mix" net_qemu_args tap-x /t '' '' ''

same "smp 1 on a kernel without SMP" "" "$(smp_check 1 n)"
same "smp 8 on an SMP kernel" "" "$(smp_check 8 y)"
same "smp 2 on a kernel without a .config beside it" "" "$(smp_check 2 '')"
refused "smp 0 refused" "SMP=0: a number of CPUs, 1 to 8" smp_check 0 y
refused "smp 02 refused" "SMP=02: a number of CPUs" smp_check 02 y
refused "smp 9 refused" "SMP=9: at most 8" smp_check 9 y
refused "smp 2 on a kernel without CONFIG_SMP" "no CONFIG_SMP; boot the variant smp (KERNEL=smp)" smp_check 2 n
refused "smp 2 on an SMP kernel without ACPI (modern)" "CONFIG_SMP but no CONFIG_ACPI, and QEMU's BIOS lists the other CPUs only in ACPI: it would boot one; boot the variant smp on top (KERNEL=smp, KERNEL=debian:6.12+modern+smp)" smp_check 2 noacpi
same "smp 1 on an SMP kernel without ACPI" "" "$(smp_check 1 noacpi)"
same "smp 2 under TCG on the host clock: a thread per vCPU" tcg,thread=multi "$(smp_accel tcg host 2)"
same "smp 2 under icount: one thread" tcg "$(smp_accel tcg icount 2)"
same "smp 1 under TCG: plain tcg" tcg "$(smp_accel tcg host 1)"
same "smp 2 under KVM: plain kvm" kvm "$(smp_accel kvm host 2)"
same "smp note under icount" "run: SMP=2 under icount: the 2 vCPUs share one host thread, in turn (ICOUNT=0 for one thread each)" "$(smp_note tcg icount 2)"
same "no smp note on the host clock" "" "$(smp_note tcg host 2)"
same "no smp note for one CPU" "" "$(smp_note tcg deterministic 1)"

line=$(printf 'x%.0s' $(seq 2047))
same "command line of 2047 bytes fits 2047" "" "$(cmdline_fits "$line" 2047)"
refused "command line of 2048 bytes does not" "2048 bytes but the kernel keeps only 2047" cmdline_fits "${line}y" 2047

inst=$(instrument tcg icount virtual 2:0,1 writeback host 2)
same "instrument: one value, no spaces" "accel:tcg,clock:icount,tsc:virtual,pin:2/0+1,cache:writeback,disk:host,smp:2" "$inst"
same "instrument: unpinned, one CPU unless told" "accel:kvm,clock:host,tsc:kvm,pin:-,cache:none,disk:hdd,smp:1" "$(instrument kvm host kvm '' none hdd)"
same "instrument field smp" 2 "$(instrument_field "$inst" smp)"
same "instrument field clock" icount "$(instrument_field "$inst" clock)"
same "instrument field tsc" virtual "$(instrument_field "$inst" tsc)"
same "instrument field of nothing" "" "$(instrument_field '' clock)"


same "exit: guest pass (isa-debug-exit 1)" "0 exit status from the guest" "$(exit_map 1 '# sb totals status=pass' 0 600)"
same "exit: guest 0 without totals is truncated" "3 no totals record in the serial log" "$(exit_map 1 '' '' 600)"
same "exit: guest status 2 (isa-debug-exit 5)" "2 exit status from the guest" "$(exit_map 5 '# sb totals status=error' 2 600)"
same "exit: guest status 1 with totals" "1 exit status from the guest" "$(exit_map 3 '# sb totals status=fail' 1 600)"
same "exit: timeout(1)" "124 wall-clock limit of 600s hit" "$(exit_map 124 '' '' 600)"
same "exit: timeout's kill" "124 wall-clock limit of 45s hit" "$(exit_map 137 '' '' 45)"
same "exit: QEMU 0 with a pass totals" "0 QEMU exited 0" "$(exit_map 0 '# sb totals status=pass' 0 600)"
same "exit: QEMU 0 without totals: a crash" "3 QEMU exited 0" "$(exit_map 0 '' '' 600)"
same "exit: QEMU 9 after error totals" "2 QEMU exited 9" "$(exit_map 9 '# sb totals status=error' 2 600)"
same "exit: QEMU 9, totals with a word the registry lacks: a crash" "3 QEMU exited 9" "$(exit_map 9 '# sb totals status=odd' '' 600)"

hl=$(mktemp -d)
printf 'boot=1\ncpu_before=100 0 100 700 100 0 0 0\ncpu_after=200 0 200 1400 100 0 0 100\n' >"$hl/hostload"
same "host shares: busy and stolen" "busy_pct=30.0 steal_pct=10.0" "$(host_shares "$hl" | paste -sd' ')"
rm -rf "$hl"

# a child's own CPU time (its `times`) is what children_cpu_ticks gains by
# waiting for it: how qemu/run finds QEMU's CPU time behind timeout. The
# first reading's own subshell (sed, cut, tr, bc) is reaped after it read
# and lands in the gain too: a few ticks on a slow host (75 for 72 seen),
# so the gain may run a tenth over, never under by more than rounding; a
# count that missed the child or took it twice still fails
before=$(children_cpu_ticks)
bash -c 'i=0; while ((i < 300000)); do ((i++)); done; times' >"$hl.t"
gained=$(($(children_cpu_ticks) - before))
own=$(awk -v hz="$(getconf CLK_TCK)" 'NR == 1 { gsub(/[ms]/, " "); printf "%.0f", ($1 * 60 + $2 + $3 * 60 + $4) * hz }' "$hl.t")
check "children cpu ticks: a child that burned ${own} ticks (its own times) adds ${gained}, ${own}-2 to ${own} + a tenth + 2" \
	test "$own" -gt 0 -a "$gained" -ge $((own - 2)) -a "$gained" -le $((own + own / 10 + 2))
rm -f "$hl.t"

same "qemu base: a PC, the accelerator, no defaults, no reboot" "-M pc -accel tcg -nodefaults -no-user-config -no-reboot" "$(qemu_base tcg | paste -sd' ')"
same "qemu console: headless, serial to a file, the exit port" "-display none -serial file:/l -device isa-debug-exit,iobase=0xf4,iosize=0x04" \
	"$(qemu_console file:/l | paste -sd' ')"
# the one builder: no other tracked file spells QEMU's machine options
spelled=$(cd "$top" && git grep -l -e '-no-user-config' -e '-device isa-debug-exit\|"isa-debug-exit' -- ':!docs' ':!*.c' ':!host/qemu.sh' ':!tests/integration/qemu_logic.sh' 2>/dev/null | paste -sd' ')
same "qemu: the machine's options are spelled only in host/qemu.sh" "" "$spelled"
exit "$failed"
