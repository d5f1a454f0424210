#!/bin/bash
# Kernels named as users name them (kernel/resolve): a source tree built
# with swapbench's fragments gives the same bzImage as debian:6.1; a Debian
# source version is fetched and its configuration checked; version-specific
# fragment lines; clear refusals; make run KERNEL=debian:6.1.
# kernels: x86_64/net
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$top" || exit 2

# names, as a comparison labels the kernels
check "resolve --name: debian:6.12+preempt-full -> debian-6_12-preempt-full" \
	test "$(kernel/resolve --name debian:6.12+preempt-full)" = debian-6_12-preempt-full
check "resolve --name: a tree path -> its directory's name" test "$(kernel/resolve --name /src/Linux-Next/)" = linux-next

# refusals, before anything is fetched or built
msg=$(kernel/resolve x86_64 no-such-thing 2>&1)
check "resolve: an unknown kernel is refused (status 2, the registry's error)" test $? = 2
check "resolve: the refusal lists the forms and the variants" grep -q "none of: a variant (.*preempt-full.*debian:X.Y" <<<"$msg"
msg=$(kernel/resolve x86_64 "$BZIMAGE+preempt-full" 2>&1)
check "resolve: a variant on top of a bzImage is refused" grep -q 'on top of a source.*not on a built image' <<<"$msg"
msg=$(kernel/build x86_64 default debian:6.999 2>&1)
check "build: debian:6.999 names the series Debian has" grep -q 'no package linux-source-6.999 here (have: .*debian:6.1' <<<"$msg"

# debian:6.1 and debian:6.1+net are the cached default and variant
def=$(kernel/build x86_64 default 2>/dev/null)
check "resolve: debian:6.1 is the default kernel, from the cache" \
	test "$(kernel/resolve x86_64 debian:6.1 2>/dev/null)" = "$def"
check "resolve: net and debian:6.1+net are one kernel" \
	test "$(kernel/resolve x86_64 debian:6.1+net 2>/dev/null)" = "$(kernel/build x86_64 net 2>/dev/null)"

# A tree outside git: identified by its files, built with the fragments in
# the same object directory as the default; reproducible, so byte-identical.
src=$(kernel/build source 2>/dev/null)
tree=$(kernel/resolve x86_64 "$src" 2>"$T/tree.log")
check "source tree: builds (status $?)" test -f "$tree"
check "source tree: cached under its own key, not the Debian one" test "$tree" != "$def"
check "source tree: same source and fragments give the default's bytes" cmp "$tree" "$def"
check "source tree: identified by its files' names, sizes and times" grep -q 'is not a git checkout' "$T/tree.log"

# Fragment lines for other versions: a symbol 6.1 lacks is named with the
# version, the fragment file and line; a version condition makes it skip.
# (a copy of the tree's kernel/ with what kernel/build reads beside it:
# host/util.sh, the disk model's module sources)
mkdir -p "$T/kernel/variants"
cp kernel/build kernel/source.sh kernel/base.config kernel/x86_64.config "$T/kernel/"
cp -r host disk "$T/"
printf 'CONFIG_SWAPBENCH_NO_SUCH_SYMBOL=y  # a test\n' >"$T/kernel/variants/sbtest.config"
msg=$("$T/kernel/build" --check x86_64 sbtest 2>&1)
check "fragments: a symbol 6.1 does not have fails the check with the error status (status $?)" test $? = 2
check "fragments: the failure names version, fragment line and symbol" \
	grep -q 'linux 6\.1\.[0-9]*: variants/sbtest.config:1 wants CONFIG_SWAPBENCH_NO_SUCH_SYMBOL=y, but .* does not exist in 6\.1' <<<"$msg"
printf 'CONFIG_SWAPBENCH_NO_SUCH_SYMBOL=y  # [>=6.99] a test\n' >"$T/kernel/variants/sbtest.config"
msg=$("$T/kernel/build" --check x86_64 sbtest 2>&1)
check "fragments: a line for >=6.99 only is left out on 6.1 (status $?)" test $? = 0
check "fragments: --check says the configuration takes" grep -q 'linux 6\.1\.[0-9]* .*fragment lines for x86_64/sbtest take' <<<"$msg"

# debian:6.12: fetched, unpacked, configured with every fragment (no build)
msg=$(kernel/build --check x86_64 default debian:6.12 2>&1)
check "debian:6.12: fetched and every fragment line takes (status $?)" grep -q 'linux 6\.12\.[0-9]* (debian-6\.12.*): all' <<<"$msg"
info "debian:6.12: $(tail -n 1 <<<"$msg")"

# make run's one variable: KERNEL=debian:6.1 boots the default kernel's bytes
out=$(make --no-print-directory -s image KERNEL=debian:6.1 2>&1)
check "make image KERNEL=debian:6.1: copies the resolved kernel to out/ARCH/kernels/" \
	cmp "$OUT/$ARCH/kernels/debian-6_1/bzImage" "$def"
info "make image KERNEL=debian:6.1: $(grep '^kernel:' <<<"$out")"
finish
