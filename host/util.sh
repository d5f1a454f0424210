# shellcheck shell=bash
# host/util.sh -- what every host script shares, sourced: its name on each
# message (SB_WHO, by default the script's file name), log and warn lines
# on stderr, and die, which exits with the registry's status whose word is
# "error". The other sourced host/ files are the
# decisions (host/qemu.sh, host/cmdline.sh, ...); host/registry.sh reads
# the registry.
SB_WHO=${SB_WHO:-$(basename "$0")}
SB_HOST_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# log MESSAGE...: "WHO: MESSAGE" on stderr
log() { echo "$SB_WHO: $*" >&2; }
# warn MESSAGE...: "WHO: warning: MESSAGE" on stderr
warn() { echo "$SB_WHO: warning: $*" >&2; }
# die MESSAGE...: "WHO: error: MESSAGE" on stderr, then exit with the
# registry's status for "error" (2 while the registry cannot be read: the
# kernel builds before init-host exists)
die() {
	local st
	echo "$SB_WHO: error: $*" >&2
	if ! declare -F registry_exit_status >/dev/null; then
		# shellcheck source=host/registry.sh
		source "$SB_HOST_DIR/registry.sh"
	fi
	st=$(registry_exit_status error 2>/dev/null) || st=2
	exit "$st"
}

# write_whole FILE CMD...: CMD's stdout into FILE, whole or not at all: it
# goes to FILE.tmp first and is renamed over FILE only when CMD printed it
# (status 0, or 3: its output with problems; a report page is never left
# half-written); CMD's status
write_whole() {
	local file=$1 rc
	shift
	"$@" >"$file.tmp"
	rc=$?
	if [ "$rc" = 0 ] || [ "$rc" = 3 ]; then mv -f "$file.tmp" "$file"; else rm -f "$file.tmp"; fi
	return "$rc"
}
