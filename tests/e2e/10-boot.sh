#!/bin/bash
# The image boots at -m 64, prints its KTAP header and exits cleanly; a bad
# value stops it with a clear error and a failing status; -m 32 is tried.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

boot m64 -- swapbench.workloads=idle swapbench.runs=1 swapbench.warmup=0 swapbench.idle.seconds=0
check "boot -m 64: exit status 0" test "$rc" = 0
check "boot -m 64: KTAP version line" grep -aqx $'KTAP version 1\r\\?' "$log"
meta=$(grep -a '^# sb meta ' "$log" | tr -d '\r')
IFS=$'\t' read -r release memkb < <("$REPORT" fields meta kernel_release,memtotal_kb "$log")
check "boot -m 64: header names the kernel release ($release)" test -n "$release"
check "boot -m 64: the release is the built kernel's" grep -q "$release" <(strings "$BZIMAGE")
same "boot -m 64: header carries the build's version (out/version)" "$(cat "$OUT/version")" "$("$REPORT" fields meta swapbench "$log")"
check "boot -m 64: header names the arch" grep -q ' arch=x86_64 ' <<<"$meta"
check "boot -m 64: MemTotal between 40 and 64 MiB ($memkb kB)" test "${memkb:-0}" -gt 40960 -a "${memkb:-0}" -lt 65536
check "boot -m 64: header carries the command line" grep -q 'cmdline="console=ttyS0.*swapbench.workloads=idle' <<<"$meta"
check "boot -m 64: plan line 1..2" grep -aq '^1\.\.2' "$log"
check "boot -m 64: totals record with status=pass" grep -aq '^# sb totals .*status=pass' "$log"
check "boot -m 64: status file says pass" test "$(status_get "$dir" status)" = 0
# the instrument (host/qemu.sh): ACCEL=tcg, ICOUNT=0 (tests/lib.sh), the host's TSC rate or calibration
inst=$(status_get "$dir" instrument)
check "boot -m 64: status names the instrument ($inst)" \
	grep -qE '^accel:tcg,clock:host,tsc:(khz-[0-9]+|calibrate),pin:-,cache:writeback,disk:host,smp:1$' <<<"$inst"
check "boot -m 64: status has its fields" test "$(status_get "$dir" clock):$(status_get "$dir" smp)" = host:1
check "boot -m 64: the meta record carries the same instrument" grep -q " instrument=$inst " <<<"$meta"
"$REPORT" md "$log" >"$T/m64.md" 2>/dev/null
check "boot -m 64: report.md's boots table shows it" grep -q "| $inst |" "$T/m64.md"
# hostload_ok: the boot's hostload holds its boot, both load averages and the shares
# shellcheck disable=SC2317 # called through check
hostload_ok() {
	[[ $(hostload_get "$dir" loadavg_before) =~ ^[0-9.]+\ [0-9.]+\ [0-9.]+$ ]] &&
		[[ $(hostload_get "$dir" loadavg_after) =~ ^[0-9.] ]] &&
		[[ $(hostload_get "$dir" busy_pct) =~ ^[0-9.]+$ ]] && [[ $(hostload_get "$dir" steal_pct) =~ ^[0-9.]+$ ]] &&
		[ "$(hostload_get "$dir" boot)" = "$("$REPORT" fields meta boot "$log")" ]
}
check "boot -m 64: hostload holds the host's load and CPU shares around the boot" hostload_ok

# the guest's own checks, for boots no host checked (qemu/run --no-check)
boot badvalue --no-check -- swapbench.runs=abc
check "bad value: exit status 2" test "$rc" = 2
check "bad value: clear error on the console" grep -aq '^# swapbench: error: swapbench.runs=abc: not a whole number in 1..100000' "$log"
check "bad value: error record" grep -aq '^# sb error .*swapbench.runs=abc' "$log"
absent "bad value: no swap was set up" '^# sb swap ' "$log"
absent "bad value: no kernel panic" 'Kernel panic' "$log"

boot unknownkey --no-check -- swapbench.oder=blocked swapbench.workloads=idle swapbench.runs=1 swapbench.warmup=0 swapbench.idle.seconds=0
check "unknown key: still runs (status 0)" test "$rc" = 0
check "unknown key: warning record with a suggestion" \
	grep -aq '^# sb warning .*unknown key swapbench.oder ignored (did you mean swapbench.order?)' "$log"

MEM=32 boot m32 -- swapbench.workloads=idle swapbench.runs=1 swapbench.warmup=0 swapbench.idle.seconds=0
if [ "$rc" = 0 ]; then
	info "-m 32 boots and completes: MemTotal $("$REPORT" fields meta memtotal_kb "$log") kB"
else
	info "-m 32 does not complete: status $rc, last line: $(tail -n1 "$log")"
fi
check "boot -m 32: ends with a verdict, not a hang or crash (status $rc)" test "$rc" -le 2
finish
