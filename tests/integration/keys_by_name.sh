#!/bin/bash
# Keys and workload parameters are found by name, not by their row: a row
# inserted at the top of init/config/cmdkeys.c's key table and of workloads/fight.c's
# parameter table (in a scratch copy) leaves the seed and maxruns warnings
# (test_cmdline) and the seed002/seed002-each defaults (fight --describe) as
# they were. The old code wrote SEED_KEY 10, MAXRUNS_KEY 22 and params[2..4].
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
# shellcheck source=host/registry.sh
source "$top/host/registry.sh"
cc=${HOST_CC:-cc}
# the Makefile's C standard and warnings, at -O1
# shellcheck disable=SC2016 # make expands it
read -ra flags <<<"$(make -s --no-print-directory -C "$top" --eval 'print-%: ; @echo $($*)' print-CSTD print-WARN | tr '\n' ' ')-O1"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r "$top/init" "$top/lib" "$top/workloads" "$top/tests" "$scratch/"
cd "$scratch" || exit 1

# a copy of the table's first row under a new name, inserted above it
insert_row() { # FILE TABLE-OPENING-LINE NEW-NAME
	awk -v open="$2" -v name="$3" '
		inserted == 0 && seen { row = $0; sub(/"[^"]*"/, "\"" name "\"", row); print row; inserted = 1 }
		{ print }
		index($0, open) == 1 { seen = 1 }
		END { exit !inserted }' "$1" >"$1.new" && mv "$1.new" "$1"
}
insert_row init/config/cmdkeys.c 'const struct key cmdkeys[] = {' zzinserted ||
	{ fail "keys_by_name: no key table found in init/config/cmdkeys.c"; exit 1; }
insert_row workloads/fight.c 'static struct wl_param params[] = {' zzinserted ||
	{ fail "keys_by_name: no parameter table found in workloads/fight.c"; exit 1; }
if grep -q '"zzinserted"' init/config/cmdkeys.c && grep -q '"zzinserted"' workloads/fight.c; then
	pass "keys_by_name: a row inserted at the top of both tables (scratch copy)"
else
	fail "keys_by_name: the rows were not inserted"
fi

# shellcheck disable=SC2016 # make expands it
read -ra src <<<"$(make -s --no-print-directory -C "$top" --eval 'print-%: ; @echo $($*)' print-TEST_SRC_cmdline)"
if out=$("$cc" "${flags[@]}" -I. -Ilib -Itests/unit -o t tests/unit/test_cmdline.c "${src[@]}" -lm 2>&1); then
	res=$(./t)
	n=$(grep -c '^PASS' <<<"$res")
	bad=$(grep '^FAIL' <<<"$res" | head -n 3 | tr '\n' ' ')
	if [ -z "$bad" ] && grep -q '^PASS keys: seed without order=random warns about seed' <<<"$res" &&
		grep -q '^PASS keys: maxruns without until warns about maxruns' <<<"$res"; then
		pass "keys_by_name: test_cmdline with a key inserted: all $n checks pass, the seed and maxruns warnings among them"
	else
		fail "keys_by_name: test_cmdline with a key inserted: $bad"
	fi
else
	fail "keys_by_name: test_cmdline does not build with a key inserted: $(head -n 3 <<<"$out" | tr '\n' ' ')"
fi

# the defaults each name gets from the tree as it is, and with the row inserted
defaults() { # DIR NAME
	local p line=$2 params
	params=$("$1/$2" --describe | registry_read param name default)
	for p in passes share fill; do
		line+=" $p=$(awk -F'\t' -v n="$2.$p" '$1 == n { print $2 }' <<<"$params")"
	done
	echo "$line"
}
mkdir ref
if "$cc" "${flags[@]}" -o ref/fight "$top/workloads/fight.c" "$top/workloads/wl.c" "$top/workloads/wl_fill.c" "$top/lib/size.c" "$top/lib/version.c" &&
	out=$("$cc" "${flags[@]}" -o fight workloads/fight.c workloads/wl.c workloads/wl_fill.c lib/size.c lib/version.c 2>&1); then
	for name in fight seed002 seed002-each; do
		[ "$name" = fight ] || { ln -sf fight "$name"; ln -sf fight "ref/$name"; }
		want=$(defaults ref "$name")
		got=$(defaults . "$name")
		if [ "$got" = "$want" ] && [[ $want != *=\ * && $want != *= ]]; then
			pass "keys_by_name: with a parameter inserted, $name keeps its defaults: $got"
		else
			fail "keys_by_name: with a parameter inserted, $name's defaults: got '$got', want '$want'"
		fi
	done
else
	fail "keys_by_name: fight does not build with a parameter inserted: $(head -n 3 <<<"$out" | tr '\n' ' ')"
fi
exit "$failed"
