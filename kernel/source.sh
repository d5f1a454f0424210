#!/bin/bash
# kernel/source.sh -- sourced by kernel/build: where a kernel's source comes
# from and what identifies it in the cache key (Debian's linux-source-X.Y
# package, fetched and unpacked once; a tree by its commit or its files),
# version_meets for the fragments' version conditions, seed_objects
# for a variant's first build, and kmod_sources, the disk model's module's
# files (kernel/build and kernel/debian-image build it). Uses the caller's
# say, die and $cache; sets srcdir and srcver.
# shellcheck shell=bash disable=SC2154 # cache is kernel/build's

# fetch_debian_source X.Y: Debian's linux-source-X.Y, newest version in the
# cache or the package index; sets srcdir and srcver.
fetch_debian_source() {
	local series=$1 pkg=linux-source-$1 debdir=$cache/deb deb ver
	case $series in
	[0-9]*.[0-9]*) ;;
	*) die "debian:$series: give a kernel series such as debian:6.1 or debian:6.12" ;;
	esac
	mkdir -p "$debdir"
	# one fetch at a time (make's deps starts one while the packages install)
	exec 7>"$debdir/$pkg.lock"
	flock -n 7 || { say "waiting for another fetch of $pkg" && flock 7; }
	deb=$(find "$debdir" -maxdepth 1 -name "${pkg}_*_all.deb" | sort -V | tail -n1)
	if [ -z "$deb" ]; then
		if ! apt-cache show "$pkg" >/dev/null 2>&1; then
			die "debian:$series: Debian has no package $pkg here (have: $(apt-cache pkgnames linux-source- 2>/dev/null |
				sed -n 's/^linux-source-\([0-9].*\)/debian:\1/p' | sort -V | tr '\n' ' ')); run 'apt-get update' if it should"
		fi
		say "downloading Debian's $pkg package"
		(cd "$debdir" && apt-get download -qq "$pkg" 2>&1 | grep -v '^W: Download is performed unsandboxed' >&2) || true
		deb=$(find "$debdir" -maxdepth 1 -name "${pkg}_*_all.deb" | sort -V | tail -n1)
		[ -n "$deb" ] || die "apt-get download $pkg failed (run 'apt-get update' first?)"
	fi
	ver=${deb##*/"${pkg}"_}
	ver=${ver%_all.deb}
	srcdir=$cache/src/$ver/$pkg
	if [ ! -f "$srcdir/.swapbench-unpacked" ]; then
		say "unpacking $pkg $ver (about a minute)"
		rm -rf "$cache/src/$ver"
		mkdir -p "$cache/src/$ver"
		dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$pkg.tar.xz" |
			xz -dc -T0 | tar -x -C "$cache/src/$ver"
		touch "$srcdir/.swapbench-unpacked"
	fi
	exec 7>&-
	# the 6.1 key keeps its old spelling, so existing caches stay valid
	srcver="debian-$ver"
}

# version_meets A OP B: kernel version A meets OP (<, <=, >, >=) B.
version_meets() {
	local a=$1 op=$2 b=$3 lo
	lo=$(printf '%s\n%s\n' "$a" "$b" | sort -V | head -n1)
	case $op in
	'<') [ "$a" != "$b" ] && [ "$lo" = "$a" ] ;;
	'<=') [ "$lo" = "$a" ] ;;
	'>') [ "$a" != "$b" ] && [ "$lo" = "$b" ] ;;
	'>=') [ "$lo" = "$b" ] ;;
	esac
}

# tree_identity DIR: the commit plus a hash of uncommitted changes, or for a
# tree outside git a fingerprint of every file's name, size and mtime.
tree_identity() {
	local dir=$1
	if git -C "$dir" rev-parse --show-toplevel >/dev/null 2>&1 &&
		[ "$(git -C "$dir" rev-parse --show-toplevel)" = "$dir" ]; then
		srcver="tree-$(git -C "$dir" rev-parse HEAD)"
		if [ -n "$(git -C "$dir" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
			srcver="$srcver-dirty-$(git -C "$dir" diff HEAD | sha256sum | cut -c1-12)"
		fi
	else
		say "$dir is not a git checkout: identifying it by its files' names, sizes and times"
		srcver="files-$(cd "$dir" && find . -path ./.git -prune -o -type f -printf '%P %s %T@\n' |
			LC_ALL=C sort | sha256sum | cut -c1-16)"
	fi
}

# seed_objects BASE OBJ: OBJ (absent) becomes a copy of BASE, the object
# directory of a finished build (.swapbench-built), taken under BASE's lock.
# objtool's own build records absolute paths: they follow the copy, or
# objtool is relinked and every object (each depends on it) rebuilt.
seed_objects() {
	local base=$1 obj=$2 rc=1
	[ -f "$base/.swapbench-built" ] || return 1
	exec 8>"$base.lock"
	flock 8
	rm -rf "$obj.seed"
	# shellcheck disable=SC2016 # perl's variables, not the shell's
	if [ -f "$base/.swapbench-built" ] && cp -a "$base" "$obj.seed" &&
		{ grep -rlIZF -- "$base/" "$obj.seed/tools" || :; } |
		FROM=$base/ TO=$obj/ xargs -0r perl -pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/g' &&
		mv "$obj.seed" "$obj"; then
		rc=0
	fi
	exec 8>&-
	return $rc
}

# kmod_sources DISK: the disk model's module's files, one a line: every
# file of DISK/kmod/ and of DISK/model/ (the folders are the list: the
# Kbuild takes every .c of model/); what keys a build of it
kmod_sources() {
	local disk=$1
	[ -f "$disk/kmod/Kbuild" ] || die "$disk/kmod/Kbuild: no such file (the disk model's module)"
	[ -n "$(find "$disk/model" -maxdepth 1 -name '*.c' 2>/dev/null)" ] || die "$disk/model/ holds no C file (the disk model)"
	find "$disk/kmod" "$disk/model" -maxdepth 1 -type f | LC_ALL=C sort
}

# kmod_tree DISK DIR: the module's build folder, DIR: DISK/kmod/ as it is,
# DISK/model/ as its model/
kmod_tree() {
	rm -rf "$2" && mkdir -p "$2/model" && cp "$1"/kmod/* "$2/" && cp "$1"/model/* "$2/model/"
}

# ko_vermagic KO: a module's vermagic (its .modinfo's vermagic=), the
# module plain or compressed as distributions ship them
ko_vermagic() {
	case $1 in
	*.xz) xz -dc "$1" ;;
	*.zst) zstd -qdc "$1" ;;
	*.gz) gzip -dc "$1" ;;
	*) cat "$1" ;;
	esac 2>/dev/null | tr '\0' '\n' | sed -n 's/^vermagic=//p'
}
