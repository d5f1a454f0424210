#!/bin/bash
# One default per setting: host/settings.tsv holds each setting of make and
# qemu/run once, with a row of its own for the targets that take another
# default, and host/settings.sh is its one reader.
# 1. The reader: settings_apply fills an unset or empty setting and keeps a
#    given one, --for TARGET takes that target's row, $NAME and the
#    registry's values are filled in, a name not in the table, a default it
#    cannot make and a malformed row are refused.
# 2. The table: every target it names is a make target or a script, every
#    target's row a setting's second row.
# 3. make reads it: its defaults are the table's (a goal's own row too), and
#    make help lists every setting with the table's defaults and the
#    targets' own, and every target of the Makefile.
# 4. docs/variables.md says what the table says: each setting's default,
#    the targets that take it and those that take another default, DISK's
#    profiles; shown first to catch a planted table that says otherwise.
# 5. No tracked script or Makefile writes a default of a setting of the
#    table (${NAME:-value}, ${NAME-value}, ${NAME:=value}, $(or $(NAME),...),
#    NAME ?=, [ -n "$NAME" ] || NAME=value, [ -z "$NAME" ] && NAME=value):
#    the scan is shown to catch planted ones in a tree first. A default
#    computed at run time (from the kernel, a profile) is marked
#    "# computed default: WHY" on its line or the line above, and the
#    table's help says how it is computed.
# shellcheck disable=SC2030,SC2031,SC2034 # each check sets the settings it reads in a subshell of its own
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
cd "$top" || exit 2
# shellcheck source=host/settings.sh
source host/settings.sh
OUT=${OUT:-out}
INIT_HOST=$(realpath -m "$OUT/bin/init-host")
export INIT_HOST
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. the reader
same "settings: MEM's default is 64" 64 "$(settings_default MEM)"
same "settings: an unset MEM takes it" 64 "$(unset MEM; settings_apply MEM; echo "$MEM")"
same "settings: an empty MEM takes it" 64 "$(MEM='' && settings_apply MEM && echo "$MEM")"
same "settings: a given MEM stays" 96 "$(MEM=96 && settings_apply MEM && echo "$MEM")"
same "settings: make kselftests' MEM is 192" 192 "$(unset MEM; settings_apply --for kselftests MEM; echo "$MEM")"
same "settings: DISK's own default is host" host "$(unset DISK; settings_apply DISK; echo "$DISK")"
for t in run diskcheck diskchar diskfio; do
	same "settings: make $t takes DISK=hdd" hdd "$(unset DISK; settings_apply --for "$t" DISK; echo "$DISK")"
done
same "settings: make seeds' RUNS by case: host, model on the host clock, deterministic" "10 2 20" \
	"$(for c in seeds seeds:model-host seeds:deterministic; do (unset RUNS; settings_apply --for "$c" RUNS; printf '%s ' "$RUNS"); done | xargs)"
same "settings: a target without a row of its own takes the setting's default" host "$(unset DISK; settings_apply --for seeds DISK; echo "$DISK")"
same "settings: BZIMAGE's default is \$OUT/\$ARCH/bzImage" o/i486/bzImage "$(unset BZIMAGE; OUT=o ARCH=i486; settings_apply BZIMAGE; echo "$BZIMAGE")"
same "settings: \$ARCH unset takes ARCH's default" o/x86_64/bzImage-fio "$(unset BZIMAGE ARCH; OUT=o; settings_apply --for diskfio BZIMAGE; echo "$BZIMAGE")"
same "settings: the cache is under XDG_CACHE_HOME, else HOME/.cache" "/x/swapbench /h/.cache/swapbench" \
	"$(unset SWAPBENCH_CACHE XDG_CACHE_HOME; HOME=/h; a=$(XDG_CACHE_HOME=/x settings_value SWAPBENCH_CACHE); echo "$a $(settings_value SWAPBENCH_CACHE)")"
