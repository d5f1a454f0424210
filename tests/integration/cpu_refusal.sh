#!/bin/bash
# host/failure.sh's cpu_refusal_advice: from the setup code's words on the
# serial line (arch/x86/boot/cpu.c, as a kernel prints them with and
# without feature names), the ARCH whose image runs on that CPU.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=host/failure.sh
source "$top/host/failure.sh"
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# advises NAME ARCH WANT SETUP-LINES...: the advice for these lines, booted as ARCH, contains WANT
advises() {
	local name=$1 arch=$2 want=$3 got
	shift 3
	{ printf 'early console in setup code\r\n'; printf '%s\r\n' "$@" "Unable to boot - please use a kernel appropriate for your CPU."; } >"$T/log"
	got=$(ARCH=$arch cpu_refusal_advice "$T/log")
	contains "cpu refusal: $name: $want" "$got" "$want"
}

advises "i686 image on a P5" i686 'use ARCH=i586' 'This kernel requires an i686 CPU, but only detected an i586 CPU.'
advises "the words are quoted" i686 '("This kernel requires an i686 CPU, but only detected an i586 CPU.")' \
	'This kernel requires an i686 CPU, but only detected an i586 CPU.'
advises "i586 image on a 486" i586 'use ARCH=i486' 'This kernel requires an i586 CPU, but only detected an i486 CPU.'
advises "x86_64 image on a P6" x86_64 'use ARCH=i686' 'This kernel requires an x86-64 CPU, but only detected an i686 CPU.'
advises "a 386" i486 'no image for it' 'This kernel requires an i486 CPU, but only detected an i386 CPU.'
advises "cmov missing, by number" i686 'use ARCH=i586' 'This kernel requires the following features not present on the CPU:' '0:15 '
advises "cmov and cx8 missing, by name" i686 'use ARCH=i486' 'This kernel requires the following features not present on the CPU:' 'cx8 cmov '
advises "pae missing" i686 'the kernel ARCH=i686 builds runs on it' 'This kernel requires the following features not present on the CPU:' 'pae '
exit "$failed"
