#!/usr/bin/env python3
"""paths.py [FILE...]: the paths named in the tracked text files (or in
FILEs, named from the repository's top) that are not there: a path with a
`..` step that leaves the repository or lands on nothing in it, and a path
of the repository (one that starts with a top-level folder of it, such as
init/dmdisk.c) that names no file or folder; one "FILE:LINE: PATH: why" a
line, exit 1 when there is any. In tests/, only comments are read for the
second kind: a test's code names the files it plants in a scratch tree. A path is resolved from the repository's
top when it follows $top, $root or `git rev-parse --show-toplevel`, or
when it is bare in a script or the Makefile (they run from the top); from
the file's own folder when it follows $here or $(dirname ...), and in C
and Markdown (an #include, a link). Data are not read: tests/data/,
tests/fixtures/, the fuzzers' corpora and docs/results/ (records of runs
as they were); nor is integration/paths.sh, whose plants name such paths
on purpose."""
import os
import re
import subprocess
import sys

SKIP = ("tests/data/", "tests/fixtures/", "tests/fuzz/corpus/", "tests/fuzz/regressions/", "docs/results/",
        "tests/integration/paths.sh")
ROOT_PREFIX = re.compile(r"(\$top|\$\{top\}|\$root|\$\{root\}|\$TOP|\$\(CURDIR\)|--show-toplevel[^/]*)/$")
HERE_PREFIX = re.compile(r"(\$here|\$\{here\}|dirname[^/]*\)|\$\{BASH_SOURCE[^}]*\}|\$\(CURDIR\)/[\w./-]*)/$")
# a path's steps up: at the start of a word, a string or a link, or after a
# folder ($here then the steps); not a value after "=" (a refused input in a test)
DOTDOT = re.compile(r"(?:(?<=^)|(?<=[\s\"'`(/]))((?:\.\./)+)([\w.@%+,{}*/-]*)")
GENERATED = ("out", "build")
# a path written as a pattern: disk/profiles/NAME.conf, tests/unit/test_X.c, lib/stats*
PATTERN = re.compile(r"[A-Z]{1,}(?:[._/]|$)|[_*-]$")
# other trees' paths that begin with one of ours: a kernel's lib/modules/, lib/math/, drivers
OTHER_TREES = ("lib/modules", "lib/math", "kernel/drivers")
COMMENT = re.compile(r"^\s*(#|/\*|\*|//)")


def resolve(base, rest):
    parts = [p for p in base.split("/") if p] + rest.split("/")
    out = []
    for p in parts:
        if p in ("", "."):
            continue
        if p == "..":
            if not out:
                return None
            out.pop()
        else:
            out.append(p)
    return "/".join(out)


def literal(path):
    """the part of path before any glob, brace or variable: what must exist"""
    cut = re.split(r"[{*?$<\[]", path, maxsplit=1)[0]
    if cut != path:
        cut = cut.rsplit("/", 1)[0] if "/" in cut else ""
    return cut.rstrip("/.,")


def check(name, text, exists):
    here = os.path.dirname(name)
    relative_to_file = name.endswith((".c", ".h", ".md", ".py"))
    for n, line in enumerate(text.splitlines(), 1):
        for m in DOTDOT.finditer(line):
            before = line[:m.start()]
            if not relative_to_file and before.count("'") % 2:
                continue  # text a script writes (in single quotes), not a path it opens
            if ROOT_PREFIX.search(before):
                base = ""
            elif HERE_PREFIX.search(before):
                base = here
            elif before.endswith("/"):
                continue  # a path we cannot place: "$x/../y"
            else:
                base = here if relative_to_file else ""
            rest = m.group(2).rstrip(".,")
            while rest.endswith("}") and rest.count("}") > rest.count("{"):
                rest = rest[:-1]
            shown = m.group(1) + rest
            target = resolve(base, shown)
            if target is None:
                yield f"{name}:{n}: {shown}: outside the repository"
                continue
            lit = literal(target)
            if not lit or lit.split("/")[0] in GENERATED:
                continue
            if not exists(lit):
                yield f"{name}:{n}: {shown}: {lit} is not in the repository"


def named(name, text, exists, tops):
    """the repository paths text names that are not there"""
    word = re.compile(r"(?<![\w./$@-])((?:%s)/[\w.+/-]*)" % "|".join(map(re.escape, tops)))
    in_tests = name.startswith("tests/")
    for n, line in enumerate(text.splitlines(), 1):
        if in_tests and not COMMENT.match(line):
            continue
        for m in word.finditer(line):
            p = m.group(1).rstrip(".,:;-")
            if line[m.end():m.end() + 3] == "...":
                yield f"{name}:{n}: {p}...: a path cut short"
                continue
            if PATTERN.search(p) or p.startswith(OTHER_TREES) or p.split("/")[0] in GENERATED:
                continue
            p = p.rstrip("/")
            if not (exists(p) or exists(p + ".c") or exists(p + ".h")):
                yield f"{name}:{n}: {p}: not in the repository"


def main(argv):
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True).stdout.strip() or "."
    os.chdir(top)
    tracked = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.split("\n")
    known = set(tracked)
    for f in tracked:
        d = os.path.dirname(f)
        while d:
            known.add(d)
            d = os.path.dirname(d)
    files = argv[1:] or [f for f in tracked if f and not f.startswith(SKIP)]
    tops = sorted({f.split("/")[0] for f in tracked if "/" in f})
    bad = 0
    for f in files:
        try:
            with open(f, "rb") as fh:
                raw = fh.read()
        except OSError as e:
            print(f"{f}: {e.strerror}")
            bad += 1
            continue
        if b"\0" in raw:
            continue
        text = raw.decode("utf-8", "replace")
        exists = lambda p: p in known or os.path.exists(p)
        for msg in list(check(f, text, exists)) + list(named(f, text, exists, tops)):
            print(msg)
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
