#!/bin/bash
# The default experiment is decided once, by the image (init/config/cmdline.c,
# printed by init-host --describe): no launcher adds a key to it.
# 1. No script reads APPEND with a pattern to add swapbench.until, runs or
#    maxruns (the scan is shown to catch a planted one first).
# 2. docs/reference.md states the rule under a heading of its own, and the
#    pages that send readers there link to a heading that exists, with the
#    registry's figure of pairs.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
cd "$top" || exit 2
OUT=${OUT:-out}
INIT_HOST=$(realpath -m "$OUT/bin/init-host")
export INIT_HOST
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. added keys: FILE:LINE of a test of APPEND against a pattern, or of a
# launcher's swapbench.until, runs or maxruns with a number
added() {
	grep -nE '(=~.*APPEND|APPEND.*=~|grep[^|]*<<<"?\$\{?APPEND)|swapbench\.(until|runs|maxruns)=[0-9]' "$@" /dev/null | cut -d: -f1,2
}
# shellcheck disable=SC2016 # the planted line, as a script would have it
printf '#!/bin/bash\n[[ $APPEND =~ swapbench\\.(runs|order)= ]] || keys+=(swapbench.maxruns=12)\n' >"$tmp/experiment"
same "default experiment: the scan finds a planted regex over APPEND" "$tmp/experiment:2" "$(added "$tmp/experiment")"
same "default experiment: make run's launchers add no key to it" "" \
	"$(added experiments/experiment host/cmdline.sh host/draws.sh qemu/run qemu/boot.sh)"

# 2. the documentation
# anchor HEADING: GitHub's anchor of a Markdown heading
anchor() { tr '[:upper:]' '[:lower:]' <<<"$1" | sed 's/[^a-z0-9 _-]//g; s/ /-/g'; }
anchors=$(sed -n 's/^#\{1,6\} \(.*\)/\1/p' docs/reference.md | while read -r h; do anchor "$h"; done)
grep -qx 'the-default-experiment' <<<"$anchors"
same "default experiment: docs/reference.md has a heading for it" 0 "$?"
bad=$(grep -o 'reference\.md#[a-z0-9_-]*' README.md docs/*.md | sort -u | while IFS=: read -r f l; do
	grep -qx "${l#*#}" <<<"$anchors" || echo "$f:$l"
done | xargs)
same "default experiment: every link to a heading of docs/reference.md finds it" "" "$bad"
if [ -x "$INIT_HOST" ]; then
	rule=$(host/registry.sh field default-experiment until text)
	grep -qF -- "$rule" docs/reference.md
	same "default experiment: docs/reference.md states the image's rule" 0 "$?"
	max=$(host/registry.sh field default-experiment until maxruns)
	bad=$(grep -ohE '[0-9]+ pairs ran' README.md docs/running.md | grep -vx "$max pairs ran" | xargs)
	same "default experiment: README and docs/running.md say the image's $max pairs" "" "$bad"
else
	skip "default experiment: the image's rule in the docs" "no $INIT_HOST (make tools)"
fi
exit "$failed"
