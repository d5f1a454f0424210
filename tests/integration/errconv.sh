#!/bin/bash
# init's error convention (init/sys/errmsg.h), checked in the source: errmsg.c is
# the only file in init/ that turns an errno into words (no strerror, perror
# or %m elsewhere), and no init/ function keeps an errno-to-words map of its
# own (a "_why(int err" helper like the old disks_why), and none formats a
# reason into its caller's buffer and returns -E... but errmsg_why (the
# parsers' fail and bad were copies of it). The rules are first shown to
# catch planted violations in a scratch tree.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"

# violations ROOT: prints "file:line: what" per broken rule
violations() {
	local root=$1 f
	for f in "$root"/init/*.[ch] "$root"/init/*/*.[ch]; do
		[ -f "$f" ] || continue
		case ${f##*/} in errmsg.[ch]) continue ;; esac
		# strip // and /* */ comment lines so prose may name the functions
		grep -nE '\b(strerror|strerror_r|perror)[[:space:]]*\(|"[^"]*%m[^"]*"' "$f" |
			grep -vE '^[0-9]+:[[:space:]]*(/?\*|//)' | sed "s|^|${f#"$root"/}:|; s|$| (errno words outside errmsg.c)|"
		grep -nE '^(const char|char) \*[a-z_]+_why\(int err' "$f" |
			sed "s|^|${f#"$root"/}:|; s|$| (an errno-to-words map of its own)|"
		# a helper that formats into the caller's buffer and returns -E...: errmsg_why's copy
		awk -v f="${f#"$root"/}" '
			/^[a-z].*[a-z_]+\(.*\)$/ || /^[a-z].*[a-z_]+\(.*,$/ { fn = FNR; fmt = 0 }
			/vsnprintf\(/ { fmt = 1 }
			fmt && /return -E[A-Z0-9]+;/ { print f ":" fn ": (a copy of errmsg_why)"; fmt = 0 }
			/^}/ { fmt = 0 }' "$f"
	done
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/init"
printf '%s\n' 'int f(void) { return printf("%s", strerror(errno)); }' >"$scratch/init/a.c"
printf '%s\n' 'void g(void) { perror ("x"); }' >"$scratch/init/b.c"
printf '%s\n' 'void h(void) { dprintf(2, "open: %m\n"); }' >"$scratch/init/c.c"
printf '%s\n' 'const char *disks_why(int err, char *buf, size_t size)' '{' '}' >"$scratch/init/d.c"
printf '%s\n' 'static int bad(char *err, size_t n, const char *fmt, ...)' '{' '	va_list ap;' '' '	va_start(ap, fmt);' \
	'	vsnprintf(err, n, fmt, ap);' '	va_end(ap);' '	return -EINVAL;' '}' >"$scratch/init/e.c"
printf '%s\n' 'static void say(const char *fmt, ...)' '{' '	vsnprintf(line, sizeof(line), fmt, ap);' '}' \
	'static int other(void)' '{' '	return -EIO;' '}' >"$scratch/init/f.c"
printf '%s\n' '/* errmsg, not strerror(errno), says it */' 'const char *errmsg(int err) { return strerror(err); }' >"$scratch/init/errmsg.c"
printf '%s\n' ' * strerror() is named in a comment' 'int ok(void) { return errmsg_why(-EIO, w, n, "%s", errmsg(-EIO)); }' >"$scratch/init/ok.c"
planted=$(violations "$scratch")
n=$(grep -c . <<<"$planted")
if [ "$n" = 5 ] && ! grep -qE '^init/(ok|errmsg|f)\.c' <<<"$planted"; then
	pass "errconv: the check finds the 5 planted violations and nothing else"
else
	fail "errconv: the check found $n of 5 planted violations: $(tr '\n' ' ' <<<"$planted")"
fi

found=$(violations "$top")
if [ -z "$found" ]; then
	pass "errconv: in init/, only errmsg.c turns an errno into words; no helper keeps a map of its own"
else
	fail "errconv: $(tr '\n' ';' <<<"$found")"
fi
exit "$failed"
