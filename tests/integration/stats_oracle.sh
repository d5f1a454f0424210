#!/bin/bash
# lib/stats (t distribution, summaries, Welch, Mann-Whitney, paired
# differences and ratios, Wilcoxon signed-rank, detectable difference)
# against scipy on fixtures that include seed 000's alternating experiment.
# Debian's python3, whatever python3 comes first in PATH: that one has scipy.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
probe=${OUT:-$top/out}/bin/stats-probe
[ -x "$probe" ] || { echo "FAIL stats-probe not built ($probe): make unit-tests"; exit 1; }
exec /usr/bin/python3 -W ignore "$top/tests/fixtures/stats_oracle.py" "$probe"
