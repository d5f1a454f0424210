#!/bin/bash
# A lab on one host: docs/old-pcs.md's dnsmasq recipe (DHCP and read-only
# TFTP) on a bridge in a network namespace of its own, one collector there
# (docs/lab-network.md) and three machines at once, each PXE-booted through
# its own tap device on the bridge: x86_64 on an e1000 (known by its MAC)
# and two i586 machines on period NICs, rtl8139 and ne2k_pci (the 32-bit
# tree served in place of i686, as docs/old-pcs.md says for P5 labs). They
# run the network image (the net kernels the suite builds) without a
# results disk, and the test reads neither their serial logs nor any disk:
# only the collector's folder, which must hold every record of every
# machine exactly once (swapbench-report reads it; the sequence numbers
# and each machine's own count of acknowledged lines agree). Twice: once
# undisturbed, once with the collector killed (SIGKILL) and started again
# mid-series and one machine's link down for a while.
# kernels: x86_64/net i586/default i586/net
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/lablib.sh
source "$top/tests/lablib.sh"
t_start=$(date +%s)
exp=(panic=-1 swapbench.end=qemu ip=dhcp swapbench.backends=partition swapbench.workloads=idle
	swapbench.idle.seconds=2 swapbench.runs=3 swapbench.warmup=0)
runs=3
for need in ip dnsmasq; do
	command -v "$need" >/dev/null || { fail "needs $need (qemu/deps installs it)"; finish; }
done
[ "$(id -u)" = 0 ] || { fail "needs root: a network namespace, a bridge and tap devices (CI runs as root)"; finish; }
getent passwd dnsmasq >/dev/null || { fail "no dnsmasq user (Debian's dnsmasq-base makes it)"; finish; }
declare -A nets
for arch in x86_64 i586; do
	t0=$(date +%s)
	if ! make -C "$top" --no-print-directory image ARCH="$arch" >"$T/make-$arch.log" 2>&1 ||
		! k=$("$top/kernel/build" "$arch" net 2>>"$T/make-$arch.log"); then
		fail "$arch net image: $(tail -n 3 "$T/make-$arch.log" | tr '\n' ' ')"
		finish
	fi
	info "$arch net kernel: $(stat -c %s "$k") bytes, $(($(date +%s) - t0)) s to build the image and build or find the kernel (load $(cut -d' ' -f1-3 /proc/loadavg))"
	nets+=([$arch]=$k)
done

ns=swapbench-lab-$$ br=sblab0 server=10.42.0.1 port=5555
root=$(mktemp -d /tmp/swapbench-lab-tftp.XXXXXX)
dnsmasq_pid='' cpid=''
# shellcheck disable=SC2317 # called by the trap
cleanup() {
	[ -z "$cpid" ] || kill "$cpid" 2>/dev/null
	[ -z "$dnsmasq_pid" ] || kill "$dnsmasq_pid" 2>/dev/null
	ip netns del "$ns" 2>/dev/null
	rm -rf "$root"
}
trap cleanup EXIT

# The trees as docs/lab-network.md makes them (make pxe KERNEL=net
# PXE_DISKS="swap fs" APPEND=...): no results disk, the collector on the server
BZIMAGE=${nets[x86_64]} INITRD=$OUT/x86_64/initramfs.cpio.gz MEM=64 PXE_DISKS="swap fs" \
	APPEND="${exp[*]} swapbench.collect=$server:$port" env -u WORKLOADS -u RUNS -u WARMUP \
	"$top/qemu/mkpxe" x86_64 "$root/x86_64" >/dev/null
BZIMAGE=${nets[i586]} INITRD=$OUT/i586/initramfs.cpio.gz MEM=64 PXE_DISKS="swap fs" \
	APPEND="${exp[*]} swapbench.collect=$server:$port" env -u WORKLOADS -u RUNS -u WARMUP \
	"$top/qemu/mkpxe" i586 "$root/i686" >/dev/null
chmod 755 "$root"
chown -R dnsmasq: "$root"
check "the trees designate no results disk" bash -c "! grep -q 'swapbench.results=' '$root/i686/boot.ipxe' '$root/x86_64/boot.ipxe'"

