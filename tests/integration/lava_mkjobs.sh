#!/bin/bash
# lava/mkjobs without a lab: the job definitions it writes for the current
# image, read back. A workload alias with a '-' (seed002-each) is taken; the
# test action's limit counts every backend configuration the command line
# names (not two), the silence limit follows swapbench.timeout, and a name
# the image's parser refuses is refused with the parser's words.
# kernels: x86_64/default
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

# jobs NAME [VAR=VALUE...]: mkjobs into $T/NAME; sets rc, err, yaml (qemu.yaml)
jobs() {
	local name=$1
	shift
	env MEM=16 LAVA_DIR="$T/$name" "$@" "$top/lava/mkjobs" >"$T/$name.out" 2>"$T/$name.err"
	rc=$?
	err=$(cat "$T/$name.err")
	yaml=$T/$name/qemu.yaml
}
# minutes YAML: the job's own limit (timeouts: job: minutes:)
minutes() { awk '/^  job:/ { getline; print $2; exit }' "$1"; }

for f in "$BZIMAGE" "$INITRD" "$REPORT" "$OUT/bin/init-host"; do
	[ -f "$f" ] || { fail "lava_mkjobs: no $f (make image)"; exit 1; }
done

jobs alias WORKLOADS=seed002-each RUNS=2 WARMUP=0
check "lava_mkjobs: WORKLOADS=seed002-each is taken (rc $rc: $err)" test "$rc" = 0
check "lava_mkjobs: seed002-each reaches the command line of both jobs" \
	grep -q "swapbench.workloads=seed002-each swapbench.runs=2 " "$yaml" "$T/alias/pxe.yaml"
# 2 runs x 1 workload x 2 backends (partition,file): 5 + 2 x 4 = 13 minutes, the job 15 more
check "lava_mkjobs: the default backends give a job of 5 + 2 x 4 + 15 minutes (got $(minutes "$yaml"))" \
	test "$(minutes "$yaml")" = 28

jobs three WORKLOADS=fight,lines RUNS=2 WARMUP=1 APPEND="swapbench.backends=partition,file,zram:lz4 swapbench.timeout=1200"
check "lava_mkjobs: three backends taken (rc $rc: $err)" test "$rc" = 0
# (2 + 1) x 2 workloads x 3 configurations = 18 runs: 5 + 36 + 15
check "lava_mkjobs: three backends give 5 + 2 x 18 + 15 minutes, not two backends' (got $(minutes "$yaml"))" \
	test "$(minutes "$yaml")" = 56
check "lava_mkjobs: swapbench.timeout=1200 sets the monitors' silence limit to 21 minutes" \
	grep -q "^ *minutes: 21$" "$yaml"

jobs until WORKLOADS=fight RUNS=4 WARMUP=0 APPEND="swapbench.until=2 swapbench.maxruns=10"
# with until: up to maxruns=10 runs x 1 x 2 = 20: 5 + 40 + 15
check "lava_mkjobs: with swapbench.until the limit holds maxruns runs (got $(minutes "$yaml"))" \
	test "$(minutes "$yaml")" = 60


jobs badname WORKLOADS='a#b'
check "lava_mkjobs: a name the parser refuses is refused (rc $rc)" test "$rc" = 2
check "lava_mkjobs: with the parser's words ($err)" grep -q "mkjobs: error: swapbench.workloads: bad workload name 'a#b'" "$T/badname.err"
check "lava_mkjobs: and no job is written for it" test ! -e "$T/badname/qemu.yaml"

jobs badtimeout WORKLOADS=fight APPEND="swapbench.timeout=soon"
check "lava_mkjobs: swapbench.timeout=soon is refused ($err)" test "$rc" = 2
exit "$failed"
