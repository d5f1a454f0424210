# shellcheck shell=bash
# host/cmdline.sh -- the swapbench.* keys that make's variables stand for,
# checked with the image's own parser (init --check, built from init/ as
# out/bin/init-host) before anything boots, so that an error names the
# variable the user set. Sourced by experiments/experiment,
# experiments/compare and qemu/mkpxe.

INIT_HOST=${INIT_HOST:-${OUT:-out}/bin/init-host}
# shellcheck source=host/registry.sh
source "$(dirname "${BASH_SOURCE[0]}")/registry.sh"
# shellcheck source=host/util.sh
source "$(dirname "${BASH_SOURCE[0]}")/util.sh"
# The smallest MEM at which the default workloads ran (measured: the registry's)
# shellcheck disable=SC2034 # read by the scripts that source this
MEM_DEFAULT_MIN=$(registry_limit mem-default-mib 2>/dev/null)

# check_line TEXT: the parser's first error about TEXT, or nothing if it is fine
check_line() {
	local out
	[ -x "$INIT_HOST" ] || { echo "no $INIT_HOST to check the command line with (make tools)"; return; }
	out=$("$INIT_HOST" --check "$1") && return
	sed -n 's/^error: //p' <<<"$out" | head -n 1
}

# The image parser's reading of a command line (init --parse TEXT): a
# KEY=VALUE line for every key, defaults included, then a line
# `conf NAME kind=KIND` for each swap configuration. Read here only.
# parse_line TEXT [check]: sets SB_PARSED to that reading; on a bad TEXT
# returns 2 with SB_PARSED the parser's error, "error: " taken off
# (check: an unknown key is an error too, init --check).
# shellcheck disable=SC2034 # SB_PARSED: the caller's result
parse_line() {
	[ -x "$INIT_HOST" ] || { SB_PARSED="no $INIT_HOST to read the command line with (make tools)"; return 2; }
	SB_PARSED=$("$INIT_HOST" "--${2:-parse}" "$1" 2>&1) && return
	SB_PARSED=${SB_PARSED#error: }
	return 2
}

# parsed_key KEY: swapbench.KEY's value in SB_PARSED
parsed_key() { sed -n "s/^$1=//p" <<<"$SB_PARSED"; }

# parsed_confs: SB_PARSED's swap configurations, a line each: NAME KIND
parsed_confs() { sed -n 's/^conf \([^ ]*\) kind=\(.*\)/\1 \2/p' <<<"$SB_PARSED"; }

# parsed_boot_runs: the most runs a boot of SB_PARSED makes: its runs (or
# maxruns, when swapbench.until may go on past them) and its warm-up runs,
# for every workload on every configuration
parsed_boot_runs() {
	local r m
	r=$(parsed_key runs) m=$(parsed_key maxruns)
	[ -z "$(parsed_key until)" ] || [ "${m:-0}" -le "$r" ] || r=$m
	echo $(((r + $(parsed_key warmup)) * $(parsed_key workloads | tr ',' '\n' | grep -c .) * $(parsed_confs | wc -l)))
}

# backend_kinds TEXT: the kinds of the swap configurations TEXT's
# swapbench.backends names (partition, file, pmem, zram, zswap; the
# default list's without one), one a line, as the image's parser reads them
backend_kinds() {
	[ -x "$INIT_HOST" ] || return 0
	parse_line "$1" || return 0
	parsed_confs | cut -d' ' -f2 | sort -u
}

# experiment_keys WHO: sets SB_KEYS to the keys for WORKLOADS RUNS WARMUP
# and the words of APPEND; on a bad value says on stderr what is wrong,
# naming the variable, and returns 2.
# shellcheck disable=SC2034 # SB_KEYS: the caller's result
experiment_keys() {
	local out
	SB_KEYS=()
	out=$(variable_keys) || { echo "$1: error: $out" >&2; return 2; }
	[ -z "$out" ] || mapfile -t SB_KEYS <<<"$out"
}

# variable_keys: the keys one a line, or what is wrong and status 2
variable_keys() {
	local var key val msg keys=()
	for var in WORKLOADS:workloads RUNS:runs WARMUP:warmup MAXPAIRS:maxruns; do
		key=${var#*:} var=${var%%:*}
		# unset or empty: the image's own default
		[ -n "${!var:-}" ] || continue
		val=${!var}
		msg=$(check_line "swapbench.$key=$val")
		if [ -n "$msg" ]; then
			msg=${msg//"swapbench.$key=$val"/"$var=$val"}
			echo "${msg//"swapbench.$key"/"$var"}"
			return 2
		fi
		keys+=("swapbench.$key=$val")
	done
	msg=$(check_line "${APPEND:-}")
	[ -z "$msg" ] || { echo "APPEND: $msg"; return 2; }
	# shellcheck disable=SC2206
	keys+=(${APPEND:-})
	[ ${#keys[@]} = 0 ] || printf '%s\n' "${keys[@]}"
}

# runs_warning N UNIT WHAT: a line when N units a side cannot prove a
# difference: fewer than the verdict's interval needs (report/stats/compare.c; the
# registry says how many). UNIT 1: pairs of runs of one round; 0: runs a
# side; boots: boots a kernel.
runs_warning() {
	local n=$1 need how="run(s) a side" kind=unpaired why
	[ "$2" = 1 ] && kind=paired how="pair(s) of alternating runs"
	[ "$2" = boots ] && kind=boots how="boot(s) a kernel"
	need=$(registry_min_runs "$kind") || return 0
	why=$(registry_text verdict "$kind") || why="units the interval needs"
	[ "$n" -lt "$need" ] || return 0
	echo "warning: $3: with $n $how no difference can be proven at 95 % (the verdict needs $need: $why); every verdict will be 'no verdict possible', whatever the data"
}
