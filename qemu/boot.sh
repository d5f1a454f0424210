# shellcheck shell=bash disable=SC2154,SC2153 # uses qemu/run's variables (top, inst, accel, clock, ...)
# qemu/boot.sh -- sourced by qemu/run: what it does beside QEMU while a
# boot runs (the side effects host/qemu.sh leaves out): the disk model's
# server, the host's load, the vCPU's pinning, the progress lines, the
# CPU-refusal watch.

# model_check DISK NETBOOT: dies unless the disk model DISK can serve this
# boot (sets model_ko, the kernel's module)
model_check() {
	local msg why=
	[ "$1" != host ] || return 0
	model_ko=$(diskmodel_module "$BZIMAGE")
	[ -n "$model_ko" ] || [ -n "$2" ] || why=$(diskmodel_missing "$BZIMAGE")
	msg=$(diskmodel_refusal "$1" "$2" "$model_ko" "$why")
	[ -z "$msg" ] || die "$msg ($BZIMAGE)"
	[ -x "$(diskmodel_tool)" ] || die "DISK=$1 needs $(diskmodel_tool) (make tools)"
	# a profile the model cannot take is refused here, naming the field
	msg=$(diskmodel_params "$1" 2>&1 >/dev/null) || die "DISK=$1: ${msg:-its profile is refused}"
	msg=$(diskmodel_tables "$1" 2>&1 >/dev/null) || die "DISK=$1: ${msg:-its tables are refused}"
	[ -x "$OUT/bin/gen_init_cpio" ] || die "DISK=$1 needs $OUT/bin/gen_init_cpio (make image)"
}

# model_initrd DIR DISK: DIR/initrd is the image's initramfs with, appended
# (the kernel unpacks one archive after another), the model's module and
# its parameters (and tables, when it has them) from the profile, and the I/O scheduler's module when
# SCHED names one built as a module (sched_ko: init loads it; a file in the
# initramfs stays in RAM, so no other boot carries it); INITRD names it
# from here on
model_initrd() {
	local dir=$1 stage=$1/model
	mkdir -p "$stage"
	diskmodel_params "$2" >"$stage/diskmodel.params" || die "DISK=$2: the profile's parameters (above)"
	diskmodel_tables "$2" >"$stage/diskmodel.tables" || die "DISK=$2: the profile's tables (above)"
	cp "$model_ko" "$stage/sbdisk.ko" || die "DISK=$2: cannot read $model_ko"
	# gen_init_cpio stores a file's own mtime: the same one every time
	touch -d @0 "$stage/sbdisk.ko" "$stage/diskmodel.params" "$stage/diskmodel.tables"
	printf '%s\n' "dir /lib 0755 0 0" "dir /lib/swapbench 0755 0 0" \
		"file /lib/swapbench/sbdisk.ko $stage/sbdisk.ko 0644 0 0" \
		"file /lib/swapbench/diskmodel.params $stage/diskmodel.params 0644 0 0" >"$stage/list"
	# a profile without tables has none (an empty line): no file
	[ ! -s "$stage/diskmodel.tables" ] || [ "$(wc -c <"$stage/diskmodel.tables")" -le 1 ] ||
		echo "file /lib/swapbench/diskmodel.tables $stage/diskmodel.tables 0644 0 0" >>"$stage/list"
	if [ -n "${sched_ko:-}" ]; then
		{ cp "$sched_ko" "$stage/$sched.ko" && touch -d @0 "$stage/$sched.ko"; } || die "SCHED=$sched: cannot read $sched_ko"
		echo "file /lib/swapbench/$sched.ko $stage/$sched.ko 0644 0 0" >>"$stage/list"
	fi
	# -t 0 and the mtimes above: the same bytes every time, so a
	# deterministic boot's id and records repeat
	{ cat "$INITRD" && "$OUT/bin/gen_init_cpio" -t 0 "$stage/list" | gzip -9 -n; } >"$dir/initrd" ||
		die "DISK=$2: making $dir/initrd failed"
	INITRD=$dir/initrd
}

# host_snapshot WHEN: the host's load average and /proc/stat's aggregate
# cpu line (user nice system idle iowait irq softirq steal ...)
host_snapshot() {
	printf 'loadavg_%s=%s\n' "$1" "$(cut -d' ' -f1-3 /proc/loadavg)"
	printf 'cpu_%s=%s\n' "$1" "$(sed -n 's/^cpu  *//p' /proc/stat)"
}

