#!/bin/bash
# swapbench-report grows linearly with distinct workloads: compare
# --backends, summary, rank, md, html and kcidb over 2,000 and over 20,000
# workloads (tests/fixtures/hostile_log.py workloads N: each run once on
# the partition and once on the file), and html (its io pictures) over
# 2,000 and 20,000 boots on a modelled disk (hostile_log.py boots N). Ten times the input may cost at
# most 25 times the CPU time (user + system, the smaller run counted as
# 0.05 s at least, the larger the better of two tries): linear work gives
# about 10, work quadratic in the workloads 100 (a cell looked up by
# scanning every cell took 62 s over 20,000). Each command at most 30 s.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${1:-$top/out/bin/swapbench-report}
T=$(mktemp -d /tmp/report_scale.XXXXXX)
trap 'rm -rf "$T"' EXIT
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
for n in 2000 20000; do
	python3 "$top/tests/fixtures/hostile_log.py" workloads "$n" "$T/w$n.log"
	python3 "$top/tests/fixtures/hostile_log.py" boots "$n" "$T/b$n.log"
done

# cost ARGS...: CPU seconds of the tool on ARGS, from wait4 (30: no end within 30 s)
cost() {
	python3 - "$@" <<'PY'
import os, signal, sys, time
pid = os.fork()
if pid == 0:
    fd = os.open(os.devnull, os.O_WRONLY)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.execv(sys.argv[1], sys.argv[1:])
t0 = time.time()
while True:
    done, status, ru = os.wait4(pid, os.WNOHANG)
    if done:
        print("%.3f" % (ru.ru_utime + ru.ru_stime))
        break
    if time.time() - t0 > 30:
        os.kill(pid, signal.SIGKILL)
        os.wait4(pid, 0)
        print("30")
        break
    time.sleep(0.01)
PY
}

# scales WHAT INPUT COMMAND...: COMMAND over INPUT's 2,000 and 20,000 WHAT
scales() {
	local what=$1 in=$2 small big ratio
	shift 2
	small=$(cost "$BIN" "$@" "$T/${in}2000.log")
	big=$(cost "$BIN" "$@" "$T/${in}20000.log")
	if ! awk -v s="$small" -v b="$big" 'BEGIN { exit !(b <= 25 * (s > 0.05 ? s : 0.05)) }'; then
		big=$(cost "$BIN" "$@" "$T/${in}20000.log")
	fi
	ratio=$(awk -v s="$small" -v b="$big" 'BEGIN { printf "%.1f", b / (s > 0.05 ? s : 0.05) }')
	check "$*: 20,000 $what cost $big s of CPU, 2,000 $small s: $ratio x (at most 25 x)" \
		awk -v s="$small" -v b="$big" 'BEGIN { exit !(b <= 25 * (s > 0.05 ? s : 0.05)) }'
}
for c in "compare --backends" summary rank md html kcidb; do
	# shellcheck disable=SC2086 # the command's words
	scales workloads w $c
done
scales "boots on a modelled disk (the io pictures)" b html
exit "$failed"
