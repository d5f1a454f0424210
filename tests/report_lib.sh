# shellcheck shell=bash
# tests/report_lib.sh -- sourced by tests/integration/report_cli.sh, report_io.sh and
# report_cli_md.sh: the built swapbench-report (BIN, their first argument,
# or out/bin/swapbench-report), the fixtures, a private scratch folder and
# the helpers that run the tool and judge what it wrote.
BIN=$(realpath "${1:-${OUT:-$top/out}/bin/swapbench-report}")
# shellcheck disable=SC2034 # FIX: the fixtures the sourcing test reads
FIX=$top/tests/fixtures
T=$(mktemp -d /tmp/report_cli.XXXXXX)
trap 'rm -rf "$T"' EXIT
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"

# run NAME WANT_STATUS ARGS...: runs the tool, keeps stdout/stderr in $T/out $T/err
run() {
	local name=$1 want=$2 got
	shift 2
	"$BIN" "$@" >"$T/out" 2>"$T/err"
	got=$?
	if [ "$got" = "$want" ]; then pass "$name (exit $want)"; else
		fail "$name" "exit $got, want $want; stderr: $(head -c 300 "$T/err")"; fi
}
# shellcheck disable=SC2317 # called through check
has() { grep -q -- "$2" "$T/$1"; }
size_of() { stat -c %s "$1"; }
