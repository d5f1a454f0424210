#!/bin/bash
# One default per setting: host/settings.tsv holds each setting of make and
# qemu/run once, and host/settings.sh is its one reader.
# 1. The reader: settings_apply fills an unset or empty setting and keeps a
#    given one, --for experiment takes make run's row, a name not in the
#    table and a malformed row are refused.
# 2. make reads it: its defaults are the table's, and make help lists the
#    make and env settings, no more.
# 3. No script restates a default the table holds (X=${X:-DEFAULT}): the scan
#    is shown to catch a planted one first. Not scanned: docs/, tests/.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
cd "$top" || exit 2
# shellcheck source=host/settings.sh
source host/settings.sh

# 1. the reader
same() { if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "got '$3', want '$2'"; fi; }
same "settings: MEM's default is 64" 64 "$(settings_default MEM)"
same "settings: an unset MEM takes it" 64 "$(unset MEM; settings_apply MEM; echo "$MEM")"
same "settings: an empty MEM takes it" 64 "$(MEM='' && settings_apply MEM && echo "$MEM")"
same "settings: a given MEM stays" 96 "$(MEM=96 && settings_apply MEM && echo "$MEM")"
same "settings: DISK's own default is host" host "$(unset DISK; settings_apply DISK; echo "$DISK")"
same "settings: make run's experiment takes hdd" hdd "$(unset DISK; settings_apply --for experiment DISK; echo "$DISK")"
same "settings: a computed default (BZIMAGE) is left to its program" "" "$(unset BZIMAGE; settings_apply BZIMAGE; echo "${BZIMAGE:-}")"
out=$(settings_apply NO_SUCH 2>&1)
same "settings: a name not in the table is refused (status 2)" "2 settings: NO_SUCH is not in host/settings.tsv" "$? $out"
bad=$(mktemp)
trap 'rm -f "$bad"' EXIT
printf 'MEM\t64\tmake\n' >"$bad"
out=$(SETTINGS_TSV=$bad settings_rows 2>&1 >/dev/null)
same "settings: a row of 3 fields is refused, naming its line" "host/settings.tsv:1: 3 fields, not 4" "$out"

# 2. make
want=$(settings_make_defaults | sort | paste -sd' ')
got=$(for kv in $(settings_make_defaults); do n=${kv%%=*}; printf '%s=%s\n' "$n" \
	"$(env -u "$n" make -s --no-print-directory -f Makefile -f - print-"$n" <<<"print-%: ; @echo '\$(\$*)'" 2>/dev/null)"; done | sort | paste -sd' ')
same "settings: make's defaults are the table's" "$want" "$got"
same "settings: make help lists the make and env settings" "$(settings_names make env)" \
	"$(env -i PATH="$PATH" HOME="${HOME:-/root}" make -s --no-print-directory help | sed -n '/^Variables/,/^$/s/^  \([A-Z_]*\)=.*/\1/p' | xargs)"

# 3. no restated default
# restated FILE...: NAME:LINE of each X=${X:-D} or ${X:-D} whose D is the table's default of X
restated() {
	local n d
	settings_rows make env run | while IFS= read -r line; do
		n=${line%%$'\t'*} d=${line#*$'\t'} d=${d%%$'\t'*}
		if [ -z "$d" ] || [[ $d == \(* ]]; then continue; fi
		grep -nF -- "\${$n:-$d}" "$@" /dev/null | sed "s/^/$n: /"
	done
}
plant=$(mktemp)
# shellcheck disable=SC2016 # the planted line, written as a script would have it
printf '#!/bin/bash\nMEM=${MEM:-64}\n' >"$plant"
same "settings: the scan finds a planted MEM=\${MEM:-64}" "MEM: $plant:2:MEM=\${MEM:-64}" "$(restated "$plant")"
rm -f "$plant"
mapfile -t files < <(git ls-files | grep -v '^docs/\|^tests/' | while read -r f; do
	[ -f "$f" ] && head -c 200 "$f" | grep -q '^#!.*sh\|shell=bash' && echo "$f"; done)
same "settings: no script of ${#files[@]} restates a default of host/settings.tsv" "" "$(restated "${files[@]}")"
exit "$failed"
