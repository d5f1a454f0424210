#!/bin/bash
# Every program the Makefile builds answers --version and --help alike: the
# host tools (make tool-names) and each workload (the image's one binary,
# run on the host as init-host under the workload's name, as /workloads/NAME
# is in the image). --version prints "NAME VERSION" on stdout and exits 0,
# VERSION the build's one (out/version: git describe, lib/version.h), the
# same for all; --help prints its usage on stdout, nothing on stderr, and
# exits 0. The image's binary, when built, says the same version; its meta
# record carries it (tests/e2e/10-boot.sh). The shell tools a user runs
# (every bash script of experiments/, qemu/, measure/ and lava/) answer both
# through host/tool.sh's tool_answer, whose tool_version the Makefile's
# VERSION and the two Python tools also take: a script that does not call
# it is named and not run (its --help would start it). The check is first
# shown to fail on planted tools that go astray.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
cd "$top" || exit 2
out=$(out_dir "$top")
T=$(mktemp -d /tmp/versions.XXXXXX)
trap 'rm -rf "$T"' EXIT

# answers PROGRAM NAME VERSION: what is wrong with PROGRAM's --version and
# --help (run as NAME), one thing a line; nothing when both are right
answers() {
	local prog=$1 name=$2 version=$3 rc
	"$prog" --version >"$T/out" 2>"$T/err"
	rc=$?
	[ "$rc" = 0 ] || echo "--version exits $rc"
	[ "$(cat "$T/out")" = "$name $version" ] || echo "--version says '$(head -c 200 "$T/out")', not '$name $version'"
	[ ! -s "$T/err" ] || echo "--version writes to stderr: $(head -n1 "$T/err")"
	"$prog" --help >"$T/out" 2>"$T/err"
	rc=$?
	[ "$rc" = 0 ] || echo "--help exits $rc"
	grep -q "^usage: $name " "$T/out" || echo "--help prints no 'usage: $name' line on stdout"
	[ ! -s "$T/err" ] || echo "--help writes to stderr: $(head -n1 "$T/err")"
}

