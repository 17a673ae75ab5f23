# shellcheck shell=sh
# lib-check.sh -- the start and the end of every shell test of `make check`
# (and of the long checks run by hand: tests/soak.sh, tests/tui-soak.sh).
# POSIX sh, sourced:
#
#   . "$(dirname "$0")/lib-check.sh"
#   check_begin NAME     NAME is the test's name in messages; $DROPFOUR
#                        (default ./dropfour) must be executable, else exit
#                        99 (a hard error); then check_scratch
#   check_scratch NAME   the same without the binary (a test that does not
#                        run dropfour): $tmp is a new folder, removed when
#                        the script exits, also on SIGINT, SIGTERM, SIGHUP
#                        (then exit status 1); $failed is 0
#   check_at_exit CMD    run the shell command CMD at exit, before $tmp is
#                        removed (stop a tmux server, unmount a tmpfs)
#   fail MESSAGE...      print "FAIL: MESSAGE" and count it in $failed (a
#                        script may define its own fail() after sourcing
#                        this; it counts in $failed too)
#   check_skip REASON    print "NAME: SKIP: REASON" and exit 77: the whole
#                        test skipped (check_begin is not needed first); but
#                        when $failed is not 0, a failure: "NAME: N failed"
#                        and exit 1 (what already failed is never hidden)
#   check_end            the last line: "NAME: N failed" and exit 1 when
#                        $failed is not 0, else "NAME: all passed", exit 0
#
# automake's test driver reads the exit status: 0 pass, 77 skip, 99 hard
# error, anything else a failure.

check_name=$(basename "$0" .sh)
failed=0
tmp=
_check_at_exit=

check_begin() {
	[ $# -eq 0 ] || check_name=$1
	: "${DROPFOUR:=./dropfour}"
	if [ ! -x "$DROPFOUR" ]; then
		echo "$check_name: ERROR: no dropfour binary at $DROPFOUR" >&2
		exit 99
	fi
	check_scratch "$check_name"
}

check_scratch() {
	[ $# -eq 0 ] || check_name=$1
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-$check_name.XXXXXX") || {
		echo "$check_name: ERROR: cannot make a scratch folder" >&2
		exit 99
	}
	trap _check_exit EXIT
	trap 'exit 1' INT TERM HUP
	failed=0
}

check_at_exit() {
	_check_at_exit="$_check_at_exit $1;"
}

# The EXIT trap: the script's exit status stays the one it exited with.
_check_exit() {
	eval "$_check_at_exit"
	if [ -n "$tmp" ] && [ -d "$tmp" ]; then
		chmod -R u+w "$tmp" 2>/dev/null
		rm -rf "$tmp"
	fi
}

fail() {
	echo "FAIL: $*"
	failed=$((failed + 1))
}

check_skip() {
	if [ "$failed" -ne 0 ]; then
		echo "$check_name: cannot go on ($*); $failed failed"
		exit 1
	fi
	echo "$check_name: SKIP: $*"
	exit 77
}

check_end() {
	if [ "$failed" -ne 0 ]; then
		echo "$check_name: $failed failed"
		exit 1
	fi
	echo "$check_name: all passed"
	exit 0
}
