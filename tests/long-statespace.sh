#!/bin/sh
# long-statespace.sh -- the Check case "statespace-long" of
# tests/check_dropfour: every position of the 5x4 board that statespace
# values, against the exact solver (6 s on two cores in the default build,
# far longer in the sanitizer builds).
#
# Why a test of its own: it is a long check, run only when asked:
# DROPFOUR_LONG_CHECKS set to anything but 0 (for instance
# `make check DROPFOUR_LONG_CHECKS=1`).  tests/check_dropfour
# leaves the case out (its tag, CHECK_TAG_APART in tests/check_suites.h);
# this script runs it by name, CK_RUN_CASE=statespace-long, when asked
# (PASS or FAIL) and otherwise exits 77, so that `make check` prints SKIP
# for it rather than a pass of nothing.
#
# Run by `make check` with $CHECK_DROPFOUR naming tests/check_dropfour.

. "$(dirname "$0")/lib-check.sh"
check_scratch long-statespace
: "${CHECK_DROPFOUR:=tests/check_dropfour}"
if [ ! -x "$CHECK_DROPFOUR" ]; then
	echo "long-statespace: ERROR: no Check runner at $CHECK_DROPFOUR" >&2
	exit 99
fi
case ${DROPFOUR_LONG_CHECKS:-0} in
0) check_skip "a long check (the 5x4 state space against the solver): set DROPFOUR_LONG_CHECKS=1 to run it" ;;
esac
CK_RUN_CASE=statespace-long "$CHECK_DROPFOUR" ||
	fail "the 5x4 state space against the solver"
check_end
