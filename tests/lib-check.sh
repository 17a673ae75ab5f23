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
#   fail_with FILE MESSAGE...
#                        fail MESSAGE, then FILE's lines (a command's
#                        output) each behind "| ", when FILE exists
#   check_run NAME INPUT ARGS...
#                        a case: feed INPUT (a printf format) to $DROPFOUR
#                        ARGS, its output (both streams) to $out, its exit
#                        status to $status; $name and $cmd describe it
#   check_status N       } the checks of one command's run: its output in
#   check_match ERE      } the file $out, its exit status in $status, the
#   check_count ERE N    } case named $name and the command $cmd; the exit
#                        status is N; some line matches the extended
#                        regular expression ERE; exactly N lines match it.
#                        A failure is fail_with "$out" naming the case.
#   size FILE            FILE's size in bytes, 0 when it is missing
#   wait_growth FILE SIZE PID [SECONDS]
#                        wait until FILE is bigger than SIZE bytes, PID has
#                        ended or SECONDS (default 30) have passed; prints
#                        FILE's size then
#   check_skip REASON    print "NAME: SKIP: REASON" and exit 77: the whole
#                        test skipped (check_begin is not needed first); but
#                        when $failed is not 0, a failure: "NAME: N failed"
#                        and exit 1 (what already failed is never hidden)
#   ok PART              PART of the test passed: a TAP result "ok N - PART"
#   check_part_skip PART REASON
#                        PART of the test not run: "ok N - PART # SKIP
#                        REASON", a SKIP in `make check`'s summary, never
#                        a silent pass
#   check_mpi_env        before mpirun: root may run it, ranks past the
#                        cores; no ASan leak check of Open MPI's memory
#   check_mpi_ready      the whole test skipped unless $DROPFOUR_MPI was
#                        built and $MPIRUN (default mpirun) is here; then
#                        check_mpi_env, and DROPFOUR_CONFIG=/dev/null
#   check_end            the last line: "NAME: N failed" and exit 1 when
#                        $failed is not 0, else "NAME: all passed", exit 0
#
# `make check` runs the shell tests under automake's TAP driver
# (build-aux/tap-driver.sh, CHECK_TAP=1 in the environment): every test
# prints TAP, its parts as ok/SKIP results (ok, check_part_skip) and its
# end as one more ("ok N - NAME" or "not ok N - NAME: K failed"), then the
# plan "1..N"; a whole-test skip is "ok N - NAME # SKIP REASON" and exit
# 0 there.  Run by hand (no CHECK_TAP) the exit status says it all: 0
# pass, 77 skip, 99 hard error, anything else a failure.  A test's own
# lines must not start with "ok" or "not ok" (its output goes to files,
# or behind "# " or "| ").

check_name=$(basename "$0" .sh)
failed=0
_check_tap_n=0
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

fail_with() {
	_f=$1
	shift
	fail "$@"
	[ -f "$_f" ] && sed 's/^/| /' "$_f"
	return 0
}

check_run() {
	name=$1
	_input=$2
	shift 2
	cmd="printf '$_input' | dropfour $*"
	# shellcheck disable=SC2059
	printf "$_input" | "$DROPFOUR" "$@" >"$out" 2>&1
	status=$?
	echo "# $name: exit $status"
}

_check_case_failed() {
	fail_with "$out" "$name: $* (output of: $cmd)"
}

check_status() {
	[ "$status" -eq "$1" ] ||
		_check_case_failed "exit status $status, expected $1"
}

check_match() {
	grep -Eq -- "$1" "$out" || _check_case_failed "no line matches /$1/"
}

check_count() {
	_c=$(grep -Ec -- "$1" "$out")
	[ "$_c" -eq "$2" ] ||
		_check_case_failed "$_c lines match /$1/, expected $2"
}

size() {
	stat -c %s "$1" 2>/dev/null || echo 0
}

