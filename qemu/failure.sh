# Sourced by qemu/experiment and qemu/compare: what to say about a boot
# that gave no measurement. The words go to the terminal and, under a
# title, into report.md; no statistics, plots or file lists follow them.

# measured DIR: true when the boot in DIR recorded at least one ok run
measured() {
	grep -aq '^ok [0-9]' "$1/serial.log" 2>/dev/null
}

# failure_report DIR STATUS WHO: report.md for a boot without measurements
failure_report() {
	local dir=$1 rc=$2 who=$3 log=$1/serial.log verdict why
	verdict=$(sed -n 's/^verdict=//p' "$dir/status" 2>/dev/null)
	why=$(sed -n 's/^why=//p' "$dir/status" 2>/dev/null)
	echo "# swapbench report"
	echo
	case $rc in
	1)
		echo "$who: every run failed, so there is nothing to measure (status 1: ${verdict:-completed, with failed runs})."
		echo
		echo "    $(grep -a '^not ok ' "$log" | grep -ao ' status=[a-z]*' | cut -d= -f2 | sort | uniq -c |
			awk '{ printf "%s%d %s", (NR > 1 ? ", " : ""), $1, $2 }') of $(grep -ac '^not ok ' "$log") runs"
		echo
		if grep -aq '^not ok .* status=oom' "$log"; then
			echo "What to do: the workloads need more memory than MEM=${MEM:-64} gives (RAM, and 3 x MEM of swap on each backend); raise MEM (the default workloads run from MEM=$MEM_DEFAULT_MIN with the built kernel) or lighten them (README, Workloads)."
		elif grep -aq '^not ok .* status=timeout' "$log"; then
			echo "What to do: every run hit its time limit; raise swapbench.timeout (APPEND) or lighten the workloads (README, Workloads)."
		else
			echo "What to do: the console ($log) shows what each run printed before its 'not ok' line."
		fi
		;;
	2)
		echo "$who: the experiment did not start (status 2: ${verdict:-configuration or set-up error}). The guest said:"
		echo
		grep -a '^# swapbench: error: ' "$log" | tr -d '\r' | sed 's/^# swapbench: error: /    /' | sort -u
		echo
		echo "What to do: correct what the error names (README, Kernel command line) and run again; no disk was written before it."
		;;
	124)
		echo "$who: the boot was stopped at the wall-clock limit (status 124: $why) before any run ended."
		echo
		echo "What to do: raise LIMIT (seconds) or give fewer RUNS and WORKLOADS; the console so far is $log."
		;;
	*)
		echo "$who: the boot ended before any run did (status $rc: ${verdict:-crash or truncated output}; $why). The last lines on the console:"
		echo
		tr -d '\r' <"$log" | grep -av '^\s*$' | tail -n 8 | sed 's/^/    /'
		echo
		echo "What to do: a kernel of your own may lack a driver (MODULES=) or memory to boot (MEM=); the whole console is $log."
		;;
	esac
}
