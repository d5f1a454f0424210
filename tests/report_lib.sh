# shellcheck shell=bash
# tests/report_lib.sh -- sourced by tests/integration/report_cli.sh, report_io.sh,
# report_html.sh and report_cli_md.sh: tests/report_env.sh's tool, fixtures
# and scratch folder, and the helpers that run the tool and judge what it wrote.
# shellcheck disable=SC2154 # top: set by the sourcing test
# shellcheck source=tests/report_env.sh
source "$top/tests/report_env.sh"

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
