#!/bin/sh
# tui.sh -- end-to-end tests of the curses game, played through tmux as a
# person would: type keys with send-keys, read the screen with capture-pane.
#
# Run by `make check` (automake TESTS) with DROPFOUR naming the binary and
# TMUX_BIN naming tmux (empty when configure found none: then skip, 77).
# Small depths and a 16 MB table keep it to a few seconds.
set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib-check.sh"
check_begin tui
if [ -z "${TMUX_BIN:-}" ] || ! command -v "$TMUX_BIN" >/dev/null 2>&1; then
	check_skip "tmux not found (TMUX_BIN='${TMUX_BIN:-}')"
fi
. "$here/lib-tmux.sh"
check_at_exit tmux_kill

G="$DROPFOUR --tt-mb 16 --threads 2"
# A per-thread row of the panel, in ASCII: " 0 [###   ]  58% ..."
ROW_RE='[0-9]+ \[[# ]+\] +[0-9]+%'
n=0

check() {
	desc=$1
	shift
	n=$((n + 1))
	tmux_socket="dropfour-test-$$-$n"
	if "$@"; then
		ok "$desc"
	else
		fail "$desc"
	fi
	tmux_kill
}

# The token in column COL (1-based), row ROW (1 = bottom) of a board of
# height H on the last screen read: X, O, or . for an empty cell.
board_cell() {
	printf '%s\n' "$tmux_last" | awk -v c="$1" -v r="$2" -v h="$3" '
	    /^  \+-/ && !top { top = NR; next }
	    top && NR == top + h - r + 1 { print substr($0, 4 * c + 1, 1); exit }'
}

# How many of TOKEN are on the board (W x H) of the last screen read.
board_count() {
	printf '%s\n' "$tmux_last" | awk -v t="$1" -v w="$2" -v h="$3" '
	    /^  \+-/ && !top { top = NR; next }
	    top && NR > top && NR <= top + h {
		for (c = 1; c <= w; c++)
		    if (substr($0, 4 * c + 1, 1) == t) k++
	    }
	    END { print k + 0 }'
}

