#!/bin/bash
# Every shell script in the tree (a bash or sh shebang, or a name ending in
# .sh) passes shellcheck at its strictest (errors, warnings, info and style;
# sourced files followed): any finding is a FAIL, and a script kept quiet on
# purpose says why beside its `# shellcheck disable=` line. The check is
# first shown to fail on a planted script.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
cd "$top" || exit 2
command -v shellcheck >/dev/null || { fail "shellcheck: not installed (qemu/deps installs it)"; exit 1; }
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
[ "${#scripts[@]}" -gt 50 ] || { fail "shellcheck: found only ${#scripts[@]} scripts"; exit 1; }

# the planted script: an unquoted expansion (SC2086) and a useless cat (a
# style note, SC2002)
plant=$(mktemp -d)
cat >"$plant/planted" <<'PLANTED'
#!/bin/bash
f=$1
cat "$f" | wc -l
rm $f
PLANTED
said=$(shellcheck -f gcc "$plant/planted" 2>&1)
if grep -q 'SC2086' <<<"$said" && grep -q 'SC2002' <<<"$said"; then pass "shellcheck: a planted unquoted \$f and a useless cat are found"
else fail "shellcheck: the planted findings went unseen: $said"; fi
rm -rf "$plant"

# one shellcheck for all (it follows each sourced file once)
found=$(shellcheck -x -f gcc "${scripts[@]}" 2>&1)
for f in "${scripts[@]}"; do
	said=$(grep -F "$f:" <<<"$found" | head -n 3 | tr '\n' ' ')
	if [ -z "$said" ]; then pass "shellcheck $f"; else fail "shellcheck $f: $said"; fi
done
exit "$failed"
