#!/bin/sh
# mpi-play.sh -- dropfour-mpi play: the text game from a pipe with the AI's
# every move one search across 3 ranks (oversubscribed), against
# dropfour's own text game at the same depth: the same moves, the same
# scores of every column (depth-limited play, docs/distributed-search.md),
# and a line per move naming what each rank searched.  Then the curses game
# on 3 ranks in tmux (when tmux is here; C locale, ASCII): a move, the AI's
# reply, a row per rank on the panel, the ranks' one table and their
# messages in the totals, the thread toggle reaching every rank, and q
# ending every rank with status 0; at 80x24 on 3 ranks as 2 machines the
# AI's exact solve with the network rows (the hand-off, the table across
# machines' entries) and its frames' network checked.  Then the curses game typed into an
# interactive bash (job control on): a move, Ctrl-Z stopping the whole job
# (the shell says Stopped, every rank stopped), fg resuming it, a move, q:
# exit 0, no job and no rank left, and the board drawn in Unicode under a
# UTF-8 locale.
#
# Run by `make check` with $DROPFOUR, $DROPFOUR_MPI and $MPIRUN; skipped
# (exit 77) when dropfour-mpi was not built.
. "$(dirname "$0")/lib-check.sh"
check_begin mpi-play
check_mpi_ready

# Three moves of the human, the AI answering each at depth 6.
moves='4
3
5
'
printf '%s' "$moves" | "$DROPFOUR" --text --depth 6 -j1 >"$tmp/one" 2>&1 ||
	fail "dropfour --text: exit $?"
printf '%s' "$moves" | "$MPIRUN" -n 3 --oversubscribe "$DROPFOUR_MPI" play \
	--text --depth 6 -j1 >"$tmp/many" 2>&1 || fail "dropfour-mpi play: exit $?"
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

# The curses game: rank 0 plays on the terminal mpirun was started from.
TMUX_BIN=${TMUX_BIN:-tmux}
if ! command -v "$TMUX_BIN" >/dev/null 2>&1; then
	echo "skipped: the curses game (no tmux)"
	check_end
fi
. "$(dirname "$0")/lib-tmux.sh"
check_at_exit tmux_kill
rank_rows() {
	for r in 0 1 2; do
		_tmux_matches "\\| $r \\[.*\\] +[0-9]+% " || return 1
	done
}
tmux_start 120 40 "LC_ALL=C $MPIRUN -n 3 --oversubscribe $DROPFOUR_MPI play --depth 8 -j1 --no-book --mode human-ai --frame-log $tmp/frames.jsonl" &&
	tmux_wait "Your turn" 60 &&
	tmux_wait "time none (MPI: depth 8)" &&
	tmux_send 4 && tmux_wait "move 3" 60 && tmux_wait "Your turn" 60 &&
	tmux_wait "rk share" &&
	tmux_poll 10 "no row for each of the 3 ranks" rank_rows &&
	tmux_wait_re "tasks [0-9.kM]+ to 3 ranks, [0-9.kM]+ msgs" &&
	tmux_wait "one table for all ranks" ||
	fail "the curses game on 3 ranks"
# T: two threads on every rank (the thr column), for the next search.
tmux_send T && tmux_wait "threads 2/" && tmux_send 3 &&
	tmux_wait "move 5" 60 && tmux_wait "Your turn" 60 &&
	tmux_poll 10 "not 2 threads on every rank" \
	    _tmux_matches "\\| 2 \\[.* 2 +\\|" ||
	fail "the thread toggle on 3 ranks"
tmux_quit && tmux_wait "[exited 0]" 30 || fail "q: not every rank ended"
tmux_kill
# A game's frame log NAME ($tmp/NAME.jsonl) held to the panel's
# invariants (tests/panel-check.py); WHAT names it when it fails.  True
# without python3 (the check is skipped).
frames_hold() {
	command -v python3 >/dev/null 2>&1 || return 0
	python3 "$(dirname "$0")/panel-check.py" "$tmp/$1.jsonl" \
	    >"$tmp/$1.out" 2>&1 ||
		fail_with "$tmp/$1.out" "$2"
}
# The panel's every frame on the ranks holds its invariants (each root
# value with the depth the distributed search ran to).
frames_hold frames "the MPI game's frames"