out=$(unset OUT REPORT; settings_apply REPORT 2>&1)
same "settings: a default naming an unset variable is refused (status 2)" "2 settings: REPORT's default names \$OUT, which is not set" "$? $out"
if [ -x "$INIT_HOST" ]; then
	same "settings: LIMIT's default is the registry's wall-clock-s" "$(host/registry.sh limit wall-clock-s)" "$(unset LIMIT; settings_apply LIMIT; echo "$LIMIT")"
	same "settings: make lava's RUNS is the image's default" "$(host/registry.sh default runs)" "$(unset RUNS; settings_apply --for lava RUNS; echo "$RUNS")"
else
	skip "settings: the registry's defaults" "no $INIT_HOST (make tools)"
fi
same "settings: a computed default (TSC_KHZ) is left to its program" "" "$(unset TSC_KHZ; settings_apply TSC_KHZ; echo "${TSC_KHZ:-}")"
out=$(settings_apply NO_SUCH 2>&1)
same "settings: a name not in the table is refused (status 2)" "2 settings: NO_SUCH is not in host/settings.tsv" "$? $out"
printf 'MEM\t64\tenv\tboots\n' >"$tmp/bad.tsv"
out=$(SETTINGS_TSV=$tmp/bad.tsv settings_rows 2>&1 >/dev/null)
same "settings: a row of 4 fields is refused, naming its line" "host/settings.tsv:1: 4 fields, not 5" "$out"

