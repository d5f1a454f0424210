#!/bin/bash
# What a user sees for the everyday mistakes: the exact first
# lines of the output. Settings are checked on the host with the image's own
# parser before anything boots, and an error names the variable the user
# set; a boot that fails says why and nothing else.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$top" || exit 1
export LIMIT=300

# first_line NAME WANT-STATUS WANT-LINE CMD...: the command's first line on
# stderr is WANT-LINE, its exit status WANT-STATUS, and it booted nothing
first_line() {
	local name=$1 want_rc=$2 want=$3 got rc
	shift 3
	rm -rf "$OUT/results.mistakes"
	got=$(OUT=$OUT "$@" 2>&1 >/dev/null)
	rc=$?
	check "$name: exit status $want_rc (got $rc)" test "$rc" = "$want_rc"
	if [ "$(head -n 1 <<<"$got")" = "$want" ]; then
		pass "$name: first line '$want'"
	else
		fail "$name: first line '$(head -n 1 <<<"$got")', want '$want'"
	fi
	check "$name: nothing booted" bash -c "! grep -q '^run: x86_64' <<<'$got'"
	info "$name: $(head -n 1 <<<"$got")"
}

first_line "RUNS=abc" 2 'make run: error: RUNS=abc: not a whole number in 1..100000' \
	env RUNS=abc experiments/experiment
first_line "WARMUP=-1" 2 'make run: error: WARMUP=-1: not a whole number in 0..1000' \
	env WARMUP=-1 experiments/experiment
first_line "WORKLOADS=lines,fihgt" 2 "make run: error: WORKLOADS: unknown workload 'fihgt' (did you mean fight? this image has: $(make -s -C "$top" --no-print-directory wl-names))" \
	env WORKLOADS=lines,fihgt experiments/experiment
first_line "APPEND=swapbench.runs=abc" 2 'make run: error: APPEND: swapbench.runs=abc: not a whole number in 1..100000' \
	env APPEND=swapbench.runs=abc experiments/experiment
first_line "APPEND=swapbench.oder=blocked" 2 'make run: error: APPEND: unknown key swapbench.oder (did you mean swapbench.order?)' \
	env APPEND=swapbench.oder=blocked experiments/experiment
first_line "MAXPAIRS=1" 2 'make run: error: MAXPAIRS=1: not a whole number in 2..100000' \
	env MAXPAIRS=1 experiments/experiment
first_line "DRAWS=0" 2 'make run: error: DRAWS=0: a whole number in 1..100000' \
	env DRAWS=0 experiments/experiment
first_line "APPEND=swapbench.draw=3 (DRAW= draws)" 2 'make run: error: APPEND names swapbench.draw=3, and make run draws DRAWS=2 from DRAW=1: give DRAW=N instead' \
	env APPEND=swapbench.draw=3 experiments/experiment
first_line "qemu/run swapbench.oder=blocked" 2 'run: error: unknown key swapbench.oder (did you mean swapbench.order?)' \
	qemu/run -q -o "$T/oder" -- swapbench.oder=blocked
check "qemu/run refuses before making disks" test ! -e "$T/oder/disk.img"
first_line "make compare RUNS=abc" 2 'compare: error: RUNS=abc: not a whole number in 1..100000' \
	env KERNELS="default preempt-full" RUNS=abc CMP_DIR="$T/cmp" experiments/compare
first_line "make pxe APPEND=swapbench.wrokloads=idle" 2 'mkpxe: error: APPEND: unknown key swapbench.wrokloads (did you mean swapbench.workloads?)' \
	env APPEND=swapbench.wrokloads=idle qemu/mkpxe x86_64 "$T/tftp"
check "make pxe: no TFTP tree written" test ! -e "$T/tftp"

# through make: the same first line after the build's, and make's own status 2
out=$(make --no-print-directory run RUNS=abc 2>&1)
rc=$?
check "make run RUNS=abc: make exits 2 (got $rc)" test "$rc" = 2
check "make run RUNS=abc: the error names RUNS" grep -qx 'make run: error: RUNS=abc: not a whole number in 1..100000' <<<"$out"

