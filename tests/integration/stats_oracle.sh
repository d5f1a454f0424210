#!/bin/bash
# lib/stats against scipy (tests/fixtures/stats_oracle.py), through
# stats-probe's requests, on fixtures that include seed 000's alternating
# experiment: the t distribution (quantiles, CDF), summaries, the ratio of
# independent means with its Welch df, paired differences and ratios with
# their correlation, and the detectable difference. lib/stats has no rank
# test (Mann-Whitney, Wilcoxon), and neither does this. First: every
# request stats-probe answers is asked by the oracle, and no other, shown
# on a planted probe with a request the oracle never asks.
# Debian's python3, whatever python3 comes first in PATH: that one has scipy.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
probe=${OUT:-$top/out}/bin/stats-probe
oracle=$top/tests/fixtures/stats_oracle.py

# requests PROBE.c: the requests the probe answers; asked ORACLE.py: those the oracle asks
requests() { grep -o 'strcmp(op, "[a-z]*")' "$1" | cut -d'"' -f2 | sort -u | xargs; }
asked() { grep -o 'ask("[a-z]*"' "$1" | cut -d'"' -f2 | sort -u | xargs; }

plant=$(mktemp)
trap 'rm -f "$plant"' EXIT
{ cat "$top/tests/unit/stats_probe.c"; echo '	if (!strcmp(op, "mannwhitney")) {}'; } >"$plant"
if [ "$(requests "$plant")" != "$(asked "$oracle")" ]; then
	pass "stats oracle: a planted request the oracle never asks (mannwhitney) is seen"
else
	fail "stats oracle: a planted request the oracle never asks (mannwhitney) is not seen"
fi
same "stats oracle: the oracle asks every request of stats-probe, and no other" \
	"$(requests "$top/tests/unit/stats_probe.c")" "$(asked "$oracle")"

[ -x "$probe" ] || { fail "stats-probe not built ($probe): make unit-tests"; exit 1; }
/usr/bin/python3 -W ignore "$oracle" "$probe" || failed=1
exit "$failed"
