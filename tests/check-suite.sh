#!/bin/sh
# check-suite.sh -- the log compiler of the .ck tests (Makefile.am): runs
# the one Check suite that the entry names, tests/suite/NAME.ck running
# CK_RUN_SUITE=NAME $CHECK_DROPFOUR, so that automake's parallel driver
# runs the suites side by side and each has its log, tests/suite/NAME.log.
# A suite that runs no check at all (a name check_main.c does not
# register) fails; the exit status is otherwise check_dropfour's.
#
# Usage: tests/check-suite.sh tests/suite/NAME.ck
[ $# -eq 1 ] || {
	echo "usage: $0 tests/suite/NAME.ck" >&2
	exit 99
}
suite=$(basename "$1" .ck)
: "${CHECK_DROPFOUR:=tests/check_dropfour}"
if [ ! -x "$CHECK_DROPFOUR" ]; then
	echo "$suite: ERROR: no Check runner at $CHECK_DROPFOUR" >&2
	exit 99
fi
out=$(mktemp "${TMPDIR:-/tmp}/dropfour-suite-$suite.XXXXXX") || exit 99
trap 'rm -f "$out" "$out.rc"' EXIT
trap 'exit 1' INT TERM HUP
# The output goes to the log as it comes (a suite that hangs still shows
# how far it got) and to $out; the exit status through $out.rc.
{
	CK_RUN_SUITE=$suite "$CHECK_DROPFOUR" 2>&1
	echo $? >"$out.rc"
} | tee "$out"
rc=$(cat "$out.rc" 2>/dev/null) || rc=99
if [ "$rc" -eq 0 ] && grep -qE '[0-9]+%: Checks: 0,' "$out"; then
	echo "$suite: FAIL: no checks ran: is \"$suite\" a suite of check_main.c?"
	exit 1
fi
exit "$rc"
