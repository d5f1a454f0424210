# shellcheck shell=bash
# host/tool.sh -- --help and --version for the shell tools a user runs
# (experiments/*, qemu/*, measure/*, lava/*), from one place, as the compiled tools answer
# them (lib/version.c): on stdout, exit 0. --help prints the script's
# opening comment, its first line as "usage: ..."; --version prints
# "NAME VERSION", VERSION the tree's git describe, which the Makefile's
# VERSION (and so every compiled tool's) also takes from tool_version.
# Checked by tests/integration/versions.sh.

# tool_version: the version of the tree this file is in ("unknown" outside git)
tool_version() {
	git -C "$(dirname "${BASH_SOURCE[0]}")/.." describe --always --dirty 2>/dev/null || echo unknown
}

# tool_answer SCRIPT [ARG...]: answers and exits when the one ARG is --help,
# -h or --version; returns otherwise (a tool's own option of that name takes
# an operand: qemu/bzinfo --version BZIMAGE reads a kernel's version)
tool_answer() {
	local script=$1
	[ $# = 2 ] || return 0
	case $2 in
	--version) echo "${script##*/} $(tool_version)" ;;
	-h | --help) awk 'NR == 1 { next } !/^#/ { exit } /^# shellcheck / { next }
		{ sub(/^# ?/, ""); print (n++ ? "" : "usage: ") $0 }' "$script" ;;
	*) return 0 ;;
	esac
	exit 0
}

# run as a program (the Makefile's VERSION): the version
[ "${BASH_SOURCE[0]}" != "$0" ] || [ "${1:-}" != version ] || tool_version
