#!/bin/bash
# swapbench-report kcidb: its JSON validates against KCIDB's schema v5.3
# (tests/fixtures/kcidb/schema-v5.3.json, copied from kcidb-io, source named
# inside) with Debian's python3-jsonschema, and says what the runs said: one
# test per run with its status and figure, one build per kernel variant, one
# verdict per comparison. A broken document must fail the same validator.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=host/settings.sh
source "$top/host/settings.sh"
OUT=$top/out settings_apply REPORT || exit 2
BIN=$REPORT
FIX=$top/tests/fixtures
SCHEMA=$FIX/kcidb/schema-v5.3.json
T=$(mktemp -d /tmp/kcidb.XXXXXX)
trap 'rm -rf "$T"' EXIT
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"

# validate NAME FILE: the schema's verdict, errors on stderr
validate() {
	/usr/bin/python3 - "$SCHEMA" "$1" <<'PY'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft7Validator.check_schema(schema)
doc = json.load(open(sys.argv[2]))
v = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
errs = sorted(v.iter_errors(doc), key=lambda e: list(e.path))
for e in errs[:5]:
    print("%s: %s" % ("/".join(map(str, e.path)), e.message), file=sys.stderr)
sys.exit(1 if errs else 0)
PY
}

if ! /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
	fail "python3-jsonschema is installed (qemu/deps installs it)"
	exit 1
fi

# a boot with every run status, checksummed as init does it (CRC-32 of the bytes before " crc=")
/usr/bin/python3 - "$T/statuses.log" <<'PY'
import sys, zlib
lines = ["KTAP version 1", "# sb meta boot=57a70001 kernel_release=6.1.0 arch=x86_64 memtotal_kb=60000 clocksource=tsc clock_step_ns=1", "1..5"]
for n, st in enumerate(["ok", "oom", "timeout", "error", "killed"], 1):
    lines.append("%s %d fight-partition-%d boot=57a70001 workload=fight backend=partition iter=%d status=%s elapsed_s=%d.5 kernel=6.1.0"
                 % ("ok" if st == "ok" else "not ok", n, n, n, st, n))
lines.append("# sb totals boot=57a70001 planned=5 ran=5 ok=1 notok=4 status=fail")
with open(sys.argv[1], "w") as f:
    for l in lines:
        if l.startswith(("ok", "not ok", "# sb")):
            l += " crc=%08x" % zlib.crc32(l.encode())
        f.write(l + "\n")
PY
FIXT=$T
for f in seed000.txt damaged.log clock.txt extreme.txt quoting.txt bisect-a.txt statuses.log; do
	src=$FIX/$f
	[ -e "$src" ] || src=$FIXT/$f
	"$BIN" kcidb "$src" >"$T/$f.json" 2>"$T/$f.err"
	rc=$?
	if [ "$rc" != 0 ] && [ "$rc" != 3 ]; then
		fail "kcidb $f: exit 0 or 3 (problems reported)" "exit $rc: $(head -c 300 "$T/$f.err")"
		continue
	fi
	if validate "$T/$f.json" 2>"$T/$f.verr"; then pass "kcidb $f: valid KCIDB v5.3"
	else fail "kcidb $f: valid KCIDB v5.3" "$(head -c 600 "$T/$f.verr")"; fi
	# as many run tests as csv has rows: the same checks decide what is used
	runs=$("$BIN" csv "$src" 2>/dev/null | tail -n +2 | wc -l)
	got=$(/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sum(1 for t in d["tests"] if not t["path"].endswith(".compare")))' "$T/$f.json")
	if [ "$got" = "$runs" ]; then pass "kcidb $f: one test per run ($runs)"
	else fail "kcidb $f: one test per run" "$got tests, csv has $runs rows"; fi
done

# seed000: 80 runs, all ok, one kernel, one partition-file verdict
if /usr/bin/python3 - "$T/seed000.txt.json" "$FIX/seed000.txt" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
want = {}
for line in open(sys.argv[2]):
    m = re.match(r"ok (\d+) .* elapsed_s=([0-9.]+)", line)
    if m:
        want["swapbench:5eed0003." + m.group(1)] = float(m.group(2))
