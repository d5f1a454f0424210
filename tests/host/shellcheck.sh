#!/bin/bash
# Every shell script in the tree (a bash or sh shebang, or a name ending in
# .sh) passes shellcheck at severity warning (errors and warnings; sourced
# files followed), and no script of the host layer (host/, qemu/,
# experiments/, bench/) is longer than 200 lines. Style notes (info, style)
# are counted on an INFO line, not failed.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
failed=0
command -v shellcheck >/dev/null || { echo "FAIL shellcheck: not installed (qemu/deps installs it)"; exit 1; }
if [ -d .git ] || git rev-parse --git-dir >/dev/null 2>&1; then
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
# one shellcheck for all (it follows each sourced file once), then a line per script
found=$(shellcheck -x -S warning -f gcc "${scripts[@]}" 2>&1)
for f in "${scripts[@]}"; do
	said=$(grep -F "$f:" <<<"$found" | head -n 3 | tr '\n' ' ')
	if [ -z "$said" ]; then echo "PASS shellcheck $f"; else echo "FAIL shellcheck $f: $said"; failed=1; fi
	case $f in
	host/* | qemu/* | experiments/* | bench/*)
		n=$(wc -l <"$f")
		if [ "$n" -le 200 ]; then echo "PASS lines $f ($n)"; else echo "FAIL lines $f: $n lines, over 200"; failed=1; fi
		;;
	esac
done
exit $failed
