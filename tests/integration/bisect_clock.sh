#!/bin/bash
# experiments/bisect-run times its steps by the baseline's clock: read from
# the baseline's boots (their status files name clock:deterministic, icount
# or host), taken when DETERMINISTIC and ICOUNT are unset or agree, refused
# (exit 128, before anything builds or boots) when they ask for another
# clock or the boots disagree. Baselines are status files only: no kernel
# boots (the steps' KERNEL does not exist, so an accepted one ends in a skip).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
T=$(mktemp -d /tmp/bisect_clock.XXXXXX)
trap 'rm -rf "$T"' EXIT
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
# baseline DIR CLOCK...: one boot directory per CLOCK, as qemu/run writes its status
baseline() {
	local d=$1 i=0 c
	shift
	for c in "$@"; do
		i=$((i + 1))
		mkdir -p "$d/boot$i"
		printf 'status=0\nverdict=completed\ninstrument=accel:tcg,clock:%s,tsc:virtual,pin:-,cache:writeback,disk:host,smp:1\n' "$c" >"$d/boot$i/status"
		echo "# sb meta boot=b$i" >"$d/boot$i/serial.log"
	done
}
# step WANT_RC ENV...: bisect-run --baseline $base with ENV; sets out
step() {
	local want=$1
	shift
	out=$(env -u ICOUNT -u DETERMINISTIC "$@" "KERNEL=$T/no-such-bzImage" "BISECT_DIR=$T/steps" RUNS=1 WORKLOADS=idle \
		experiments/bisect-run --baseline "$base" --max-boots 1 2>&1)
	rc=$?
	[ "$rc" = "$want" ]
}
base=$T/det
baseline "$base" deterministic deterministic deterministic
if step 128 ICOUNT=1; then pass "a deterministic baseline, ICOUNT=1 steps: refused (128)"; else fail "a deterministic baseline, ICOUNT=1 steps: refused (128)" "exit $rc: $out"; fi
if grep -q "refused: the baseline was timed by the clock deterministic (its boots' instrument), the steps would be by icount" <<<"$out"; then
	pass "... naming both clocks"
else
	fail "... naming both clocks" "$out"
fi
if [ ! -d "$T/steps" ]; then pass "... before anything boots"; else fail "... before anything boots" "$(ls "$T/steps")"; fi
step 125
if grep -q "timing the steps as the baseline was: clock deterministic (3 boots' instrument)" <<<"$out" &&
	! grep -q "does not say how it was timed" <<<"$out"; then
	pass "a deterministic baseline, nothing set: the steps take its clock"
else
	fail "a deterministic baseline, nothing set: the steps take its clock" "$out"
fi
step 125 DETERMINISTIC=1
if grep -q "timing the steps as the baseline was: clock deterministic" <<<"$out"; then pass "DETERMINISTIC=1 agrees: accepted"; else fail "DETERMINISTIC=1 agrees: accepted" "$out"; fi
base=$T/icount
baseline "$base" icount icount
if step 128 DETERMINISTIC=1; then pass "an icount baseline, DETERMINISTIC=1 steps: refused"; else fail "an icount baseline, DETERMINISTIC=1 steps: refused" "exit $rc: $out"; fi
base=$T/host
baseline "$base" host host
if step 128 ICOUNT=1; then pass "a host-clock baseline, ICOUNT=1: refused"; else fail "a host-clock baseline, ICOUNT=1: refused" "exit $rc: $out"; fi
step 125 ICOUNT=0
if grep -q "clock host" <<<"$out"; then pass "a host-clock baseline, ICOUNT=0: accepted"; else fail "a host-clock baseline, ICOUNT=0: accepted" "$out"; fi
base=$T/mixed
baseline "$base" deterministic host
if step 128; then pass "a baseline timed by two clocks: refused"; else fail "a baseline timed by two clocks: refused" "exit $rc: $out"; fi
if grep -q "timed with different clocks (deterministic host)" <<<"$out"; then pass "... naming them"; else fail "... naming them" "$out"; fi
exit $failed