# A mouse click (X10 encoding, as TERM=screen's kmous) on board column COL
# at screen row Y: press and release.
click() {
	_x=$((2 + 2 + 4 * ($1 - 1)))
	_cx=$(printf "\\%03o" $((33 + _x)))
	_cy=$(printf "\\%03o" $((33 + $2)))
	tmux_cmd send-keys -t main -l "$(printf "\033[M $_cx$_cy\033[M#$_cx$_cy")"
}

# Wait until the panel shows exactly N thread rows (up to 10 s).
_rows_are() {
	[ "$(printf '%s\n' "$tmux_last" | grep -Ec -- "$ROW_RE")" -eq "$1" ]
}
# The AI's move from the book shows no thread rows: no search ran.
_rows_or_book() {
	_rows_are 2 || _tmux_has "from the book, no search"
}
wait_rows() {
	tmux_retry 200 _rows_are "$1" || tmux_fail "expected $1 thread rows"
}

# Both wait up to 2 s, for a token still falling: board_cell's answer
# (board_count's) for C R H (TOKEN W H) is WANT; the last one read in got.
_cell_is() {
	got=$(board_cell "$1" "$2" "$3")
	[ "$got" = "$4" ]
}
_count_is() {
	got=$(board_count "$1" "$2" "$3")
	[ "$got" -eq "$4" ]
}
expect_cell() {
	tmux_retry 40 _cell_is "$@" ||
		tmux_fail "column $1 row $2: '$got', not '$4'"
}
expect_count() {
	tmux_retry 40 _count_is "$@" ||
		tmux_fail "$got of $1 on the board, not $4"
}

# 1. Human against the AI: drop, see it land, see the AI answer and the
# thread rows, change the depth, undo, the help, a resize.
play_vs_ai() {
	tmux_start 100 30 "$G --ascii --depth 4" &&
	tmux_wait "Your turn" &&
	tmux_send 4 &&
	tmux_wait "move 3" && tmux_wait "Your turn" &&
	expect_cell 4 1 6 X &&
	expect_count O 7 6 1 &&
	expect_count X 7 6 1 &&
	{ tmux_retry 200 _rows_or_book ||
	    tmux_fail "neither 2 thread rows nor a move from the book"; } &&
	tmux_send 3 && tmux_wait "move 5" && tmux_wait "Your turn" &&
	expect_cell 3 1 6 X &&
	expect_count O 7 6 2 &&
	tmux_send + && tmux_wait "depth 5  threads" &&
	tmux_send - - && tmux_wait "depth 3  threads" &&
	tmux_send u && tmux_wait "move 3" && tmux_wait "took back 2 moves" &&
	expect_count X 7 6 1 && expect_count O 7 6 1 &&
	tmux_send u && tmux_wait "move 1" &&
	expect_count X 7 6 0 && expect_count O 7 6 0 &&
	tmux_send r && tmux_wait "move 3" &&
	expect_cell 4 1 6 X &&
	tmux_send '?' && tmux_wait "dropfour keys" &&
	tmux_send Escape && tmux_wait_gone "dropfour keys" &&
	tmux_resize 50 12 && tmux_wait "terminal too small (need" &&
	tmux_resize 80 24 && tmux_wait "Settings" &&
	tmux_wait_gone "too small" &&
	expect_cell 4 1 6 X &&
	tmux_quit && tmux_wait "[exited 0]"
}

# 2. The thread count and the depth change while the AI thinks: the
# running search restarts and the panel's rows follow.
toggles_while_thinking() {
	# (--no-book: the shipped book would answer the empty board at once)
	tmux_start 100 30 "$G --ascii --mode ai-human --perfect --no-book" &&
	tmux_wait "AI thinking" &&
	wait_rows 2 &&
	tmux_send T && wait_rows 3 && tmux_wait "threads 3/" &&
	tmux_send t t && wait_rows 1 && tmux_wait "threads 1/" &&
	tmux_wait "AI thinking" &&
	tmux_send + && tmux_wait "depth 13  threads 1" &&
	tmux_wait "Your turn" &&
	expect_count X 7 6 1 &&
	tmux_quit && tmux_wait "[exited 0]"
}

# 3. A full column is refused.
full_column() {
	tmux_start 80 24 "$G --ascii --mode human-human" &&
	tmux_wait "Player 1 to move" &&
	tmux_send 1 1 1 1 1 1 && tmux_wait "moves 111111" &&
	expect_cell 1 6 6 O &&
	tmux_send 1 && tmux_wait "column 1 is full" &&
	expect_count X 7 6 3 &&
	tmux_send Right Right Enter && tmux_wait "moves 1111113" &&
	expect_cell 2 1 6 . &&
	expect_cell 3 1 6 X &&
	click 5 4 && tmux_wait "moves 11111135" &&
	expect_cell 5 1 6 O
}

# 4. A won game on a small board.
win_small() {
	tmux_start 80 24 "$G --ascii --width 4 --height 4 --mode human-human" &&
	tmux_wait "Player 1 to move" &&
	tmux_send 1 2 1 2 1 2 1 &&
	tmux_wait "Player 1 (red) wins" &&
	tmux_send 2 && tmux_wait "the game is over" &&
	tmux_send n && tmux_wait "Player 1 to move" &&
	expect_count X 4 4 0
}

# 5. Save with w, load with --load.
save_load() {
	tmux_start 80 24 "DROPFOUR_SAVE='$tmp/game.txt' $G --ascii --mode human-human" &&
	tmux_wait "Player 1 to move" &&
	tmux_send 4 4 5 && tmux_wait "moves 445" &&
	tmux_send w && tmux_wait "saved to" &&
	grep -q 445 "$tmp/game.txt" &&
	tmux_kill &&
	tmux_socket="${tmux_socket}-load" &&
	tmux_start 80 24 "$G --ascii --mode human-human --load '$tmp/game.txt'" &&
	tmux_wait "moves 445" &&
	expect_cell 5 1 6 X
}

# 6. The shell is usable after every way out: q, Ctrl-C, SIGTERM, and
# after Ctrl-Z and fg.
shell_usable() {
	if command -v bash >/dev/null 2>&1; then
		shell="PS1='sh\$ ' exec bash --norc --noprofile -i"
		jobs=yes
	else
		shell="PS1='sh\$ ' exec sh -i"
		jobs=no
	fi
	tmux_start 100 30 "$shell" &&
	tmux_wait 'sh$' &&
	tmux_type "DROPFOUR_LOG=$tmp/log $G --ascii --depth 4; echo rc=\$?" &&
	tmux_send Enter && tmux_wait "Your turn" &&
	tmux_quit && tmux_wait "rc=0" &&
	tmux_send C-l && tmux_wait_gone "rc=0" &&
	tmux_send Up Enter && tmux_wait "Your turn" &&
	tmux_send C-c && tmux_wait "rc=130" &&
	tmux_send C-l && tmux_wait_gone "rc=130" &&
	tmux_send Up Enter && tmux_wait "Your turn" &&
	pid=$(sed -n 's/.*start pid \([0-9]*\).*/\1/p' "$tmp/log" | tail -n 1) &&
	kill -TERM "$pid" && tmux_wait "rc=143" || return 1
	if [ $jobs = yes ]; then
		# (no "; echo": bash would go on when the job stops)
		tmux_send C-l && tmux_wait_gone "rc=143" &&
		tmux_type "$G --ascii --depth 4" && tmux_send Enter &&
		tmux_wait "Your turn" &&
		tmux_send C-z && tmux_wait "Stopped" &&
		tmux_type "fg" && tmux_send Enter && tmux_wait "Settings" &&
		tmux_quit && tmux_wait_gone "Settings" &&
		tmux_type "echo rc=\$?" && tmux_send Enter &&
		tmux_wait "rc=0" || return 1
	fi
	tmux_send C-l &&
	tmux_type "stty -a | tr ' ;' '\n\n' | grep -c -x -e -icanon -e -echo -e -isig; echo shell-ok-\$((40+2))" &&
	tmux_send Enter && tmux_wait "shell-ok-42" &&
	printf '%s\n' "$tmux_last" | grep -q -x 0 ||
	    tmux_fail "the terminal was left in raw mode"
}

# 7. UTF-8 tokens and box drawing where the locale allows.
utf8() {
	loc=$(locale -a 2>/dev/null | grep -i -m 1 -x -e 'C.utf8' -e 'C.UTF-8' \
	    -e 'en_US.utf8' -e 'en_US.UTF-8')
	if [ -z "$loc" ]; then
		check_part_skip "UTF-8 tokens and box drawing" "no UTF-8 locale"
		return 0
	fi
	LC_ALL=$loc tmux_start 80 24 "LC_ALL=$loc $G --depth 2" &&
	tmux_wait "Your turn" && tmux_wait "╭" &&
	tmux_send 4 && tmux_wait "move 3" && tmux_wait "●"
}

# 8. Bad --position and --load: the curses game says why once and exits
# with status 2, as every other mode does (text.sh checks those).
bad_setup() {
	tmux_start 100 10 "$G --position 12a" &&
	tmux_wait "[exited 2]" &&
	tmux_wait "bad --position '12a' at character 3" &&
	tmux_kill && tmux_socket="${tmux_socket}-load" &&
	tmux_start 100 10 "$G --load '$tmp/missing.txt'" &&
	tmux_wait "[exited 2]" &&
	[ "$(tmux_count_re 'missing\.txt')" -eq 1 ] ||
	    tmux_fail "the path should be named once"
}

# The title line of the last screen read.
title_line() {
	printf '%s\n' "$tmux_last" | sed -n 1p
}

# 9. The title at 80 columns with two AIs playing: the parts that do not
# fit are left out by priority; none overwrites another (it once read
# "depth-limit? help").  Colour and UTF-8 make the longest title.
title_80() {
	loc=$(locale -a 2>/dev/null | grep -i -m 1 -x -e 'C.utf8' -e 'C.UTF-8' \
	    -e 'en_US.utf8' -e 'en_US.UTF-8')
	tmux_start 80 24 "LC_ALL=${loc:-C} $G --mode ai-ai --depth 2" &&
	tmux_wait_re "move [0-9]+ " || return 1
	t=$(title_line)
	case $t in
	*"depth 2"*"? help") ;;
	*) tmux_fail "title at 80 columns: '$t'"; return 1 ;;
	esac
	case $t in
	*"AI 1"*"vs AI 2"*"move "*) ;;
	*) tmux_fail "title lost the players or the move: '$t'"; return 1 ;;
	esac
	tmux_quit && tmux_wait "[exited 0]"
}

