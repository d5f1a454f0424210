#!/bin/bash
# The host's load beside each boot: md shows qemu/run's hostload file for the
# boots it read, flags a load above the host's CPUs or stolen time, and
# leaves the section out when no source directory has the file.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/report_env.sh
source "$top/tests/report_env.sh"

mkdir -p "$T/quiet" "$T/busy" "$T/none" "$T/other"
for d in quiet busy none other; do cp "$top/tests/fixtures/bisect-a.txt" "$T/$d/serial.log"; done
boot=$("$BIN" fields meta boot "$T/quiet/serial.log" | head -n1)
hostload() {	# DIR BOOT LOAD_BEFORE LOAD_AFTER BUSY STEAL [QEMU_CPU_S]
	printf 'boot=%s\nncpu=2\nloadavg_before=%s 0.5 0.5\ncpu_before=1 2 3 4 5 6 7 8 0 0\nloadavg_after=%s 0.6 0.5\ncpu_after=9 9 9 9 9 9 9 9 0 0\nbusy_pct=%s\nsteal_pct=%s\n' \
		"$2" "$3" "$4" "$5" "$6" >"$1/hostload"
	[ -z "${7:-}" ] || echo "qemu_cpu_s=$7" >>"$1/hostload"
}
hostload "$T/quiet" "$boot" 0.42 1.05 51.2 0.0 812.34
hostload "$T/busy" "$boot" 3.10 4.72 99.0 7.5
hostload "$T/other" 0badb007 0.4 1.0 50 0

"$BIN" md "$T/quiet" >"$T/quiet.md" 2>/dev/null
check "a hostload file: a Host load section" grep -q '^## Host load' "$T/quiet.md"
check "a quiet host: its row with QEMU's CPU time, nothing flagged" \
	grep -qE "^\| $boot \| 2 \| 0\.42 \| 1\.05 \| 51\.2 % \| 0\.0 % \| 812\.3 s \|  *\|$" "$T/quiet.md"
"$BIN" md "$T/busy/serial.log" >"$T/busy.md" 2>/dev/null
check "the file beside a serial log is found; load 4.7 on 2 CPUs and 7.5 % stolen are flagged high" \
	grep -qE "^\| $boot \| 2 \| 3\.10 \| 4\.72 \| 99\.0 % \| 7\.5 % \| - \| high: load 4\.7 on 2 CPUs, the guest waited for a CPU; 7\.5 % of CPU time stolen \|$" "$T/busy.md"
check "a flagged boot: the section says what that means" grep -q 'Boots marked high' "$T/busy.md"
"$BIN" md "$T/none" >"$T/none.md" 2>/dev/null
check "no hostload file (results from before it): no section, the report as before" \
	bash -c "! grep -q 'Host load' '$T/none.md' && grep -q '^## Boots' '$T/none.md'"
"$BIN" md "$T/other" >"$T/other.md" 2>/dev/null
check "a hostload file of another boot is not shown" bash -c "! grep -q 'Host load' '$T/other.md'"
exit "$failed"
