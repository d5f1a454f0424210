# shellcheck shell=bash
# host/status.sh -- sourced by qemu/run and the experiments: what a boot's
# status and records say, computed from given values (and host_shares from
# the boot's hostload file) with no side effects: the instrument (what
# it was measured with) and the exit status from QEMU's; and the one reader
# of a boot's status and hostload files (status_get, hostload_get). The registry's facts (base command
# line, disk designations, exit words): host/registry.sh. Tested by
# tests/integration/qemu_logic.sh; tests/integration/one_reader.sh checks
# that no script reads a status or hostload file but through them.

# kv_get FILE KEY: KEY's value in FILE's KEY=VALUE lines, empty when the
# file or the key is missing; status 1 when the file is missing
kv_get() {
	[ -f "$1" ] || return 1
	sed -n "s/^$2=//p" "$1"
}

# status_get DIR KEY: KEY's value in the status file of the boot in DIR
# (written by qemu/run: qemu/boot.sh's write_status)
status_get() { kv_get "$1/status" "$2"; }

# hostload_get DIR KEY: KEY's value in the hostload file of the boot in DIR
# (written by qemu/run: boot.sh's host_snapshot, then host_shares)
hostload_get() { kv_get "$1/hostload" "$2"; }

# instrument ACCEL CLOCK TSC PIN CACHE DISK SMP: what a boot was measured
# with, as one value for swapbench.instrument (the image puts it in its meta
# record), the status file and report.md
instrument() {
	local pin=${4:--}
	pin=${pin//,/+}
	echo "accel:$1,clock:$2,tsc:$3,pin:${pin//://},cache:$5,disk:$6,smp:${7:-1}"
}

# instrument_field INSTRUMENT NAME: one field of it (clock, accel, ...)
instrument_field() {
	tr ',' '\n' <<<"$1" | sed -n "s/^$2://p"
}

# exit_map QRC TOTALS GUEST LIMIT: "STATUS WHY" from QEMU's exit status, the
# guest's totals record and the status its word stands for (GUEST, from
# registry_exit_status; empty without one): the guest ends through
# isa-debug-exit with (status << 1) | 1; timeout(1) says 124 (137 after its kill)
exit_map() {
	local qrc=$1 totals=$2 rc why
	case $qrc in
	124 | 137) rc=124 why="wall-clock limit of ${4}s hit" ;;
	1 | 3 | 5 | 7) rc=$(((qrc - 1) / 2)) why="exit status from the guest" ;;
	*) rc=${3:-3} why="QEMU exited $qrc" ;;
	esac
	# a guest verdict without a totals record is a truncated run
	if [ "$rc" -le 1 ] && [ -z "$totals" ]; then rc=3 why="no totals record in the serial log"; fi
	echo "$rc $why"
}

# children_cpu_ticks: the CPU time (user + system, clock ticks) of the
# children this shell has waited for: fields 16 and 17 of /proc/PID/stat,
# read after the command name, which may hold spaces
children_cpu_ticks() {
	sed 's/^.*) //' "/proc/$$/stat" | cut -d' ' -f14,15 | tr ' ' + | bc
}

# host_shares DIR: busy_pct and steal_pct of all CPUs' time between the
# cpu_before and cpu_after of the boot's hostload (/proc/stat's cpu line)
host_shares() {
	printf '%s\n%s\n' "$(hostload_get "$1" cpu_before)" "$(hostload_get "$1" cpu_after)" |
		awk 'NR == 1 { split($0, a, " ") } NR == 2 { split($0, b, " ") }
		END {
			for (i = 1; i <= 8; i++) { d[i] = b[i] - a[i]; t += d[i] }
			if (t > 0) printf "busy_pct=%.1f\nsteal_pct=%.1f\n", 100 * (t - d[4] - d[5]) / t, 100 * d[8] / t
		}'
}
