#!/bin/sh
# long-data.sh -- the Check case "full-data" of tests/check_dropfour: every
# line of the in-tree samples (tests/data) is a line of the full data sets
# (Pons' test sets, Tromp's UCI data) they were taken from.
#
# Why a test of its own: the full data is not part of the source tree (it
# is in ../shared/data, or where configure's --with-testdata or
# $DROPFOUR_DATA says).  tests/check_dropfour leaves the case out (its tag,
# CHECK_TAG_APART in tests/check_suites.h), and this script runs it by
# name, CK_RUN_CASE=full-data, when the data is there (PASS or FAIL), and
# exits 77 when it is not, so that `make check` prints SKIP for it rather
# than a pass of nothing.  The data directory is looked for as
# check_full_data_dir() does: $DROPFOUR_DATA, else configure's choice
# ($TESTDATA_DIR); a directory that is there but lacks the files fails.
#
# Run by `make check` with $CHECK_DROPFOUR naming tests/check_dropfour.

. "$(dirname "$0")/lib-check.sh"
check_scratch long-data
: "${CHECK_DROPFOUR:=tests/check_dropfour}"
if [ ! -x "$CHECK_DROPFOUR" ]; then
	echo "long-data: ERROR: no Check runner at $CHECK_DROPFOUR" >&2
	exit 99
fi
data=
for d in "${DROPFOUR_DATA:-}" "${TESTDATA_DIR:-}"; do
	if [ -n "$d" ] && [ -d "$d" ]; then
		data=$d
		break
	fi
done
[ -n "$data" ] || check_skip "no full data (DROPFOUR_DATA='${DROPFOUR_DATA:-}', configure --with-testdata='${TESTDATA_DIR:-}'; ../shared/data is the default)"
echo "# full data in $data"
CK_RUN_CASE=full-data "$CHECK_DROPFOUR" || fail "the samples against the full data in $data"
check_end
