# shellcheck shell=bash
# Sourced by experiments/experiment and experiments/compare: what to say about a boot
# that gave no measurement (after host/registry.sh, which host/cmdline.sh
# sources). The words go to the terminal and, under a
# title, into report.md; no statistics, plots or file lists follow them.

# shellcheck source=host/settings.sh
source "$(dirname "${BASH_SOURCE[0]}")/settings.sh"
# shellcheck source=host/status.sh
source "$(dirname "${BASH_SOURCE[0]}")/status.sh"

# measured DIR: true when the boot in DIR recorded at least one ok run
measured() {
	grep -aq '^ok [0-9]' "$1/serial.log" 2>/dev/null
}

# failure_report DIR STATUS WHO: report.md for a boot without measurements
failure_report() {
	local dir=$1 rc=$2 who=$3 log=$1/serial.log verdict why
	verdict=$(status_get "$dir" verdict)
	why=$(status_get "$dir" why)
	echo "# swapbench report"
	echo
	case $rc in
	1)
		echo "$who: every run failed, so there is nothing to measure (status 1: ${verdict:-$(registry_exit_text 1)})."
		echo
		echo "    $("$REPORT" fields result status "$log" 2>/dev/null | grep -vx ok | sort | uniq -c |
			awk '{ printf "%s%d %s", (NR > 1 ? ", " : ""), $1, $2 }') of $(grep -ac '^not ok ' "$log") runs"
		echo
		if grep -aq '^not ok .* status=oom' "$log"; then
			echo "What to do: the workloads need more memory than MEM=$(settings_get MEM) gives (RAM, and 3 x MEM of swap on each backend); raise MEM (the default workloads run from MEM=$MEM_DEFAULT_MIN with the built kernel) or lighten them (docs/workloads.md)."
		elif grep -aq '^not ok .* status=timeout' "$log"; then
			echo "What to do: every run hit its time limit; raise swapbench.timeout (APPEND) or lighten the workloads (docs/workloads.md)."
		else
			echo "What to do: the console ($log) shows what each run printed before its 'not ok' line."
		fi
		;;
	2)
		if [ -f "$dir/cpu-refused" ]; then
			echo "$who: the kernel did not start (status 2: ${verdict:-$(registry_exit_text 2)}): $why."
			echo
			echo "What to do: boot the image built for this CPU (docs/old-pcs.md; which image runs where: docs/results/old-cpus.md)."
			return
		fi
		echo "$who: the experiment did not start (status 2: ${verdict:-$(registry_exit_text 2)}). The guest said:"
		echo
		grep -a '^# swapbench: error: ' "$log" | tr -d '\r' | sed 's/^# swapbench: error: /    /' | sort -u
		echo
		echo "What to do: correct what the error names (docs/reference.md, Keys) and run again; no disk was written before it."
		;;
	124)
		echo "$who: the boot was stopped at the wall-clock limit (status 124: $why) before any run ended."
		echo
		echo "What to do: raise LIMIT (seconds) or give fewer RUNS and WORKLOADS; the console so far is $log."
		;;
	*)
		echo "$who: the boot ended before any run did (status $rc: ${verdict:-$(registry_exit_text 3)}; $why). The last lines on the console:"
		echo
		tr -d '\r' <"$log" | grep -av '^\s*$' | tail -n 8 | sed 's/^/    /'
		echo
		echo "What to do: a kernel of your own may lack a driver (MODULES=) or memory to boot (MEM=); the whole console is $log."
		;;
	esac
}

# The kernel's setup code checks the CPU before anything else and, on one
# the kernel was not built for, prints why and halts for good; qemu/run
# passes earlyprintk=serial so that the words reach the serial log.
# shellcheck disable=SC2034 # read by qemu/boot.sh
CPU_REFUSAL='Unable to boot - please use a kernel appropriate for your CPU'

# cpu_refusal_advice LOG: the setup code's words from LOG and the ARCH whose
# image runs on that CPU. The features come as names, or as word:bit
# (fpu 0:0, tsc 0:4, cx8 0:8, pae 0:6, cmov 0:15, lm 1:29, nopl 3:20) when
# the kernel has no feature names.
cpu_refusal_advice() {
	local said level words w fit=
	said=$(tr -d '\r' <"$1" | sed -n '/^This kernel requires/,/^Unable to boot/p' | grep -v '^Unable to boot' |
		grep -v '^\s*$' | tr '\n' ' ' | sed 's/ *$//')
	level=$(sed -n 's/.*but only detected an \(i[3-6]86\) CPU.*/\1/p' <<<"$said")
	case $level in
	i686|i586|i486) fit=$level ;;
	i386) ;;
	'')
		words=${said#*not present on the CPU:}
		for w in $words; do
			case $w in
			fpu|0:0|tsc|0:4|cx8|0:8) fit=i486 ;;
			cmov|0:15|nopl|3:20) [ "$fit" = i486 ] || fit=i586 ;;
			*) [ -n "$fit" ] || fit=i686 ;;
			esac
		done
		;;
	esac
	if [ -z "$fit" ]; then
		echo "the kernel refused this CPU (\"$said\"); swapbench has no image for it: ARCH=i486 needs a 486 or later"
	elif [ "$fit" = "$(settings_get ARCH)" ]; then
		echo "the kernel refused this CPU (\"$said\"); the kernel ARCH=$fit builds runs on it, this one (KERNEL=) does not"
	else
		echo "the kernel refused this CPU (\"$said\"): use ARCH=$fit, whose image runs on it"
	fi
}
