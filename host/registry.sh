# shellcheck shell=bash
# host/: the registry, sourced by the launchers (qemu/, lava/) and host/cmdline.sh.
# What the image and the host share (the base kernel command lines, the disk
# designations, the exit statuses and their words, the limits, the rank
# test's minimum runs, the keys' defaults) is written once, in the image's C
# sources (init/registry.c, init/cmdkeys.c), and printed by
# `init-host --describe`; these functions read that, once per script.
# docs/reference.md is the same output as a page.

INIT_HOST=${INIT_HOST:-${OUT:-out}/host/init-host}
REGISTRY=

# registry_load: reads init-host --describe into REGISTRY (once); returns 1,
# saying why on stderr, without it
registry_load() {
	[ -z "$REGISTRY" ] || return 0
	if [ ! -x "$INIT_HOST" ]; then
		echo "registry: no $INIT_HOST to read the registry from (make host)" >&2
		return 1
	fi
	if ! REGISTRY=$("$INIT_HOST" --describe) || [ -z "$REGISTRY" ]; then
		echo "registry: $INIT_HOST --describe failed" >&2
		REGISTRY=
		return 1
	fi
}

# registry_text TYPE NAME: the text= of the line "TYPE NAME ...", status 1 if none
registry_text() {
	registry_load || return 1
	local line
	line=$(grep -m1 "^$1 $2 " <<<"$REGISTRY") || return 1
	printf '%s\n' "${line#* text=}"
}

# registry_field TYPE NAME FIELD: FIELD=value of the line "TYPE NAME ..."
registry_field() {
	registry_load || return 1
	local line word
	line=$(grep -m1 "^$1 $2 " <<<"$REGISTRY") || return 1
	line=${line%% text=*}
	for word in $line; do
		[[ $word != "$3="* ]] || { printf '%s\n' "${word#*=}"; return 0; }
	done
	return 1
}

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

# registry_disks NAME...: the designations of those disks, one command line
registry_disks() {
	local n out=()
	for n; do out+=("$(registry_disk "$n")") || return 1; done
	printf '%s\n' "${out[*]}"
}

# registry_limit NAME: a limit's value (cmdline-bytes, pxelinux-append-bytes)
registry_limit() { registry_field limit "$1" value; }

# registry_default KEY: swapbench.KEY's default, as the image's parser has it
registry_default() { registry_field key "$1" default; }

# registry_min_runs paired|unpaired|boots: the fewest units the verdict's interval needs
registry_min_runs() { registry_field verdict "$1" min-runs; }

# registry_exit_text STATUS: what an exit status means; the crash's words for one not listed
registry_exit_text() { registry_text exit "$1" || registry_text exit 3; }

# registry_exit_status WORD: the status whose word is WORD (pass, fail, error, crash, timeout)
registry_exit_status() {
	registry_load || return 1
	sed -n "s/^exit \([0-9]*\) word=$1 .*/\1/p" <<<"$REGISTRY" | grep . || return 1
}

# registry_cmdline_max BZIMAGE: the bytes of command line that kernel keeps
# (its boot header, through qemu/bzinfo), else the registry's limit
registry_cmdline_max() {
	local here max
	here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	max=$("$here/qemu/bzinfo" --cmdline-size "$1" 2>/dev/null) && [ "${max:-0}" -gt 0 ] && { echo "$max"; return; }
	registry_limit cmdline-bytes
}
