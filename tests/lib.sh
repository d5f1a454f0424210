# shellcheck shell=bash
# Shared by the end-to-end tests: sourced, not run.
# A test prints "PASS name", "FAIL name: why" or "SKIP name: why" per check;
# tests/run counts them.
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$top/out}
# absolute: some tools change directory (kunit.py runs from the kernel tree)
case $OUT in /*) ;; *) OUT=$top/$OUT ;; esac
# shellcheck source=host/settings.sh
source "$top/host/settings.sh"
settings_apply ARCH || exit 2
export WL_ALL=${WL_ALL:-$(make -s --no-print-directory -C "$top" wl-names)}
export ARCH OUT
settings_apply BZIMAGE INITRD REPORT || exit 2
# the boots here run under TCG on the host clock (host/settings.tsv, make
# check's rows; qemu/run's default is ICOUNT=1): clock_checks tests the TSC
# rate qemu/run gives a guest on it; the default itself is checked without
# a boot (tests/integration/qemu_logic.sh)
settings_apply --for check ACCEL ICOUNT || exit 2
export BZIMAGE INITRD REPORT ACCEL ICOUNT
T=${TEST_TMP:-$OUT/tests}/$(basename "$0" .sh)
rm -rf "$T"
mkdir -p "$T"
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
# shellcheck source=host/status.sh
source "$top/host/status.sh"

# absent [-E] NAME PATTERN FILE: PASS if FILE exists, is not empty and
# has no line matching PATTERN; a missing log is a failure, not a pass
absent() {
	local opt=-aq
	[ "$1" = -E ] && { opt=-aqE; shift; }
	if [ ! -s "$3" ]; then
		fail "$1: $3 is missing or empty"
	elif grep $opt -- "$2" "$3"; then
		fail "$1: '$2' found in $3"
	else
		pass "$1"
	fi
}

# boot NAME [run options] [-- cmdline]: boot into $T/NAME; sets $rc and $log
boot() {
	local name=$1
	shift
	LIMIT=$(settings_get LIMIT check) "$top/qemu/run" -q -o "$T/$name" "$@"
	rc=$?
	log=$T/$name/serial.log
	dir=$T/$name
}

finish() { exit $failed; }

# clock_checks: what the records say about the clock, on the current
# ARCH/CPU. Each boot's header names the clocksource, its clock_getres and
# its step, never a provisional clocksource (init waits for the final
# one); a run is timed on a sub-millisecond clock or the report flags it,
# also with the TSC made unusable. Then swapbench.end=poweroff, on these
# kernels without ACPI or APM: init says the machine halts, and it does.
clock_checks() {
	local one=(swapbench.workloads=idle swapbench.idle.seconds=0 swapbench.runs=1 swapbench.warmup=0 swapbench.backends=partition)
	local cs res step wait flagged how

	for how in default tsc-unstable; do
		if [ "$how" = default ]; then boot "clock-$how" -- "${one[@]}"; else boot "clock-$how" -- "${one[@]}" tsc=unstable; fi
		check "clock $how: run completes (status $rc)" test "$rc" = 0
		IFS=$'\t' read -r cs res step wait < <("$REPORT" fields meta clocksource,clock_res_ns,clock_step_ns,clock_wait_s "$log")
		flagged=$("$REPORT" csv "$log" 2>/dev/null | tail -n +2 | grep -c ',"[^"]*"$')
		info "clock $how ($ARCH${CPU:+ $CPU}): clocksource=$cs clock_res_ns=$res clock_step_ns=$step" \
			"clock_wait_s=$wait, $flagged run(s) flagged;" \
			"kernel: $(tr -d '\r' <"$log" | grep -o 'tsc: [A-Z][^.]*' | paste -sd ';')"
		check "clock $how: the header names the clocksource ($cs), clock_getres ($res ns) and step ($step ns)" \
			bash -c "[ -n '$cs' ] && [ '$cs' != unknown ] && [ '${res:-0}' -gt 0 ] && [ '${step:-0}' -gt 0 ]"
		check "clock $how: the final clocksource, not a provisional one (got $cs)" \
			bash -c "case '$cs' in *-early) exit 1 ;; esac"
		check "clock $how: the run's record says whether the clocksource changed during it" \
			test -n "$("$REPORT" fields --where status=ok,workload=idle result clocksource_changed "$log")"
		check "clock $how: sub-millisecond steps (got $step ns) or the run is flagged ($flagged)" \
			test "${step:-0}" -gt 0 -a "${step:-0}" -lt 1000000 -o "$flagged" = 1
		[ $how = default ] ||
			check "clock $how: the TSC is not used (got $cs)" bash -c "case '$cs' in tsc*) exit 1 ;; esac"
		if [ $how = default ] && [ "$ACCEL" = tcg ] && [ "$(settings_get DETERMINISTIC)" != 1 ] &&
			khz=$(grep -ao 'tsc_early_khz=[0-9]*' "$log" | head -n 1 | cut -d= -f2) && [ -n "$khz" ]; then # not a record: the kernel's command line
			# qemu/run told the guest the host's TSC rate: the TSC it is, at a
			# rate that keeps guest time within the host's wall time of the boot
			check "clock default: told the host's TSC rate ($khz kHz), the guest runs on the TSC (got $cs)" test "$cs" = tsc
			local gt ht
			gt=$(tr -d '\r' <"$log" | grep -o '^\[ *[0-9]*\.[0-9]*\]' | tail -n 1 | tr -d '[] ')
			ht=$(status_get "$dir" elapsed_s)
			check "clock default: guest time ${gt} s fits the boot's host wall time ${ht} s (TSC rate right)" \
				awk -v g="$gt" -v h="$ht" 'BEGIN { exit !(g > 0.5 * h && g <= h + 0.5) }'
		fi
	done
	LIMIT=45 boot clock-poweroff --no-disks -- swapbench.end=poweroff
	check "poweroff: init says the kernel cannot power off" \
		grep -aq '^# swapbench: this kernel has neither ACPI nor APM: it halts, the machine stays on' "$log"
	check "poweroff: the machine halts and stays on (status $rc, 124: QEMU still running at the limit)" \
		test "$rc" = 124
}