# 10. The speedup screen: its runs, its key bar and help from the key
# table, a thread change that restarts the runs, and back.
speedup_screen() {
	tmux_start 100 30 "$G --ascii --mode human-human --perfect -W 4 -H 4" &&
	tmux_wait "Player 1 to move" &&
	tmux_send S && tmux_wait "Speedup" && tmux_wait "Done: 4 runs" &&
	tmux_wait "speedup = thr x busy x speed / ovhd" &&
	tmux_wait "nothing longer here (times noisy)" &&
	tmux_wait_re ' 1. - +0\.0[0-9]{2}s~ +- +\|' &&
	tmux_wait_re ' 2. deep +[0-9.]+s~ +- +\|' &&
	tmux_wait_re ' 2. root +[0-9.]+s~ ' &&
	tmux_wait_re ' 2. lazy +[0-9.]+s~ ' &&
	tmux_wait "~ under 10 ms, near the times' 1 ms resolution" &&
	tmux_wait_re '\* deep r root l lazy' &&
	tmux_wait "qBack" && tmux_wait "rAgain" &&
	tmux_send '?' && tmux_wait "speedup screen keys" &&
	tmux_wait "back to the game" &&
	tmux_send x && tmux_wait_gone "speedup screen keys" &&
	tmux_send T && tmux_wait "Done: 7 runs" &&
	tmux_send q && tmux_wait "Player 1 to move" &&
	tmux_wait "threads 3/" &&
	tmux_quit && tmux_wait "[exited 0]"
}

# 11. Pondering: in perfect play the AI thinks on the human's turn; the
# panel keeps the AI's own last search (the ponder's scores are never
# shown) while the title says it ponders; P turns it off and on again (a
# ponder that late in the game may end within milliseconds: then the
# AI's own search, its PV shown, is what stays).
# The ponder is seen on screen, or (a ponder that the table answers at
# once, on a loaded machine, may end between two looks) in the log.
_ponder_seen() {
	_tmux_matches "AI's move [0-9]+, done in [0-9.]+s.*pondering" ||
		grep -q '^.*done ponder' "$tmp/ponder.log" 2>/dev/null
}

ponder() {
	tmux_start 100 30 "DROPFOUR_LOG=$tmp/ponder.log $G --ascii --perfect --no-book --position 4444155" &&
	tmux_wait "Your turn" && tmux_wait "ponder on" &&
	tmux_poll 10 "no ponder on screen or in the log" _ponder_seen &&
	tmux_wait_gone "PV hidden" &&
	tmux_send P && tmux_wait "ponder off" &&
	tmux_send 6 && tmux_wait "move 11" && tmux_wait "Your turn" &&
	tmux_wait_gone "hidden" &&
	tmux_send P && tmux_wait "ponder on: in perfect play" &&
	tmux_wait_re "PV [1-7]" && tmux_wait_gone "hidden" &&
	tmux_quit && tmux_wait "[exited 0]"
}


# The first UTF-8 locale, or empty.
utf8_locale() {
	locale -a 2>/dev/null | grep -i -m 1 -x -e 'C.utf8' -e 'C.UTF-8' \
	    -e 'en_US.utf8' -e 'en_US.UTF-8'
}

# 12. The search on show: with no options (the default level) the AI's
# every move is a visible search at 80x24: thinking, thread rows whose
# nodes grow, the timeline; a level's name in the title.
_thinking_or_done() {
	_tmux_matches "thinking [0-9.]+s" || _tmux_has "Your turn"
}

search_on_show() {
	tmux_start 80 24 "$DROPFOUR --tt-mb 16 --threads 2 --ascii" &&
	tmux_wait "Your turn" && tmux_wait "level club" &&
	tmux_send 4 && tmux_wait_re "thinking [0-9.]+s" 5 &&
	tmux_wait "Timeline" &&
	n1=$(printf '%s\n' "$tmux_last" | sed -n 's/.*nodes \([0-9][0-9.]*[kMG]*\)  .*/\1/p' | head -n 1) &&
	tmux_nap && tmux_nap && tmux_nap && tmux_nap &&
	# Still thinking, or done (a loaded machine may end the level's
	# time first): either way the count has moved on.
	tmux_poll 10 "neither thinking nor done" _thinking_or_done &&
	n2=$(printf '%s\n' "$tmux_last" | sed -n 's/.*nodes \([0-9][0-9.]*[kMG]*\)  .*/\1/p' | head -n 1) &&
	{ [ "$n1" != "$n2" ] || tmux_fail "the node count stood at '$n1'"; } &&
	tmux_wait "Your turn" && tmux_wait "move 3" &&
	[ "$(tmux_count_re "$ROW_RE")" -eq 2 ] ||
	    tmux_fail "two thread rows after the search"
}

# 13. A large terminal: larger cells (two rows a token) and the root
# columns' table at 120x40.
large_terminal() {
	tmux_start 120 40 "$G --ascii --depth 4" &&
	tmux_wait "Your turn" && tmux_send 4 && tmux_wait "move 3" &&
	tmux_wait 'XX/' && tmux_wait 'OO' && tmux_wait "Root columns"
}

