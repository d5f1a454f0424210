#!/bin/bash
# swapbench.collect: the net image (KERNEL=net) sends every console line to
# swapbench-report collect over QEMU's user network (the host's 127.0.0.1 is
# 10.0.2.2 to the guest); the collector's log holds each record of the
# serial log exactly once and reads the same in the report, and the results
# disk holds the runs too. A collector address that does not parse, or a
# NIC without an address, stops the series before the first run with the
# reason on the serial line and on the screen (VGA text memory, read
# through QEMU's monitor).
# Builds the x86_64 net kernel once (cached; the build time is printed).
# kernels: x86_64/net
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
quick=(ip=dhcp swapbench.workloads=idle swapbench.idle.seconds=1 swapbench.runs=2 swapbench.warmup=0)

t0=$(date +%s)
if ! net=$("$top/kernel/build" x86_64 net 2>"$T/kernel.log"); then
	fail "kernel/build x86_64 net: $(tail -n 3 "$T/kernel.log" | tr '\n' ' ')"
	finish
fi
info "x86_64 net kernel: $(stat -c %s "$net") bytes, $(($(date +%s) - t0)) s to build or find in the cache (load $(cut -d' ' -f1-3 /proc/loadavg))"
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$REPORT" collect --listen "127.0.0.1:$port" --dir "$T/lab" --machines 1 >"$T/progress" 2>"$T/events" &
cpid=$!
trap 'kill $cpid 2>/dev/null' EXIT

BZIMAGE=$net EXTRA_QEMU="-netdev user,id=lab0 -device virtio-net-pci,netdev=lab0" \
	boot sent -- "${quick[@]}" "swapbench.collect=10.0.2.2:$port"
check "net image, collector on the host: the experiment completes (status $rc)" test "$rc" = 0
for _ in $(seq 50); do kill -0 "$cpid" 2>/dev/null || break; sleep 0.2; done
check "the collector ends by itself once the machine sent its totals (--machines 1)" bash -c "! kill -0 $cpid 2>/dev/null"
logs=("$T"/lab/*.log)
check "one log for the machine, named by MAC and boot (${logs[*]##*/})" \
	bash -c "[ ${#logs[@]} = 1 ] && [[ '${logs[0]##*/}' =~ ^52-54-00-12-34-56-[0-9a-f]{8}\.log$ ]]"
got=${logs[0]}
tr -d '\r' <"$log" | grep -aE '^(ok |not ok |# sb )' >"$T/serial.records"
grep -aE '^(ok |not ok |# sb )' "$got" >"$T/lab.records"
check "every record of the serial log, in order, exactly once in the collector's log ($(wc -l <"$T/lab.records") records)" \
	bash -c "[ -s '$T/serial.records' ] && cmp -s '$T/serial.records' '$T/lab.records'"
check "the collector's log starts as a serial log does (KTAP header)" test "$(head -n 1 "$got")" = "KTAP version 1"
# every console line from the header to the machine's last notice, kernel lines aside
tr -d '\r' <"$log" | sed -n '/^KTAP version 1$/,/^# swapbench: the collector acknowledged all/p' |
	grep -av '^\[ *[0-9]*\.[0-9]*\] ' >"$T/serial.lines"
check "the collector's log is the console's, line for line, its notices too ($(wc -l <"$T/serial.lines") lines)" \
	cmp -s "$T/serial.lines" "$got"
"$REPORT" csv "$log" 2>/dev/null | cut -d, -f3- >"$T/serial.csv"
"$REPORT" csv "$T/lab" 2>/dev/null | cut -d, -f3- >"$T/lab.csv"
check "csv of the collector's folder = csv of the serial log ($(($(wc -l <"$T/lab.csv") - 1)) runs)" \
	bash -c "[ \$(wc -l <'$T/lab.csv') -gt 4 ] && cmp -s '$T/serial.csv' '$T/lab.csv'"
check "the machine says every line was acknowledged" grep -aq '^# swapbench: the collector acknowledged all [0-9]* lines' "$log"
check "the collector printed the machine's progress (runs done, last status, ETA)" \
	grep -q "52:54:00:12:34:56 boot [0-9a-f]*: 2/4 runs, last ok (idle-file-1, .*), ETA " "$T/progress"
"$REPORT" csv "$dir/results.disk" 2>/dev/null | cut -d, -f3- >"$T/disk.csv"
check "the results disk holds the same runs beside the network" \
	bash -c "[ \$(wc -l <'$T/disk.csv') -gt 4 ] && cmp -s '$T/serial.csv' '$T/disk.csv'"
mem=$("$REPORT" fields meta memavailable_kb "$log")
info "net image at -m 64: MemAvailable ${mem} kB at init's start"

# on_screen NAME CMDLINE...: boots with a VGA card and a NIC that gets no
# address (no ip=), the machine halting at the end; once the error is on
# serial, the screen's text (VGA memory at 0xb8000) goes to $T/NAME.screen
on_screen() {
	local name=$1 mon=$T/$1.mon
	shift
	BZIMAGE=$net EXTRA_QEMU="-device e1000 -vga std -monitor unix:$mon,server,nowait" \
		boot "$name" --no-check -- "$@" swapbench.end=halt &
	local bpid=$!
	for _ in $(seq 600); do grep -aq '^# sb error' "$T/$name/serial.log" 2>/dev/null && break; sleep 0.5; done
	/usr/bin/python3 - "$mon" "$T/$name" <<'PY'
import socket, sys, time
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
for c in ('pmemsave 0xb8000 4000 "%s.vga"' % sys.argv[2], "quit"):
    s.sendall((c + "\n").encode())
    time.sleep(1)
b = open(sys.argv[2] + ".vga", "rb").read()
open(sys.argv[2] + ".screen", "w").write(" ".join(b[0::2].decode("latin-1").split()))
PY
	wait "$bpid"
	log=$T/$name/serial.log
}
quick=(swapbench.workloads=idle swapbench.idle.seconds=1 swapbench.runs=2 swapbench.warmup=0)
on_screen badaddr "${quick[@]}" swapbench.collect=lab:5555
check "collect=lab:5555: the reason on the console" \
	grep -aq 'error: .*swapbench.collect=lab:5555: not IPV4:PORT' "$log"
check "collect=lab:5555: the reason on the screen" grep -q 'swapbench: error: swapbench.collect=lab:5555: not IPV4:PORT' "$T/badaddr.screen"
absent "collect=lab:5555: no run started" '^ok \|^not ok ' "$log"

on_screen noaddr "${quick[@]}" "swapbench.collect=10.0.2.2:$port"
check "a NIC without an address: the series stops with a set-up error" grep -aq '^# sb totals .* status=error' "$log"
check "a NIC without an address: the reason on the console" \
	grep -aq '^# sb error .*no network interface has an IPv4 address' "$log"
check "a NIC without an address: the reason on the screen" \
	grep -q 'swapbench: error: no network interface has an IPv4 address' "$T/noaddr.screen"
absent "a NIC without an address: no run started" '^ok \|^not ok ' "$log"
finish
