# shellcheck shell=bash disable=SC2154,SC2034 # top: the caller's; DRAWS_*: the caller reads them
# host/draws.sh -- draws as a level above pairs: under DETERMINISTIC=1 one
# boot is one draw of the kernel's random seed (made from the command line,
# swapbench.draw in it), and make run and make seeds boot DRAWS of them,
# DRAW the first, as many at once as this process has CPUs (qemu/run puts
# each QEMU on a CPU no other boot holds, where one is free). Sourced by
# experiments/experiment and experiments/seeds, after host/settings.sh.

# shellcheck source=host/status.sh
source "$(dirname "${BASH_SOURCE[0]}")/status.sh"

# draws_list: the draws DRAWS and DRAW (host/settings.tsv) name, one a
# line; status 2 with why on stdout when either is not a whole number
draws_list() {
	local v n
	for v in DRAWS:1 DRAW:0; do
		n=${v%%:*}
		if ! [[ ${!n} =~ ^[0-9]+$ ]] || [ "${!n}" -lt "${v#*:}" ] || [ "${!n}" -gt 100000 ]; then
			echo "$n=${!n}: a whole number in ${v#*:}..100000"
			return 2
		fi
	done
	seq "$DRAW" $((DRAW + DRAWS - 1))
}

# draws_boot DIR N ARGS...: draw N of ARGS (qemu/run's command line) into
# DIR/draw-N, its lines on stderr prefixed "draw N: ", its status in
# DIR/draw-N/rc
draws_boot() {
	local d=$1/draw-$2 n=$2
	shift 2
	mkdir -p "$d"
	{ "$top/qemu/run" -o "$d" -- "$@" "swapbench.draw=$n" 2>&1; echo $? >"$d/rc"; } |
		sed -u "s/^/draw $n: /" >&2
}

# draws_run DIR DRAW... -- ARGS...: each DRAW of ARGS (draws_boot), as many
# at once as this process has CPUs. Sets DRAWS_BOOTS (the draws' folders
# with a console log) and DRAWS_RC: 0 when every draw's status is 0, else
# the first that is neither 0 nor 1 (a draw did not complete), else 1;
# DRAWS_WORST the folder whose status that is.
draws_run() {
	local dir=$1 list=() n r d running=0 at_once
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do list+=("$1"); shift; done
	shift
	at_once=$(draws_at_once ${#list[@]})
	for n in "${list[@]}"; do
		if [ "$running" -ge "$at_once" ]; then
			wait -n
			running=$((running - 1))
		fi
		draws_boot "$dir" "$n" "$@" &
		running=$((running + 1))
	done
	wait
	DRAWS_RC=0 DRAWS_BOOTS=() DRAWS_WORST=$dir/draw-${list[0]}
	for n in "${list[@]}"; do
		d=$dir/draw-$n
		r=$(cat "$d/rc" 2>/dev/null || echo 2)
		rm -f "$d/rc"
		[ ! -s "$d/serial.log" ] || DRAWS_BOOTS+=("$d")
		case $r in
		0) ;;
		1) [ "$DRAWS_RC" != 0 ] || { DRAWS_RC=1 DRAWS_WORST=$d; } ;;
		*) if [ "$DRAWS_RC" = 0 ] || [ "$DRAWS_RC" = 1 ]; then DRAWS_RC=$r DRAWS_WORST=$d; fi ;;
		esac
	done
}

# draws_at_once COUNT: how many of COUNT draws run at once here
draws_at_once() {
	local n
	n=$(nproc)
	echo $((n < $1 ? n : $1))
}

# draws_boots DIR: the boots in DIR, one a line: its draw-N folders, or
# DIR itself without any (a boot, or a folder of serial logs)
draws_boots() {
	local d
	d=$(find "$1" -mindepth 1 -maxdepth 1 -type d -name 'draw-*' 2>/dev/null | sort -V)
	if [ -n "$d" ]; then echo "$d"; else echo "$1"; fi
}

# draws_section BOOT...: report.md's section that names the draws pooled,
# each by its boot id, its runs and its status
draws_section() {
	local b
	echo
	echo "## Draws"
	echo
	echo "DETERMINISTIC=1: $# draw(s) of the kernel's random seed, each one boot (swapbench.draw=N):"
	echo
	for b; do
		printf -- '- %s: boot %s, %s runs recorded, status %s%s\n' "${b##*/}" \
			"$("$REPORT" fields meta boot "$b" 2>/dev/null | head -n 1)" "$(grep -ac '^\(not \)\{0,1\}ok [0-9]' "$b/serial.log")" \
			"$(status_get "$b" status)" "$(grep -aq '^ok [0-9]' "$b/serial.log" || echo ', not pooled: nothing measured')"
	done
}
