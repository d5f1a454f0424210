#!/bin/bash
# init --parse (init-host on the host) prints every swapbench.* key the
# parser knows, in the form the parser takes back: a command line setting
# every key to something other than its default comes out value for value,
# and the printout, fed back in, prints the same.
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$top/out}
case $OUT in /*) ;; *) OUT=$top/$OUT ;; esac
init=$OUT/bin/init-host
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
[ -x "$init" ] || { fail "parse: init-host" "no $init (make tools builds it)"; exit 1; }

given=(part=/dev/vda1 fsdev=LABEL=fs pmem=LABEL=swapbench-pmem file=/a/b.swap size=67108864 create=zero backends=file
	"workloads=fight,idle" runs=3 warmup=0 order=random seed=7 draw=5 timeout=30 vmstat=2 results=/dev/vdb
	force=1 flush=0 shell=1 cpus_up=1 end=qemu quiet=1 tag=preempt boot=b00t disk=hdd rotational=1 diskmodel=1 diskcheck=quick sched=kyber diskq=off
	"instrument=accel:tcg,clock:host" collect=10.0.2.2:7000)
line=$(printf 'swapbench.%s ' "${given[@]}")
out=$("$init" --parse "console=ttyS0 $line swapbench.idle.seconds=1")
rc=$?
if [ "$rc" = 0 ]; then pass "parse: a command line setting every key parses"; else fail "parse: every key" "exit $rc: $out"; fi
for kv in "${given[@]}"; do
	if grep -qxF -- "$kv" <<<"$out"; then
		pass "parse: prints ${kv%%=*} (${kv#*=})"
	else
		fail "parse: prints ${kv%%=*}" "want '$kv', got '$(grep "^${kv%%=*}=" <<<"$out")'"
	fi
done
n=$(grep -c '^[a-z_]*=' <<<"$out")
if [ "$n" = "${#given[@]}" ]; then
	pass "parse: ${#given[@]} keys printed, each once"
else
	fail "parse: each key once" "$n key lines for ${#given[@]} keys: $(grep -o '^[a-z_]*=' <<<"$out" | sort | uniq -d | xargs)"
fi
# until needs alternating runs, so it is checked on a line of its own;
# unset, until and maxruns print nothing (0 is not a value they take)
until=$("$init" --parse "swapbench.until=2.5 swapbench.maxruns=20")
if grep -qx 'until=2.50' <<<"$until" && grep -qx 'maxruns=20' <<<"$until"; then
	pass "parse: prints until (2.50) and maxruns (20)"
else
	fail "parse: prints until and maxruns" "$(grep -E '^(until|maxruns)=' <<<"$until" | xargs)"
fi
if grep -qE '^(until|maxruns)=' <<<"$out"; then
	fail "parse: unset until and maxruns" "printed: $(grep -E '^(until|maxruns)=' <<<"$out" | xargs)"
else
	pass "parse: unset until and maxruns print nothing"
fi
if grep -qx 'param idle.seconds=1' <<<"$out"; then pass "parse: prints the workload parameter"; else fail "parse: param" "$out"; fi
again=$("$init" --parse "$(grep '^[a-z_]*=' <<<"$out" | sed 's/^/swapbench./' | tr '\n' ' ')")
if [ "$(grep '^[a-z_]*=' <<<"$again")" = "$(grep '^[a-z_]*=' <<<"$out")" ]; then
	pass "parse: the printout parses back to itself"
else
	fail "parse: round trip" "$(diff <(echo "$out") <(echo "$again") | head -n 4 | xargs)"
fi
# each configuration's kind, one "conf NAME kind=KIND" line each (what qemu/run reads to attach pmem)
kinds=$("$init" --parse "swapbench.backends=pmem@swappiness=10,zswap+partition,file" | grep '^conf ' | paste -sd' ')
if [ "$kinds" = "conf pmem@swappiness=10 kind=pmem conf zswap+partition kind=zswap conf file kind=file" ]; then
	pass "parse: each configuration's kind, in order (pmem, zswap, file)"
else
	fail "parse: each configuration's kind" "got '$kinds'"
fi
# swap configurations: a list prints back as given; bad specs are refused on the host
confs="partition,zram:lz4:64M@swappiness=100,zswap:zstd:zbud:25%+file@mglru=1@page-cluster=0"
if "$init" --check "swapbench.backends=$confs" | grep -qxF "backends=$confs"; then
	pass "parse: swap configurations print back as given"
else
	fail "parse: swap configurations" "$("$init" --check "swapbench.backends=$confs" 2>&1 | grep backends)"
fi
for bad in "zswap|zswap is a cache in front of a disk: write zswap+partition or zswap+file" \
	"zram:brotli|zram:brotli: unknown option 'brotli'" \
	"partition@swappiness=300|@swappiness needs =0..200" \
	"zram,zram|zram named twice"; do
	out=$("$init" --check "swapbench.backends=${bad%%|*}" 2>&1)
	rc=$?
	if [ "$rc" = 2 ] && grep -qF "error: swapbench.backends: " <<<"$out" && grep -qF "${bad#*|}" <<<"$out"; then
		pass "parse: --check refuses swapbench.backends=${bad%%|*}: ${bad#*|}"
	else
		fail "parse: --check swapbench.backends=${bad%%|*}" "exit $rc: $out"
	fi
done
exit "$failed"
