#!/bin/bash
# swapbench-report html and collect --html as a reader sees them: headless
# Chromium (Debian's chromium; qemu/deps' check set installs it) renders the
# page of a fixture run, of a run whose tag, workload parameter and boot
# hold markup, quotes and ampersands, and of a lab folder that collect
# --html keeps, all in one launch. Checked: the rendered text holds the
# verdict sentence and the summary and comparison tables' figures exactly
# as report.md gives them; every picture md links is drawn (an SVG of
# non-zero size with marks in it); no script in any page, none run (the
# page's title unchanged), no console message; the hostile strings render
# as text; the lab page's row and verdict; a folder where the page cannot
# be written refused at start; nothing to report still makes a page.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/report_lib.sh
source "$top/tests/report_lib.sh"
cpid=
trap '[ -z "$cpid" ] || kill "$cpid" 2>/dev/null; rm -rf "$T"' EXIT

if ! command -v chromium >/dev/null; then
	fail "chromium is installed" "no chromium on PATH: this test renders the pages in it (apt-get install chromium; qemu/deps check installs it)"
	exit 1
fi
# markup, quotes and an ampersand, as a guest or a peer might send them
HOSTILE='<script>document.title="pwned"</script> "q" & <b>bold</b>'

# hostile MODE IN OUT: IN with the tag, the boot and a workload parameter
# on the command line set to markup (report), or cut after run 10, whose
# KTAP description is markup (lab); checksums made anew
hostile() {
	python3 - "$@" "$HOSTILE" <<'PY'
import sys, zlib
mode, src, out, host = sys.argv[1:5]
q = lambda v: '"' + v.replace('\\', '\\\\').replace('"', '\\"') + '"'
with open(out, "w") as o:
    for line in open(src):
        body = line.rstrip("\n")
        if " crc=" in body:
            body = body[:body.rindex(" crc=")]
            if mode == "report":
                body = body.replace("tag=seed000", "tag=" + q(host))
                body = body.replace("boot=5eed0003", "boot=" + q('m&<i>"x'))
                body = body.replace("cmdline=mem=64M", "cmdline=" + q("mem=64M swapbench.lines.n=" + host))
            elif body.startswith("ok 10 "):
                body = body.replace("lines-partition-5", '<script>document.title="pwned"</script>&"q"')
            body += " crc=%08x" % zlib.crc32(body.encode())
        o.write(body + "\n")
        if mode == "lab" and body.startswith("ok 10 "):
            break
PY
}

# --- the pages --------------------------------------------------------------
run "html of seed000" 0 html "$FIX/seed000.txt"
cp "$T/out" "$T/seed.html"
check "html: nothing fetched (no src= or href= in the page)" bash -c "! grep -Eq '(src|href)=' '$T/seed.html'"
# (no rsvg-convert on its PATH: the links are what is compared, not the PNGs)
env PATH=/nonexistent "$BIN" md --plots "$T/plots" "$FIX/seed000.txt" >"$T/seed.md" 2>"$T/err"
same "md --plots of seed000 (exit 0)" 0 $?
hostile report "$FIX/seed000.txt" "$T/hostile.log"
run "html of a run with markup in its tag, boot and workload parameter" 0 html "$T/hostile.log"
cp "$T/out" "$T/hostile.html"
head -n 3 "$FIX/seed000.txt" >"$T/norun.log"
run "html of a boot that ran nothing (exit 3: its totals are missing)" 3 html "$T/norun.log"
check "html: nothing to report, and why" has out \
	'<strong>Nothing to report:</strong> no run.s result was recorded in 1 boot.</p>'
check "html: the boot that says why" has out 'boot 5eed0003: no totals record'

