# shellcheck shell=bash
# tests/report_env.sh -- sourced first by every test of swapbench-report (the
# sourcing test sets top): BIN, the tool it tests (its first argument, else
# the REPORT setting under OUT), FIX, the fixtures folder, T, a scratch folder
# of its own removed at exit, and the PASS/FAIL helpers.
# shellcheck disable=SC2154 # top: set by the sourcing test
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
# shellcheck source=host/settings.sh
source "$top/host/settings.sh"
OUT=$(out_dir "$top") settings_apply REPORT || exit 2
# shellcheck disable=SC2034 # BIN: the tool the sourcing test runs
BIN=$(realpath "${1:-$REPORT}")
# shellcheck disable=SC2034 # FIX: the fixtures the sourcing test reads
FIX=$top/tests/fixtures
T=$(mktemp -d "/tmp/$(basename "$0" .sh).XXXXXX")
trap 'rm -rf "$T"' EXIT