# docs/old-pcs.md's configuration block, serving the bridge and the tree
awk '/^    # \/etc\/dnsmasq.d\/swapbench.conf$/ { on = 1 } on && /^$/ { exit } on { print substr($0, 5) }' \
	"$top/docs/old-pcs.md" | sed -e "s|^interface=eth1\b|interface=$br|" -e "s|^tftp-root=/srv/tftp\b|tftp-root=$root|" >"$T/lab.conf"
mac64=$(sed -n 's/^dhcp-host=\([0-9a-f:]*\),set:x64.*/\1/p' "$T/lab.conf")
check "docs/old-pcs.md: the recipe knows a 64-bit machine by its MAC ($mac64)" test -n "$mac64"

ip netns add "$ns" && ip -n "$ns" link set lo up &&
	ip -n "$ns" link add "$br" type bridge forward_delay 0 &&
	ip -n "$ns" addr add "$server/24" dev "$br" && ip -n "$ns" link set "$br" up
ok=$?
for i in 1 2 3; do
	ip -n "$ns" tuntap add dev "sblab$i" mode tap && ip -n "$ns" link set "sblab$i" master "$br" &&
		ip -n "$ns" link set "sblab$i" up || ok=1
done
check "namespace $ns: bridge $br at $server, taps sblab1-3 on it" test "$ok" = 0
ip netns exec "$ns" dnsmasq --keep-in-foreground --log-facility=- --pid-file= \
	--dhcp-leasefile="$T/lab.leases" --conf-file="$T/lab.conf" >"$T/dnsmasq.log" 2>&1 &
dnsmasq_pid=$!
for _ in $(seq 50); do grep -q 'TFTP root is' "$T/dnsmasq.log" && break; sleep 0.1; done
check "dnsmasq serves the recipe on $br" grep -q "TFTP root is $root" "$T/dnsmasq.log"

# the machines: NAME ARCH NIC MAC TAP CPU UNAME (QEMU's iPXE ROMs hang on
# -cpu pentium, 60-pxe.sh: the i586 machines are Pentium IIs, uname i686)
machines=("a x86_64 e1000 $mac64 sblab1 qemu64 x86_64" "b i586 rtl8139 52:54:00:1a:b0:02 sblab2 pentium2 i686"
	"c i586 ne2k_pci 52:54:00:1a:b0:03 sblab3 pentium2 i686")
