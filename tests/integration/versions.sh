#!/bin/bash
# Every program the Makefile builds answers --version and --help alike: the
# host tools (make tool-names) and each workload (the image's one binary,
# run on the host as init-host under the workload's name, as /workloads/NAME
# is in the image). --version prints "NAME VERSION" on stdout and exits 0,
# VERSION the build's one (out/version: git describe, lib/version.h), the
# same for all; --help prints its usage on stdout, nothing on stderr, and
# exits 0. The image's binary, when built, says the same version; its meta
# record carries it (tests/e2e/10-boot.sh). The check is first shown to
# fail on planted tools that go astray.
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
img=$out/$(uname -m)/swapbench
if [ -x "$img" ]; then
	same "versions: the image's binary (init) says the build's version" "swapbench $version" "$("$img" --version)"
else
	skip "versions: the image's binary" "$img not built for this machine"
fi
exit "$failed"