# 14. A mouse click at the default settings, press and release apart as a
# terminal sends them: the token drops and the AI replies with no key.
mouse_default() {
	tmux_start 80 24 "$DROPFOUR --tt-mb 16 --threads 2 --ascii" &&
	tmux_wait "Your turn" || return 1
	_x=$((2 + 2 + 4 * 3))
	_cx=$(printf "\\%03o" $((33 + _x)))
	_cy=$(printf "\\%03o" $((33 + 8)))
	tmux_cmd send-keys -t main -l "$(printf "\033[M $_cx$_cy")" &&
	sleep 0.3 &&
	tmux_cmd send-keys -t main -l "$(printf "\033[M#$_cx$_cy")" &&
	tmux_wait "move 3" 10 && tmux_wait "Your turn" &&
	expect_count X 7 6 1 && expect_count O 7 6 1
}

# 15. The sides differ by shape in colour mode (UTF-8): a disc and a
# diamond; the game-over line names the colour.
shapes() {
	loc=$(utf8_locale)
	[ -n "$loc" ] || { echo "# no UTF-8 locale: skipped"; return 0; }
	tmux_start 80 24 "LC_ALL=$loc $G --mode human-human -W 4 -H 4" &&
	tmux_wait "Player 1 to move" && tmux_send 1 2 && tmux_wait "move 3" &&
	tmux_wait "●" && tmux_wait "◆" &&
	tmux_send 1 2 1 2 1 && tmux_wait "Player 1 (red) wins"
}

# 16. Settings survive a restart (the settings file); a malformed file is
# named with its line, the defaults used and the file left alone.
settings_file() {
	cfg=$tmp/settings/config
	tmux_start 80 24 "DROPFOUR_CONFIG='$cfg' $DROPFOUR --tt-mb 16 --ascii" &&
	tmux_wait "level club" && tmux_send l && tmux_wait "level strong" &&
	tmux_send M && tmux_wait "mouse off" &&
	tmux_quit && tmux_wait "[exited 0]" &&
	grep -q '^level = strong$' "$cfg" && grep -q '^mouse = off$' "$cfg" ||
	    { tmux_fail "the settings file: $(cat "$cfg" 2>&1)"; return 1; }
	tmux_kill && tmux_socket="${tmux_socket}-again" &&
	tmux_start 80 24 "DROPFOUR_CONFIG='$cfg' $DROPFOUR --tt-mb 16 --ascii" &&
	tmux_wait "level strong" &&
	tmux_quit && tmux_wait "[exited 0]" || return 1
	printf 'level = club\nthreads = lots\n' >"$cfg"
	tmux_kill && tmux_socket="${tmux_socket}-bad" &&
	tmux_start 100 24 "DROPFOUR_CONFIG='$cfg' $DROPFOUR --tt-mb 16 --ascii" &&
	tmux_wait "config:2: threads must be 1..64" &&
	tmux_send l && tmux_wait "level strong" &&
	tmux_quit && tmux_wait "[exited 0]" &&
	[ "$(cat "$cfg")" = "$(printf 'level = club\nthreads = lots')" ] ||
	    tmux_fail "the malformed file was changed"
}

# 17. --load restores who plays which side (s swaps, w saves).
load_sides() {
	tmux_start 80 24 "DROPFOUR_SAVE='$tmp/sides.txt' $G --ascii --depth 2" &&
	tmux_wait "Your turn" && tmux_send s && tmux_wait "AI X vs You O" &&
	tmux_wait "Your turn" && tmux_send w && tmux_wait "saved to" &&
	tmux_send q && tmux_kill && tmux_socket="${tmux_socket}-load" &&
	tmux_start 80 24 "$G --ascii --depth 2 --load '$tmp/sides.txt'" &&
	tmux_wait "AI X vs You O"
}

# 18. Defects: a status message goes with the next move; the thinking
# timer goes on over a restart (T); - at depth 1 leaves perfect play; the
# key bar of ai-ai play has space (pause), not the human's keys; F1 and
# F10; -W 9 fits 80x24; the help's lines are whole.
small_defects() {
	tmux_start 80 24 "DROPFOUR_SAVE='$tmp/m.txt' $G --ascii --mode human-human" &&
	tmux_wait "Player 1 to move" && tmux_send w && tmux_wait "saved to" &&
	tmux_send 4 && tmux_wait "move 2" && tmux_wait_gone "saved to" &&
	tmux_kill && tmux_socket="${tmux_socket}-timer" &&
	tmux_start 100 30 "$G --ascii --mode ai-human --perfect --no-book" &&
	tmux_wait_re "thinking 1\.[0-9]s" 15 && tmux_send T &&
	tmux_wait "threads 3/" && tmux_wait_re "thinking ([1-9][0-9]*)\.[0-9]s" &&
	{ ! printf '%s\n' "$tmux_last" | grep -Eq "AI thinking 0\." ||
	    tmux_fail "the timer started again"; } &&
	tmux_wait "s since restart" &&
	tmux_send q && tmux_kill && tmux_socket="${tmux_socket}-minus" &&
	tmux_start 100 30 "$G --ascii --depth 1 --perfect" &&
	tmux_wait "perfect play" && tmux_send - &&
	tmux_wait "depth-limited play, depth 1" &&
	tmux_send q && tmux_kill && tmux_socket="${tmux_socket}-aiai" &&
	tmux_start 100 30 "$G --ascii --mode ai-ai --depth 2" &&
	tmux_wait_re "spc *Pause|spcPause" && tmux_wait_gone "Drop" &&
	tmux_send F1 && tmux_wait "dropfour keys" &&
	tmux_wait "ponder on / off (perfect play)" &&
	tmux_send x && tmux_wait_gone "dropfour keys" &&
	tmux_send F10 && tmux_wait "[exited 0]" &&
	tmux_kill && tmux_socket="${tmux_socket}-w9" &&
	tmux_start 80 24 "$G --ascii -W 9 --depth 2" &&
	tmux_wait "Your turn" && tmux_wait_gone "too small"
}

# 20. The speedup screen's depth-limited runs are long enough to time:
# the one-thread run deepened from the depth setting until it takes 0.5 s,
# and said so; its busy time its own (the table's clear before the run, not
# in it: busy 85% and node speed 1.18 on one thread); every thread of a
# two-thread run in rows; the columns in line with the header's (a node
# speed of 140.55 pushed them).  The settings line speaks of pondering
# only in perfect play.  The three schemes' points at one thread (all
# 1.00, one cell) are all shown, side by side, none on the axis.
_speedup_rows_aligned() {
	printf '%s\n' "$tmux_last" | awk '
	    /^ thr split   time speedup busy speed  ovhd imbal/ { h = 1 }
	    / [12]  (-   |deep|root|lazy) +[0-9.]+s +[0-9.]+x / {
		if (substr($0, 17, 1) != "s" || substr($0, 25, 1) != "x" ||
		    substr($0, 30, 1) != "%") bad = 1
		rows++
	    }
	    END { exit !(h && rows == 4 && !bad) }'
}
speedup_depth() {
	tmux_start 100 30 "$G --ascii --depth 10" &&
	tmux_wait "Your turn" && tmux_wait "analysis off" &&
	{ ! printf '%s\n' "$tmux_last" | grep -q "ponder" ||
	    tmux_fail "ponder shown in depth-limited play"; } &&
	tmux_send S && tmux_wait "choosing the run" &&
	tmux_wait_re 'Run 2 of 4: 2 threads' 60 && wait_rows 2 &&
	tmux_wait_re 'run: one thread (0\.[5-9]|[1-9])[0-9.]*s \(at least 0\.50s: depth [0-9]+ from 10\)' &&
	tmux_wait_re ' 1  -  +[0-9.]+s +1\.00x +(9[5-9]|100)% +(1\.0[0-3]|0\.9[7-9]) +1\.00 +1\.00' &&
	tmux_wait "Done: 4 runs" 60 &&
	tmux_poll 5 "the table's columns out of line" _speedup_rows_aligned &&
	tmux_wait_re ' 1 \|\*rl' &&
	tmux_send q && tmux_wait "Your turn" &&
	tmux_send p && tmux_wait "ponder on"
}

# 19. The review in the game: v after a game shows the value of every move
# and the moves that changed the outcome; v goes back.
review_in_game() {
	tmux_start 100 30 "$G --ascii --mode human-human" &&
	tmux_wait "Player 1 to move" &&
	tmux_send 4 4 4 4 3 3 5 5 2 && tmux_wait "Player 1 (red) wins" &&
	tmux_send v && tmux_wait "Review: 9 moves" &&
	tmux_wait "2 moves changed the outcome" &&
	tmux_wait "5. red 3: threw the win to a loss; best 4" &&
	tmux_send v && tmux_wait "Search:" && tmux_wait_gone "Review:"
}

# 21. Boards wider than 9 columns: the columns past 9 are named and typed
# A-G, their cells narrow to fit 80 columns, the AI answers on a board of
# more than 64 bits, and a board too tall for the terminal says so.
wide_boards() {
	tmux_start 80 24 "$G --ascii --width 12 --height 4 --mode human-human" &&
	tmux_wait "Player 1 to move" &&
	tmux_wait "7  8  9  A  B  C" &&
	tmux_send C && tmux_wait "moves c" &&
	tmux_send A 1 && tmux_wait "moves ca1" &&
	tmux_send G && tmux_wait "there is no column G (1-C)" &&
	tmux_send End Enter && tmux_wait "moves ca1c" &&
	tmux_kill &&
	tmux_socket="${tmux_socket}-16" &&
	tmux_start 80 24 "$G --ascii --width 16 --height 7 --level beginner" &&
	tmux_wait "Your turn" && tmux_wait "9 A B C D E F G" &&
	tmux_send G && tmux_wait "move 3" && tmux_wait "Your turn" &&
	tmux_wait "moves g" &&
	tmux_kill &&
	tmux_socket="${tmux_socket}-tall" &&
	tmux_start 80 24 "$G --ascii --width 4 --height 30 --mode human-human" &&
	tmux_wait "terminal too small (need" &&
	tmux_wait "for the 4x30 board)"
}

# The hint on the last screen read agrees with the column scores: the
# words under the board name the hint's column with the hint's score, and
# no column's number in the row of scores beats it.
hint_agrees() {
	printf '%s\n' "$tmux_last" | awk '
	match($0, /hint: column [^ ]+ \([^)]*\)/) {
		split(substr($0, RSTART + 13, RLENGTH - 13), p, " ")
		col = p[1]; score = p[2]; gsub(/[()]/, "", score)
	}
	/< hint/ && match($0, /[0-9A-G]: [-+][0-9]+/) {
		split(substr($0, RSTART, RLENGTH), q, ": ")
		wcol = q[1]; wscore = q[2]
	}
	/^ +[-+][0-9]+( +[-+][0-9]+)+ / {
		for (i = 1; i <= NF && $i ~ /^[-+][0-9]+$/; i++)
			if (best == "" || $i + 0 > best + 0) best = $i
	}
	END {
		if (col == "" || wcol == "" || best == "") {
			print "# no hint, words or scores on the screen"; exit 1
		}
		if (col != wcol || score != wscore || score + 0 != best + 0) {
			printf "# hint %s (%s), words %s: %s, best column score %s\n",
			    col, score, wcol, wscore, best
			exit 1
		}
	}' || tmux_fail "the hint is not the best column"
}

# h, then the hint and the words under the board, held to the scores.
ask_hint() {
	tmux_send h && tmux_wait "hint: column" && tmux_wait "< hint" &&
	hint_agrees
}

# 22. A hint at a level that slips (beginner) is the search's best column
# with its score, not the move that level would play: three positions, and
# a fourth where the hint comes from the analysis's search (a).
hint_best() {
	tmux_start 100 30 "$G --ascii --mode human-human --level beginner --seed 1 --no-book" &&
	tmux_wait "Player 1 to move" && ask_hint &&
	tmux_send 4 4 && tmux_wait "moves 44" && tmux_wait_gone "hint: column" &&
	ask_hint &&
	tmux_send 3 5 && tmux_wait "moves 4435" && tmux_wait_gone "hint: column" &&
	ask_hint &&
	tmux_send 5 5 && tmux_wait "moves 443555" && tmux_wait_gone "hint: column" &&
	tmux_send a && tmux_wait "analysis on" &&
	tmux_wait_re "^ +[-+][0-9]+ +[-+][0-9]+ " && tmux_nap && ask_hint
}

# The defects found trying the game as a new user (issue: the panel that
# explains the search), each pinned.
# Home and End as tmux sends them under TERM=xterm-256color move the
# cursor and drop nothing; L at beginner stays there; l at perfect too.
keys_as_sent() {
	tmux_start 80 24 "TERM=xterm-256color $G --mode human-human --level beginner" &&
	tmux_wait "Player 1 to move" && tmux_send End && tmux_send Home &&
	tmux_send End && sleep 0.5 && tmux_poll 2 "no drop" true &&
	! printf '%s\n' "$tmux_last" | grep -q "no such key" &&
	printf '%s\n' "$tmux_last" | grep -q "move 1 " &&
	tmux_send L && tmux_wait "already the lowest level, beginner" &&
	tmux_send l l l l l l && tmux_wait "already the highest level, perfect"
}

# The session's score counts a game as soon as it ends (not after n); the
# game-over line names v; the key bar keeps Quit beside Depth at
# 80 columns; wide boards name A-G in the bar.
game_over_lines() {
	tmux_start 80 24 "$G --mode human-human --depth 4" &&
	tmux_wait "Player 1 to move" &&
	for c in 1 2 1 2 1 2 1; do tmux_send $c; sleep 0.1; done &&
	tmux_wait "wins!" && tmux_wait "v review" &&
	tmux_wait_re "  1:0" 5 && tmux_wait "qQuit" &&
	tmux_quit && tmux_wait "[exited 0]" && tmux_kill &&
	tmux_socket="${tmux_socket}-wide" &&
	tmux_start 100 24 "$G --mode human-human -W 12 -H 5 --depth 2" &&
	tmux_wait "1-9A-CDrop"
}

# A message longer than its line goes on over the key bar's line, whole.
long_message() {
	tmux_start 59 16 "$G --mode human-human --level club" &&
	tmux_wait "Player 1 to move" && tmux_send l &&
	tmux_wait "level 4 of 6" && tmux_poll 2 "the message" true &&
	msg=$(printf '%s\n' "$tmux_last" | tail -n 2 | tr -s ' \n' '  ') &&
	case $msg in
	*"the search's best move"*) ;;
	*) tmux_fail "the message is cut: $msg" ;;
	esac
}

