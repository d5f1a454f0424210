#!/bin/bash
# kernel/debian-image: one of Debian's packaged kernels with the disk
# model's module built out of tree against its headers package (fetched and
# unpacked, never installed), its vermagic the kernel's own modules', its
# sources the ones disk/kmod/Kbuild names; the names kernel/resolve takes
# for it; and a bzImage whose headers cannot be had refused before the boot
# with DISK=hdd, naming the headers package looked for. No boot: e2e/50
# boots the same kernel (qemu/stock-kernel) with the module on the model.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
failed=0
is() {	# is NAME GOT WANT
	if [ "$2" = "$3" ]; then echo "PASS debian_image: $1"
	else echo "FAIL debian_image: $1: got '$2', want '$3'"; failed=1; fi
}
has() {	# has NAME GOT PART
	if [[ $2 == *"$3"* ]]; then echo "PASS debian_image: $1"
	else echo "FAIL debian_image: $1: '${2:0:400}' lacks '$3'"; failed=1; fi
}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# names, as a comparison labels the kernels, and which forms are Debian's
# packaged kernels (nothing fetched)
is "resolve --name: debian-image:linux-image-6.1.0-57-cloud-amd64" \
	"$(kernel/resolve --name debian-image:linux-image-6.1.0-57-cloud-amd64)" debian-6_1_0-57-cloud-amd64
kernel/resolve --stock debian-image:linux-image-6.1.0-57-amd64
is "resolve --stock: debian-image:PACKAGE is a packaged kernel" "$?" 0
kernel/resolve --stock debian:6.12
is "resolve --stock: debian:6.12 (a source, built) is not" "$?" 1
msg=$(kernel/resolve x86_64 debian-image:linux-image-6.1.0-57-amd64+preempt-full 2>&1)
has "resolve: a variant on a packaged kernel is refused" "$msg" "not on Debian's packaged kernel"
msg=$(kernel/debian-image linux-image-0.0.0-99-amd64 2>&1)
is "debian-image: a package Debian lacks is refused (status $?)" "$(grep -c 'Debian has no package linux-image-0.0.0-99-amd64' <<<"$msg")" 1

# the module's sources: disk/kmod/ and disk/model/, the folders being the
# list (kernel/build takes the same); its build folder has model/ inside
# shellcheck source=host/util.sh
source host/util.sh
cache=$T
# shellcheck source=kernel/source.sh
source kernel/source.sh
srcs=$(kmod_sources "$top/disk")
is "kmod_sources: every file of disk/kmod/ and disk/model/" "$(wc -l <<<"$srcs")" \
	"$(find disk/kmod disk/model -maxdepth 1 -type f | wc -l)"
has "kmod_sources: the model's queue.h among them" "$srcs" "$top/disk/model/queue.h"
kmod_tree "$top/disk" "$T/m"
is "kmod_tree: the Kbuild at the top, each C file of the model under model/" \
	"$(find "$T/m/Kbuild" "$T/m/model" -name '*.c' -o -name Kbuild | wc -l)" \
	"$((1 + $(find disk/model -maxdepth 1 -name '*.c' | wc -l)))"
mkdir -p "$T/disk/kmod" && printf 'obj-m := sbdisk.o\n' >"$T/disk/kmod/Kbuild"
msg=$( (kmod_sources "$T/disk") 2>&1)
is "kmod_sources: a disk/ without the model's C files stops it (status $?)" "$(grep -c 'holds no C file' <<<"$msg")" 1

