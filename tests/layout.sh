#!/bin/sh
# layout.sh -- the game's screen from the smallest terminal it accepts to
# 250x70: every row of the panel (and of the review and the legend in its
# place) keeps both borders, and nothing wraps.
#
# Run by `make check` with DROPFOUR naming the binary and TMUX_BIN naming
# tmux (skipped, 77, without it or without a UTF-8 locale).  For 7x6 with
# 1, 2 and 20 threads and for 16x7 with 2, the game is driven through four
# states -- a search running (analysis on), the game over, the review, the
# legend -- and at each the window is resized through the smallest size
# (read from the game's own "terminal too small (need WxH ...)" screen,
# which must agree with --help for 7x6), 80x24, 120x40, 200x60 and 250x70;
# every screen is checked by tests/layout-check.pl, and at 250x70 also for
# blank area (layout-check.pl --blank: no more than a third of the box's
# rows blank, nor of any section's that shows something).
set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib-check.sh"
check_begin layout
if [ -z "${TMUX_BIN:-}" ] || ! command -v "$TMUX_BIN" >/dev/null 2>&1; then
	check_skip "tmux not found (TMUX_BIN='${TMUX_BIN:-}')"
fi
command -v perl >/dev/null 2>&1 || check_skip "no perl to read the screens"
loc=$(locale -a 2>/dev/null | grep -i -m 1 -x -e 'C.utf8' -e 'C.UTF-8' \
    -e 'en_US.utf8' -e 'en_US.UTF-8')
[ -n "$loc" ] || check_skip "no UTF-8 locale for the box drawing"
. "$here/lib-tmux.sh"
check_at_exit tmux_kill
export LC_ALL="$loc"
HOME=$tmp/home
export HOME
mkdir -p "$HOME"
screens=0

# check_screen WHAT [--blank]: the screen now passes layout-check.pl
# (with its blank-area check too when asked).
check_screen() {
	sleep 0.3
	tmux_capture >"$tmp/screen"
	screens=$((screens + 1))
	perl "$here/layout-check.pl" ${2:-} "$tmp/screen" >"$tmp/why" 2>&1 ||
		fail_with "$tmp/screen" "$1: $(cat "$tmp/why")"
}

# sizes W H: the smallest size for a W x H board, from the game's screen.
min_size() {
	tmux_resize 60 10
	tmux_wait_re "need [0-9]+x[0-9]+ for the ${1}x${2} board" 10 >/dev/null ||
		return 1
	tmux_capture | sed -n 's/.*need \([0-9]*\)x\([0-9]*\) for.*/\1 \2/p' |
		head -n 1
}

# run_states W H THREADS: one game, through the four states at every size.
run_states() {
	bw=$1 bh=$2 th=$3
	what="${bw}x${bh}, $th thread(s)"
	tmux_socket="dropfour-layout-$$-$bw-$th"
	tmux_start 250 70 "$DROPFOUR --mode human-human -W $bw -H $bh \
	    --threads $th --tt-mb 16 --depth 40" || return 1
	tmux_wait "Player 1 to move" 10 >/dev/null ||
		{ fail "$what: the game did not start"; return 1; }
	min=$(min_size "$bw" "$bh") ||
		{ fail "$what: no 'terminal too small' screen"; return 1; }
	set -- $min
	mw=$1 mh=$2
	if [ "$bw$bh" = 76 ]; then
		want=$($DROPFOUR --help | sed -n 's/.*at least \([0-9]*x[0-9]*\) for the 7x6.*/\1/p')
		[ "$want" = "${mw}x$mh" ] ||
			fail "the game needs ${mw}x$mh, --help says '$want'"
		grep -q "at least $want for the 7x6" "$top_srcdir/man/dropfour.6.in" ||
			fail "the man page does not give $want as the 7x6 minimum"
	fi
	# One size smaller in either direction is too small.
	tmux_resize $((mw - 1)) "$mh"
	tmux_wait "terminal too small" 5 >/dev/null ||
		fail "$what: $((mw - 1))x$mh is not called too small"
	for state in search over review legend; do
		case $state in
		search) tmux_resize 120 40; tmux_send a ;;
		over)
			tmux_send a
			for c in 1 2 1 2 1 2 1; do tmux_send $c; sleep 0.1; done
			tmux_wait_re "wins|Draw" 10 >/dev/null ||
				fail "$what: the game did not end" ;;
		review)
			tmux_send v
			tmux_wait "Review:" 10 >/dev/null ||
				fail "$what: no review"
			# The exact review of a 16x7 game takes long: its
			# screens are checked while it fills in.
			[ "$bw" != 7 ] ||
				tmux_wait_re "Review: [0-9]+ moves, " 30 >/dev/null ||
				fail "$what: the review did not finish" ;;
		legend)
			tmux_send v
			tmux_send i
			tmux_wait "Legend" 5 >/dev/null || fail "$what: no legend" ;;
		esac
		for size in "$mw $mh" "80 24" "120 40" "200 60" "250 70"; do
			set -- $size
			[ "$1" -ge "$mw" ] && [ "$2" -ge "$mh" ] || continue
			tmux_resize "$1" "$2"
			blank=
			[ "$1x$2" != 250x70 ] || blank=--blank
			check_screen "$what, $state, ${1}x$2" $blank
		done
	done
	tmux_send i q
	tmux_kill
}

# During a search (analysis without the book: a real search from the
# first move): at 250x70 no blank block larger than the board anywhere on
# the screen, the box's rows used; at 100x30 nothing of Totals cut (each
# row of it ends inside the box, whole: its numbers end in a digit, a
# unit or a word, never at the border).
search_space() {
	tmux_socket="dropfour-layout-$$-space"
	tmux_start 250 70 "$DROPFOUR --mode human-human --threads 2 --tt-mb 16 \
	    --depth 40 --no-book" || return 1
	tmux_wait "Player 1 to move" 10 >/dev/null && tmux_send a &&
		tmux_wait_re "analysis [0-9.]+s" 10 >/dev/null &&
		tmux_wait "Root columns" 10 >/dev/null ||
		{ fail "no search to look at"; return 1; }
	sleep 1
	check_screen "a search at 250x70, the blank area" --block
	check_screen "a search at 250x70, the box's rows" --blank
	tmux_resize 100 30
	tmux_wait "Totals" 5 >/dev/null
	sleep 0.5
	tmux_capture >"$tmp/screen"
	screens=$((screens + 1))
	perl "$here/layout-check.pl" "$tmp/screen" >"$tmp/why" 2>&1 ||
		fail_with "$tmp/screen" "a search at 100x30: $(cat "$tmp/why")"
	# a Totals row that reaches the box's right border was cut
	awk '/Totals/ { on = 1; next } on && /Root columns|Settings|The AI/ { exit }
	    on && /[^ ] *\|? *$/ { if (match($0, /[^ ]│ *$/)) { print; bad = 1 } }
	    END { exit bad }' "$tmp/screen" >"$tmp/cut" ||
		fail_with "$tmp/cut" "a search at 100x30: a Totals row cut"
	tmux_send a q
	tmux_kill
}

: "${top_srcdir:=$here/..}"
search_space
run_states 7 6 1
run_states 7 6 2
run_states 7 6 20
run_states 16 7 2
echo "# layout: $screens screens checked"
check_end
