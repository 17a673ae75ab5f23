#!/bin/sh
# mpi.sh -- dropfour-mpi (Open MPI) against dropfour and published answers.
#
# Run by `make check` with $DROPFOUR and $DROPFOUR_MPI naming the binaries
# and $MPIRUN mpirun; skipped (exit 77) when dropfour-mpi was not built.
# On the test machines mpirun runs as root and on 2 cores, hence
# OMPI_ALLOW_RUN_AS_ROOT(_CONFIRM) and --oversubscribe.
#
# 1. solve: 40 positions of Pons' Test_L2_R1 (tests/data) solved on three
#    ranks: the same lines, in input order, with the published scores, and
#    the same as `dropfour solve`; a bad line is reported and gives exit 1.

: "${DROPFOUR:=./dropfour}"
: "${srcdir:=.}"
if [ -z "${DROPFOUR_MPI:-}" ] || [ ! -x "$DROPFOUR_MPI" ]; then
	echo "mpi.sh: dropfour-mpi was not built (configure --without-mpi or no Open MPI): skipped"
	exit 77
fi
: "${MPIRUN:=mpirun}"
OMPI_ALLOW_RUN_AS_ROOT=1
OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_rmaps_base_oversubscribe

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-mpi.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() {
	echo "FAIL: $*"
	failed=$((failed + 1))
}

mpi() {
	n=$1
	shift
	"$MPIRUN" -n "$n" --oversubscribe "$DROPFOUR_MPI" "$@"
}

# ---- 1. solve ------------------------------------------------------------
grep '^Test_L2_R1 ' "$srcdir/tests/data/pons-sample.txt" | head -40 |
	cut -d' ' -f2,3 >"$tmp/pons"
cut -d' ' -f1 "$tmp/pons" >"$tmp/in"
mpi 3 solve -j1 -m 8 "$tmp/in" >"$tmp/mpi.out" 2>"$tmp/mpi.err"
status=$?
[ $status -eq 0 ] || fail "solve on 3 ranks: exit $status: $(cat "$tmp/mpi.err")"
cut -d' ' -f1,2 "$tmp/mpi.out" >"$tmp/mpi.scores"
cmp -s "$tmp/mpi.scores" "$tmp/pons" ||
	fail "solve on 3 ranks: not the published scores in input order: $(diff "$tmp/mpi.scores" "$tmp/pons" | head -5)"
"$DROPFOUR" solve -j1 -m 8 "$tmp/in" | cut -d' ' -f1,2 >"$tmp/one.scores"
cmp -s "$tmp/mpi.scores" "$tmp/one.scores" || fail "solve: dropfour-mpi and dropfour differ"
echo "# solve: $(wc -l <"$tmp/mpi.out") positions on 3 ranks"

# --analyze: every column; the best column's score is the published one.
head -8 "$tmp/pons" >"$tmp/some"
{ cut -d' ' -f1 "$tmp/some" | head -4; echo 448; cut -d' ' -f1 "$tmp/some" | tail -4; } >"$tmp/bad"
mpi 2 solve --analyze -m 8 "$tmp/bad" >"$tmp/bad.out" 2>"$tmp/bad.err"
status=$?
[ $status -eq 1 ] || fail "a bad line: exit $status, expected 1"
grep -q ':5: character 3' "$tmp/bad.err" || fail "a bad line: no message naming line 5: $(cat "$tmp/bad.err")"
awk '{ m = -99; for (i = 2; i <= NF; i++) if ($i != "-" && $i + 0 > m) m = $i + 0; print $1, m }' \
	"$tmp/bad.out" >"$tmp/bad.best"
cmp -s "$tmp/bad.best" "$tmp/some" || fail "analyze on 2 ranks: best columns are not the published scores: $(diff "$tmp/bad.best" "$tmp/some" | head -4)"
"$DROPFOUR" solve --analyze -m 8 "$tmp/bad" 2>/dev/null >"$tmp/bad.one"
cmp -s "$tmp/bad.out" "$tmp/bad.one" || fail "analyze: dropfour-mpi and dropfour differ"

mpi 2 nosuchmode >/dev/null 2>"$tmp/err"
status=$?
[ $status -eq 2 ] || fail "unknown mode: exit $status, expected 2"
grep -q 'unknown mode' "$tmp/err" || fail "unknown mode: no message"
[ "$(grep -c 'unknown mode' "$tmp/err")" = 1 ] || fail "unknown mode: said more than once"

if [ $failed -ne 0 ]; then
	echo "mpi.sh: $failed failed"
	exit 1
fi
echo "mpi.sh: all passed"
exit 0
