#!/bin/bash
# docs/old-pcs.md's dnsmasq recipe, as written: its configuration block is copied
# out of docs/old-pcs.md (only the interface and tftp-root changed) and served by
# Debian's dnsmasq inside a network namespace of its own, to QEMU on a tap
# device there; nothing outside the namespace sees an address. dnsmasq runs
# once by hand (--keep-in-foreground, which drops to the configured user as
# the daemon does) and once as Debian's service starts it (-u dnsmasq and a
# conf-dir). A 64-bit machine known by its MAC boots x86_64 through iPXE; an
# unknown one (a Pentium III) boots i586, the suite's one 32-bit image,
# served as the recipe's i686 tree (as docs/old-pcs.md says for P5 labs),
# through pxelinux on the ROM's PXE API, as a BIOS
# PXE ROM would. Each experiment completes, its records arrive on serial
# and on the results disk, and dnsmasq's log shows what it served.
# kernels: i586/default
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
quick="panic=-1 swapbench.end=qemu swapbench.workloads=fight swapbench.runs=1 swapbench.warmup=0"

for need in ip dnsmasq busybox; do
	command -v "$need" >/dev/null || { fail "needs $need (qemu/deps installs it)"; finish; }
done
[ "$(id -u)" = 0 ] || { fail "needs root: a network namespace and a tap device (CI runs as root)"; finish; }
getent passwd dnsmasq >/dev/null || { fail "no dnsmasq user (Debian's dnsmasq-base makes it)"; finish; }
if ! make -C "$top" --no-print-directory image ARCH=i586 >"$T/make-i586.log" 2>&1; then
	fail "make image ARCH=i586: $(tail -n 3 "$T/make-i586.log" | tr '\n' ' ')"
	finish
fi

ns=swapbench-dnsmasq-$$ tap=sbtap0 server=10.42.0.1
# dnsmasq reads the tree as its own user: a directory every user can enter
root=$(mktemp -d /tmp/swapbench-tftp.XXXXXX)
dnsmasq_pid=
# shellcheck disable=SC2317 # called by the trap
cleanup() {
	[ -z "$dnsmasq_pid" ] || kill "$dnsmasq_pid" 2>/dev/null
	ip netns del "$ns" 2>/dev/null
	rm -rf "$root"
}
trap cleanup EXIT

# The trees as docs/old-pcs.md makes and copies them, with the quick experiment;
# the i586 image in the recipe's i686 tree
tree_of() { if [ "$1" = i586 ]; then echo i686; else echo "$1"; fi; }
for arch in i586 x86_64; do
	BZIMAGE=$OUT/$arch/bzImage INITRD=$OUT/$arch/initramfs.cpio.gz MEM=64 APPEND="$quick" \
		env -u WORKLOADS -u RUNS -u WARMUP "$top/qemu/mkpxe" "$arch" "$root/$(tree_of "$arch")" >/dev/null
done
chmod 755 "$root"
chown -R dnsmasq: "$root"

# The configuration block under "## dnsmasq" in docs/old-pcs.md, as it stands
conf=$T/swapbench.conf
awk '/^    # \/etc\/dnsmasq.d\/swapbench.conf$/ { on = 1 } on && /^$/ { exit } on { print substr($0, 5) }' \
	"$top/docs/old-pcs.md" >"$T/readme.conf"
sed -e "s|^interface=eth1\b|interface=$tap|" -e "s|^tftp-root=/srv/tftp\b|tftp-root=$root|" \
	"$T/readme.conf" >"$conf"
check "docs/old-pcs.md: the recipe has a configuration block" test -s "$T/readme.conf"
check "docs/old-pcs.md: the recipe serves eth1 and /srv/tftp (the two lines the test changes)" \
	bash -c "grep -q '^interface=$tap\$' '$conf' && grep -q '^tftp-root=$root\$' '$conf'"
check "docs/old-pcs.md: the recipe names the user dnsmasq runs as" grep -q '^user=dnsmasq\b' "$conf"
mac64=$(sed -n 's/^dhcp-host=\([0-9a-f:]*\),set:x64.*/\1/p' "$conf")
check "docs/old-pcs.md: the recipe knows a 64-bit machine by its MAC ($mac64)" test -n "$mac64"

ip netns add "$ns" && ip -n "$ns" link set lo up &&
	ip -n "$ns" tuntap add dev "$tap" mode tap &&
	ip -n "$ns" addr add "$server/24" dev "$tap" && ip -n "$ns" link set "$tap" up
check "namespace $ns with $tap at $server" test $? = 0

# serve NAME ARGS...: dnsmasq in the namespace, logging to $T/NAME.dnsmasq;
# no lease or pid file outside $T
serve() {
	local name=$1
	shift
	[ -z "$dnsmasq_pid" ] || { kill "$dnsmasq_pid"; wait "$dnsmasq_pid" 2>/dev/null; }
	ip netns exec "$ns" dnsmasq --keep-in-foreground --log-facility=- --pid-file= \
		--dhcp-leasefile="$T/$name.leases" "$@" >"$T/$name.dnsmasq" 2>&1 &
	dnsmasq_pid=$!
	for _ in $(seq 50); do
		grep -q 'TFTP root is' "$T/$name.dnsmasq" && break
		sleep 0.1
	done
	check "$name: dnsmasq started" grep -q "TFTP root is $root" "$T/$name.dnsmasq"
}
# fetch NAME FILE: FILE over TFTP from inside the namespace, as served
# shellcheck disable=SC2317 # called through check
fetch() {
	(cd "$T" && ip netns exec "$ns" busybox tftp -g -r "$2" -l "$1.got" "$server") >/dev/null 2>&1 &&
		cmp -s "$T/$1.got" "$root/$2"
}

