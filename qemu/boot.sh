# shellcheck shell=bash
# qemu/boot.sh -- sourced by qemu/run: what it does beside QEMU while a
# boot runs (the side effects host/qemu.sh leaves out): the host's load,
# the vCPU's pinning, the progress lines, the CPU-refusal watch.

# host_snapshot WHEN: the host's load average and /proc/stat's aggregate
# cpu line (user nice system idle iowait irq softirq steal ...)
host_snapshot() {
	printf 'loadavg_%s=%s\n' "$1" "$(cut -d' ' -f1-3 /proc/loadavg)"
	printf 'cpu_%s=%s\n' "$1" "$(sed -n 's/^cpu  *//p' /proc/stat)"
}

# pin_vcpu_thread PID CPU: QEMU (under timeout PID) names its vCPU thread
# (-name debug-threads=on); move it to CPU once it exists. The other
# threads stay where the process started (PIN=VCPU:REST: on REST).
pin_vcpu_thread() {
	local tid
	for _ in $(seq 100); do
		tid=$(grep -lx 'CPU 0/TCG\|CPU 0/KVM' /proc/"$(pgrep -P "$1" -n)"/task/*/comm 2>/dev/null | head -n1 | cut -d/ -f5)
		if [ -n "$tid" ]; then
			taskset -pc "$2" "$tid" >/dev/null
			return
		fi
		sleep 0.1
	done
	return 1
}

# progress PID LOG: run lines, warnings and errors on stderr as they arrive
# (an error once: its record repeats the "# swapbench: error:" line)
progress() {
	tail -n +1 -F --pid="$1" "$2" 2>/dev/null |
		grep --line-buffered -E '^# \[|^# swapbench: |^# sb (warning|swap) ' |
		sed -u -e 's/^# sb \(error\|warning\) boot=[0-9a-f]* msg=/\1: /' -e 's/ crc=[0-9a-f]*\r\{0,1\}$//' >&2
}

# watch_cpu_refusal PID LOG MARK: the setup code checks the CPU before the
# kernel starts; on one the kernel was not built for it prints why and
# halts for good (no panic for -no-reboot to end): stop QEMU as soon as
# LOG says so, and leave MARK
watch_cpu_refusal() {
	while kill -0 "$1" 2>/dev/null; do
		if grep -aq "$CPU_REFUSAL" "$2"; then
			: >"$3"
			kill "$1"
			return
		fi
		# a kernel line: the setup code is past its check
		grep -aq '^\[ *[0-9]*\.[0-9]*\] ' "$2" && return
		sleep 0.2
	done
}
