#!/bin/bash
# host/registry.sh -- the registry's one reader, sourced by the launchers
# (qemu/, lava/), host/cmdline.sh and the tests, and run as a program by the
# Makefile and docs/generate (host/registry.sh FUNCTION ARGS..., e.g.
# `default runs`).
# What the image and the host share (the base kernel command lines, the disk
# designations, the exit statuses and their words, the limits, the verdict's
# minimum units, the keys' defaults, the old names refused) is written once,
# in the image's C sources (init/config/registry.c, init/config/cmdkeys.c,
# lib/renames.h), and printed by
# `init-host --describe` as records (lib/describe.h: tab-separated KEY=VALUE
# fields, type= and name= first); registry_read is what parses them.
# docs/reference.md is the same facts as a page.

INIT_HOST=${INIT_HOST:-${OUT:-out}/bin/init-host}
REGISTRY=

# registry_load: reads init-host --describe into REGISTRY (once); returns 1,
# saying why on stderr, without it
registry_load() {
	[ -z "$REGISTRY" ] || return 0
	if [ ! -x "$INIT_HOST" ]; then
		echo "registry: no $INIT_HOST to read the registry from (make tools)" >&2
		return 1
	fi
	if ! REGISTRY=$("$INIT_HOST" --describe) || [ -z "$REGISTRY" ]; then
		echo "registry: $INIT_HOST --describe failed" >&2
		REGISTRY=
		return 1
	fi
}

# registry_read TYPE FIELD...: each record of TYPE among the records on
# stdin, as its FIELDs' values, tab-separated, one record a line (a field
# the record lacks is empty)
registry_read() {
	awk -F'\t' -v type="$1" -v fields="${*:2}" '
	BEGIN { n = split(fields, want, " ") }
	{
		split("", f)
		for (i = 1; i <= NF; i++)
			if ((e = index($i, "=")))
				f[substr($i, 1, e - 1)] = substr($i, e + 1)
		if (f["type"] != type)
			next
		line = ""
		for (i = 1; i <= n; i++)
			line = line (i > 1 ? "\t" : "") f[want[i]]
		print line
	}'
}

# registry_rows TYPE FIELD...: registry_read of the image's registry
registry_rows() {
	registry_load || return 1
	registry_read "$@" <<<"$REGISTRY"
}

# registry_field TYPE NAME FIELD: FIELD's value in the record TYPE NAME; status 1 if none
registry_field() {
	local v
	v=$(registry_rows "$1" name "$3" |
		awk -F'\t' -v n="$2" '$1 == n { print $2; found = 1; exit } END { exit !found }') || return 1
	printf '%s\n' "$v"
}

# registry_text TYPE NAME: the text= of the record TYPE NAME, status 1 if none
registry_text() { registry_field "$1" "$2" text; }

# registry_cmdline NAME: a launcher's base kernel command line (qemu, pxe, lava-qemu, lava-pc)
registry_cmdline() { registry_text cmdline "$1"; }

# registry_disk NAME: "swapbench.KEY=SPEC" for a disk (swap, fs, results, lab-swap)
registry_disk() {
	local key spec
	key=$(registry_field disk "$1" key) && spec=$(registry_field disk "$1" spec) || return 1
	printf '%s=%s\n' "$key" "$spec"
}

# registry_spec NAME: a disk's designation alone (PARTUUID=..., LABEL=...)
registry_spec() { registry_field disk "$1" spec; }

# registry_designations NAME...: the designations of those disks, one command line
registry_designations() {
	local n specs=()
	for n; do specs+=("$(registry_disk "$n")") || return 1; done
	printf '%s\n' "${specs[*]}"
}

# registry_limit NAME: a limit's value (cmdline-bytes, pxelinux-append-bytes)
registry_limit() { registry_field limit "$1" value; }

# registry_default KEY: swapbench.KEY's default, as the image's parser has it
registry_default() { registry_field key "$1" default; }

# registry_min_runs paired|unpaired|boots: the fewest units the verdict's interval needs
registry_min_runs() { registry_field verdict "$1" min-runs; }

# registry_renamed KIND NAME: the new name of NAME, a KIND's old name
# (lib/renames.h: workload, disk, layout, target); status 1 if it is not one
registry_renamed() {
	registry_rows rename kind name new | awk -F'\t' -v k="$1" -v n="$2" '$1 == k && $2 == n { print $3; found = 1 } END { exit !found }'
}

# registry_exit_text STATUS: what an exit status means; the crash's words for one not listed
registry_exit_text() { registry_text exit "$1" || registry_text exit 3; }

# registry_exit_status WORD: the status whose word is WORD (pass, fail, error, crash, timeout)
registry_exit_status() {
	registry_rows exit name word | awk -F'\t' -v w="$1" '$2 == w { print $1; found = 1 } END { exit !found }'
}

# registry_exit_words: "0 pass, 1 fail, ...", the statuses with their words
registry_exit_words() {
	registry_rows exit name word | awk -F'\t' '{ s = s (s == "" ? "" : ", ") $1 " " $2 } END { print s }'
}

# registry_cmdline_max BZIMAGE: the bytes of command line that kernel keeps
# (its boot header, through qemu/bzinfo), else the registry's limit
registry_cmdline_max() {
	local here max
	here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	max=$("$here/qemu/bzinfo" --cmdline-size "$1" 2>/dev/null) && [ "${max:-0}" -gt 0 ] && { echo "$max"; return; }
	registry_limit cmdline-bytes
}

# Run as a program: host/registry.sh FUNCTION ARGS... calls registry_FUNCTION.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	if [ $# -lt 1 ] || ! declare -F "registry_$1" >/dev/null; then
		echo "usage: host/registry.sh FUNCTION ARGS... (rows, field, text, default, exit_words, ...)" >&2
		exit 2
	fi
	"registry_$1" "${@:2}"
fi
