#!/bin/bash
# host/settings.sh -- the one reader of host/settings.tsv, the table of every
# setting of make and qemu/run (its default, scope, targets and help).
# Sourced by qemu/run and the scripts (settings_apply), run as a program by
# the Makefile (make_defaults, names, help) and docs/generate (doc, groups).

# SETTINGS_TSV: another table, for a test (tests/integration/settings.sh)
SETTINGS_TSV=${SETTINGS_TSV:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/settings.tsv}

# settings_group NAME: the make targets of a group of the TARGETS column
# (all: every target; builds: those that build the image; boots: those
# that boot it, through qemu/run), one line; status 1 for no group
settings_group() {
	case $1 in
	all) echo all ;;
	builds) echo image kernel initramfs run calibrate bench diskcheck diskchar diskfio seeds kselftests pxe lava lava-check ;;
	boots) echo run calibrate bench compare diskcheck diskchar diskfio seeds kselftests ;;
	*) return 1 ;;
	esac
}

# settings_rows [SCOPE...]: NAME, DEFAULT, SCOPE, TARGETS, HELP of each
# setting (of those scopes), tab-separated, in the table's order (a reader
# by fields turns the tabs into \037 first: read splits at a run of tabs)
settings_rows() {
	awk -F'\t' -v scopes=" $* " '/^#/ || NF == 0 { next }
		NF != 5 { printf "host/settings.tsv:%d: %d fields, not 5\n", NR, NF > "/dev/stderr"; bad = 1; next }
		scopes == "  " || index(scopes, " " $3 " ") { print }
		END { exit bad }' "$SETTINGS_TSV"
}

# settings_default NAME [TARGET]: NAME's default as the table writes it
# (with TARGET: the row of the targets that list TARGET, else the
# setting's own); status 1 for a setting not in the table
settings_default() {
	settings_rows | awk -F'\t' -v n="$1" -v t="${2:-}" '$1 != n { next }
		$3 != "target" { own = $2; found = 1; next }
		t != "" && index("," $4 ",", "," t ",") { tgt = $2; hit = 1 }
		END { if (!found) exit 1; print hit ? tgt : own }'
}

# settings_value NAME [TARGET]: NAME's default as settings_apply gives it:
# each $OTHER the value of OTHER (a setting unset: its own default), each
# {image:KEY} and {limit:NAME} the registry's; nothing for a computed one
# (in parentheses). Status 1 for a setting not in the table, 2 for a
# default that cannot be made (saying why on stderr).
settings_value() {
	local d ref v here
	d=$(settings_default "$1" "${2:-}") || return 1
	[[ $d != \(* ]] || return 0
	here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	while [[ $d =~ \$([A-Z_][A-Z0-9_]*) ]]; do
		ref=${BASH_REMATCH[1]} v=${!ref:-}
		if [ -z "$v" ]; then
			v=$(settings_value "$ref" 2>/dev/null)
			case $? in
			1) echo "settings: $1's default names \$$ref, which is not set" >&2; return 2 ;;
			2) settings_value "$ref" >/dev/null; return 2 ;;
			esac
		fi
		d=${d//"\$$ref"/$v}
	done
	while [[ $d =~ \{(image|limit):([a-z.-]+)\} ]]; do
		ref=${BASH_REMATCH[1]}:${BASH_REMATCH[2]}
		if [ "${BASH_REMATCH[1]}" = image ]; then
			v=$(INIT_HOST=${INIT_HOST:-} "$here/host/registry.sh" default "${BASH_REMATCH[2]}")
		else
			v=$(INIT_HOST=${INIT_HOST:-} "$here/host/registry.sh" limit "${BASH_REMATCH[2]}")
		fi || { echo "settings: $1's default is the registry's $ref, and the registry has none (make tools)" >&2; return 2; }
		d=${d//"{$ref}"/$v}
	done
	printf '%s\n' "$d"
}

# settings_get NAME [TARGET]: NAME's value, or its default when unset or
# empty (as settings_value; status 1 or 2 as there)
settings_get() {
	if [ -n "${!1:-}" ]; then printf '%s\n' "${!1}"; else settings_value "$@"; fi
}

# settings_apply [--for TARGET] NAME...: each NAME unset or empty takes its
# default (of TARGET's row, with --for; one computed by a program, written
# in parentheses, is left to it); exported when it already was. A NAME not
# in the table is a bug: it says so and returns 2, as for a default that
# cannot be made.
settings_apply() {
	local n d target=
	[ "${1:-}" != --for ] || { target=$2; shift 2; }
	for n; do
		[ -z "${!n:-}" ] || continue
		d=$(settings_value "$n" "$target")
		case $? in
		1) echo "settings: $n is not in host/settings.tsv" >&2; return 2 ;;
		2) return 2 ;;
		esac
		printf -v "$n" '%s' "$d"
	done
}

