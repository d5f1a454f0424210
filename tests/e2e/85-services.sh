#!/bin/bash
# Nothing runs but the experiment: the kernel has no networking at all, the
# initramfs holds /init and its workload links and nothing else (no shell
# unless BUSYBOX=1), and swapbench.shell=1 on an image without busybox says
# so on the console and ends the machine normally.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

config=$BZIMAGE.config
[ -f "$config" ] || config=$(dirname "$("$top/kernel/build" "$ARCH" default 2>/dev/null)")/config
check "no network: CONFIG_NET is not set in the kernel" grep -qx '# CONFIG_NET is not set' "$config"
check "no network: no INET, no UNIX sockets" bash -c "! grep -qE '^CONFIG_(INET|UNIX|PACKET)=' '$config'"

files=$(gzip -dc "$INITRD" | cpio -it --quiet 2>/dev/null | sed 's|^\./||; s|^/||' | sort | xargs)
info "initramfs holds: $files"
if [ "$(settings_get BUSYBOX)" = 1 ]; then
	check "initramfs (BUSYBOX=1): has bin/sh" grep -qw 'bin/sh' <<<"$files"
else
	check "initramfs: no shell, no busybox" bash -c "! grep -qE '(^| )bin/|busybox|(^| )sh( |$)' <<<'$files'"
	want=$( (echo dev dev/console dev/null init mnt mnt/fs proc sys tmp workloads;
		for w in $WL_ALL; do echo "workloads/$w"; done) | sort | xargs)
	check "initramfs: exactly /init, its workload links and empty mount points" test "$files" = "$want"
fi
bin=$OUT/$ARCH/swapbench
check "rootfs/mklist: BUSYBOX=0 lists no shell" \
	bash -c "! '$top/rootfs/mklist' '$bin' 'idle' 0 '' | grep -q '/bin/'"
check "rootfs/mklist: BUSYBOX=1 lists /bin/sh (busybox-static: qemu/deps check)" \
	bash -c "'$top/rootfs/mklist' '$bin' 'idle' 1 '' | grep -q '^slink /bin/sh busybox'"

quick=(swapbench.workloads=idle swapbench.idle.seconds=0 swapbench.runs=1 swapbench.warmup=0)
boot plain -- "${quick[@]}"
check "plain boot: completes (status $rc)" test "$rc" = 0
absent -E "plain boot: the kernel registers no network protocol" 'NET: Registered|eth[0-9]|lo: ' "$log"
grep -av 'Command line\|cmdline' "$log" >"$T/plain-console.log"
absent "plain boot: no shell offered" '[Ss][Hh][Ee][Ll][Ll]' "$T/plain-console.log"
if [ "$(settings_get BUSYBOX)" != 1 ]; then
	boot shell -- "${quick[@]}" swapbench.shell=1
	check "shell=1 without busybox: completes (status $rc)" test "$rc" = 0
	check "shell=1 without busybox: the console says so" \
		grep -aqF '# swapbench: swapbench.shell=1 but this image has no busybox (build with BUSYBOX=1)' "$log"
	absent "shell=1 without busybox: no shell started" 'rescue shell' "$log"
fi
finish