# Debian's current kernel (linux-image-amd64's), as e2e/50 boots it
mapfile -t stock < <(qemu/stock-kernel 2>"$T/stock.err")
if [ ${#stock[@]} != 2 ]; then
	echo "FAIL debian_image: qemu/stock-kernel: $(tail -n 3 "$T/stock.err")"
	exit 1
fi
k=$(dirname "${stock[0]}")
rel=$(cat "$k/release")
has "the release names the package's flavour" "$rel" "-amd64"
is "its vmlinuz, as shipped (its version string is Debian's)" \
	"$(qemu/bzinfo --version "${stock[0]}" | grep -c "^$rel (debian-kernel@lists.debian.org) ")" 1
is "its lib/modules tree beside it (the initramfs's MODULES=)" "${stock[1]##*/}" "$rel"
if [ -f "$k/sbdisk.ko" ]; then
	echo "PASS debian_image: sbdisk.ko built for $rel"
	own=$(find "${stock[1]}/kernel" -name 'virtio_blk.ko*' | head -n1)
	if command -v modinfo >/dev/null; then
		is "sbdisk.ko's vermagic is the kernel's own modules' (modinfo)" \
			"$(modinfo -F vermagic "$k/sbdisk.ko")" "$(modinfo -F vermagic "$own")"
		is "sbdisk.ko is the disk model's module" "$(modinfo -F name "$k/sbdisk.ko")" sbdisk
		is "it needs no other module" "$(modinfo -F depends "$k/sbdisk.ko")" ""
		is "it is not signed (Debian's key signs Debian's modules only)" "$(modinfo -F sig_id "$k/sbdisk.ko")" ""
	else
		echo "FAIL debian_image: no modinfo (qemu/deps check installs kmod)"
		failed=1
	fi
	is "the kernel checks signatures without enforcing them: the module loads, tainting it" \
		"$(grep -c '^CONFIG_MODULE_SIG=y' "$k/config"):$(grep -c '^CONFIG_MODULE_SIG_FORCE=y' "$k/config")" 1:0
	has "sbdisk.built names the headers package and the taint" "$(cat "$k/sbdisk.built")" \
		"built against linux-headers-$rel "
	has "sbdisk.built says it taints" "$(cat "$k/sbdisk.built")" "tainted (E)"
	# built in the headers unpacked into the cache, whatever the host has
	# installed under /usr/src (lava-dispatcher, for one, pulls in
	# linux-headers-amd64)
	kc=$(dirname "$(dirname "$k")") key=${k##*-}
	blog=$(find "$kc/headers" -path "*/linux-headers-${rel}_*/sbdisk-$key/build.log" | sed -n 1p)
	entered=$(sed -n "s/^make: Entering directory '\(.*\)'$/\1/p" "${blog:-/dev/null}" | sed -n 1p)
	is "the module was built in the headers unpacked in the cache, not /usr/src" \
		"${entered%/root/usr/src/linux-headers-"$rel"}" "$(dirname "$(dirname "$blog")")"
else
	echo "FAIL debian_image: no sbdisk.ko beside ${stock[0]}: $(cat "$k/sbdisk.missing" 2>/dev/null)"
	failed=1
fi
# its vmlinuz as a file is the same kernel, from the same cache
again=$(kernel/resolve x86_64 "$(readlink -f "${stock[1]}/../../../boot/vmlinuz-$rel")" 2>/dev/null)
is "resolve: Debian's vmlinuz given as a file is the package's kernel, module and all" "$again" "${stock[0]}"

# a bzImage of unknown origin (a setup header whose version string names a
# release Debian has no headers for): refused with DISK=hdd before the
# boot, naming the headers package it looked for
printf 'HdrS' | dd of="$T/bzImage" bs=1 seek=$((0x202)) conv=notrunc 2>/dev/null
printf '\x0f\x02' | dd of="$T/bzImage" bs=1 seek=$((0x206)) conv=notrunc 2>/dev/null
printf '\x00\x01' | dd of="$T/bzImage" bs=1 seek=$((0x20e)) conv=notrunc 2>/dev/null
printf '9.9.9-sbtest (nobody@nowhere) #1\0' | dd of="$T/bzImage" bs=1 seek=$((0x300)) conv=notrunc 2>/dev/null
is "bzinfo --version reads the version string" "$(qemu/bzinfo --version "$T/bzImage")" "9.9.9-sbtest (nobody@nowhere) #1"
kernel/resolve --stock "$T/bzImage"
is "resolve --stock: a bzImage whose version string is not Debian's is not a packaged kernel" "$?" 1
echo | gzip >"$T/initrd"
out=$(BZIMAGE=$T/bzImage INITRD=$T/initrd DISK=hdd qemu/run -q -o "$T/res" 2>&1)
is "qemu/run refuses DISK=hdd for it (status)" "$?" 2
has "naming the headers package it looked for" "$out" "it looked for linux-headers-9.9.9-sbtest"
has "and what to use instead" "$out" "(use DISK=host)"
is "before the boot: no results folder made" "$([ -e "$T/res" ] && echo made || echo none)" none
exit $failed