# the lab: a machine cut short after a run named with markup, one finished
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
PEER="python3 $top/tests/fixtures/collect_peer.py"
hostile lab "$FIX/seed000.txt" "$T/cut.log"
mkdir -p "$T/lab/index.html"
"$BIN" collect --listen "127.0.0.1:$PORT" --dir "$T/lab" --html >/dev/null 2>"$T/err"
same "collect --html: a folder whose page cannot be written is refused (exit 2)" 2 $?
check "collect --html: the refusal names the page" has err 'cannot write the page in .*index.html: Is a directory'
rmdir "$T/lab/index.html"
"$BIN" collect --listen "127.0.0.1:$PORT" --dir "$T/lab" --html --machines 1 >/dev/null 2>"$T/collect.err" &
cpid=$!
for _ in $(seq 50); do grep -q "listening on" "$T/collect.err" && break; sleep 0.1; done
check "collect --html: the first page, before any machine" grep -q 'No machine has reported yet' "$T/lab/index.html"
$PEER send "$PORT" 52:54:00:00:00:0a c0ffee01 "$T/cut.log" >/dev/null 2>&1
$PEER send "$PORT" 52:54:00:00:00:0b 5eed0003 "$FIX/seed000.txt" >/dev/null 2>&1
wait "$cpid"
same "collect --html --machines 1 ends (exit 0)" 0 $?
cpid=
check "collect --html: no temporary page left" test ! -e "$T/lab/.index.html.tmp"

# --- one browser, every page ------------------------------------------------
# The harness, not the pages, runs the script: each page in a frame, its
# rendered text (innerText: what a reader sees) and its pictures' sizes
# written into the harness's DOM, which --dump-dom prints.
cat >"$T/harness.html" <<EOF
<!DOCTYPE html><html><body>
<iframe name="seed" src="file://$T/seed.html" style="width:1200px;height:900px"></iframe>
<iframe name="hostile" src="file://$T/hostile.html" style="width:1200px;height:900px"></iframe>
<iframe name="lab" src="file://$T/lab/index.html" style="width:1200px;height:900px"></iframe>
<pre id="out"></pre>
<script>
window.onload = function () {
	var o = [];
	document.querySelectorAll('iframe').forEach(function (f) {
		var d = f.contentDocument;
		o.push('=== ' + f.name, d.body.innerText, '=== facts');
		d.querySelectorAll('svg').forEach(function (s) {
			var r = s.getBoundingClientRect(), t = s.querySelector('title');
			o.push('svg ' + Math.round(r.width) + ' ' + Math.round(r.height) + ' ' +
			       s.querySelectorAll('circle,rect,path,line').length + ' ' + (t ? t.textContent : '-'));
		});
		o.push('scripts ' + d.querySelectorAll('script').length, 'bold ' + d.querySelectorAll('b').length,
		       'title ' + d.title);
	});
	document.getElementById('out').textContent = o.join('\n') + '\n=== end';
};
</script></body></html>
EOF
start=$(date +%s.%N)
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
	--disable-component-update --disable-sync --user-data-dir="$T/profile" --allow-file-access-from-files \
	--virtual-time-budget=5000 --enable-logging=stderr --v=0 --dump-dom "file://$T/harness.html" \
	>"$T/dom" 2>"$T/chromium.err"
same "chromium renders the pages (exit 0)" 0 $?
info "chromium: $(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }') s"
check "chromium: no console message or uncaught error from any page" bash -c "! grep -Ei 'CONSOLE|Uncaught' '$T/chromium.err'"

# the harness's DOM, unescaped, split into each page's text and facts
python3 - "$T" <<'PY'
import html, re, sys
t = sys.argv[1]
dom = open(t + "/dom").read()
m = re.search(r'<pre id="out">(.*)</pre>', dom, re.S)
text = html.unescape(m.group(1)) if m else ""
for name, body in re.findall(r"^=== (\w+)\n(.*?)(?=^=== (?:\w+)$)", text, re.S | re.M):
    if name in ("facts", "end"):
        continue
    open("%s/%s.text" % (t, name), "w").write(body)
