# shellcheck shell=bash
# tests/workloads_lib.sh -- sourced by tests/integration/workloads.sh and
# workloads_check.sh: the workloads' binaries (DIR, their first argument, or
# out/bin/wl), a private SWAPBENCH_DIR on a pretend 100 MiB machine, and
# the helpers that run a workload and judge what it said.
bin=${1:-${OUT:-$top/out}/bin/wl}
bin=$(cd "$bin" && pwd) || exit 1
WL_ALL=${WL_ALL:-$(make -s --no-print-directory -C "$top" wl-names)}
tmp=$(mktemp -d /tmp/sb-workloads.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
export SWAPBENCH_DIR=$tmp/dir
export SWAPBENCH_MEMTOTAL_KB=102400	# 100 MiB: sizes below follow from it
mkdir "$SWAPBENCH_DIR"
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
holds() { # NAME WHY EXPR: PASS if the shell expression EXPR is true
	if eval "$3"; then pass "$1"; else fail "$1" "$2"; fi
}

# run WORKLOAD ARGS...: sets rc, out, err
run() {
	local w=$1
	shift
	"$bin/$w" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
}
val() { sed -n "s/^$1=//p" <<<"$out"; }
keys() { cut -d= -f1 <<<"$out" | sort | xargs; }
is_num() { [[ $1 =~ ^[0-9]+(\.[0-9]+)?$ ]]; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 <= b + 0) }'; }
hist_ok() { # HIST N: 32 comma-separated counts summing to N
	awk -v h="$1" -v n="$2" 'BEGIN { k = split(h, a, ","); s = 0; for (i = 1; i <= k; i++) s += a[i]; exit !(k == 32 && s == n) }'
}
well_formed() { ! grep -qvE '^[a-z0-9_]+=[^ ]+$' <<<"$out" && [ -n "$out" ]; }

# ran_ok NAME "KEYS": the last run exited 0 with exactly these keys, well formed
ran_ok() {
	local name=$1 want
	want=$(xargs -n1 <<<"$2" | sort | xargs)
	if [ "$rc" != 0 ]; then
		fail "$name" "exit $rc: $err"
	elif ! well_formed; then
		fail "$name" "output not key=value lines: $out"
	elif [ "$(keys)" != "$want" ]; then
		fail "$name" "keys '$(keys)', want '$want'"
	else
		pass "$name"
	fi
}

# refused NAME WORKLOAD ARGS...: --check exits 2 with one "WORKLOAD: " line
refused() {
	local name=$1 w=$2
	shift 2
	run "$w" --check "$@"
	if [ "$rc" != 2 ]; then
		fail "$name" "exit $rc, want 2 (stderr: $err)"
	elif [ "$(wc -l <<<"$err")" != 1 ] || [[ $err != "$w: "* ]]; then
		fail "$name" "want one '$w: ...' line on stderr, got: $err"
	elif [ -n "$out" ]; then
		fail "$name" "printed on stdout: $out"
	else
		pass "$name"
	fi
}

accepted() {
	local name=$1 w=$2
	shift 2
	run "$w" --check "$@"
	if [ "$rc" = 0 ] && [ -z "$out$err" ]; then pass "$name"; else fail "$name" "exit $rc: $out$err"; fi
}