# collector DIR [ARGS]: the collector in the namespace; sets cpid
collector() {
	local dir=$1
	shift
	ip netns exec "$ns" "$REPORT" collect --listen "$server:$port" --dir "$dir" "$@" \
		>>"$dir.progress" 2>>"$dir.events" &
	cpid=$!
	for _ in $(seq 50); do grep -q "listening on" "$dir.events" 2>/dev/null && return; sleep 0.1; done
}
# round NAME DISTURB: the three machines at once; DISTURB=1 kills the
# collector once every machine's header is in and a run is done, and takes
# machine b's link down from its header (before its first run) for 12 s
round() {
	local name=$1 disturb=$2 R=$T/$1 pids=() m a t_kill='' t_restart='' t_down='' t_up='' t0 b_log more=()
	mkdir -p "$R"
	t0=$(date +%s)
	[ "$disturb" = 1 ] || more=(--machines 3)
	collector "$R/lab" "${more[@]}"
	for m in "${machines[@]}"; do
		read -r n arch nic mac tap cpu _ <<<"$m"
		"$top/qemu/mkdisks" "$R/$n.disks" 64 "$REPORT" >/dev/null 2>&1 && rm -f "$R/$n.disks/results.disk"
		ip netns exec "$ns" env ARCH="$arch" CPU="$cpu" NET_TAP="$tap" NIC="$nic" NET_MAC="$mac" \
			BZIMAGE="$root/$([ "$arch" = i586 ] && echo i686 || echo "$arch")/bzImage" MEM=64 LIMIT=900 \
			"$top/qemu/run" -q --no-disks --disk "$R/$n.disks/disk.img" -o "$R/$n" &
		pids+=($!)
	done
	while :; do
		a=0
		for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && a=1; done
		[ $a = 1 ] || break
		if [ "$disturb" = 1 ]; then
			local heads=0 runs_in=0 ends=0 l
			for m in "${machines[@]}"; do
				read -r _ _ _ mac _ <<<"$m"
				l=$(logof "$R/lab" "$mac") || continue
				grep -aq '^KTAP version 1' "$l" && heads=$((heads + 1))
				grep -aq '^ok ' "$l" && runs_in=$((runs_in + 1))
				grep -aq '^# sb totals' "$l" && ends=$((ends + 1))
			done
			if [ -z "$t_kill" ] && [ "$heads" = 3 ] && [ "$runs_in" -ge 1 ]; then
				kill -9 "$cpid"
				wait "$cpid" 2>/dev/null
				t_kill=$(date +%s) ends_at_kill=$ends
			fi
			if [ -n "$t_kill" ] && [ -z "$t_restart" ] && [ $(($(date +%s) - t_kill)) -ge 5 ]; then
				collector "$R/lab"
				t_restart=$(date +%s)
			fi
			b_log=$(logof "$R/lab" 52:54:00:1a:b0:02)
			# from its header, not its first run: on an idle host a machine
			# can send its whole series in the moment between two looks here
			if [ -z "$t_down" ] && [ -n "$b_log" ] && grep -aq '^KTAP version 1' "$b_log"; then
				ip -n "$ns" link set sblab2 down
				t_down=$(date +%s)
			fi
			if [ -n "$t_down" ] && [ -z "$t_up" ] && [ $(($(date +%s) - t_down)) -ge 12 ]; then
				b_totals_at_up=$(grep -ac '^# sb totals' "$b_log")
				ip -n "$ns" link set sblab2 up
				t_up=$(date +%s)
			fi
		fi
		sleep 0.5
	done
	wait "${pids[@]}"
	if [ "$disturb" = 0 ]; then
		for _ in $(seq 100); do kill -0 "$cpid" 2>/dev/null || break; sleep 0.2; done
		check "$name: the collector ends by itself once the 3 machines sent their totals (--machines 3)" \
			bash -c "! kill -0 $cpid 2>/dev/null"
	else
		check "$name: collector killed mid-series (every header in, a run done, $ends_at_kill of 3 totals) and started again after $((t_restart - t_kill)) s" \
			test -n "$t_restart" -a "${ends_at_kill:-3}" = 0
		check "$name: machine b's link down for $((${t_up:-0} - ${t_down:-0})) s from its header, its totals not in before the link came back" \
			test -n "$t_up" -a "${b_totals_at_up:-1}" = 0
		check "$name: the collector started again found the logs and continued them" \
			grep -q "holds [0-9]* logs already: their machines continue where they were" "$R/lab.events"
	fi
	kill "$cpid" 2>/dev/null
	wait "$cpid" 2>/dev/null
	cpid=
	records "$name" "$R"
	info "$name: 3 machines, $(cat "$R/records") records, $([ "$disturb" = 1 ] && echo 1 || echo 0) collector restarts, $(cat "$R/losses") lost, $(($(date +%s) - t0)) s (load $(cut -d' ' -f1-3 /proc/loadavg), host clock)"
}

round lab 0
for m in "${machines[@]}"; do
	read -r n arch _ mac _ <<<"$m"
	check "dnsmasq leased an address to machine $n ($mac)" grep -Eq "DHCPACK\($br\) 10\.42\.0\.1[0-9]{2} $mac" "$T/dnsmasq.log"
done
check "dnsmasq sent each tree's kernel" \
	bash -c "grep -q 'sent $root/x86_64/bzImage' '$T/dnsmasq.log' && grep -q 'sent $root/i686/bzImage' '$T/dnsmasq.log'"
round disturbed 1
info "lab test: 2 rounds of 3 machines, $(($(cat "$T/lab/records") + $(cat "$T/disturbed/records"))) records, 1 collector restart, $(($(cat "$T/lab/losses") + $(cat "$T/disturbed/losses"))) lost, $(($(date +%s) - t_start)) s in all"
finish
