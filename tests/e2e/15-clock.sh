#!/bin/bash
# The clock: every boot's header names its clocksource, its
# clock_getres and its step, never a provisional clocksource; a run is timed
# on a sub-millisecond clock or flagged by the report, also with the TSC
# made unusable (tsc=unstable); swapbench.end=poweroff halts and says so.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

clock_checks
finish