# The title's time is the time of the search the panel shows (the totals').
title_time() {
	tmux_start 80 24 "$G --level beginner" &&
	tmux_wait "Your turn" && tmux_send 4 && tmux_wait_re "AI's move [0-9]+, done in" 10 &&
	t1=$(printf '%s\n' "$tmux_last" | sed -n "s/.*AI's move [0-9]*, done in \([0-9.]*\)s.*/\1/p" | head -n 1) &&
	t2=$(printf '%s\n' "$tmux_last" | sed -n 's/.*n\/s  \([0-9.]*\)s.*/\1/p' | head -n 1) &&
	{ [ -n "$t1" ] && [ "$t1" = "$t2" ] ||
	    tmux_fail "title ${t1:-?}s, totals ${t2:-?}s"; } &&
	tmux_wait "played "
}

# The first search waits for the engine's table to be in (a search that
# faulted a fresh table in at random stopped at depth 5): with a 1 GB
# table and the AI to move at once, the log says it waited, and no search
# starts before the table is in.
first_search_warm() {
	tmux_start 80 24 "DROPFOUR_LOG=$tmp/warm.log $DROPFOUR --tt-mb 1024 --threads 2 --mode ai-human --level beginner" &&
	tmux_wait "Your turn" 20 && tmux_quit && tmux_wait "[exited 0]" &&
	awk '/table in/ { t = NR } /start job/ && !s { s = NR }
	    /waiting for the table/ { w = NR }
	    END { exit !(s && w && t && w < t && t < s) }' "$tmp/warm.log" ||
		tmux_fail "a search started before the table was in: $(cat "$tmp/warm.log")"
}