# settings_names SCOPE...: the names of those scopes, one line
settings_names() { settings_rows "$@" | cut -f1 | xargs; }

# settings_make_defaults [GOAL...]: NAME=VALUE for each make-scope setting,
# the row of the first GOAL that has one, for the Makefile's `?=` (a
# default holds no space)
settings_make_defaults() {
	local n t v
	# one pass over the table: each make setting and the first goal with a row of its own
	# (with its default; settings_value fills in a default that names others)
	settings_rows | awk -F'\t' -v goals=" $* " '$3 == "make" { name[++n] = $1; d[$1] = $2 }
		$3 == "target" && !($1 in tgt) { k = split($4, ts, ","); for (i = 1; i <= k; i++) if (index(goals, " " ts[i] " ")) { tgt[$1] = ts[i]; td[$1] = $2; break } }
		END { for (i = 1; i <= n; i++) { m = name[i]; if (m in tgt) print m "\037" tgt[m] "\037" td[m]; else print m "\037\037" d[m] } }' |
		while IFS=$'\037' read -r n t v; do
			if [[ $v == *[\$\{]* ]]; then v=$(settings_value "$n" "$t") || return 2; fi
			printf '%s=%s\n' "$n" "$v"
		done
}

# settings_targets_words TARGETS: a TARGETS field in words ("make run (on a
# model), make diskfio, measure/nullcost", "every target that boots")
settings_targets_words() {
	local t ts words=() cw
	IFS=, read -ra ts <<<"$1"
	for t in "${ts[@]}"; do
		cw=
		if [[ $t == *:* ]]; then
			case ${t#*:} in
			model) cw=" on a model" ;;
			model-host) cw=" on a model under the host clock" ;;
			deterministic) cw=" on a model under DETERMINISTIC=1" ;;
			*) cw=" (${t#*:})" ;;
			esac
			t=${t%%:*}
		fi
		case $t in
		all) words+=("every target") ;;
		builds) words+=("every target that builds the image") ;;
		boots) words+=("every target that boots it") ;;
		*/*) words+=("$t$cw") ;;
		*) words+=("make $t$cw") ;;
		esac
	done
	local IFS=,
	printf "%s\n" "${words[*]}" | sed 's/,/, /g'
}

# settings_default_words DEFAULT: DEFAULT as a reader takes it: {image:KEY}
# as "the image's swapbench.KEY", {limit:NAME} as "the registry's NAME"
settings_default_words() {
	local d=$1
	while [[ $d =~ \{image:([a-z.-]+)\} ]]; do d=${d//"${BASH_REMATCH[0]}"/"the image's swapbench.${BASH_REMATCH[1]}"}; done
	while [[ $d =~ \{limit:([a-z.-]+)\} ]]; do d=${d//"${BASH_REMATCH[0]}"/"the registry's ${BASH_REMATCH[1]}"}; done
	printf '%s\n' "$d"
}

# settings_others NAME: the rows of the targets that take another default
# than NAME's own, in words: "make run, make diskcheck: hdd; ..."
settings_others() {
	local v t out=
	while IFS=$'\037' read -r _ v _ t _; do
		out+="${out:+; }$(settings_targets_words "$t"): $(settings_default_words "$v")"
	done < <(settings_rows target | awk -F'\t' -v n="$1" '$1 == n' | tr '\t' '\037')
	printf '%s\n' "$out"
}

# settings_expand HELP: HELP with {image:KEY} as ", VALUE" (the registry's,
# through INIT_HOST; nothing without it), {default-experiment:FIELD} as
# ", VALUE" of the image's default experiment (the same), {workloads} as
# WL_ALL (else "the workloads of make wl-names"), {profiles} as the
# profiles' names
settings_expand() {
	local help=$1 here key d profiles f
	here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	while [[ $help =~ \{image:([a-z.]+)\} ]]; do
		key=${BASH_REMATCH[1]}
		d=$("$here/host/registry.sh" default "$key" 2>/dev/null) && d=", $d" || d=
		help=${help//"{image:$key}"/$d}
	done
	while [[ $help =~ \{default-experiment:([a-z]+)\} ]]; do
		key=${BASH_REMATCH[1]}
		d=$("$here/host/registry.sh" field default-experiment until "$key" 2>/dev/null) && [ -n "$d" ] && d=", $d" || d=
		help=${help//"{default-experiment:$key}"/$d}
	done
	help=${help//"{workloads}"/${WL_ALL:-the workloads of make wl-names}}
	if [[ $help == *"{profiles}"* ]]; then
		profiles=
		for f in "$here"/disk/profiles/*.conf; do [ ! -f "$f" ] || profiles+="${profiles:+ }$(basename "$f" .conf)"; done
		help=${help//"{profiles}"/$profiles}
	fi
	printf '%s\n' "$help"
}

# settings_defaults_words NAME DEFAULT SCOPE: what NAME takes when unset,
# in words: its default (not for make's, whose value make help shows), then
# the targets' own ("unset: 64; make kselftests: 192"); empty when nothing
# is said
settings_defaults_words() {
	local w others
	others=$(settings_others "$1")
	[ -z "$2" ] || [ "$3" = make ] || w="unset: $(settings_default_words "$2")"
	w+=${others:+${w:+; }$others}
	printf '%s\n' "$w"
}

# settings_help NAME=VALUE...: make help's lines "  NAME=VALUE  HELP" for
# every setting but the targets' rows, with the given current values, and
# what each takes when unset
settings_help() {
	local name d scope help value a w
	settings_rows make env run | tr '\t' '\037' | while IFS=$'\037' read -r name d scope _ help; do
		value=
		for a; do [ "${a%%=*}" != "$name" ] || value=${a#*=}; done
		w=$(settings_defaults_words "$name" "$d" "$scope")
		printf '  %-22s %s%s\n' "$name=$value" "$(settings_expand "$help")" "${w:+ [$w]}"
	done
}

# settings_doc: a line for each setting but the targets' rows: NAME,
# DEFAULT, the targets' defaults in words, TARGETS in words, SCOPE, HELP
# expanded, tab-separated (docs/generate)
settings_doc() {
	local name d scope targets help
	settings_rows make env run | tr '\t' '\037' | while IFS=$'\037' read -r name d scope targets help; do
		printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$d" "$(settings_others "$name")" \
			"$(settings_targets_words "$targets")" "$scope" "$(settings_expand "$help")"
	done
}

# Run as a program: host/settings.sh FUNCTION ARGS... calls settings_FUNCTION.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	if [ $# -lt 1 ] || ! declare -F "settings_$1" >/dev/null; then
		echo "usage: host/settings.sh FUNCTION ARGS... (rows, default, value, get, names, make_defaults, help, doc, group)" >&2
		exit 2
	fi
	"settings_$1" "${@:2}"
fi
