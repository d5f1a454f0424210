#!/bin/bash
# report/'s folders hold what their names say: report/stats/ computes and
# prints nothing (no printf, fprintf, puts, fputs, putchar, fputc, fwrite or
# perror call, no FILE, stdout or stderr: the words go to report/out/ or
# report/cmd/; snprintf into a buffer is computing a string), and
# report/out/ writes a loaded data set and parses no command line (no
# report/cmd/ header, no argc or argv: a command's entry, its options and
# help live in report/cmd/, one file a command). Comments and string
# literals are not code. The check is first shown to find planted cases.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
cd "$top" || exit 2
T=$(mktemp -d /tmp/report_roles.XXXXXX)
trap 'rm -rf "$T"' EXIT

# code FILE: FILE without its comments and string literals, lines kept
code() {
	perl -0777 -pe 's{/\*.*?\*/}{ my $c = $&; $c =~ s/[^\n]//g; $c }gse; s{//[^\n]*}{}g;
		s{"(?:\\.|[^"\\\n])*"}{""}g; s{'"'"'(?:\\.|[^'"'"'\\\n])*'"'"'}{0}g' "$1"
}

# role_breaks ROOT: "FILE:LINE: why" for each break of the rules under ROOT/report
role_breaks() {
	local root=$1 f
	(
		cd "$root" || exit 1
		for f in report/stats/*.[ch]; do
			[ -f "$f" ] || continue
			code "$f" | grep -nE '\b(printf|fprintf|vprintf|vfprintf|puts|fputs|putchar|fputc|putc|fwrite|perror)[[:space:]]*\(|\b(FILE|stdout|stderr)\b' |
				sed "s|^\([0-9]*\):.*|$f:\1: stats prints|"
		done
		for f in report/out/*.[ch]; do
			[ -f "$f" ] || continue
			grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"report/cmd/' "$f" |
				sed "s|^\([0-9]*\):.*|$f:\1: out includes a command's header|"
			code "$f" | grep -nE '\b(argc|argv)\b' | sed "s|^\([0-9]*\):.*|$f:\1: out reads a command line|"
		done
	)
}

mkdir -p "$T/report/stats" "$T/report/out"
cat >"$T/report/stats/a.c" <<'C'
/* printf("a comment") is not a call */
#include <stdio.h>
static const char *s = "fprintf(stderr, in a string)";
int a(char *b, int n) { return snprintf(b, n, "%s", s); }
void p(FILE *f) {
	fputs("x", f);
}
int q(void) { return printf ("y"); }
C
cat >"$T/report/out/b.c" <<'C'
#include "report/util/util.h"
#include "report/cmd/cmd.h"
/* argv in a comment */
void w(int argc, char **argv);
C
said=$(role_breaks "$T" | paste -sd,)
same "report roles: the planted FILE, fputs and printf in stats/, and the cmd/ header and argv in out/, are found; a comment, a string and snprintf are not" \
	"report/stats/a.c:5: stats prints,report/stats/a.c:6: stats prints,report/stats/a.c:8: stats prints,report/out/b.c:2: out includes a command's header,report/out/b.c:4: out reads a command line" "$said"

n=$(find report/stats report/out -name '*.[ch]' | wc -l)
[ "$n" -gt 20 ] || fail "report roles: found only $n files in report/stats and report/out"
found=$(role_breaks "$top")
if [ -z "$found" ]; then
	pass "report roles: none of $n files of report/stats and report/out prints from stats or takes a command line in out"
else
	while read -r l; do fail "report roles" "$l"; done <<<"$found"
fi
exit "$failed"
