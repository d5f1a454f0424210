#!/bin/bash
# host/draws.sh without QEMU: the draws DRAWS and DRAW name, the refusals,
# and draws_run over a stand-in qemu/run (it records its command line and
# when it ran, and exits with the status the draw asks for): each draw's
# folder and swapbench.draw, its lines prefixed, the status of the whole,
# and at most as many draws at once as there are CPUs.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$here/tests/passfail.sh"
# shellcheck source=host/draws.sh
source "$here/host/draws.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

same "draws: DRAWS=2 DRAW=1: draws 1 and 2" "1 2" "$(DRAWS=2 DRAW=1 draws_list | xargs)"
same "draws: DRAWS=3 DRAW=7: draws 7 8 9" "7 8 9" "$(DRAWS=3 DRAW=7 draws_list | xargs)"
out=$(DRAWS=0 DRAW=1 draws_list)
same "draws: DRAWS=0 refused (status 2)" "2 DRAWS=0: a whole number in 1..100000" "$? $out"
out=$(DRAWS=2 DRAW=x draws_list)
same "draws: DRAW=x refused (status 2)" "2 DRAW=x: a whole number in 0..100000" "$? $out"
same "draws: 5 draws run at most this process's CPUs at once" "$(($(nproc) < 5 ? $(nproc) : 5))" "$(draws_at_once 5)"
same "draws: 1 draw runs alone" 1 "$(draws_at_once 1)"

# a stand-in qemu/run: -o DIR -- ARGS; exits with DIR's name's status
# (draw-5 exits 1, draw-6 exits 2, the others 0), two seconds long
top=$T/tree
mkdir -p "$top/qemu"
cat >"$top/qemu/run" <<'EOF'
#!/bin/bash
d=$2
shift 3
echo "$*" >"$d/args"
date +%s.%N >"$d/start"
echo "run: booting $d" >&2
printf 'ok 1 - x\n' >"$d/serial.log"
sleep 2
date +%s.%N >"$d/end"
case $d in *draw-5) exit 1 ;; *draw-6) exit 2 ;; esac
EOF
chmod +x "$top/qemu/run"

draws_run "$T/a" 1 2 -- swapbench.runs=3 2>"$T/a.err"
same "draws_run: both draws pass: status 0" 0 "$DRAWS_RC"
same "draws_run: a folder each" "$T/a/draw-1 $T/a/draw-2" "${DRAWS_BOOTS[*]}"
same "draws_run: each boot gets its draw after the keys" "swapbench.runs=3 swapbench.draw=2" "$(cat "$T/a/draw-2/args")"
check "draws_run: each line prefixed with its draw" grep -qx "draw 2: run: booting $T/a/draw-2" "$T/a.err"
check "draws_run: no status file left beside the boot" test ! -e "$T/a/draw-1/rc"
at_once=$(draws_at_once 2)
# overlap: the second started before the first ended
overlap=$(awk 'NR == 1 { s2 = $1 } NR == 2 { e1 = $1 } END { print (s2 < e1) ? 1 : 0 }' "$T/a/draw-2/start" "$T/a/draw-1/end")
if [ "$at_once" = 2 ]; then
	same "draws_run: two draws at once on $(nproc) CPUs" 1 "$overlap"
else
	same "draws_run: one draw at a time on 1 CPU" 0 "$overlap"
fi

draws_run "$T/b" 4 5 -- x 2>/dev/null
same "draws_run: a draw with failed runs: status 1" "1 $T/b/draw-5" "$DRAWS_RC $DRAWS_WORST"
draws_run "$T/c" 5 6 4 -- x 2>/dev/null
same "draws_run: a draw that did not complete wins over failed runs: status 2" "2 $T/c/draw-6" "$DRAWS_RC $DRAWS_WORST"

mkdir -p "$T/d/draw-10" "$T/d/draw-9" "$T/e"
same "draws_boots: a folder's draws, in order" "$T/d/draw-9 $T/d/draw-10" "$(draws_boots "$T/d" | xargs)"
same "draws_boots: a folder without draws is itself" "$T/e" "$(draws_boots "$T/e")"
exit "$failed"
