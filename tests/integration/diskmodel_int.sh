#!/bin/bash
# integration/diskmodel_int.sh: the disk model (disk/model/model.c, disk/model/geometry.c) is
# kernel code: no floating point (it compiles with general registers only,
# and its object has no SSE or x87 instruction), no 64-bit division but the
# kernel's helpers (compiled kernel-style for a 32-bit target against
# tests/fixtures/kshim, it references no libgcc routine: only div64_u64,
# div64_u64_rem, mul_u64_u64_div_u64, memset, memcpy); built that way for
# i686 and run, test_diskmodel prints what it prints on the host. Each check
# is first shown to catch what it looks for (the float oracle, a plain
# 64-bit division). Then the profile tool (out/bin/diskprofile): the
# target's parameter line, a key's value, the refusals naming the key; and
# the tools ending on hostile files, refusing them (import-disksim on 10^16
# cylinders, diskreplay on gaps past 11.6 days and on hex times).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
OUT=${OUT:-out}
T=${KEEP:-$(mktemp -d)}
trap '[ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
failed=0
pass() { echo "PASS diskmodel_int: $1"; }
fail() { echo "FAIL diskmodel_int: $1"; failed=1; }
check() { # check NAME CMD...
	local name=$1
	shift
	if "$@"; then pass "$name"; else fail "$name"; fi
}
MODEL=(disk/model/*.c)	# the folder is what the kernel module compiles
CC=${HOST_CC:-cc}

# --- no floating point ---------------------------------------------------
for f in "${MODEL[@]}"; do
	check "$f compiles with general registers only (-mgeneral-regs-only)" \
		"$CC" -std=c11 -O2 -mgeneral-regs-only -c -o "$T/gr.o" "$f"
done
"$CC" -std=c11 -O2 -mgeneral-regs-only -c -o "$T/gr.o" tests/unit/diskmodel_float.c 2>/dev/null
check "... which the float oracle does not (the check can fail)" test $? != 0
fpu() { # fpu OBJ: its floating-point instructions (SSE scalar or packed
	# arithmetic, conversions, compares; x87), counted; the compiler's
	# vector moves and integer adds in xmm registers (copying a struct) are not
	objdump -d --no-show-raw-insn "$1" |
		grep -cE '\s(add|sub|mul|div|sqrt|min|max|round|and|or|xor)[sp][sd]\s|\s(u?comis[sd]|cvt[a-z0-9]*)\s|\sf[a-z]+\s+.*%st|\sf(ld|st|ild|istp?|add|mul|div|sub|sqrt)[a-z]*\s'
}
for f in "${MODEL[@]}"; do
	"$CC" -std=c11 -O2 -c -o "$T/m.o" "$f"
	check "$f's object, built as the tests build it, has no floating-point instruction ($(fpu "$T/m.o"))" \
		test "$(fpu "$T/m.o")" = 0
done
"$CC" -std=c11 -O2 -c -o "$T/f.o" tests/unit/diskmodel_float.c
check "... where the float oracle's has $(fpu "$T/f.o")" test "$(fpu "$T/f.o")" -gt 0

# --- kernel style, 32-bit: the kernel's division helpers only -------------
# as the kernel builds: freestanding, no PIC, its own headers only
KFLAGS=(-std=gnu11 -O2 -ffreestanding -fno-builtin -fno-pic -nostdinc -isystem "$("$CC" -print-file-name=include)"
	-D__KERNEL__ -Itests/fixtures/kshim -Wall -Wextra -Werror -Wdeclaration-after-statement)
# the kernel's helpers, and the model's own functions (the queue's call the model's)
allowed='^(div64_u64|div_u64|div64_u64_rem|mul_u64_u64_div_u64|memset|memcpy|memmove|dmodel_[a-z0-9_]+)$'
for f in "${MODEL[@]}"; do
	o=$T/$(basename "$f" .c).k32.o
	if ! "$CC" -m32 "${KFLAGS[@]}" -c -o "$o" "$f" 2>"$T/k.err"; then
		fail "$f compiles kernel-style for 32 bits: $(head -n 3 "$T/k.err" | tr '\n' ' ')"
		continue
	fi
	undef=$(nm -u "$o" | awk '{ print $2 }' | grep -vE "$allowed" | tr '\n' ' ')
	check "$f kernel-style, 32-bit: no reference but the kernel's helpers (others: '${undef% }')" test -z "$undef"
done
printf '#include <linux/types.h>\nu64 q(u64 a, u64 b) { return a / b; }\n' >"$T/plain.c"
"$CC" -m32 "${KFLAGS[@]}" -c -o "$T/plain.o" "$T/plain.c"
check "... where a plain 64-bit division references libgcc's $(nm -u "$T/plain.o" | awk '{ print $2 }' | tr '\n' ' ')(the check can fail)" \
	sh -c "nm -u '$T/plain.o' | grep -q __udivdi3"

# the same test, its model built kernel-style for i686 with kshim/math64.c
# standing in for the kernel's lib/math/ (the rest with SSE doubles, so that
# the float oracle rounds as on x86_64): the same lines as on the host, the
# integer model's completions in the trace hashing the same
I386_CC=$top/rootfs/i386-musl-gcc
HOST_TEST=$OUT/bin/tests/test_diskmodel
if [ ! -x "$HOST_TEST" ]; then
	fail "no $HOST_TEST (make $HOST_TEST)"
elif ! "$I386_CC" -march=i686 -c -o "$T/probe.o" -x c /dev/null 2>/dev/null; then
	echo "SKIP diskmodel_int: no i386 toolchain (qemu/deps i386): the model is not run as 32-bit code"
else
	objs=()
	for f in "${MODEL[@]}"; do
		o=$T/$(basename "$f" .c).i686.o
		"$I386_CC" -march=i686 "${KFLAGS[@]}" -c -o "$o" "$f" && objs+=("$o")
	done
	if "$I386_CC" -march=i686 -msse2 -mfpmath=sse -static -std=c11 -D_GNU_SOURCE -O2 -I. -Itests/unit \
		-Itests/fixtures/kshim -o "$T/test32" tests/unit/test_diskmodel.c disk/profile/profile.c disk/profile/profile_tables.c \
		tests/unit/diskmodel_float.c tests/fixtures/kshim/math64.c "${objs[@]}" -lm 2>"$T/l.err"; then
		DISKMODEL_HASH=1 "$T/test32" >"$T/out32" 2>"$T/r.err"
		rc32=$?
		if [ "$rc32" = 126 ] && grep -q 'Exec format error' "$T/r.err"; then
			# a host kernel without IA32 emulation (seen: a 6.18 microVM's)
			echo "SKIP diskmodel_int: this host's kernel runs no 32-bit programs: the model is not run as 32-bit code ($(head -n 1 "$T/r.err"))"
		else
			DISKMODEL_HASH=1 "$HOST_TEST" >"$T/out64"
			grep '^INFO .* hash to ' "$T/out32" >"$T/hash32"
			grep '^INFO .* hash to ' "$T/out64" >"$T/hash64"
			check "as i686 kernel code, the trace's completions hash as on the host ($(cut -d' ' -f2 "$T/hash64" | tr -d '\n'))" \
				sh -c "test -s '$T/hash64' && cmp -s '$T/hash32' '$T/hash64'"
			check "as i686 kernel code, test_diskmodel prints its $(grep -c '^PASS' "$T/out64") passes, byte for byte" \
				cmp -s "$T/out32" "$T/out64"
		fi
	else
		fail "test_diskmodel links with the i686 kernel-style model: $(head -n 3 "$T/l.err" | tr '\n' ' ')"
	fi
fi

# --- the profile tool and the replay ---------------------------------------
DP=$OUT/bin/diskprofile
if [ ! -x "$DP" ]; then
	fail "no $DP (make tools)"
	exit 1
fi
# the parameter names in DMODEL_PARAMS' order, from the header
names=$(sed -n 's/^\tX(\([a-z_]*\), .*/\1/p' disk/model/model.h | sed -n '1,/^queue_order$/p' | tr '\n' ' ')
got=$("$DP" disk/profiles/hdd.conf params)
check "params: every parameter, in DMODEL_PARAMS' order (${names% })" \
	test "$(tr ' ' '\n' <<<"$got" | cut -d= -f1 | tr '\n' ' ')" = "$names"
for want in kind=1 capacity_bytes=500000000000 rpm=7200 seek_track_ns=1000000 seek_avg_ns=8500000 \
	rate_outer_bps=64800000 cache_bytes=16777216 readahead_bytes=1048576 write_cache=1; do
	check "params of the 7K500: $want" grep -qw -- "$want" <<<"$got"
done
check "params of the SD card: kind=2 unit_bytes=4194304 write_bps=4000000" \
	sh -c "'$DP' disk/profiles/sd.conf params | grep -w kind=2 | grep -w unit_bytes=4194304 | grep -qw write_bps=4000000"
check "get name" test "$("$DP" disk/profiles/hdd.conf get name)" = hdd
check "get rpm" test "$("$DP" disk/profiles/hdd-5k160.conf get rpm)" = 5400
check "get seek_track_ms as the file gives it" test "$("$DP" disk/profiles/hdd.conf get seek_track_ms)" = 1.0
check "get rotational" test "$("$DP" disk/profiles/ssd.conf get rotational)" = 0
check "get a key this kind does not give: nothing, status 0" test "$("$DP" disk/profiles/ssd.conf get rpm; echo "s$?")" = s0
check "describe: the meta record's words" \
	sh -c "'$DP' disk/profiles/hdd.conf describe | grep -q '^disk=hdd disk_kind=hdd disk_rotational=1 disk_capacity_gb=500 disk_rpm=7200 .*disk_rate_outer_mbs=64.8 '"
refused() { # refused NAME WANT ARGS...: exit 2, the message has WANT
	local name=$1 want=$2 out rc
	shift 2
	out=$("$DP" "$@" 2>&1)
	rc=$?
	if [ "$rc" = 2 ] && [[ $out == *"$want"* ]]; then pass "refused, $name: $out"
	else fail "refused, $name: status $rc, '$out' lacks '$want'"; fi
}
sed 's/^rpm *=.*/rpm = 0/' disk/profiles/hdd.conf >"$T/rpm0.conf"
grep -v '^rpm *=' disk/profiles/hdd.conf >"$T/norpm.conf"
sed 's/^heads *=.*/heads = 2.5/' disk/profiles/hdd.conf >"$T/heads.conf"
refused "rpm 0 naming the key" "rpm0.conf: rpm: impossible" "$T/rpm0.conf" params
refused "a missing rpm" "norpm.conf: missing rpm" "$T/norpm.conf" params
refused "a fraction of a head" "heads: '2.5' is not a whole number" "$T/heads.conf" get name
refused "a key profiles do not have" "no key 'speed'" disk/profiles/hdd.conf get speed
refused "a file that is not there" "$T/none.conf: No such file" "$T/none.conf" params
refused "an unknown command" "usage: diskprofile" disk/profiles/hdd.conf params2
help=$("$DP" --help 2>"$T/help.err")
st=$?
if [ "$st" = 0 ] && [ ! -s "$T/help.err" ] && [[ $help == "usage: diskprofile"* && $help == *"  describe "* && $help == *"  import-disksim "* ]]; then
	echo "PASS diskmodel_int: --help: what each command does, on stdout, status 0, nothing on stderr"
else
	fail "--help: status $st, stderr '$(head -c 200 "$T/help.err")', stdout '${help:0:200}'"
fi
# what reaches the guest is bounded as a whole (issue 58): a read overhead
# of 9.999 s passed the old bound (seek, rpm and rates only)
sed 's/^oh_read_miss_after_read_ms *=.*/oh_read_miss_after_read_ms = 9999/' disk/profiles/hdd.conf >"$T/oh.conf"
refused "a read overhead of 9.999 s, for the guest" "the worst request would cost 10 s, more than 1 s" "$T/oh.conf" params
# the tools end on hostile files, refusing them (each is also a unit test's
# and a fuzz regression's): 10^16 cylinders looped without end
mkdir -p "$T/d"
sed '/^%%$/,$d' tests/fuzz/corpus/disksim/small >"$T/d/d.diskspecs"
sed '1,/^%%$/d' tests/fuzz/corpus/disksim/small | sed 's/Number of cylinders = 200/Number of cylinders = 10000000000000000/' >"$T/d/d.model"
out=$(timeout 20 "$DP" import-disksim "$T/d" 2>&1)
rc=$?
if [ "$rc" = 2 ] && [[ $out == *"Number of cylinders = 1e+16: a whole number from 1"* ]]; then
	pass "import-disksim ends on 10^16 cylinders, refusing them: $out"
else
	fail "import-disksim on 10^16 cylinders: status $rc (124: no end in 20 s), '$out'"
fi
# 10,000 gaps of 10^12 us wrapped the replay's clock (mean_model_ms=-77599998.701, status 0)
RP=$OUT/bin/diskreplay
awk 'BEGIN { for (i = 0; i < 10000; i++) print "R Miss 100 8 1000.0 1000000000000" }' >"$T/gaps.trace"
out=$("$RP" disk/profiles/valid/atlas_III.conf "$T/gaps.trace" 2>&1)
rc=$?
if [ "$rc" = 2 ] && [[ $out == *"gaps.trace:2: the trace's gaps add up past 1000000000000 us"* ]]; then
	pass "diskreplay refuses gaps adding up past 11.6 days, naming the line: $out"
else
	fail "diskreplay on 10,000 gaps of 10^12 us: status $rc, '$(head -c 300 <<<"$out")'"
fi
printf 'R Miss 100 8 0x1p20 10\n' >"$T/hex.trace"
out=$("$RP" disk/profiles/valid/atlas_III.conf "$T/hex.trace" 2>&1)
rc=$?
if [ "$rc" = 2 ] && [[ $out == *"hex.trace:1: the service time '0x1p20' is not a number"* ]]; then
	pass "diskreplay refuses a hex float as a time, as profiles refuse hex: $out"
else
	fail "diskreplay on a hex time: status $rc, '$out'"
fi
exit $failed
