#!/bin/sh
# fuzz-replay.sh -- run every fuzz target over its seed corpus and the
# inputs that once crashed it (tests/fuzz/corpus/T, tests/fuzz/regress/T).
#
# Run by `make check` in builds without a fuzzing engine: the targets are
# then linked with tests/fuzz/replay.c, so each input runs once with the
# target's own checks (and, in the sanitizer build, ASan and UBSan).
# $FUZZ_DIR holds the target programs, $srcdir the source tree.  A target
# that fails, or no target found at all (nothing replayed), fails the test.

. "$(dirname "$0")/lib-check.sh"
check_begin fuzz-replay
: "${srcdir:=.}"
: "${FUZZ_DIR:=tests/fuzz}"
replayed=0
for prog in "$FUZZ_DIR"/fuzz-*; do
	[ -f "$prog" ] && [ -x "$prog" ] || continue
	case $prog in *.o | *.log | *.trs | *.err) continue ;; esac
	t=${prog##*/fuzz-}
	if [ ! -d "$srcdir/tests/fuzz/corpus/$t" ]; then
		fail "$t: no seed corpus $srcdir/tests/fuzz/corpus/$t"
		continue
	fi
	set -- "$srcdir/tests/fuzz/corpus/$t"
	[ -d "$srcdir/tests/fuzz/regress/$t" ] &&
		set -- "$@" "$srcdir/tests/fuzz/regress/$t"
	replayed=$((replayed + 1))
	printf '%s: ' "$t"
	# The targets' own output (options' errors, the help) is noise here.
	if "$prog" "$@" 2>"$FUZZ_DIR/replay-$t.err" >/dev/null; then
		grep '^replay:' "$FUZZ_DIR/replay-$t.err" ||
			echo "ok"
	else
		echo "FAILED"
		cat "$FUZZ_DIR/replay-$t.err"
		failed=$((failed + 1))
	fi
done
[ "$replayed" -gt 0 ] ||
	fail "no fuzz target in $FUZZ_DIR: nothing replayed (make check builds them)"
echo "# fuzz-replay.sh: $replayed targets replayed"
check_end