# The proof beside the depth-limited search on show (strong, 3 threads):
# its threads as rows p0 and p1, its state in Totals; and no root column
# left "searching" on the screen of a search that has ended.
proof_rows() {
	tmux_start 120 40 "$DROPFOUR --tt-mb 16 --threads 3 --ascii --mode ai-ai --level strong" &&
	tmux_wait_re '\|p0 ' 90 &&
	tmux_wait_re 'proof on p0-p1: (proving|proven|gave up)' 30 || return 1
	_i=0
	while [ $_i -lt 30 ]; do
		tmux_last=$(tmux_capture)
		if _tmux_matches "Search: AI's move [0-9]+, done" &&
		    _tmux_matches '\| [1-7]  .*[0-9kM] searching'; then
			tmux_fail "a root column 'searching' after its search ended"
			return 1
		fi
		sleep 0.25
		_i=$((_i + 1))
	done
	tmux_quit && tmux_wait "[exited 0]"
}

# A move of --time 2 across a 4-second Ctrl-Z in an interactive bash: its
# time on the panel leaves the stopped span out.
suspended_time() {
	tmux_start 100 30 "env PS1='sh\$ ' bash --norc -i" && tmux_wait 'sh$' &&
	tmux_type "$G --ascii --mode ai-human --time 2 --no-book" &&
	tmux_send Enter && tmux_wait "thinking" 20 && tmux_send C-z &&
	tmux_wait "Stopped" 10 && sleep 4 && tmux_type fg && tmux_send Enter &&
	tmux_wait_re "AI's move [0-9]+, done in [0-9.]+s" 20 || return 1
	_t=$(printf '%s\n' "$tmux_last" |
	    sed -n "s/.*AI's move [0-9]*, done in \([0-9.]*\)s.*/\1/p" | head -n 1)
	awk -v t="$_t" 'BEGIN { exit !(t < 3.5) }' ||
		{ tmux_fail "a 2 s move read ${_t}s across a 4 s Ctrl-Z"; return 1; }
	tmux_send q
}

