#!/bin/sh
# lib-check-self.sh -- tests/lib-check.sh itself: the exit statuses that
# automake's test driver reads (0 pass, 1 fail, 77 skip) for each way a
# test can end, each in a subshell that sources the library.  A skip after
# a failure must stay a failure.  And the TAP that `make check` reads:
# a part skipped is a SKIP result, the plan counts every result, a whole
# skip exits 0 under the TAP driver (CHECK_TAP).
. "$(dirname "$0")/lib-check.sh"
check_scratch lib-check-self
lib=$(cd "$(dirname "$0")" && pwd)/lib-check.sh

# status NAME BODY: run BODY in a fresh sh that sourced lib-check.sh;
# prints its exit status.
status() {
	printf '. "%s"\ncheck_scratch %s\n%s\n' "$lib" "$1" "$2" >"$tmp/$1.sh"
	env -u CHECK_TAP sh "$tmp/$1.sh" >"$tmp/$1.out" 2>&1
	echo $?
}

# expect NAME WANT BODY
expect() {
	got=$(status "$1" "$3")
	[ "$got" = "$2" ] ||
		fail "$1: exit $got, want $2 ($(tr '\n' ' ' <"$tmp/$1.out"))"
}

expect pass 0 'check_end'
expect fail-end 1 'fail one; check_end'
expect fail-twice 1 'fail one; fail two; check_end'
expect skip 77 'check_skip no tool'
expect fail-then-skip 1 'fail one; check_skip no tool'
expect skip-before-end 77 'check_skip early; fail never; check_end'
# SIGTERM: an asynchronous list (make -j's parallel harness) starts with
# SIGINT ignored, which a non-interactive shell then cannot trap.
expect trap-term 1 'kill -TERM $$; sleep 5; check_end'

# What the failing ones printed: the count, and no SKIP after a failure.
grep -q '1 failed' "$tmp/fail-then-skip.out" ||
	fail "fail-then-skip: no count in: $(cat "$tmp/fail-then-skip.out")"
grep -q 'SKIP' "$tmp/fail-then-skip.out" &&
	fail "fail-then-skip: says SKIP: $(cat "$tmp/fail-then-skip.out")"
grep -q '2 failed' "$tmp/fail-twice.out" ||
	fail "fail-twice: no count of 2 in: $(cat "$tmp/fail-twice.out")"

# TAP: parts and the end are numbered results, then the plan.
expect tap-parts 0 'ok one; check_part_skip two "no tool"; check_end'
grep -E '^(ok|not ok|1\.\.)' "$tmp/tap-parts.out" >"$tmp/tap-parts.tap"
printf 'ok 1 - one\nok 2 - two # SKIP no tool\nok 3 - tap-parts\n1..3\n' |
	cmp -s - "$tmp/tap-parts.tap" ||
	fail_with "$tmp/tap-parts.out" "tap-parts: the TAP lines differ"
expect tap-fail 1 'ok one; fail two; check_end'
grep -qx 'not ok 2 - tap-fail: 1 failed' "$tmp/tap-fail.out" &&
	grep -qx '1\.\.2' "$tmp/tap-fail.out" ||
	fail_with "$tmp/tap-fail.out" "tap-fail: no 'not ok' and plan"
printf '. "%s"\ncheck_scratch tap-skip\ncheck_skip no tool\n' "$lib" >"$tmp/tap-skip.sh"
CHECK_TAP=1 sh "$tmp/tap-skip.sh" >"$tmp/tap-skip.out" 2>&1
s=$?
[ $s -eq 0 ] && grep -qx 'ok 1 - tap-skip # SKIP no tool' "$tmp/tap-skip.out" ||
	fail_with "$tmp/tap-skip.out" "tap-skip: exit $s"

# The scratch folder is removed at exit, also after a failure.
expect scratch-gone 1 'echo "$tmp" >'"'$tmp/dir'"'; fail x; check_end'
d=$(cat "$tmp/dir")
[ -n "$d" ] || fail "scratch-gone: no folder recorded"
[ -n "$d" ] && [ -d "$d" ] && fail "scratch-gone: $d left behind"

check_end