mkdir -p "$T/plant"
# shellcheck disable=SC2016 # the planted scripts' own $1
printf '#!/bin/sh\necho "usage: good X"\n[ "$1" = --version ] && echo "good 1.0" >&2 && exit 0\n' >"$T/plant/good-but-stderr"
# shellcheck disable=SC2016
printf '#!/bin/sh\n[ "$1" = --version ] && { echo "old 0.9"; exit 0; }\necho "usage: old X" >&2; exit 2\n' >"$T/plant/old"
# shellcheck disable=SC2016
printf '#!/bin/sh\n[ "$1" = --version ] && { echo "fine 1.0"; exit 0; }\necho "usage: fine [X]"\n' >"$T/plant/fine"
chmod +x "$T/plant"/*
said=$(answers "$T/plant/good-but-stderr" good-but-stderr 1.0 | paste -sd'|')
contains "versions: a planted --version on stderr is found" "$said" "--version writes to stderr"
said=$(answers "$T/plant/old" old 1.0 | paste -sd'|')
same "versions: a planted tool of another version whose --help fails is found on each count" \
	"--version says 'old 0.9', not 'old 1.0'|--help exits 2|--help prints no 'usage: old' line on stdout|--help writes to stderr: usage: old X" "$said"
same "versions: a planted tool that answers both is passed" "" "$(answers "$T/plant/fine" fine 1.0)"

version=$(cat "$out/version" 2>/dev/null)
check "versions: out/version holds the build's version ($version)" \
	bash -c "[ -n '$version' ] && [ '$version' != unknown ] && [ '$version' != unversioned ]"
read -ra tools <<<"$(make -s --no-print-directory tool-names)"
[ "${#tools[@]}" -ge 6 ] || fail "versions: make tool-names lists ${#tools[@]} tools"
for t in "${tools[@]}"; do
	said=$(answers "$out/bin/$t" "$t" "$version")
	same "versions: $t --version and --help" "" "$said"
done
read -ra workloads <<<"$(make -s --no-print-directory wl-names)"
[ "${#workloads[@]}" -ge 5 ] || fail "versions: make wl-names lists ${#workloads[@]} workloads"
for w in "${workloads[@]}"; do
	ln -s "$out/bin/init-host" "$T/$w"
	said=$(answers "$T/$w" "$w" "$version")
	same "versions: the workload $w --version and --help" "" "$said"
done
# shell_tools ROOT: the bash scripts of ROOT's experiments/, qemu/, measure/ and lava/ (tracked, executable)
shell_tools() {
	git -C "$1" ls-files experiments qemu measure lava | while read -r f; do
		[ -x "$1/$f" ] && head -n1 "$1/$f" | grep -qx '#!/bin/bash' && echo "$f"
	done
}
# unanswered ROOT FILE...: each FILE of ROOT that does not call tool_answer
unanswered() {
	local root=$1
	shift
	# shellcheck disable=SC2016 # the line's own $0 and $@
	(cd "$root" && grep -L '^source "$(dirname "$0")/../host/tool.sh" && tool_answer "$0" "$@"$' "$@")
}
mkdir -p "$T/tree/experiments" "$T/tree/qemu"
printf '#!/bin/bash\n# x -- runs at once\necho started\n' >"$T/tree/experiments/x"
# shellcheck disable=SC2016 # the planted line's own $0 and $@
printf '#!/bin/bash\n# y -- answers\nsource "$(dirname "$0")/../host/tool.sh" && tool_answer "$0" "$@"\n' >"$T/tree/qemu/y"
printf '#!/usr/bin/python3\n' >"$T/tree/experiments/z"
chmod +x "$T/tree/experiments/x" "$T/tree/qemu/y" "$T/tree/experiments/z"
git -C "$T/tree" init -q && git -C "$T/tree" add -A
mapfile -t planted < <(shell_tools "$T/tree")
same "versions: the planted bash tools are listed, and the one without tool_answer named" "experiments/x qemu/y|experiments/x" \
	"${planted[*]}|$(unanswered "$T/tree" "${planted[@]}" | xargs)"

# shellcheck disable=SC2016 # make's $(VERSION)
same "versions: the Makefile's VERSION is host/tool.sh's" "$(bash host/tool.sh version)" \
	"$(make -s --no-print-directory -f Makefile -f - print-version <<<'print-version: ; @echo $(VERSION)' 2>/dev/null)"
mapfile -t shells < <(shell_tools "$top")
[ "${#shells[@]}" -ge 15 ] || fail "versions: found only ${#shells[@]} shell tools in experiments/ and qemu/"
lacking=$(unanswered "$top" "${shells[@]}")
same "versions: every one of ${#shells[@]} shell tools calls tool_answer" "" "$(xargs <<<"$lacking")"
for t in "${shells[@]}"; do
	grep -qx "$t" <<<"$lacking" && continue
	said=$(answers "$top/$t" "${t##*/}" "$(bash host/tool.sh version)")
	same "versions: $t --version and --help" "" "$said"
done

# the Python tools answer the same way, the version from host/tool.sh
# (lava/lavalog needs the yaml module lava-dispatcher brings)
for t in experiments/kselftests-verdicts lava/lavalog; do
	if [ "$t" = lava/lavalog ] && ! python3 -c 'import yaml' 2>/dev/null; then
		skip "versions: $t --version and --help" "no python3 yaml module (lava-dispatcher brings it)"
		continue
	fi
	same "versions: $t --version and --help" "" "$(answers "$top/$t" "${t##*/}" "$(bash host/tool.sh version)")"
done

img=$out/$(uname -m)/swapbench
if [ -x "$img" ]; then
	same "versions: the image's binary (init) says the build's version" "swapbench $version" "$("$img" --version)"
else
	skip "versions: the image's binary" "$img not built for this machine"
fi
exit "$failed"
