#!/bin/bash
# host/settings.sh -- the one reader of host/settings.tsv, the table of every
# setting of make and qemu/run (its default, scope and help). Sourced by
# qemu/run and the scripts (settings_apply), run as a program by the
# Makefile (make-defaults, names, help) and docs/generate (rows).

SETTINGS_TSV=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/settings.tsv

# settings_rows [SCOPE...]: NAME, DEFAULT, SCOPE, HELP of each setting (of
# those scopes), tab-separated, in the table's order
settings_rows() {
	awk -F'\t' -v scopes=" $* " '/^#/ || NF == 0 { next }
		NF != 4 { printf "host/settings.tsv:%d: %d fields, not 4\n", NR, NF > "/dev/stderr"; bad = 1; next }
		scopes == "  " || index(scopes, " " $3 " ") { print }
		END { exit bad }' "$SETTINGS_TSV"
}

# settings_default NAME [SCOPE]: NAME's default (SCOPE experiment: the one
# make run's experiment and the disk model's checks take instead); status 1
# for a setting not in the table
settings_default() {
	settings_rows | awk -F'\t' -v n="$1" -v s="${2:-}" '!found && $1 == n && (s == "" ? $3 != "experiment" : $3 == s) {
		print $2; found = 1 } END { exit !found }'
}

# settings_apply [--for SCOPE] NAME...: each NAME unset or empty takes its
# default (of SCOPE's row, with --for; one computed by a program, written in
# parentheses, is left to it); exported when it already was. A NAME not in
# the table is a bug: it says so and returns 2.
settings_apply() {
	local n d scope=
	[ "${1:-}" != --for ] || { scope=$2; shift 2; }
	for n; do
		d=$(settings_default "$n" "$scope") || { echo "settings: $n${scope:+ ($scope)} is not in host/settings.tsv" >&2; return 2; }
		[[ $d == \(* ]] && continue
		[ -n "${!n:-}" ] || printf -v "$n" '%s' "$d"
	done
}

# settings_names SCOPE...: the names of those scopes, one line
settings_names() { settings_rows "$@" | cut -f1 | xargs; }

# settings_make_defaults: NAME=DEFAULT for each make-scope setting, for the
# Makefile's `?=` (a default holds no space)
settings_make_defaults() { settings_rows make | awk -F'\t' '{ print $1 "=" $2 }'; }

# settings_expand HELP: HELP with {image:KEY} as ", VALUE" (the registry's,
# through INIT_HOST; nothing without it), {default-experiment:FIELD} as
# ", VALUE" of the image's default experiment (the same), {experiment:NAME} as NAME's
# default in the experiment scope, {workloads} as WL_ALL (else "the
# workloads of make wl-names"), {profiles} as the profiles' names
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
	while [[ $help =~ \{experiment:([A-Z_]+)\} ]]; do
		key=${BASH_REMATCH[1]}
		help=${help//"{experiment:$key}"/$(settings_default "$key" experiment)}
	done
	help=${help//"{workloads}"/${WL_ALL:-the workloads of make wl-names}}
	if [[ $help == *"{profiles}"* ]]; then
		profiles=
		for f in "$here"/disk/profiles/*.conf; do [ ! -f "$f" ] || profiles+="${profiles:+ }$(basename "$f" .conf)"; done
		help=${help//"{profiles}"/$profiles}
	fi
	printf '%s\n' "$help"
}

# settings_help NAME=VALUE...: make help's lines "  NAME=VALUE  HELP" for
# the make and env settings, with the given current values
settings_help() {
	local line name value a
	settings_rows make env | while IFS= read -r line; do
		name=${line%%$'\t'*} value=
		for a; do [ "${a%%=*}" != "$name" ] || value=${a#*=}; done
		printf '  %-22s %s\n' "$name=$value" "$(settings_expand "${line##*$'\t'}")"
	done
}

# settings_doc: settings_rows with each HELP expanded (docs/generate)
settings_doc() {
	local line
	settings_rows | while IFS= read -r line; do
		printf '%s\t%s\n' "${line%$'\t'*}" "$(settings_expand "${line##*$'\t'}")"
	done
}

# Run as a program: host/settings.sh FUNCTION ARGS... calls settings_FUNCTION.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	if [ $# -lt 1 ] || ! declare -F "settings_$1" >/dev/null; then
		echo "usage: host/settings.sh FUNCTION ARGS... (rows, default, names, make_defaults, help, doc)" >&2
		exit 2
	fi
	"settings_$1" "${@:2}"
fi
