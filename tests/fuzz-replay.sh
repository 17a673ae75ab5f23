#!/bin/sh
# fuzz-replay.sh -- run every fuzz target over its seed corpus and the
# inputs that once crashed it (tests/fuzz/corpus/T, tests/fuzz/regress/T).
#
# Run by `make check` in builds without a fuzzing engine: the targets are
# then linked with tests/fuzz/replay.c, so each input runs once with the
# target's own checks (and, in the sanitizer build, ASan and UBSan).
# $FUZZ_DIR holds the target programs, $srcdir the source tree.

: "${srcdir:=.}"
: "${FUZZ_DIR:=tests/fuzz}"
status=0
for prog in "$FUZZ_DIR"/fuzz-*; do
	[ -x "$prog" ] || continue
	case $prog in *.o | *.log | *.trs) continue ;; esac
	t=${prog##*/fuzz-}
	set -- "$srcdir/tests/fuzz/corpus/$t"
	[ -d "$srcdir/tests/fuzz/regress/$t" ] &&
		set -- "$@" "$srcdir/tests/fuzz/regress/$t"
	printf '%s: ' "$t"
	# The targets' own output (options' errors, the help) is noise here.
	if "$prog" "$@" 2>"$FUZZ_DIR/replay-$t.err" >/dev/null; then
		grep '^replay:' "$FUZZ_DIR/replay-$t.err" ||
			echo "ok"
	else
		echo "FAILED"
		cat "$FUZZ_DIR/replay-$t.err"
		status=1
	fi
done
exit $status
