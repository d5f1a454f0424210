#!/bin/bash
# Every shell script in the tree (a bash or sh shebang, or a name ending in
# .sh) passes shellcheck at its strictest (errors, warnings, info and style;
# sourced files followed): any finding is a FAIL, and a script kept quiet on
# purpose says why beside its `# shellcheck disable=` line. And none is
# longer than 200 lines: a longer one does more than one job and is split
# by job (pure logic into host/, tested in tests/host/). Each check is first
# shown to fail on a planted script.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
max=200 failed=0
command -v shellcheck >/dev/null || { echo "FAIL shellcheck: not installed (qemu/deps installs it)"; exit 1; }
if git rev-parse --git-dir >/dev/null 2>&1; then
	all=$(git ls-files)
else
	all=$(find . -path ./out -prune -o -type f -print | sed 's|^\./||')
fi
scripts=()
while read -r f; do
	[ -f "$f" ] || continue
	if [[ $f == *.sh ]] || head -n 1 "$f" | grep -qE '^#!(/usr)?/bin/(env )?(ba)?sh\b'; then scripts+=("$f"); fi
done <<<"$all"
[ "${#scripts[@]}" -gt 50 ] || { echo "FAIL shellcheck: found only ${#scripts[@]} scripts"; exit 1; }

# fits FILE NAME: PASS or FAIL for its length
fits() {
	local n
	n=$(wc -l <"$1")
	if [ "$n" -le "$max" ]; then echo "PASS lines $2 ($n)"; else echo "FAIL lines $2: $n lines, over $max"; return 1; fi
}

# the planted scripts: an unquoted expansion (SC2086), a useless cat (a
# style note, SC2002), and 201 lines
plant=$(mktemp -d)
cat >"$plant/planted" <<'PLANTED'
#!/bin/bash
f=$1
cat "$f" | wc -l
rm $f
PLANTED
said=$(shellcheck -f gcc "$plant/planted" 2>&1)
if grep -q 'SC2086' <<<"$said" && grep -q 'SC2002' <<<"$said"; then echo "PASS shellcheck: a planted unquoted \$f and a useless cat are found"
else echo "FAIL shellcheck: the planted findings went unseen: $said"; failed=1; fi
seq 201 | sed 's/^/: /' >"$plant/long"
said=$(fits "$plant/long" planted)
case $said in
FAIL*) echo "PASS lines: a planted script of 201 lines fails ($said)" ;;
*) echo "FAIL lines: a planted script of 201 lines passed ($said)"; failed=1 ;;
esac
rm -rf "$plant"

# one shellcheck for all (it follows each sourced file once), then lines per script
found=$(shellcheck -x -f gcc "${scripts[@]}" 2>&1)
for f in "${scripts[@]}"; do
	said=$(grep -F "$f:" <<<"$found" | head -n 3 | tr '\n' ' ')
	if [ -z "$said" ]; then echo "PASS shellcheck $f"; else echo "FAIL shellcheck $f: $said"; failed=1; fi
	fits "$f" "$f" || failed=1
done
exit $failed
