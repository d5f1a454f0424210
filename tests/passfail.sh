# shellcheck shell=bash
# tests/passfail.sh -- the verdict helpers every shell test sources: one
# line per check, "PASS name", "FAIL name: why", "SKIP name: why" or
# "INFO text", which tests/run counts; `exit "$failed"` at the end makes
# any FAIL the test's exit status 1.
# shellcheck disable=SC2034 # failed: the sourcing test exits with it
failed=0

pass() { echo "PASS $1"; }
# out_dir TOP: the build folder the tests read, OUT or out, from TOP when relative
out_dir() {
	local o=${OUT:-out}
	case $o in /*) ;; *) o=$1/$o ;; esac
	echo "$o"
}
# fail NAME [WHY...]
fail() {
	local name=$1
	shift
	echo "FAIL $name${*:+: $*}"
	failed=1
}
# skip NAME WHY: a check this machine cannot make, counted as skipped
skip() { echo "SKIP $1${2:+: $2}"; }
info() { echo "INFO $*"; }
# check NAME COMMAND...: PASS if COMMAND succeeds (its output is not shown)
check() {
	local name=$1
	shift
	if "$@" >/dev/null 2>&1; then pass "$name"; else fail "$name" "'$*' failed"; fi
}
# same NAME WANT GOT: PASS if GOT is WANT, else FAIL saying both
same() {
	if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "got '$3', want '$2'"; fi
}
# contains NAME TEXT PART: PASS if TEXT contains PART, else FAIL quoting both
contains() {
	if [[ $2 == *"$3"* ]]; then pass "$1"; else fail "$1" "'$2' lacks '$3'"; fi
}