# The network rows at 80x24: 3 ranks as 2 machines over TCP, the AI's
# exact solve of a position of 7 stones (about 3 M nodes; 35 empty
# cells, so the table across machines passes entries): the mean hand-off
# a task and the entries passed between the machines' tables, each row
# whole in the panel's 43 columns, and the frames' network holding the
# checker's invariants.
tmux_start 80 24 "LC_ALL=C $MPIRUN -n 3 --oversubscribe --mca btl self,tcp $DROPFOUR_MPI play --perfect --no-book -j1 -m 16 --dist-machines 2 --dist-upper 24 --position 4277424 --mode human-ai --frame-log $tmp/net.jsonl" &&
	tmux_wait "Your turn" 90 &&
	tmux_wait_re "\\| hand-off [0-9]+\\.[0-9]{3} ms[ a-z]*\\([1-9][0-9]*\\)" &&
	tmux_wait_re "\\| table across: [1-9][0-9.]*[kM]? (entries|in)" ||
	fail "the network rows of the game on 2 machines"
tmux_quit && tmux_wait "[exited 0]" 30 || fail "q: not every rank ended (2 machines)"
tmux_kill
frames_hold net "the frames of the game on 2 machines"
grep -q '"upper_entries":[1-9]' "$tmp/net.jsonl" ||
	fail "no entries of the table across machines in the frames"

# Typed into an interactive shell: the shell's job control around the
# game (mpi-play.c, join_job()).
ranks_on_tty() {
	ps -o stat=,comm= -t "$pane_tty" 2>/dev/null | grep dropfour-mpi
}
job_gone() {
	! ps -o comm= -t "$pane_tty" 2>/dev/null | grep -q -e mpirun -e dropfour-mpi
}
all_stopped() {
	[ "$(ranks_on_tty | grep -c '^T')" -eq 2 ]
}
locale_utf8=$(locale -a 2>/dev/null | grep -iE '^(C|en_US)\.utf-?8$' | head -n 1)
tmux_start 100 32 "env PS1='sh\$ ' LANG=${locale_utf8:-C} bash --norc -i" &&
	tmux_wait 'sh$' 10 || fail "no interactive bash in tmux"
pane_tty=$(tmux_cmd display-message -p -t main '#{pane_tty}')
tmux_type "$MPIRUN -n 2 --oversubscribe $DROPFOUR_MPI play --depth 6 -j1 --mode human-ai" &&
	tmux_send Enter && tmux_wait "Your turn" 60 &&
	tmux_send 4 && tmux_wait "move 3" 60 && tmux_wait "Your turn" 60 ||
	fail "the game typed into an interactive bash: no move"
if [ -n "$locale_utf8" ]; then
	tmux_wait "╭" 5 || fail "the board in ASCII under $locale_utf8"
fi
tmux_send C-z && tmux_wait "Stopped" 20 &&
	tmux_poll 10 "not every rank stopped" all_stopped ||
	fail "Ctrl-Z: the job not stopped"
tmux_type "fg" && tmux_send Enter && tmux_wait "Your turn" 30 &&
	tmux_send 3 && tmux_wait "move 5" 60 && tmux_wait "Your turn" 60 ||
	fail "fg: the game did not resume"
tmux_quit && tmux_poll 30 "mpirun still running after q" job_gone &&
	tmux_type 'echo "rc=$? jobs=$(jobs -p | wc -l)"' && tmux_send Enter &&
	tmux_wait "rc=0 jobs=0" 10 || fail "q: not exit 0 with no job left"
check_end
