#!/bin/bash
# rootfs/pack: the same files give the same initramfs bytes whatever their
# mtimes, file contents still count, and a failing input is an error.
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$top/out}
case $OUT in /*) ;; *) OUT=$top/$OUT ;; esac
gen=$OUT/bin/gen_init_cpio
tmp=$(mktemp -d /tmp/sb-pack.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"

[ -x "$gen" ] || { fail "pack: gen_init_cpio" "no $gen (make initramfs builds it)"; exit 1; }
printf 'swapbench\n' >"$tmp/a"
printf 'dir /bin 0755 0 0\nfile /bin/a %s 0755 0 0 /bin/b\n\nnod /dev/null 0666 0 0 c 1 3\n' "$tmp/a" >"$tmp/list"
pack() { "$top/rootfs/pack" "$tmp/list" "$gen" "$tmp/stage" >"$tmp/$1"; }

touch -d '2001-02-03 04:05:06' "$tmp/a"
pack one.cpio
touch -d '2026-11-30 01:02:03' "$tmp/a"
pack two.cpio
if cmp -s "$tmp/one.cpio" "$tmp/two.cpio"; then pass "pack: another mtime, the same bytes"; else fail "pack: another mtime, the same bytes" "archives differ"; fi
# newc: 6 magic + 8 x 5 fields, then the 8-digit mtime, in every header
mtimes=$(grep -ao '070701[0-9A-F]\{104\}' "$tmp/one.cpio" | cut -c47-54 | sort -u | tr '\n' ' ')
if [ "$mtimes" = "00000000 " ]; then pass "pack: every entry dated 0"; else fail "pack: every entry dated 0" "mtimes: $mtimes"; fi
if grep -aq 'swapbench' "$tmp/one.cpio"; then pass "pack: the file's contents are in"; else fail "pack: the file's contents are in" "not found"; fi
if [ ! -e "$tmp/stage" ]; then pass "pack: the staging copies are gone"; else fail "pack: the staging copies are gone" "$tmp/stage left"; fi
printf 'swapbenck\n' >"$tmp/a"
pack three.cpio
if ! cmp -s "$tmp/one.cpio" "$tmp/three.cpio"; then pass "pack: other contents, other bytes"; else fail "pack: other contents, other bytes" "identical"; fi
rm "$tmp/a"
if pack four.cpio 2>/dev/null; then fail "pack: a missing file is an error" "exit 0"; else pass "pack: a missing file is an error"; fi
exit "$failed"