# 2. the table
# (the renamed targets' .PHONY, computed from lib/renames.h, are refusals,
# not targets)
# shellcheck disable=SC2016 # the $( sed looks for is make's, not the shell's
phony=" $(sed -n '/\$(/!s/^\.PHONY: //p' Makefile) "
bad=$(settings_rows | cut -f4 | tr ',' '\n' | sort -u | while read -r t; do
	n=${t%%:*}
	settings_group "$n" >/dev/null || [[ $phony == *" $n "* ]] || { [[ $n == */* ]] && git ls-files --error-unmatch "$n" >/dev/null 2>&1; } || echo "$t"
done | xargs)
same "settings: every target of the table is a make target, a group or a tracked script" "" "$bad"
bad=$(for g in builds boots; do for t in $(settings_group "$g"); do [[ $phony == *" $t "* ]] || echo "$g:$t"; done; done | xargs)
same "settings: the groups' targets are make targets" "" "$bad"
bad=$(settings_rows target | cut -f1 | sort -u | while read -r n; do settings_rows make env run | cut -f1 | grep -qx "$n" || echo "$n"; done | xargs)
same "settings: every target's row is a second row of a setting" "" "$bad"

# 3. make
# shellcheck disable=SC2119 # no goals: the defaults make sets for every goal
want=$(settings_make_defaults | sort | paste -sd' ')
# print VAR... [-- GOALS]: make's values of VARs, one a line as VAR=VALUE,
# GOALS taken as the command line's goals, none of VARs in the environment
print() {
	local vars=() goals=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do vars+=("$1"); shift; done
	[ $# = 0 ] || goals=$2
	env "${vars[@]/#/-u}" make -s --no-print-directory -f Makefile -f - print-vars ${goals:+MAKECMDGOALS="$goals"} \
		<<<"print-vars: ; @printf '%s\\n' \$(foreach v,${vars[*]},'\$(v)=\$(\$(v))')" 2>/dev/null
}
# shellcheck disable=SC2119 # no goals, as above
mapfile -t names < <(settings_make_defaults | cut -d= -f1)
got=$(print "${names[@]}" | sort | paste -sd' ')
same "settings: make's defaults are the table's" "$want" "$got"
same "settings: make pxe and make lava take EXTRA_ON=initramfs, the others disk" "initramfs initramfs disk" \
	"$(for g in pxe lava run; do print EXTRA_ON -- "$g" | cut -d= -f2; done | xargs)"
help=$(env -i PATH="$PATH" HOME="${HOME:-/root}" make -s --no-print-directory help BIN_OUT="$(dirname "$INIT_HOST")")
helpvars=$(sed -n '/^Variables/,/^$/p' <<<"$help")
same "settings: make help lists every setting (LIMIT too)" "$(settings_names make env run)" \
	"$(sed -n 's/^  \([A-Z_]*\)=.*/\1/p' <<<"$helpvars" | xargs)"
# line NAME: make help's line of NAME
line() { grep "^  $1=" <<<"$helpvars"; }
bad=$(settings_rows env run | tr '\t' '\037' | while IFS=$'\037' read -r n d _; do
	[ -z "$d" ] || [[ $(line "$n") == *"[unset: $(settings_default_words "$d")"* ]] || echo "$n"
done | xargs)
same "settings: make help gives each env and run setting's default" "" "$bad"
bad=$(settings_rows target | tr '\t' '\037' | while IFS=$'\037' read -r n d _ t _; do
	[[ $(line "$n") == *"$(settings_targets_words "$t"): $(settings_default_words "$d")"* ]] || echo "$n:$t"
done | xargs)
same "settings: make help gives the targets' own defaults" "" "$bad"
targets=$(sed -n '/^Targets/,/^$/p' <<<"$help")
bad=$(for t in $phony; do [ "$t" = FORCE ] || grep -qE "(make |, |: )$t([ ,;:]|$)" <<<"$targets" || echo "$t"; done | xargs)
same "settings: make help lists every target of the Makefile" "" "$bad"

# 4. docs/variables.md
# trim TEXT: TEXT without its leading and trailing blanks
trim() { sed 's/^ *//; s/ *$//' <<<"$1"; }
# drift TSV: what docs/variables.md says otherwise than the table TSV
drift() {
	local n d s t w row
	SETTINGS_TSV=$1 settings_rows make env run | tr '\t' '\037' | while IFS=$'\037' read -r n d s t _; do
		row=$(grep -F "| \`$n\` |" docs/variables.md | head -n 1)
		[ -n "$row" ] || { echo "$n: no row"; continue; }
		IFS='|' read -r _ _ dc oc tc sc _ <<<"$row"
		dc=$(trim "$dc" | tr -d '`') oc=$(trim "$oc") tc=$(trim "$tc") sc=$(trim "$sc")
		[ "$dc" = "$d" ] || echo "$n: default '$dc', the table's '$d'"
		w=$(SETTINGS_TSV=$1 settings_targets_words "$t")
		[ "$tc" = "$w" ] || echo "$n: taken by '$tc', the table's '$w'"
		[ "$sc" = "$s" ] || echo "$n: scope '$sc', the table's '$s'"
		w=$(SETTINGS_TSV=$1 settings_others "$n")
		[ "$oc" = "$w" ] || echo "$n: the targets' defaults '$oc', the table's '$w'"
	done
}
sed 's/^\(DISK\tssd\)/&/; s/^DISK\thdd\ttarget\t/DISK\tssd\ttarget\t/' "$SETTINGS_TSV" >"$tmp/planted.tsv"
same "settings: the docs check finds a planted table whose make run takes DISK=ssd" \
	"DISK: the targets' defaults 'make run, make diskcheck, make diskchar, make diskfio: hdd', the table's 'make run, make diskcheck, make diskchar, make diskfio: ssd'" \
	"$(drift "$tmp/planted.tsv")"
same "settings: docs/variables.md says each setting's default, scope, targets and the targets' own defaults" "" "$(drift "$SETTINGS_TSV")"
profiles=$(for f in disk/profiles/*.conf; do basename "$f" .conf; done | xargs)
# shellcheck disable=SC2016 # the backquotes are Markdown's
row=$(grep -F '| `DISK` |' docs/variables.md)
same "settings: docs/variables.md's DISK names every profile of disk/profiles" "" \
	"$(for p in $profiles; do [[ $row == *" $p"[\ \|]* ]] || echo "$p"; done | xargs)"

# 5. no default outside the table
# defaults DIR: FILE:LINE of each default of a setting of the table in
# DIR's tracked scripts (a sh or bash shebang, .sh, shell=bash) and Makefiles
defaults() {
	local names files
	names=$(settings_names make env run | tr ' ' '|')
	mapfile -t files < <(git -C "$1" ls-files | while read -r f; do
		[ -f "$1/$f" ] || continue
		case $f in Makefile | */Makefile | *.mk | *.sh) echo "$f"; continue ;; esac
		head -c 200 "$1/$f" | grep -qE '^#!(/usr)?/bin/(env )?(ba)?sh|shell=bash' && echo "$f"
	done)
	[ ${#files[@]} = 0 ] || (cd "$1" && grep -nE "(^|[^\\])\\\$\{($names)(:?[-=])[^}]|\\\$\(or \\\$\(($names)\)|^[[:space:]]*($names)[[:space:]]*\?=" "${files[@]}" /dev/null | cut -d: -f1,2)
	[ ${#files[@]} = 0 ] || (cd "$1" && tested_defaults "$names" "${files[@]}")
}
# tested_defaults NAMES FILE...: FILE:LINE of each [ -n "$NAME" ] || NAME=value
# and [ -z "$NAME" ] && NAME=value (test and [[ too) not marked as computed
tested_defaults() {
	# shellcheck disable=SC2016 # the $ and { are the pattern's
	local v='"?\\$\\{?('"$1"')(:-)?\\}?"?[[:space:]]*(\\]\\]?)?[[:space:]]*'
	shift
	awk -v set="-n[[:space:]]+${v}[|][|]" -v unset="-z[[:space:]]+${v}&&" -v names="$names" '
		FNR == 1 { above = "" }
		($0 ~ (set "[[:space:]]*(export[[:space:]]+)?(" names ")=[^[:space:];]") ||
		 $0 ~ (unset "[[:space:]]*(export[[:space:]]+)?(" names ")=[^[:space:];]")) &&
		$0 !~ /# computed default: / && above !~ /^[[:space:]]*# computed default: / { print FILENAME ":" FNR }
		{ above = $0 }' "$@"
}
plant=$tmp/tree
mkdir -p "$plant/tools"
# written with @ for $ and ?, so that this file holds no default itself
printf '#!/bin/bash\nMEM=@{MEM:-64}\necho "@{LAYOUT:-default}"\n' >"$plant/bad.sh"
printf '#!/bin/sh\nLIMIT=@{LIMIT-900}\n' >"$plant/tools/run"
printf 'ARCH @= x86_64\nD := @(or @(DISK),host)\n' >"$plant/Makefile"
printf '#!/bin/bash\nMEM=@{MEM:-}\ncat <<EOF\nLIMIT=\\@{LIMIT:-60}\nEOF\nx=@{OTHER:-1}\n' >"$plant/good.sh"
printf '#!/bin/bash\n[ -n "@MEM" ] || MEM=64\n[ -z "@{LIMIT:-}" ] && LIMIT=900\n[[ -n @ARCH ]] || export ARCH=x86_64\n: "@{DISK:=host}"\nRUNS=@{RUNS:-@(nproc)}\n' >"$plant/tested.sh"
printf '#!/bin/bash\n[ -z "@{MEM:-}" ] || LIMIT=@MEM\n[ -n "@MEM" ] || MEM=@def # computed default: the kernel says\n# computed default: the profile says\n[ -n "@DISK" ] || DISK=@d\n[ -n "@OTHER" ] || OTHER=1\n' >"$plant/computed.sh"
printf 'MEM=@{MEM:-64}\n' >"$plant/notes.txt"
sed -i 's/@=/?=/; s/@/$/g' "$plant/bad.sh" "$plant/tools/run" "$plant/Makefile" "$plant/good.sh" "$plant/notes.txt" \
	"$plant/tested.sh" "$plant/computed.sh"
git -C "$plant" init -q && git -C "$plant" add -A
same "settings: the scan finds the planted defaults (tested, := and computed in place too), and no empty, escaped, other, marked or opposite one" \
	"Makefile:1 Makefile:2 bad.sh:2 bad.sh:3 tested.sh:2 tested.sh:3 tested.sh:4 tested.sh:5 tested.sh:6 tools/run:2" "$(defaults "$plant" | sort | xargs)"
same "settings: no tracked script or Makefile writes a default of host/settings.tsv" "" "$(defaults "$top" | xargs)"
exit "$failed"