# A move from the opening book: the panel says so and shows the book's
# exact value of every column (the search asked for the move only left
# columns 1 and 5 "not needed").
book_move() {
	tmux_start 100 36 "$G --ascii --level perfect" &&
	tmux_wait "Your turn" && tmux_send 4 &&
	tmux_wait "from the book: no search chose it" 20 &&
	tmux_wait_re '\| 1  loss in 17 +book, exact' &&
	tmux_wait_re '\| 5  loss in 19 +book, exact' &&
	tmux_wait_re '\| 4  loss in 20 +book, exact' &&
	{ ! _tmux_has "not needed" || tmux_fail "a column not needed"; } &&
	tmux_wait "Search: AI's move 2 from the book, no search" &&
	tmux_quit && tmux_wait "[exited 0]" && tmux_kill &&
	# at 80 columns the title's short form, not the long one cut
	tmux_start 80 24 "$G --ascii --level perfect" &&
	tmux_wait "Your turn" && tmux_send 4 &&
	tmux_wait "Search: AI's move 2: book " 20 &&
	tmux_quit && tmux_wait "[exited 0]"
}

# The Totals line agrees with the root rows: the move's score is its row's,
# said to be heuristic and the AI's (was "the search's best" beside rows
# of other values).
totals_agree() {
	tmux_start 100 36 "$G --ascii --depth 6 --no-book" &&
	tmux_wait "Your turn" && tmux_send 4 &&
	tmux_wait_re 'played [1-7] \([-+]?[0-9]+\), the best row, heuristic, the AI.s score' 20 || return 1
	_c=$(printf '%s\n' "$tmux_last" | sed -n 's/.*played \([1-7]\) (\([-+0-9]*\)).*/\1 \2/p')
	set -- $_c
	_tmux_matches "\\| $1  \\$2 " ||
	    _tmux_matches "\\| $1  $2 " ||
	    { tmux_fail "column $1's row does not show $2"; return 1; }
	tmux_quit && tmux_wait "[exited 0]"
}

# After + the Totals keep the depth the search on show was asked for
# ("depth 4/4", not "4/7" against the new setting).
depth_after_plus() {
	tmux_start 100 36 "$G --ascii --depth 4 --no-book" &&
	tmux_wait "Your turn" && tmux_send 4 &&
	tmux_wait_re "AI's move [0-9]+, done in" 20 && tmux_wait "depth 4/4" &&
	tmux_send + + + && tmux_wait "depth 7  threads" &&
	tmux_wait "depth 4/4" &&
	tmux_quit && tmux_wait "[exited 0]"
}

# Undo takes the undone moves' searches out of the history.
undo_history() {
	tmux_start 100 36 "$G --ascii --depth 4 --no-book" &&
	tmux_wait "Your turn" && tmux_send 4 &&
	tmux_wait_re '\|    2  [0-9.]+s ' 20 && tmux_wait "Your turn" &&
	tmux_send 4 && tmux_wait_re '\|    4  [0-9.]+s ' 20 &&
	tmux_wait "Your turn" && tmux_send u && tmux_wait "took back 2 moves" &&
	tmux_poll 5 "the undone search still in the history" \
	    eval '! _tmux_matches "\\|    4  [0-9.]+s "' &&
	_tmux_matches '\|    2  [0-9.]+s ' &&
	tmux_quit && tmux_wait "[exited 0]"
}

# The reproductions of the panel's contradictions: strong on 3 threads
# from 774444466 at 100x46, 3 played.  Every frame of the AI's search (the
# frame log) holds the panel's invariants: only the search's own thread
# under a root column, each root value with its depth, the proof proving
# until it stopped and frozen after; the screen reads the same.
strong_reproduction() {
	log=$tmp/strong-frames.jsonl
	tmux_start 100 46 "DROPFOUR_CONFIG=/dev/null $DROPFOUR --tt-mb 16 --ascii --level strong -j3 --position 774444466 --frame-log $log" &&
	tmux_wait "Your turn" 20 && tmux_send 3 &&
	tmux_wait_re "AI's move [0-9]+, done in" 30 &&
	tmux_wait_re "proof on p0-p1: (proven|gave up)" 10 || return 1
	if _tmux_matches "\[[23] threads\]"; then
		tmux_fail "threads under a column after the search"
		return 1
	fi
	python3 "$here/panel-check.py" "$log" >"$tmp/strong.out" 2>&1 ||
		{ fail_with "$tmp/strong.out" "the frames of the reproduction"; return 1; }
	grep -q '"proof":{"state":"proving"' "$log" ||
		{ tmux_fail "no frame saw the proof proving"; return 1; }
	tmux_quit && tmux_wait "[exited 0]"
}

# q during a game asks (q again quits, another key plays on); m on the
# player's turn says what it does; options given on the command line are
# not saved, a key's change is.
surprises() {
	cfg=$tmp/surprise/config
	tmux_start 100 30 "DROPFOUR_CONFIG='$cfg' $DROPFOUR --tt-mb 16 --ascii --level strong -j3" &&
	tmux_wait "Your turn" && tmux_send 4 && tmux_wait "move 3" 20 &&
	tmux_wait "Your turn" 20 &&
	tmux_send m && tmux_wait "m makes the AI move now" &&
	tmux_send q && tmux_wait "q again quits" && tmux_send Left &&
	tmux_wait_gone "q again quits" && tmux_send q && tmux_wait "q again quits" &&
	tmux_send q && tmux_wait "[exited 0]" || return 1
	if grep -q '^level = strong$' "$cfg" 2>/dev/null ||
	    grep -q '^threads = 3$' "$cfg" 2>/dev/null; then
		tmux_fail "the command line's options were saved: $(cat "$cfg")"
		return 1
	fi
	tmux_kill && tmux_socket="${tmux_socket}-key" &&
	tmux_start 100 30 "DROPFOUR_CONFIG='$cfg' $DROPFOUR --tt-mb 16 --ascii --level strong" &&
	tmux_wait "level strong" && tmux_send l && tmux_wait "level expert" &&
	tmux_quit && tmux_wait "[exited 0]" &&
	grep -q '^level = expert$' "$cfg" ||
		{ tmux_fail "a key's change not saved: $(cat "$cfg" 2>&1)"; return 1; }
}

