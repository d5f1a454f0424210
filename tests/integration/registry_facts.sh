#!/bin/bash
# The registry, part 3 (parts 1 and 2: registry.sh): no fact of the
# registry is written by hand anywhere else. First the scan is shown to
# catch planted violations in a scratch tree (and to leave alone what it
# must), then the real tree is scanned. Not scanned: init/config/registry.c and
# init/config/cmdkeys.c (where the facts live), tests/ (tests assert the values),
# docs/ (prose quoting them for readers; docs/reference.md is checked by
# registry.sh) and what is not in git (out/).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
cd "$top" || exit 1
OUT=${OUT:-out}
INIT_HOST=$(realpath -m "$OUT/bin/init-host")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x "$INIT_HOST" ] || { fail "registry: no $INIT_HOST (make tools)"; exit 1; }
# shellcheck source=host/registry.sh
source host/registry.sh
registry_load || exit 1

# 3. hand-written facts. The facts, from the registry itself:
facts() {
	local w
	# designations, and the labels and partition id they are made of
	registry_rows disk spec | while read -r w; do
		echo "designation	$w	$w"
		# the bare label or id too, where it is a name of its own (swapbench-fs, not swapbench)
		[[ ${w#*=} != *[-0-9]* ]] || echo "designation	${w#*=}	$w"
	done
	# the base command lines' own words (not console=ttyS0 alone, nor swapbench.* keys)
	registry_rows cmdline text | tr ' ' '\n' | sort -u | grep -v '^swapbench\.\|^console=ttyS0$' |
		sed 's/.*/cmdline	&	&/'
	# the exit statuses' words, where they are a phrase
	registry_rows exit text | grep '.* .* .*' | sed 's/.*/exit-words	&	&/'
}
# violations ROOT: "file:line: what" for every fact written outside its place
violations() {
	local root=$1 kind needle what lim
	(
		cd "$root" || exit 1
		list() {
			find . \( -path ./.git -o -path ./out -o -path ./tests -o -path ./docs \) -prune -o -type f -print |
				grep -v '^\./init/config/registry\.c$\|^\./init/config/cmdkeys\.c$' | sed 's|^\./||' | sort
		}
		list >"$tmp/files"
		facts | while IFS=$'\t' read -r kind needle what; do
			# a label: not when it is part of a longer name (swapbench-fs-x)
			xargs -d '\n' grep -nIP -- "(?<![A-Za-z0-9_-])\\Q$needle\\E(?![A-Za-z0-9_-])" <"$tmp/files" 2>/dev/null |
				sed "s|\$| [$kind: $what]|"
		done | sort -u
		# the command-line limit, by the bytes (or the buffer) it says a command line holds
		lim=$(registry_limit cmdline-bytes)
		xargs -d '\n' grep -nIiE -- "(\b$lim\b|\b$((lim + 1))\b).*(cmdline|command line|append)|(cmdline|command line|append).*(\b$lim\b|\b$((lim + 1))\b)" <"$tmp/files" 2>/dev/null |
			sed "s|\$| [limit: $lim]|"
		# the run timeout's default, by a line that names the timeout
		lim=$(registry_default timeout)
		xargs -d '\n' grep -nIiE -- "timeout.*\b$lim\b|\b$lim\b.*timeout" <"$tmp/files" 2>/dev/null | sed "s|\$| [run timeout: $lim]|"
		# the smallest MEM and qemu/run's wall-clock limit, by the variable or words that name them
		lim=$(registry_limit mem-default-mib)
		xargs -d '\n' grep -nIE -- "\bMEM[A-Z_]*(=|:-| is )$lim\b" <"$tmp/files" 2>/dev/null | sed "s|\$| [memory minimum: $lim]|"
		lim=$(registry_limit wall-clock-s)
		xargs -d '\n' grep -nIiE -- "(LIMIT|wall-clock).*\b$lim\b" <"$tmp/files" 2>/dev/null | sed "s|\$| [wall-clock limit: $lim]|"
		# the verdict's minimum units, by "need(s) N"
		registry_rows verdict min-runs | sort -u | while read -r lim; do
			xargs -d '\n' grep -nIE -- "needs?[ =]+$lim\b" <"$tmp/files" 2>/dev/null | sed "s|\$| [verdict minimum: $lim]|"
		done
	) | skip_samples "$root"
}
# skip_samples ROOT: leaves out what a Markdown file quotes (indented sample
# output) or generates (between <!-- registry:NAME --> markers)
skip_samples() {
	local line file n
	while IFS= read -r line; do
		file=$1/${line%%:*} n=${line#*:} n=${n%%:*}
		if [[ $file == *.md ]]; then
			sed -n "${n}p" "$file" | grep -q '^    ' && continue
			awk -v n="$n" '/^<!-- registry:/ { on = 1 } /^<!-- \/registry:/ { on = 0 } NR == n { exit !on }' "$file" && continue
		fi
		printf '%s\n' "$line"
	done
}

scratch=$tmp/scratch
mkdir -p "$scratch"/{qemu,lava,host,init/config,tests,docs,report}
swap=$(registry_disk swap) res=$(registry_spec results)
early=$(registry_cmdline pxe | tr ' ' '\n' | grep '^earlyprintk=')
cat >"$scratch/qemu/launcher" <<EOF
append="console=ttyS0 $early swapbench.end=qemu"
append+=" $swap"
[ \${#append} -lt 2048 ] || die "command line longer than 2047 bytes"
LIMIT=\${LIMIT:-$(registry_limit wall-clock-s)}
[ "\$MEM" -ge 32 ] || die "the default workloads need MEM=$(registry_limit mem-default-mib)"
EOF
cat >"$scratch/lava/jobs" <<EOF
run_limit=600	# init's default for swapbench.timeout
disks="swapbench.results=$res"
EOF
# shellcheck disable=SC2016
echo 'runs_warning() { local need=2; [ "$2" = 1 ] && need=3; }' >"$scratch/host/cmdline.sh"
# shellcheck disable=SC2016
printf 'case $rc in 2) verdict="%s" ;; esac\n' "$(registry_exit_text 2)" >"$scratch/qemu/status"
# where the facts may stand: their place, the tests, the docs, longer names
for f in init/config/registry.c tests/t.sh docs/d.md; do cat "$scratch/qemu/launcher" "$scratch/lava/jobs" >"$scratch/$f"; done
echo "mkfs.ext4 -L ${res#LABEL=}-old" >"$scratch/report/other.c"
# a Markdown file: what it generates or quotes as sample output may stand, its prose not
{
	echo '<!-- registry:exit -->'
	echo "| 2 | error | $(registry_exit_text 2) |"
	echo '<!-- /registry:exit -->'
	echo "    make run: the experiment did not start (status 2: $(registry_exit_text 2))"
	echo "The base line ends in $(registry_cmdline qemu | tr ' ' '\n' | grep -v '^swapbench\.' | tail -n1)."
} >"$scratch/README.md"
planted=$(violations "$scratch")
kinds=$(grep -o '\[[a-z -]*:' <<<"$planted" | sort -u | tr -d '[:' | paste -sd, -)
n=$(grep -c . <<<"$planted")
if [ "$kinds" = "cmdline,designation,exit-words,limit,memory minimum,run timeout,verdict minimum,wall-clock limit" ] && [ "$n" = 11 ] &&
	! grep -q '^init/\|^tests/\|^docs/\|^report/' <<<"$planted"; then
	pass "registry: the scan finds the 11 planted facts of 8 kinds, and nothing where they may stand"
else
	fail "registry: the scan found $n planted facts ($kinds), 11 of 8 kinds wanted" "$(tr '\n' ';' <<<"$planted")"
fi

found=$(violations "$top")
if [ -z "$found" ]; then
	pass "registry: no fact of the registry is written by hand outside init/config/registry.c and init/config/cmdkeys.c"
else
	fail "registry: written by hand (read them from host/registry.sh)" "$(tr '\n' ';' <<<"$found")"
fi
exit "$failed"