# boot_outcome QRC DIR: sets rc and why from QEMU's exit status and the
# guest's totals record (host/status.sh's exit_map)
boot_outcome() {
	local totals word guest=''
	# the last good totals record, read by the codec (a damaged one is no totals)
	[ -x "$REPORT" ] || die "no $REPORT to read the records with (make tools)"
	totals=$("$REPORT" fields totals boot,status "$2/serial.log" 2>/dev/null | tail -n1)
	word=${totals#*$'\t'}
	[ -z "$word" ] || guest=$(registry_exit_status "$word")
	read -r rc why <<<"$(exit_map "$1" "$totals" "$guest" "$LIMIT")"
	[[ $why != QEMU* ]] || [ ! -s "$2/qemu.out" ] || why+=": $(head -c 300 "$2/qemu.out" | tr '\n' ' ')"
}

# write_status: DIR/status's lines: the outcome, then the instrument
write_status() {
	local pin_word=${PIN:-}
	[ -n "$pin_word" ] || pin_word=-
	printf 'status=%s\nverdict=%s\nwhy=%s\nelapsed_s=%.1f\n' "$rc" "$verdict" "$why" "$elapsed"
	printf 'instrument=%s\naccel=%s\nclock=%s\ntsc=%s\npin=%s\ndisk_cache=%s\ndisk=%s\nsmp=%s\n' "$inst" \
		"$accel" "$clock" "$tsc" "$pin_word" "$cache" "$DISK" "$SMP"
	# extras on the filesystem disk (qemu/mkdisks): their size, none of it in the guest's RAM
	[ ! -s "$dir/extras_kb" ] || printf 'extras=disk\nextras_kb=%s\n' "$(cat "$dir/extras_kb")"
}

# host_summary HOSTLOAD: the host's load during the boot, in words
host_summary() {
	hl() { sed -n "s/^$1=//p" "$2" | cut -d' ' -f1; }
	printf 'run: the host during the boot: load average %s, then %s, on %s CPUs; CPU time %s %% busy, %s %% stolen' \
		"$(hl loadavg_before "$1")" "$(hl loadavg_after "$1")" "$(hl ncpu "$1")" "$(hl busy_pct "$1")" "$(hl steal_pct "$1")"
}

# cpu_claim DIR: a CPU this process may run on that no other boot holds,
# for QEMU alone among swapbench's boots: takes the lock (flock) on DIR/cpuN
# on a descriptor this shell keeps, so it is held until the boot's shell and
# QEMU have exited, and sets claimed_cpu to N. Empty when every CPU is held
# or the process may run on one CPU only (nothing to choose). DIR is the
# invoking user's own (cpu_claim_dir): made mode 0700 if missing, and when
# it is a link, someone else's, or writable by others, nothing is claimed
# (a warning says why) and nothing in it is touched. A cpuN is made by this
# user with O_EXCL (never through a link) and mode 600; one that is a link,
# not a regular file or someone else's is passed over, never opened: a FIFO
# would block the boot, a link would point a write anywhere.
# shellcheck disable=SC2034 # claimed_cpu: qemu/run reads it
cpu_claim() {
	local d=$1 n f fd cpus
	claimed_cpu=
	cpus=$(cpus_expand "$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)") || return 0
	[ "$(wc -l <<<"$cpus")" -gt 1 ] || return 0
	[ -e "$d" ] || [ -L "$d" ] || mkdir -m 700 "$d" 2>/dev/null
	if [ -L "$d" ] || [ ! -d "$d" ] || [ ! -O "$d" ] || [ -n "$(find "$d" -maxdepth 0 -perm /022 2>/dev/null)" ]; then
		echo "run: warning: $d is not a folder of this user's that only it may write: QEMU not pinned (PIN= pins it)" >&2
		return 0
	fi
	for n in $cpus; do
		f=$d/cpu$n
		[ -e "$f" ] || [ -L "$f" ] || (umask 077 && set -C && : >"$f") 2>/dev/null
		if [ -L "$f" ] || [ ! -f "$f" ] || [ ! -O "$f" ]; then continue; fi
		# the group's redirection ends with it: exec's own would silence
		# the caller's stderr for the rest of the boot
		{ exec {fd}<"$f"; } 2>/dev/null || continue
		if flock -n "$fd"; then
			claimed_cpu=$n
			return 0
		fi
		exec {fd}<&-
	done
}

# cpu_claim_dir: cpu_claim's DIR for this user, the same in every session
# (so all of its boots share it), in no folder another user could have
# made: /tmp/swapbench-cpus-UID. Another user's boots claim CPUs apart.
cpu_claim_dir() {
	echo "/tmp/swapbench-cpus-$(id -u)"
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

# progress PID LOG: on stderr as they arrive, until PID ends: init's words
# ("# [" run lines, "# swapbench: " messages and errors; not records) and,
# read by the one reader of records (swapbench-report fields: checksums
# checked, quoting undone), the warning records' messages and the swap
# records. Each its own follower: a line of one may pass a line of another.
# Control bytes (an escape sequence a message carries) reach the terminal
# as '?'.
progress() {
	local follow=(tail -n +1 -F --pid="$1" "$2")
	{
		"${follow[@]}" 2>/dev/null | grep -a --line-buffered -E '^# \[|^# swapbench: ' &
		"${follow[@]}" 2>/dev/null | "$REPORT" fields warning msg - 2>/dev/null | sed -u 's/^/warning: /' &
		"${follow[@]}" 2>/dev/null | "$REPORT" fields swap '*' - 2>/dev/null | sed -u 's/^/swap: /; s/\t/ /g' &
		wait
	} | LC_ALL=C sed -u $'s/\r$//; s/[\x01-\x08\x0b-\x1f\x7f]/?/g' >&2
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

# drive FILE: one more raw disk on QEMU's command line (qargs)
drive() { qargs+=(-drive "$(drive_arg "$1" "$DISK_IF" "$cache" "$DISK_AIO")"); }

# designated FILE: a disk the image is told about by its designation; under
# DETERMINISTIC=1 mapped into the guest as virtio-pmem (counts pmem_n, pmem_mib)
designated() {
	[ "$clock" = deterministic ] || { drive "$1"; return; }
	local bytes out
	bytes=$(stat -c %s "$1") || die "cannot read $1"
	pmem_n=$((pmem_n + 1)) pmem_mib=$((pmem_mib + bytes / 1048576))
	out=$(pmem_args "$pmem_n" "$1" "$bytes") || die "$out"
	mapfile -t -O ${#qargs[@]} qargs <<<"$out"
}
