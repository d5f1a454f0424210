# Shared by the end-to-end tests: sourced, not run.
# A test prints "PASS name" or "FAIL name: why" per check; tests/run counts them.
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$top/out}
# absolute: some tools change directory (kunit.py runs from the kernel tree)
case $OUT in /*) ;; *) OUT=$top/$OUT ;; esac
ARCH=${ARCH:-x86_64}
export ARCH OUT
export BZIMAGE=${BZIMAGE:-$OUT/$ARCH/bzImage}
export INITRD=${INITRD:-$OUT/$ARCH/initramfs.cpio.gz}
export REPORT=${REPORT:-$OUT/host/swapbench-report}
export ACCEL=${ACCEL:-tcg}
T=${TEST_TMP:-$OUT/tests}/$(basename "$0" .sh)
rm -rf "$T"
mkdir -p "$T"
failed=0

pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; failed=1; }
info() { echo "INFO $*"; }
# check NAME CONDITION-COMMAND... : PASS if the command succeeds
check() {
	local name=$1
	shift
	if "$@" >/dev/null 2>&1; then pass "$name"; else fail "$name: '$*' failed"; fi
}

# boot NAME [run options] [-- cmdline]: boot into $T/NAME; sets $rc and $log
boot() {
	local name=$1
	shift
	MEM=${MEM:-64} LIMIT=${LIMIT:-300} "$top/qemu/run" -q -o "$T/$name" "$@"
	rc=$?
	log=$T/$name/serial.log
	dir=$T/$name
}

# field LOG KIND-OR-RESULT KEY: values of KEY on matching records, one a line
field() {
	grep -a "$2" "$1" | tr -d '\r' | grep -o " $3=[^ ]*" | cut -d= -f2-
}

finish() { exit $failed; }
