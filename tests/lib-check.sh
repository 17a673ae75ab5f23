# lib-check.sh -- the common start of the shell tests that count failures:
# the binary under test, a scratch folder removed at exit, fail().
#
#   . "$(dirname "$0")/lib-check.sh"
#   check_begin NAME   $DROPFOUR (default ./dropfour) must be executable,
#                      else exit 99 (a hard error for automake); $tmp is a
#                      new folder, removed when the script exits
#   fail MESSAGE...    print FAIL: MESSAGE and count it in $failed (a
#                      script may define its own fail() after this)

check_begin() {
	: "${DROPFOUR:=./dropfour}"
	if [ ! -x "$DROPFOUR" ]; then
		echo "$1.sh: no dropfour binary at $DROPFOUR" >&2
		exit 99
	fi
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-$1.XXXXXX") || exit 99
	trap 'rm -rf "$tmp"' EXIT
	failed=0
}

fail() {
	echo "FAIL: $*"
	failed=$((failed + 1))
}
