#!/bin/sh
# mpi-play.sh -- dropfour-mpi play: the text game from a pipe with the AI's
# every move one search across 3 ranks (oversubscribed), against
# dropfour's own text game at the same depth: the same moves, the same
# scores of every column (depth-limited play, docs/distributed-search.md),
# and a line per move naming what each rank searched.
#
# Run by `make check` with $DROPFOUR, $DROPFOUR_MPI and $MPIRUN; skipped
# (exit 77) when dropfour-mpi was not built.
. "$(dirname "$0")/lib-check.sh"
check_begin mpi-play
if [ -z "${DROPFOUR_MPI:-}" ] || [ ! -x "$DROPFOUR_MPI" ]; then
	check_skip "dropfour-mpi not built"
fi
: "${MPIRUN:=mpirun}"
command -v "$MPIRUN" >/dev/null 2>&1 || check_skip "no $MPIRUN"
check_mpi_env
export DROPFOUR_CONFIG=/dev/null

# Three moves of the human, the AI answering each at depth 6.
moves='4
3
5
'
printf '%s' "$moves" | "$DROPFOUR" --text --depth 6 -j1 >"$tmp/one" 2>&1 ||
	fail "dropfour --text: exit $?"
printf '%s' "$moves" | "$MPIRUN" -n 3 --oversubscribe "$DROPFOUR_MPI" play \
	--depth 6 -j1 >"$tmp/many" 2>&1 || fail "dropfour-mpi play: exit $?"
grep -E '^(O \(AI\) plays|  scores:)' "$tmp/one" | sed 's/, [0-9.]* s$//' >"$tmp/one.moves"
grep -E '^(O \(AI\) plays|  scores:)' "$tmp/many" | sed 's/, [0-9.]* s$//' >"$tmp/many.moves"
[ "$(grep -c plays "$tmp/one.moves")" -eq 3 ] ||
	fail "dropfour --text made $(grep -c plays "$tmp/one.moves") moves, not 3"
if ! cmp -s "$tmp/one.moves" "$tmp/many.moves"; then
	diff "$tmp/one.moves" "$tmp/many.moves" >"$tmp/diff"
	fail_with "$tmp/diff" "the AI's moves and scores differ across the ranks"
fi
[ "$(grep -c '^  across 3 ranks' "$tmp/many")" -eq 3 ] ||
	fail "no rank line for each of the AI's moves: $(cat "$tmp/many")"
check_end
