#!/bin/sh
# panel-frames.sh -- the panel's invariants over thousands of frames: scripted
# games in tmux (at every level, on 1 to 4 threads, with S, hints,
# analysis, book moves, undo, review, the legend, Ctrl-Z and fg, and resizes
# from 59x16 to 250x70 in between), each run with --frame-log, every frame
# then held to the invariants by tests/panel-check.py (docs/panel.md, "The
# checker").
#
# PANEL_FRAMES (default 2000) is the number of frames to reach; `make check`
# runs the default, bench/panel-frames.sh 20000.  PANEL_SEED picks the key
# sequence (default 1); PANEL_KEEP=DIR keeps the frame logs there.  Never a timed assertion: the script waits for the
# frames, however slow the machine.
set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib-check.sh"
check_begin panel-frames
if [ -z "${TMUX_BIN:-}" ] || ! command -v "$TMUX_BIN" >/dev/null 2>&1; then
	check_skip "tmux not found (TMUX_BIN='${TMUX_BIN:-}')"
fi
command -v python3 >/dev/null 2>&1 || check_skip "no python3"
command -v bash >/dev/null 2>&1 || check_skip "no bash (for Ctrl-Z and fg)"
. "$here/lib-tmux.sh"
check_at_exit stop_all
stop_all() {
	for d in 1 2; do
		tmux_socket="dropfour-test-$$-$d"
		tmux_kill
	done
}

# The checker can fail: each defect the panel once showed, as a frame.
python3 "$here/panel-check.py" --self-test >"$tmp/self.out" 2>&1 ||
	fail_with "$tmp/self.out" "the checker's self-test"

want=${PANEL_FRAMES:-2000}
nice=
command -v nice >/dev/null 2>&1 && nice="nice -n 10"
seed=${PANEL_SEED:-1}
levels="beginner casual club strong expert perfect"
sizes="100x30 59x16 80x24 250x70 100x46 120x40"

# A small linear congruential generator: rnd N sets r to 0..N-1.
rnd() {
	seed=$(((seed * 1103515245 + 12345) % 2147483648))
	r=$(((seed / 65536) % $1))
}

frames() {
	cat "$tmp"/frames-*.jsonl 2>/dev/null | wc -l | tr -d ' '
}

nap() {
	sleep "$1" 2>/dev/null || sleep 1
}

# One action of a player, chosen at random.
act() {
	rnd 24
	case $r in
	0 | 1 | 2 | 3 | 4 | 5 | 6 | 7)
		rnd 7
		tmux_type $((r + 1))
		nap 0.6
		;;
	8) tmux_type h && nap 0.8 ;;
	9) tmux_type a && nap 0.6 ;;
	10) tmux_type u && nap 0.2 ;;
	11) tmux_type uu && nap 0.3 ;;
	12)
		tmux_type S && nap 2.5
		tmux_send Escape && nap 0.3
		;;
	13) tmux_type v && nap 1.2 && tmux_send Escape && nap 0.2 ;;
	14) tmux_type i && nap 0.5 && tmux_send Escape && nap 0.2 ;;
	15)
		# Ctrl-Z, then fg (the job's bash) once the job has stopped
		tmux_send C-z
		if tmux_wait "Stopped" 20 >/dev/null; then
			tmux_send C-u && tmux_type "fg" && tmux_send Enter
			tmux_wait "Settings" 20 >/dev/null
		fi
		;;
	16 | 17)
		rnd 6
		set -- $sizes
		shift "$r"
		tmux_resize "${1%x*}" "${1#*x}" && nap 0.4
		;;
	18) tmux_type m && nap 0.3 ;;
	19) tmux_type n && nap 0.5 ;;
	20) tmux_type T && nap 0.5 ;;
	21) tmux_type t && nap 0.5 ;;
	*) nap 0.8 ;;
	esac
}

# The game has quit: the shell's prompt on the last line written (while
# the game runs, its key bar; what it left above may stay on screen).
_game_gone() {
	printf '%s\n' "$tmux_last" | grep -v '^ *$' | tail -n 1 |
		grep -q 'sh\$ *$'
}

# Games one after another in one tmux server (driver D of two, side by
# side: two searches at 12 snapshots a second give the frames twice as
# fast), until the logs hold the frames wanted.
drive() {
	d=$1
	tmux_socket="dropfour-test-$$-$d"
	seed=$((seed + 7919 * d))
	game=0
	tmux_start 100 30 "PS1='sh\$ ' exec bash --norc --noprofile -i" &&
		tmux_wait 'sh$' || return 1
	while [ "$(frames)" -lt "$want" ]; do
		game=$((game + 1))
		n=$((2 * game + d))
		set -- $levels
		shift $((n % 6))
		level=$1
		threads=$((n / 6 % 4 + 1))
		log=$tmp/frames-$d-$game.jsonl
		tmux_resize 100 30
		tmux_send C-l C-u
		# niced: the tests beside it in `make -j check` keep their
		# time (the frames come from the UI's ticks, not the CPU)
		tmux_type "DROPFOUR_CONFIG=$tmp/config-$d $nice $DROPFOUR --tt-mb 16 --level $level -j $threads --frame-log $log 2>>$tmp/stderr-$d.log"
		tmux_send Enter
		tmux_wait "Settings" 60 || return 1
		i=0
		while [ $i -lt 30 ] && [ "$(frames)" -lt "$want" ]; do
			act
			i=$((i + 1))
		done
		# out of any view, then quit (q asks during a game: q again)
		tmux_send Escape && nap 0.2
		tmux_send Escape && nap 0.2
		tmux_last=$(tmux_capture)
		if _tmux_has "Stopped"; then
			tmux_send C-u && tmux_type "fg" && tmux_send Enter
			tmux_wait "Settings" 20 >/dev/null
		fi
		# (no "; echo rc": bash drops the rest of a list whose job
		# stopped; the shell's prompt back is the game's end)
		tmux_quit
		if ! tmux_retry 200 _game_gone; then
			tmux_quit
			tmux_poll 30 "the game did not quit" _game_gone ||
				return 1
		fi
		tmux_send C-l
		nap 0.2
	done
	echo "$game" >"$tmp/games-$d"
	tmux_kill
}

drive 1 >"$tmp/drive-1.out" 2>&1 &
p1=$!
drive 2 >"$tmp/drive-2.out" 2>&1 &
p2=$!
wait $p1 || fail_with "$tmp/drive-1.out" "driver 1 stopped"
wait $p2 || fail_with "$tmp/drive-2.out" "driver 2 stopped"
# what the games said on standard error (an assertion, a sanitizer)
for d in 1 2; do
	[ ! -s "$tmp/stderr-$d.log" ] ||
		fail_with "$tmp/stderr-$d.log" "driver $d: the game's standard error"
done
game=$(($(cat "$tmp/games-1" 2>/dev/null || echo 0) + $(cat "$tmp/games-2" 2>/dev/null || echo 0)))
echo "# $(frames) frames of $game games"
# PANEL_KEEP=DIR keeps the logs (to read a violation's frames)
if [ -n "${PANEL_KEEP:-}" ]; then
	mkdir -p "$PANEL_KEEP" && cp "$tmp"/frames-*.jsonl "$PANEL_KEEP"/
fi
if python3 "$here/panel-check.py" "$tmp"/frames-*.jsonl >"$tmp/check.out" 2>&1; then
	ok "$(tail -n 1 "$tmp/check.out") ($game games)"
else
	fail_with "$tmp/check.out" "the panel's invariants"
fi
[ "$(frames)" -ge "$want" ] || fail "only $(frames) frames of $want"
check_end