wait_growth() {
	_i=0
	while [ "$(size "$1")" -le "$2" ] && kill -0 "$3" 2>/dev/null &&
		[ $_i -lt $((${4:-30} * 50)) ]; do
		sleep 0.02
		_i=$((_i + 1))
	done
	size "$1"
}

# _check_result TEXT: the next TAP result, "TEXT" being "ok - ..." or
# "not ok - ...".
_check_result() {
	_check_tap_n=$((_check_tap_n + 1))
	case $1 in
	"not ok"*) echo "not ok $_check_tap_n${1#not ok}" ;;
	*) echo "ok $_check_tap_n${1#ok}" ;;
	esac
}

ok() {
	_check_result "ok - $*"
}

check_part_skip() {
	_p=$1
	shift
	_check_result "ok - $_p # SKIP $*"
}

check_skip() {
	if [ "$failed" -ne 0 ]; then
		echo "$check_name: cannot go on ($*); $failed failed"
		_check_result "not ok - $check_name: $failed failed"
		echo "1..$_check_tap_n"
		exit 1
	fi
	echo "$check_name: SKIP: $*"
	_check_result "ok - $check_name # SKIP $*"
	echo "1..$_check_tap_n"
	[ -n "${CHECK_TAP:-}" ] && exit 0
	exit 77
}

# check_mpi_env: what every test that runs mpirun here needs: root may run
# it, more ranks than cores; and under AddressSanitizer no leak check of
# those processes, whose Open MPI still holds memory at exit (hwloc, the
# PMIx client) that is not ours to free; everything else ASan checks
# stays on.
check_mpi_env() {
	OMPI_ALLOW_RUN_AS_ROOT=1
	OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
	OMPI_MCA_rmaps_base_oversubscribe=1
	export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM \
		OMPI_MCA_rmaps_base_oversubscribe
	if [ -n "${ASAN_OPTIONS:-}" ]; then
		ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"
		export ASAN_OPTIONS
	fi
}

check_mpi_ready() {
	if [ -z "${DROPFOUR_MPI:-}" ] || [ ! -x "$DROPFOUR_MPI" ]; then
		check_skip "dropfour-mpi was not built (configure --without-mpi or no Open MPI)"
	fi
	: "${MPIRUN:=mpirun}"
	command -v "$MPIRUN" >/dev/null 2>&1 || check_skip "no $MPIRUN"
	check_mpi_env
	DROPFOUR_CONFIG=/dev/null
	export DROPFOUR_CONFIG
}

# mpi_rank_pid PATTERN MARK R: the pid of rank R of this test's job: a
# process matching PATTERN (pgrep -f) whose environment has
# OMPI_COMM_WORLD_RANK=R and MARK=$$ (the variable the test started the
# job with, so that another test's job is never taken); nothing if none.
mpi_rank_pid() {
	for p in $(pgrep -f "$1" 2>/dev/null); do
		if tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null |
		    grep -qx "OMPI_COMM_WORLD_RANK=$3" &&
		    tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null |
		    grep -qx "$2=$$"; then
			echo "$p"
			return 0
		fi
	done
}

# mpi_rank_wait PATTERN MARK R: mpi_rank_pid, asked every 0.1 s for up
# to 10 s while the job starts; nothing if rank R never came.
mpi_rank_wait() {
	_i=0
	while [ $_i -lt 100 ]; do
		sleep 0.1
		_p=$(mpi_rank_pid "$@")
		[ -n "$_p" ] && { echo "$_p"; return 0; }
		_i=$((_i + 1))
	done
}

check_end() {
	if [ "$failed" -ne 0 ]; then
		echo "$check_name: $failed failed"
		_check_result "not ok - $check_name: $failed failed"
		echo "1..$_check_tap_n"
		exit 1
	fi
	echo "$check_name: all passed"
	_check_result "ok - $check_name"
	echo "1..$_check_tap_n"
	exit 0
}

# run NAME INPUT ARGS...: check_run with a 8 MB table, counted in $n (the
# tests that number their cases).
run() {
	n=$((${n:-0} + 1))
	check_run "$@" -m 8
}