runs = [t for t in d["tests"] if not t["path"].endswith(".compare")]
cmp = [t for t in d["tests"] if t["path"].endswith(".compare")]
ok = True
def check(cond, what):
    global ok
    if not cond:
        print("  " + what, file=sys.stderr)
        ok = False
check(len(want) == 80 and len(runs) == 80, "80 runs")
check(len({t["id"] for t in d["tests"]}) == len(d["tests"]), "ids unique")
for t in runs:
    check(t["status"] == "DONE", "status DONE for an ok run")
    check(abs(t["number"]["value"] - want[t["id"]]) < 1e-9 and t["number"]["unit"] == "s", "number = elapsed_s in s")
    check(t["duration"] == t["number"]["value"], "duration = elapsed_s")
    check(t["build_id"] == "swapbench:2.6.20+seed000", "build of kernel 2.6.20 tag seed000")
    check(t["log_excerpt"].startswith("ok "), "log excerpt is the record")
    check("environment" in t and "5eed0003" in t["environment"]["comment"], "environment names the boot")
check([b["id"] for b in d["builds"]] == ["swapbench:2.6.20+seed000"], "one build")
check([c["id"] for c in d["checkouts"]] == ["swapbench:2.6.20"], "one checkout")
check(len(cmp) == 1 and cmp[0]["misc"]["verdict"] == "B faster" and cmp[0]["number"]["unit"] == "%"
      and cmp[0]["number"]["value"] < 0 and cmp[0]["misc"]["analysis"] == "pairs", "verdict: file faster, paired")
sys.exit(0 if ok else 1)
PY
then pass "kcidb seed000: ids, statuses, figures, build and verdict as the log says"; else fail "kcidb seed000: ids, statuses, figures, build and verdict as the log says"; fi

# a run that did not end ok keeps its status, and has no figure
if /usr/bin/python3 - "$T/statuses.log.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
m = {"ok": "DONE", "oom": "FAIL", "timeout": "FAIL", "error": "ERROR", "killed": "ERROR"}
runs = [t for t in d["tests"] if not t["path"].endswith(".compare")]
bad = [t["id"] for t in runs if m[t["misc"]["status"]] != t["status"] or (t["status"] != "DONE" and "number" in t)]
seen = sorted(t["misc"]["status"] for t in runs)
if seen != sorted(m):
    print("  statuses seen: %s" % seen, file=sys.stderr)
sys.exit(1 if bad or seen != sorted(m) else 0)
PY
then pass "kcidb: oom/timeout are FAIL, error/killed ERROR, without a number"; else fail "kcidb: oom/timeout are FAIL, error/killed ERROR, without a number"; fi

# the validator is no rubber stamp: a test without build_id, an id without
# its origin, a status KCIDB does not have, each fails
/usr/bin/python3 - "$T/seed000.txt.json" "$T" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
breaks = {
    "no-build-id": lambda t: t.pop("build_id"),
    "bare-id": lambda t: t.update(id="5eed0003.1"),
    "status-ok": lambda t: t.update(status="OK"),
    "number-string": lambda t: t.update(number={"value": "91.69"}),
}
for name, f in breaks.items():
    c = json.loads(json.dumps(d))
    f(c["tests"][0])
    json.dump(c, open("%s/broken-%s.json" % (sys.argv[2], name), "w"))
PY
for b in no-build-id bare-id status-ok number-string; do
	if validate "$T/broken-$b.json" 2>/dev/null; then fail "schema refuses a broken document ($b)"
	else pass "schema refuses a broken document ($b)"; fi
done

"$BIN" kcidb >/dev/null 2>&1
rc=$?
if [ "$rc" = 2 ]; then pass "kcidb without a source: usage error (exit 2)"; else fail "kcidb without a source: usage error" "exit $rc"; fi
exit "$failed"
