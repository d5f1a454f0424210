# Sourced by tests/e2e/68-lab.sh after tests/lib.sh: what the lab test
# checks in the collector's folder and in QEMU's command lines. Uses the
# test's machines array (NAME ARCH NIC MAC TAP CPU UNAME) and $runs.
# shellcheck shell=bash disable=SC2154 # machines, runs: the test's

# logof DIR MAC: the machine's log in the collector's folder
logof() { local f=("$1/$(tr : - <<<"$2")"-*.log); [ -f "${f[0]}" ] && echo "${f[0]}"; }
# pxe_booted CMD TAP NIC: QEMU's command line (commas escaped) boots by PXE
# through TAP on a NIC, with no -kernel and no results disk
pxe_booted() {
	local cmd
	cmd=$(<"$1")
	cmd=${cmd//\\/}
	[[ $cmd == *"-netdev tap,id=n0,ifname=$2,"* && $cmd == *"-device $3,netdev=n0"* && $cmd == *"-boot n"* ]] &&
		[[ $cmd != *-kernel* && $cmd != *results.disk* ]]
}
# records NAME R: what the collector's folder holds of each machine
records() {
	local name=$1 R=$2 m l n rows seq lines acked total=0 lost=0
	for m in "${machines[@]}"; do
		read -r n arch nic mac tap _ uname <<<"$m"
		check "$name/$n ($arch, $nic): the experiment completes (status $(status_get "$R/$n" status))" \
			test "$(status_get "$R/$n" status)" = 0
		check "$name/$n: booted by PXE through $tap with a $nic, no results disk" pxe_booted "$R/$n/qemu.cmd" "$tap" "$nic"
		l=$(logof "$R/lab" "$mac")
		local logs=("$R/lab/$(tr : - <<<"$mac")"-*.log)
		check "$name/$n: one log in the collector's folder (${logs[*]##*/})" test "${#logs[@]}" = 1 -a -n "$l"
		[ -n "$l" ] || { lost=$((lost + 1)); continue; }
		check "$name/$n: header, meta (arch=$uname) and totals once each" \
			bash -c "[ \$(grep -ac '^KTAP version 1' '$l') = 1 ] && [ \$(grep -ac '^# sb meta .* arch=$uname ' '$l') = 1 ] && [ \$(grep -ac '^# sb totals' '$l') = 1 ]"
		check "$name/$n: runs 1..$runs, each once" \
			test "$(grep -aoE '^(not )?ok [0-9]+ ' "$l" | awk '{ print $NF }' | tr '\n' ' ')" = "$(seq -s ' ' 1 "$runs") "
		check "$name/$n: no record twice" test -z "$(grep -aE '^(ok |not ok |# sb )' "$l" | sort | uniq -d)"
		# sequence numbers: the state says the last line stored; every line is
		# one number, so as many lines as that; the machine's last line counts
		# the ones acknowledged before it
		seq=$(awk '{ print $1 + 0 }' "$R/lab/.$(basename "$l" .log).state")
		lines=$(wc -l <"$l")
		acked=$(sed -n 's/^# swapbench: the collector acknowledged all \([0-9]*\) lines$/\1/p' "$l")
		check "$name/$n: lines 1..$seq stored, each once ($lines lines), the machine says $acked acknowledged before its last" \
			test "$seq" = "$lines" -a "$((acked + 1))" = "$seq"
		[ "$seq" = "$lines" ] && [ "$((acked + 1))" = "$seq" ] || lost=$((lost + 1))
		rows=$("$REPORT" csv "$R/lab" 2>/dev/null | grep -c "^$l,.*,idle,partition,.*,ok,")
		check "$name/$n: swapbench-report reads its $runs runs from the folder ($rows)" test "$rows" = "$runs"
		total=$((total + $(grep -acE '^(ok |not ok |# sb )' "$l")))
	done
	echo "$total" >"$R/records"
	echo "$lost" >"$R/losses"
	check "$name: progress printed, each machine finished once" \
		test "$(grep -c ': finished, status pass$' "$R/lab.progress")" = 3
}