# The review counts only the moves that changed the outcome as such (a
# faster loss keeps it: "lost time"), lists both kinds, and its status
# message goes when the review does.
review_words() {
	tmux_start 100 30 "$G --ascii --mode human-human" &&
	tmux_wait "Player 1 to move" && tmux_send 1 7 1 7 1 7 1 &&
	tmux_wait "Player 1 (red) wins" && tmux_send v &&
	tmux_wait "4 moves changed the outcome (!), 1 more lost time:" &&
	{ _tmux_has "6. yellow 7: a faster loss" ||
	    tmux_fail "the move that lost time not listed"; } &&
	tmux_wait "(v or q: back)" && tmux_send v &&
	tmux_wait_gone "Review:" && tmux_wait_gone "(v or q: back)" &&
	tmux_quit && tmux_wait "[exited 0]"
}

# The too-small screen is read whole at 40x10 and 16x7 (its one line was
# cut at the terminal's edge): every line within the width.
_too_small_whole() {
	_s=$(printf '%s\n' "$tmux_last" | tr -s ' \n' '  ')
	case $_s in
	*"terminal too small (need 59x16 for the 7x6 board); now $1, q quits"*) ;;
	*) return 1 ;;
	esac
}
too_small_whole() {
	tmux_start 40 10 "$G --ascii" &&
	tmux_poll 5 "the too-small words cut at 40x10" _too_small_whole 40x10 &&
	tmux_resize 16 7 &&
	tmux_poll 5 "the too-small words cut at 16x7" _too_small_whole 16x7 &&
	tmux_quit && tmux_wait "[exited 0]"
}

# The history's header at 120 columns names "time" once (its bar was
# headed "time" too).
history_header() {
	tmux_start 130 40 "$G --ascii --depth 4 --no-book" &&
	tmux_wait "Your turn" && tmux_send 4 &&
	tmux_wait "move   time nodes" 20 &&
	tmux_wait "vs the longest" &&
	[ "$(printf '%s\n' "$tmux_last" | grep 'move   time nodes' |
	    grep -o 'time' | wc -l)" -eq 1 ] ||
	    { tmux_fail "'time' twice in the history's header"; return 1; }
	tmux_quit && tmux_wait "[exited 0]"
}

# At the least size (59x16) the words under the board fit its window
# whole ("scores: h hint, a a" was cut by the panel's box).
scores_words_fit() {
	tmux_start 59 16 "$G --ascii" &&
	tmux_wait "Your turn" &&
	tmux_wait "h hint, a analysis" &&
	! printf '%s\n' "$tmux_last" | grep -q 'hint, a a[^n]' ||
	    { tmux_fail "the words under the board cut at 59x16"; return 1; }
	tmux_quit && tmux_wait "[exited 0]"
}

check "play against the AI: drop, answer, depth, undo, redo, help, resize" \
    play_vs_ai
check "threads and depth change while the AI thinks" toggles_while_thinking
check "a full column is refused; cursor, Enter and mouse drop" full_column
check "a won game on a 4x4 board" win_small
check "save and load" save_load
check "the shell is usable after q, Ctrl-C, SIGTERM, Ctrl-Z" shell_usable
check "UTF-8 tokens and frame" utf8
check "bad --position and --load exit 2 with one message" bad_setup
check "the title at 80 columns leaves parts out, overwrites none" title_80
check "the speedup screen: runs, keys from the table, restart" speedup_screen
check "pondering: hidden scores on the human's turn, P toggles" ponder
check "the search on show at 80x24 with no options" search_on_show
check "a large terminal: larger cells, the root columns" large_terminal
check "a mouse click at the defaults: the AI replies, no key" mouse_default
check "the sides differ by shape; the winner's colour named" shapes
check "settings survive a restart; a malformed file is left alone" settings_file
check "--load restores who plays which side" load_sides
check "messages, timer, depth 1, ai-ai key bar, F1, F10, -W 9" small_defects
check "the review in the game (v)" review_in_game
check "the speedup screen's depth; ponder only in perfect play" speedup_depth
check "wide boards: A-G, narrow columns at 80x24, a tall board says so" \
    wide_boards
check "a hint at a level that slips is the best column" hint_best
check "Home/End as tmux sends them; the level ladder ends" keys_as_sent
check "score at game end, v on the game-over line, Quit kept, A-G" \
    game_over_lines
check "a long message is read whole" long_message
check "the title's time is the search's on show; the move played" title_time
check "the first search waits for the engine's table" first_search_warm
check "strong on 3 threads: the proof's rows, no stale root column" proof_rows
check "a suspended game's stopped time is not search time" suspended_time
check "a book move: the book's exact value of every column; the title whole" book_move
check "the Totals line agrees with the root rows" totals_agree
check "strong on 3 threads from 774444466: every frame consistent" \
    strong_reproduction
check "q asks in a game, m says what it does, options not saved" surprises
check "after + the Totals keep the search's own depth" depth_after_plus
check "undo takes the undone searches out of the history" undo_history
check "the review's words: outcome changes only; its message goes" \
    review_words
check "the too-small screen whole at 40x10 and 16x7" too_small_whole
check "the history's header names time once" history_header
check "the words under the board whole at 59x16" scores_words_fit

check_end