for name, facts in re.findall(r"^=== (\w+)\n.*?^=== facts\n(.*?)(?=^=== )", text, re.S | re.M):
    open("%s/%s.facts" % (t, name), "w").write(facts)
PY

# judge NAME PYTHON...: PASS when the python expression (over the files in $T) holds
judge() {
	local name=$1 why
	shift
	if why=$(python3 - "$T" "$HOSTILE" <<PY 2>&1
import re, sys
t, host = sys.argv[1], sys.argv[2]
rd = lambda n: open(t + "/" + n).read()
lines = lambda n: rd(n).split("\n")
$*
PY
	); then pass "$name"; else fail "$name" "$why"; fi
}

# the verdict as report.md says it, one line of the page
judge "html: the verdict sentence exactly as report.md gives it" '
v = [l[2:] for l in lines("seed.md") if l.startswith("- lines: ")]
assert v and v[0] in lines("seed.text"), "report.md: %r; page: %r" % (v, [l for l in lines("seed.text") if "faster" in l])'
# every row of the summary and comparison tables, cell by cell
judge "html: the summary and comparison tables hold report.md's figures" '
md, rows, sect = lines("seed.md"), [], ""
for l in md:
    if l.startswith("## "): sect = l
    if l.startswith("| ") and not l.startswith("| ---") and ("Summary" in sect or "Backends" in sect):
        rows.append("\t".join(c.strip() for c in l.strip("|").split(" | ")))
missing = [r for r in rows if r not in lines("seed.text")]
assert len(rows) == 5 and not missing, "%d rows, missing on the page: %r" % (len(rows), missing)'
judge "html: every picture report.md links is drawn, with its title" '
links = [re.match(r"!\[(.*)\]", l).group(1) for l in lines("seed.md") if l.startswith("![")]
svg = [l.split(" ", 4) for l in lines("seed.facts") if l.startswith("svg ")]
drawn = [s[4] for s in svg if int(s[1]) > 0 and int(s[2]) > 0 and int(s[3]) > 20]
assert links == drawn and len(links) == 2, "linked %r, drawn %r" % (links, svg)'
judge "html: no script in the page, the title its own" '
f = lines("seed.facts")
assert "scripts 0" in f and [l for l in f if l.startswith("title swapbench report: ") and l.endswith("/seed000.txt")], f'
judge "html: tag, boot and workload parameter with markup render as text" '
page = lines("hostile.text")
assert any(("\t" + host + "\t") in l for l in page), "no boots row with the tag as text"
assert "boot m&<i>\"x: -, command line mem=64M swapbench.lines.n=" + host in page, "command line"'
judge "html: the markup did nothing (no script or b element, title unchanged)" '
f = lines("hostile.facts")
assert "scripts 0" in f and "bold 0" in f and ("title swapbench report: " + t + "/hostile.log") in f, f'
judge "lab page: the finished machine, its figures and its verdict" '
page, v = lines("lab.text"), [l[2:] for l in lines("seed.md") if l.startswith("- lines: ")][0]
at = [i for i, l in enumerate(page) if l.startswith("52:54:00:00:00:0b\t5eed0003\t")]
# the verdicts are a list in their cell: on the lines after the row
assert at and page[at[0]] == "52:54:00:00:00:0b\t5eed0003\t80\t80\t80\t0\tfinished, status pass\t", page[at[0]:at[0] + 3]
assert v in page[at[0] + 1:at[0] + 3], (page[at[0]:at[0] + 3], v)'
judge "lab page: the machine cut short, its last run named with markup as text" '
row = [l for l in lines("lab.text") if l.startswith("52:54:00:00:00:0a\tc0ffee01\t")]
assert row and "\t10\t80\t10\t0\trunning, last ok (<script>document.title=\"pwned\"</script>&\"q\", " in row[0], row'
judge "lab page: no script in it, none run" '
f = lines("lab.facts")
assert "scripts 0" in f and "bold 0" in f and ("title swapbench lab: " + t + "/lab") in f, f'
exit "$failed"
