#!/bin/bash
# The LAVA jobs under a real LAVA dispatcher (lava/check, as make lava-check):
# every run a LAVA test case with swapbench-report's elapsed_s, in QEMU and
# on a PXE-booted stand-in PC. Then lava/check --verify must catch a lost
# test case, a wrong measurement and a failed case in altered copies of the
# QEMU job's log, so a check that passes is a check that can fail.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

work=$T/work
t0=$(date +%s)
out=$(LAVA_CHECK_DIR=$work "$top/lava/check" 2>&1)
rc=$?
while IFS= read -r line; do
	case $line in
	"lava-check: ok: "*) pass "lava: ${line#lava-check: ok: }" ;;
	"lava-check: FAIL: "*) fail "lava: ${line#lava-check: FAIL: }" ;;
	esac
done <<<"$out"
grep -q '^lava-check: FAIL: ' <<<"$out" || check "lava/check exits 0 (it exited $rc)" test "$rc" = 0
cases=$(cat "$work"/{qemu,pxe}/results.tsv 2>/dev/null | grep -c $'^swapbench\t')
info "lava/check took $(($(date +%s) - t0)) s; LAVA recorded $cases swapbench test cases over both jobs"

# altered NAME SED-SCRIPT: a copy of the QEMU job's log with one change
altered() {
	mkdir -p "$T/$1"
	sed -E "$2" "$work/qemu/lava.log" >"$T/$1/lava.log"
	"$top/lava/check" --verify "$T/$1/lava.log" 4 2>&1
}
if [ -f "$work/qemu/lava.log" ]; then
	v=$(altered lost '/"lvl": "results".*"case": "fight_file_2"/d')
	check "verify: a lost test case fails the check" grep -q 'FAIL: lost: run 3 (fight-file-2): no LAVA test case' <<<"$v"
	v=$(altered wrong '/"case": "fight_partition_1"/s/"measurement": "[0-9.]*"/"measurement": "9.999999"/')
	check "verify: a measurement other than the csv's fails the check" grep -q 'FAIL: wrong: run 1 .*9.999999' <<<"$v"
	v=$(altered failed '/"case": "fight_file_1"/s/"result": "pass"/"result": "fail"/')
	check "verify: a failed test case fails the check" grep -q 'FAIL: failed: swapbench test cases that did not pass: fight_file_1=fail' <<<"$v"
	v=$(altered intact 's/^//')
	check "verify: the unaltered log passes" grep -q '^lava-check: [0-9]* ok, 0 failed' <<<"$v"
else
	fail "verify: no QEMU job log to alter ($work/qemu/lava.log)"
fi
finish
