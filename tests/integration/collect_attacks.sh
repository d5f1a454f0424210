#!/bin/bash
# swapbench-report collect among hostile peers: tests/fixtures/collect_attacks.py
# runs each attack (a line past the buffer, a hello's from= beyond what is
# stored, totals records counted as machines, slowloris, machine slots used
# up, the descriptor limit, symlinks and FIFOs in DIR, control characters,
# a quadratic parser, a peer without the shared key, a peer streaming
# 40,000 distinct workloads to a collector keeping its lab page while other
# machines say hello, each answered within a second) beside an honest
# machine whose 86 lines must arrive byte for byte. Runs the
# AddressSanitizer build when there is one. 127.0.0.1 only; every attack
# bounded (about 4 minutes in all).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
BIN=$top/out/bin/asan/swapbench-report
[ -x "$BIN" ] || BIN=$top/out/bin/swapbench-report
exec timeout 900 /usr/bin/python3 "$top/tests/fixtures/collect_attacks.py" "$BIN" "$@"
