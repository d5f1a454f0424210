#!/bin/bash
# What the swap disk cost, in report.md: a boot on a modelled disk (the meta
# record's disk=NAME and init's disk record with the profile's figures) gets
# a line with the model's figures as its profile gave them; a boot on the
# host's page cache (disk=host) is said to see no disk effects.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/report_env.sh
source "$top/tests/report_env.sh"

# LOG DISK [FIGURES]: the fixture with disk=DISK in its meta record and, when
# FIGURES is given, a disk record carrying them after it (checksums redone)
mklog() {
	python3 - "$top/tests/fixtures/bisect-a.txt" "$2" "${3:-}" >"$1" <<'PY'
import sys, zlib
def seal(body):
    return body + " crc=%08x" % zlib.crc32(body.encode())
for line in open(sys.argv[1]):
    body = line.rstrip("\n")
    if body.startswith("# sb meta "):
        body = body[:body.rindex(" crc=")] + " disk=" + sys.argv[2]
        boot = body.split("boot=")[1].split()[0]
        print(seal(body))
        if sys.argv[3]:
            print(seal("# sb disk boot=%s %s" % (boot, sys.argv[3])))
        continue
    print(body)
PY
}

mklog "$T/model.log" hdd "disk=hdd disk_kind=hdd disk_rotational=1 disk_capacity_gb=500.108 disk_rpm=7200 disk_seek_avg_ms=8.5 disk_rate_outer_mbs=64.8"
"$BIN" md "$T/model.log" >"$T/model.md" 2>"$T/model.err"
check "report_disk: a modelled disk is named" grep -q 'The swap disk is a datasheet model (DISK=, here hdd' "$T/model.md"
check "report_disk: with its profile's figures" \
	grep -qF "The model's figures (hdd, from its profile file): kind hdd, rotational 1, capacity_gb 500.108, rpm 7200, seek_avg_ms 8.5, rate_outer_mbs 64.8." "$T/model.md"
check "report_disk: the disk record is no problem" test ! -s "$T/model.err"

mklog "$T/host.log" host
"$BIN" md "$T/host.log" >"$T/host.md" 2>/dev/null
check "report_disk: the host's page cache is said to hide disk effects" \
	grep -q "The disk is the host's page cache (DISK=host, 1 of 1 boots): this comparison cannot see disk effects" "$T/host.md"
check "report_disk: and no model's figures" sh -c "! grep -q \"model's figures\" '$T/host.md'"
exit "$failed"