# make help: the current values, not examples
out=$(make --no-print-directory help)
check "make help: DETERMINISTIC unset shown as the current value (empty)" grep -qE '^  DETERMINISTIC= ' <<<"$out"
out=$(make --no-print-directory help DETERMINISTIC=1 RUNS=7)
check "make help DETERMINISTIC=1 RUNS=7: both shown" test "$(grep -cE '^  (DETERMINISTIC=1|RUNS=7) ' <<<"$out")" = 2

# an out/ of its own for each experiment, with this tree's image and tools
own_out() {
	mkdir -p "$T/$1"
	ln -sfn "$OUT/bin" "$T/$1/bin"
	ln -sfn "$OUT/$ARCH" "$T/$1/$ARCH"
}
own_out failed
own_out oom

# A boot that fails in the guest (a workload parameter only the workload
# knows): why, the status, what to do, and nothing else.
# (DISK=host: what make run says, not what a modelled disk costs)
DISK=host WORKLOADS=idle RUNS=2 WARMUP=0 APPEND=swapbench.idle.bogus=1 OUT=$T/failed experiments/experiment >"$T/failed.out" 2>&1
rc=$?
dir=$(ls -d "$T"/failed/results/*/)
check "failed boot: status 2 (got $rc)" test "$rc" = 2
check "failed boot: warned first that 2 pairs of runs cannot prove anything" \
	grep -qx "warning: RUNS=2: with 2 pair(s) of alternating runs no difference can be proven at 95 % (the verdict needs 3: pairs of runs of one round (n - 2 degrees of freedom once the order effect is fitted)); every verdict will be 'no verdict possible', whatever the data" \
	<(head -n 1 "$T/failed.out")
check "failed boot: the guest's error once on the console" \
	test "$(grep -c 'workload idle parameters failed' "$T/failed.out")" = 2
check "failed boot: says it did not start, with the status" \
	grep -qx 'make run: the experiment did not start (status 2: configuration or set-up error). The guest said:' "$T/failed.out"
check "failed boot: says what to do" grep -q '^What to do: correct what the error names' "$T/failed.out"
check "failed boot: after the warning, no statistics, verdicts or problems" \
	bash -c "! sed 1d '$T/failed.out' | grep -qE '^workload |verdict|no difference|problems found|^results: '"
check "failed boot: report.md says why" grep -q '^    workload idle parameters failed' "$dir/report.md"
check "failed boot: report.md has nothing else" bash -c "! grep -qE '^## |!\[' '$dir/report.md'"
check "failed boot: no results.csv, no plots" bash -c "! ls '$dir' | grep -qE 'results.csv|\.svg|\.png'"
info "failed boot, console: $(sed -n '/did not start/,$p' "$T/failed.out" | tr '\n' '|')"

# Every run out of memory: says so and what MEM runs the default ones; no
# statistics of nothing, no plotting tool's messages, no empty PNG.
# (fight over 8 x MemTotal: more than RAM and swap at any MEM)
DISK=host MEM=39 WORKLOADS=fight APPEND=swapbench.fight.ratio=8 RUNS=1 WARMUP=0 OUT=$T/oom experiments/experiment >"$T/oom.out" 2>&1
rc=$?
dir=$(ls -d "$T"/oom/results/*/)
check "MEM=39: status 1 (got $rc)" test "$rc" = 1
check "MEM=39: says every run failed" grep -qx 'make run: every run failed, so there is nothing to measure (status 1: completed, with failed runs).' "$T/oom.out"
check "MEM=39: counts the runs by how they ended" grep -qx '    2 oom of 2 runs' "$T/oom.out"
check "MEM=39: names the MEM the default workloads run at" grep -q 'raise MEM (the default workloads run from MEM=39 with the built kernel)' "$T/oom.out"
check "MEM=39: after the warning, no statistics, verdicts or plotting messages" \
	bash -c "! sed 1d '$T/oom.out' | grep -qiE '^workload |verdict|gnuplot|problems found'"
check "MEM=39: no plots at all" bash -c "! ls '$dir' | grep -qE '\.svg|\.png|\.gp'"
check "MEM=39: report.md says the same" grep -q '2 oom of 2 runs' "$dir/report.md"
info "MEM=39, console: $(sed -n '/every run failed/,$p' "$T/oom.out" | tr '\n' '|')"

finish
