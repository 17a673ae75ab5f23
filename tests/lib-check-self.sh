#!/bin/sh
# lib-check-self.sh -- tests/lib-check.sh itself: the exit statuses that
# automake's test driver reads (0 pass, 1 fail, 77 skip) for each way a
# test can end, each in a subshell that sources the library.  A skip after
# a failure must stay a failure.
. "$(dirname "$0")/lib-check.sh"
check_scratch lib-check-self
lib=$(cd "$(dirname "$0")" && pwd)/lib-check.sh

# status NAME BODY: run BODY in a fresh sh that sourced lib-check.sh;
# prints its exit status.
status() {
	printf '. "%s"\ncheck_scratch %s\n%s\n' "$lib" "$1" "$2" >"$tmp/$1.sh"
	sh "$tmp/$1.sh" >"$tmp/$1.out" 2>&1
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

# The scratch folder is removed at exit, also after a failure.
expect scratch-gone 1 'echo "$tmp" >'"'$tmp/dir'"'; fail x; check_end'
d=$(cat "$tmp/dir")
[ -n "$d" ] || fail "scratch-gone: no folder recorded"
[ -n "$d" ] && [ -d "$d" ] && fail "scratch-gone: $d left behind"

check_end
