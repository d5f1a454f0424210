#!/bin/bash
# lava/verify.sh -- sourced by lava/check: verify, which reads one lava-run
# log (through lava/lavalog) and checks it against the experiment it ran:
# LAVA's verdicts, one LAVA test case per run with the csv's result and
# elapsed_s, and totals. Uses the caller's ok and fail, $here and $REPORT.
# shellcheck shell=bash disable=SC2154 # here and REPORT are lava/check's

# verify NAME LOG RUNS: the results of one lava-run against its experiment
verify() {
	local name=$1 log=$2 want=$3 d bad planned got header c_num c_status c_el
	local matched=0 num status elapsed desc case_id lava n want_result result measurement units cases failed c flagged
	d=$(dirname "$log")
	"$here/lavalog" results "$log" >"$d/results.tsv" || { fail "$name: cannot read $log"; return; }
	"$here/lavalog" serial "$log" >"$d/serial.log" || { fail "$name: no console output in $log"; return; }
	if grep -q $'^lava\tjob\tpass' "$d/results.tsv"; then
		ok "$name: LAVA's verdict on the job: pass"
	else
		fail "$name: LAVA's verdict on the job is not pass: $(grep -a '"case": "job"' "$log" | tail -n1 | cut -c1-300)"
	fi
	bad=$(awk -F'\t' '$1 == "lava" && $3 != "pass" { print $2 }' "$d/results.tsv" | sort -u | tr '\n' ' ')
	if [ -z "$bad" ]; then ok "$name: every LAVA action passed"; else fail "$name: LAVA actions that did not pass: $bad"; fi

	"$REPORT" csv "$d/serial.log" >"$d/results.csv" 2>"$d/problems.txt"
	c=$?
	# a run the clock cannot vouch for (a loaded host's guest lost its TSC) is
	# flagged, not damaged: csv still lists it, with its flag
	flagged=$(grep -c ': flagged, not used: ' "$d/problems.txt")
	if [ $c = 0 ] && ! grep -qv ': flagged, not used: ' "$d/problems.txt"; then
		ok "$name: swapbench-report csv reads LAVA's capture of the console, no damaged record ($flagged runs flagged for the clock)"
	else
		fail "$name: swapbench-report csv on LAVA's capture: $(grep -v ': flagged, not used: ' "$d/problems.txt" | head -n 3 | tr '\n' ' ')"
	fi
	planned=$("$REPORT" fields totals planned "$d/serial.log" 2>/dev/null | tail -n1)
	got=$(($(wc -l <"$d/results.csv") - 1))
	if [ "$got" = "$want" ] && [ "${planned:-}" = "$want" ]; then
		ok "$name: the experiment ran $want runs (csv rows $got, planned $planned)"
	else
		fail "$name: expected $want runs: csv has $got rows, the totals record plans ${planned:-none}"
	fi

	# csv row -> the KTAP line of that run -> the test case id LAVA made of
	# its description (lowercased, each run of non-word characters made _)
	header=$(head -n1 "$d/results.csv")
	c_num=$(tr ',' '\n' <<<"$header" | grep -nx num | cut -d: -f1)
	c_status=$(tr ',' '\n' <<<"$header" | grep -nx status | cut -d: -f1)
	c_el=$(tr ',' '\n' <<<"$header" | grep -nx elapsed_s | cut -d: -f1)
	{ [ -n "$c_num" ] && [ -n "$c_status" ] && [ -n "$c_el" ]; } ||
		fail "$name: the csv header lacks num, status or elapsed_s: $header"
	while IFS=, read -r num status elapsed; do
		desc=$(awk -v n="$num" '$1 == "ok" && $2 == n { print $3; exit }
			$1 == "not" && $2 == "ok" && $3 == n { print $4; exit }' "$d/serial.log")
		case_id=$(tr '[:upper:]' '[:lower:]' <<<"$desc" | sed -E 's/[^a-z0-9_]+/_/g')
		lava=$(awk -F'\t' -v c="$case_id" '$1 == "swapbench" && $2 == c' "$d/results.tsv")
		n=$(grep -c . <<<"$lava")
		want_result=pass
		[ "$status" = ok ] || want_result=fail
		IFS=$'\t' read -r _ _ result measurement units <<<"$lava"
		if [ -z "$desc" ] || [ -z "$lava" ]; then
			fail "$name: run $num (${desc:-no KTAP line}): no LAVA test case swapbench/${case_id:-?}"
		elif [ "$n" != 1 ]; then
			fail "$name: run $num: $n LAVA test cases named swapbench/$case_id"
		elif [ "$measurement" != "$elapsed" ] || [ "$units" != s ] || [ "$result" != "$want_result" ]; then
			fail "$name: run $num $desc: LAVA recorded $result ${measurement:-(no measurement)} $units, csv says status=$status elapsed_s=$elapsed"
		else
			ok "$name: run $num $desc: LAVA case swapbench/$case_id $result $measurement $units, csv elapsed_s $elapsed"
			matched=$((matched + 1))
		fi
	done < <(awk -F, -v n="${c_num:-0}" -v s="${c_status:-0}" -v e="${c_el:-0}" \
		'NR > 1 { print $n "," $s "," $e }' "$d/results.csv")

	failed=$(awk -F'\t' '$1 == "swapbench" && $3 != "pass" { print $2 "=" $3 }' "$d/results.tsv" | tr '\n' ' ')
	if [ -z "$failed" ]; then ok "$name: no swapbench test case failed"
	else fail "$name: swapbench test cases that did not pass: $failed"; fi
	if grep -q $'^swapbench\ttotals\tpass$' <(cut -f1-3 "$d/results.tsv"); then ok "$name: the totals test case passed"
	else fail "$name: no passing swapbench/totals test case"; fi
	cases=$(awk -F'\t' '$1 == "swapbench"' "$d/results.tsv" | wc -l)
	if [ "$cases" = $((matched + 1)) ] && [ "$matched" = "$want" ]; then
		ok "$name: LAVA recorded $cases swapbench test cases: the $matched runs and totals"
	else
		fail "$name: LAVA recorded $cases swapbench test cases; $matched matched a run of the $want"
	fi
}
