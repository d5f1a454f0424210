#!/bin/bash
# What the README and docs/running.md both speak of is said once. The exit
# statuses' meanings are the registry's table (docs/running.md, generated
# by docs/generate from init-host --describe): no page says in prose what
# a status number means ("1 means ..."). The wall time of `make run` is
# one measurement: the two pages name at most one such figure between
# them, and it is one of docs/results/default-experiment.md's, where its
# date and command are. Each scan is first shown to find its planted case.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
cd "$top" || exit 2
T=$(mktemp -d /tmp/docs_once.XXXXXX)
trap 'rm -rf "$T"' EXIT

# status_prose FILE...: lines outside the generated exit table that say what
# a status number means
status_prose() {
	awk '/<!-- registry:exit -->/ { skip = 1 } /<!-- \/registry:exit -->/ { skip = 0; next }
		!skip && /(^|[^0-9.])(exit )?(status )?[0-9]+ means / { print FILENAME ":" FNR ": " $0 }' "$@"
}

# wall_times FILE...: "FILE FIGURE" for each "N min N s" the FILEs give
wall_times() {
	local f
	for f; do grep -oE '[0-9]+ min [0-9]+ s' "$f" | sed "s|^|$f |"; done
}

printf 'Exit status\n\n1 means the experiment completed but some runs failed; 3 a crash.\n' >"$T/a.md"
printf '<!-- registry:exit -->\n| 1 | fail | 1 means completed |\n<!-- /registry:exit -->\nrun 3 times.\n' >"$T/b.md"
same "status prose: a planted '1 means' is found, not the generated table's" \
	"$T/a.md:3" "$(status_prose "$T/a.md" "$T/b.md" | cut -d: -f1,2)"
printf 'the whole make run took 13 min 27 s\n' >"$T/readme.md"
printf 'From a fresh clone the whole make run took 4 min 22 s\n' >"$T/running.md"
same "wall times: two pages with two figures are seen" 2 \
	"$(wall_times "$T/readme.md" "$T/running.md" | cut -d' ' -f2- | sort -u | wc -l)"

found=$(status_prose README.md docs/*.md)
if [ -z "$found" ]; then
	pass "status prose: no page says in prose what a status number means"
else
	while read -r l; do fail "status prose: the registry's table says it" "$l"; done <<<"$found"
fi
times=$(wall_times README.md docs/running.md)
same "wall times: README.md and docs/running.md name at most one make run wall time ($(paste -sd';' <<<"$times"))" \
	1 "$(cut -d' ' -f2- <<<"$times" | sort -u | grep -c . | awk '{ print ($1 <= 1) }')"
while read -r _ fig; do
	[ -n "$fig" ] || continue
	check "wall times: $fig is a measurement of docs/results/default-experiment.md" \
		grep -q "$fig" docs/results/default-experiment.md
done <<<"$times"
exit "$failed"