# netboot NAME ARCH [MAC]: PXE-boot QEMU on the tap device; sets rc, log,
# dir, and up: seconds from QEMU's start to init's first record on serial
netboot() {
	local name=$1 arch=$2 mac=${3:-} cpu='' t0
	[ "$arch" = i586 ] && cpu=pentium3
	dir=$T/$name log=$dir/serial.log up=
	rm -rf "$dir"
	t0=$(date +%s.%N)
	ip netns exec "$ns" env ARCH="$arch" CPU="$cpu" NET_TAP="$tap" NET_MAC="$mac" \
		BZIMAGE="$root/$(tree_of "$arch")/bzImage" MEM=64 LIMIT=240 "$top/qemu/run" -q -o "$dir" &
	local qpid=$!
	while kill -0 "$qpid" 2>/dev/null; do
		if [ -z "$up" ] && grep -aq '^# sb meta' "$log" 2>/dev/null; then
			up=$(echo "$(date +%s.%N) - $t0" | bc)
		fi
		sleep 0.2
	done
	wait "$qpid"
	rc=$?
	info "$name: init's first record $(printf '%.1f' "${up:-0}") s after QEMU started, boot done after $(status_get "$dir" elapsed_s) s (shared machine)"
}
# records NAME ARCH: what the experiment left on serial and the results disk
records() {
	local name=$1 arch=$2 rows
	check "$name: experiment completes (status $rc)" test "$rc" = 0
	check "$name: booted through the tap device, not -kernel" \
		bash -c "grep -q -- '-netdev tap.*ifname=$tap' '$dir/qemu.cmd' && ! grep -q -- '-kernel' '$dir/qemu.cmd'"
	check "$name: header says arch=$arch" grep -aq "^# sb meta .* arch=$arch " "$log"
	rows=$("$REPORT" csv "$log" 2>/dev/null | grep -c ',fight,.*,ok,')
	check "$name: the serial records parse (2 ok rows, got $rows)" test "$rows" = 2
	rows=$("$REPORT" csv "$dir/results.disk" 2>/dev/null | grep -c ',fight,.*,ok,')
	check "$name: the results disk got them too (2 ok rows, got $rows)" test "$rows" = 2
}

# By hand, as root: the daemon drops to the configured user, and
# tftp-secure serves only that user's files.
grep -v '^user=' "$conf" >"$T/nouser.conf"
serve nouser --conf-file="$T/nouser.conf"
check "by hand without user=: tftp-secure refuses the tree (why the recipe names the user)" \
	bash -c "! (cd '$T' && ip netns exec '$ns' busybox tftp -g -r x86_64/boot.ipxe -l nouser.got '$server') && grep -q 'cannot access .*boot.ipxe: Permission denied' '$T/nouser.dnsmasq'"
serve byhand --conf-file="$conf"
check "by hand: the recipe serves the tree over TFTP" fetch byhand x86_64/boot.ipxe
netboot ipxe-x86_64 x86_64 "$mac64"
records ipxe-x86_64 x86_64
d=$T/byhand.dnsmasq
check "ipxe-x86_64: dnsmasq leased an address to $mac64" grep -Eq "DHCPACK\($tap\) 10\.42\.0\.1[0-9]{2} $mac64" "$d"
for f in boot.ipxe bzImage initramfs.cpio.gz; do
	check "ipxe-x86_64: dnsmasq sent x86_64/$f" grep -q "sent $root/x86_64/$f to " "$d"
done
check "ipxe-x86_64: no pxelinux for iPXE" bash -c "! grep -q 'pxelinux.0 to' '$d'"
check "ipxe-x86_64: the kernel came from the iPXE script" grep -aq 'cmdline="initrd=initramfs.cpio.gz console=ttyS0' "$log"
t_ipxe=$up

# As Debian's service starts it (-u dnsmasq, conf-dir /etc/dnsmasq.d). QEMU's
# ROMs are iPXE, which announces itself with DHCP option 175; a BIOS PXE ROM
# does not. Without the line that tells them apart, dnsmasq answers as it
# would a BIOS ROM, and pxelinux runs on the ROM's PXE API.
mkdir -p "$T/dnsmasq.d"
grep -v '^dhcp-match=set:ipxe,175' "$conf" >"$T/dnsmasq.d/swapbench.conf"
serve service -u dnsmasq --conf-dir="$T/dnsmasq.d,.dpkg-dist,.dpkg-old,.dpkg-new"
netboot pxelinux-i586 i586
records pxelinux-i586 i686	# uname -m on the Pentium III
d=$T/service.dnsmasq
# pxelinux may end a transfer itself once it holds what it reads (a TFTP
# error 0, "file close received"), and dnsmasq then logs "failed sending":
# served either way; the records above show the image booted
for f in pxelinux.0 ldlinux.c32 bzImage initramfs.cpio.gz; do
	check "pxelinux-i586: dnsmasq served i686/$f (the i586 image)" grep -Eq "(sent|failed sending) $root/i686/$f to " "$d"
done
check "pxelinux-i586: pxelinux read its configuration" grep -q "sent $root/i686/pxelinux.cfg/default to " "$d"
check "pxelinux-i586: pxelinux loaded the kernel" grep -aq '^Loading bzImage' "$log"
info "PXE through dnsmasq, init's first record after QEMU start: iPXE x86_64 $(printf '%.1f' "${t_ipxe:-0}") s, pxelinux i586 $(printf '%.1f' "${up:-0}") s"
finish
