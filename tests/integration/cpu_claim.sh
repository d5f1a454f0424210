#!/bin/bash
# qemu/boot.sh's cpu_claim, the CPU a DETERMINISTIC=1 boot's QEMU runs on,
# against a folder another user prepared: a cpuN that is a link is never
# followed (its target is neither made nor widened), a FIFO never opened (the
# claim ends, it does not block), a folder that is a link, another user's or
# writable by others is refused whole; in its own folder (cpu_claim_dir, made
# mode 0700) a claim makes cpuN mode 600 and holds it, so the next claim
# takes another CPU and a third, with two CPUs held, takes none.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=host/qemu.sh
source "$top/host/qemu.sh"
# shellcheck source=qemu/boot.sh
source "$top/qemu/boot.sh"
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
T=$(mktemp -d /tmp/cpu_claim.XXXXXX)
trap 'rm -rf "$T"' EXIT

if [ "$(taskset -c 0,1 nproc 2>/dev/null)" != 2 ]; then
	skip "cpu_claim" "this test needs two CPUs (CPUs 0 and 1) to choose between"
	exit 0
fi
# claim DIR: what cpu_claim says in a shell allowed CPUs 0 and 1 that holds
# its claims while it makes N of them: the CPUs, then its warnings
claim() {
	local dir=$1 n=${2:-1}
	# shellcheck disable=SC2016 # expanded by the inner bash
	taskset -c 0,1 timeout 10 bash -c '
		source "$1/host/qemu.sh" && source "$1/qemu/boot.sh" || exit 9
		for _ in $(seq "$3"); do cpu_claim "$2"; printf "%s;" "${claimed_cpu:--}"; done
	' claim "$top" "$dir" "$n" 2>"$T/warn"
	echo " rc=$?"
}
mode() { stat -c %a "$1"; }

# its own folder
d=$T/own
same "a fresh folder: CPU 0, then CPU 1, then none (both held)" "0;1;-; rc=0" "$(claim "$d" 3)"
same "the folder is made mode 700" 700 "$(mode "$d")"
same "cpu0 and cpu1 are made mode 600" "600 600" "$(mode "$d/cpu0") $(mode "$d/cpu1")"
same "a claim ends with its shell: CPU 0 again" "0; rc=0" "$(claim "$d")"
same "the folder of cpu_claim_dir is the user's own, by uid" "/tmp/swapbench-cpus-$(id -u)" "$(cpu_claim_dir)"

# cpu0 a FIFO; cpu0 a link to a file that does not exist yet, cpu1 a FIFO
d=$T/fifo
mkdir -m 700 "$d"
mkfifo "$d/cpu0"
same "cpu0 a FIFO: passed over without a hang, CPU 1" "1; rc=0" "$(claim "$d")"
d=$T/links
mkdir -m 700 "$d"
ln -s "$T/made-by-root" "$d/cpu0"
mkfifo "$d/cpu1"
same "cpu0 a link and cpu1 a FIFO: nothing claimed" "-; rc=0" "$(claim "$d")"
check "the link's target is not made" test ! -e "$T/made-by-root"
: >"$T/target"
chmod 644 "$T/target"
ln -sf "$T/target" "$d/cpu0"
claim "$d" >/dev/null
same "the link's existing target keeps its mode (644)" 644 "$(mode "$T/target")"
rm "$d/cpu1"
mkdir "$d/cpu1"
same "cpu1 a folder: passed over" "-; rc=0" "$(claim "$d")"

# the folder itself
d=$T/open
mkdir -m 777 "$d"
same "a folder others may write: refused" "-; rc=0" "$(claim "$d")"
check "... and the warning says why" grep -q "not a folder of this user's that only it may write" "$T/warn"
same "... nothing made in it, its mode kept (777)" "0 777" "$(find "$d" -mindepth 1 | wc -l) $(mode "$d")"
ln -s "$T/own" "$T/dirlink"
same "a folder that is a link: refused" "-; rc=0" "$(claim "$T/dirlink")"
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	d=$T/theirs
	mkdir -m 700 "$d"
	chown nobody "$d"
	same "another user's folder (nobody's, mode 700): refused" "-; rc=0" "$(claim "$d")"
	same "... nothing made in it" 0 "$(find "$d" -mindepth 1 | wc -l)"
	mkdir -m 700 "$T/mine"
	: >"$T/mine/cpu0"
	chown nobody "$T/mine/cpu0"
	same "in its own folder, a cpu0 another user owns: passed over, CPU 1" "1; rc=0" "$(claim "$T/mine")"
else
	skip "another user's folder" "needs root and a user nobody"
fi
exit "$failed"
