# shellcheck shell=bash
# host/record.sh -- sourced by qemu/run and the experiments: what a boot's
# status and records say, computed from given values (and host_shares from
# the hostload file it is given) with no side effects: the instrument
# (what it was measured with), the facts taken from init --describe's text
# (base command line, disk designations, limits, exit words) and the exit
# status from QEMU's. Tested by tests/host/qemu_logic.sh.

# registry_cmdline DESCRIBE NAME: the base kernel command line NAME from
# init --describe's text
registry_cmdline() {
	sed -n "s/^cmdline $2 .* text=//p" <<<"$1"
}

# registry_disks DESCRIBE NAME...: KEY=SPEC of the named disk designations
registry_disks() {
	local d=$1 n out=()
	shift
	for n in "$@"; do
		out+=("$(sed -n "s/^disk $n key=\([^ ]*\) spec=\([^ ]*\) .*/\1=\2/p" <<<"$d")")
	done
	echo "${out[*]}"
}

# instrument ACCEL CLOCK TSC PIN CACHE DISK: what a boot was measured with,
# as one value for swapbench.instrument (the image puts it in its meta
# record), the status file and report.md
instrument() {
	local pin=${4:--}
	pin=${pin//,/+}
	echo "accel:$1,clock:$2,tsc:$3,pin:${pin//://},cache:$5,disk:$6"
}

# instrument_field INSTRUMENT NAME: one field of it (clock, accel, ...)
instrument_field() {
	tr ',' '\n' <<<"$1" | sed -n "s/^$2://p"
}

# exit_map QRC TOTALS LIMIT: "STATUS WHY" from QEMU's exit status and the
# guest's totals record: the guest ends through isa-debug-exit with
# (status << 1) | 1; timeout(1) says 124 (137 after its kill)
exit_map() {
	local qrc=$1 totals=$2 rc why
	case $qrc in
	124 | 137) rc=124 why="wall-clock limit of ${3}s hit" ;;
	1 | 3 | 5 | 7) rc=$(((qrc - 1) / 2)) why="exit status from the guest" ;;
	*)
		case $totals in
		*status=pass*) rc=0 ;; *status=fail*) rc=1 ;; *status=error*) rc=2 ;; *) rc=3 ;;
		esac
		why="QEMU exited $qrc"
		;;
	esac
	# a guest verdict without a totals record is a truncated run
	if [ "$rc" -le 1 ] && [ -z "$totals" ]; then rc=3 why="no totals record in the serial log"; fi
	echo "$rc $why"
}

# verdict_word DESCRIBE STATUS: the words for an exit status, from init
# --describe's text (its exit lines)
verdict_word() {
	local w
	w=$(sed -n "s/^exit $2 word=[^ ]* text=//p" <<<"$1")
	[ -n "$w" ] || { echo "exit status $2: not in the registry"; return 2; }
	echo "$w"
}

# registry_limit DESCRIBE NAME: a limit's value
registry_limit() {
	sed -n "s/^limit $2 value=\([0-9]*\) .*/\1/p" <<<"$1"
}

# host_shares FILE: busy_pct and steal_pct of all CPUs' time between the
# cpu_before and cpu_after lines of a hostload file (/proc/stat's cpu line)
host_shares() {
	awk -F= '$1 == "cpu_before" { split($2, a, " ") } $1 == "cpu_after" { split($2, b, " ") }
	END {
		for (i = 1; i <= 8; i++) { d[i] = b[i] - a[i]; t += d[i] }
		if (t > 0) printf "busy_pct=%.1f\nsteal_pct=%.1f\n", 100 * (t - d[4] - d[5]) / t, 100 * d[8] / t
	}' "$1"
}
