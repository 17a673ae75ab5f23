#!/bin/sh
# tui-soak.sh -- random keys into the curses game for a long while, then q:
# no crash, and the terminal settings (`stty -a`) the same before and after
# (a long check, not part of make check).
#
# Usage: tests/tui-soak.sh [SECONDS]     (default 600: ten minutes)
#   DROPFOUR  the binary (default: the ASan build _build/asan/dropfour,
#             made with `./run build asan` when missing)
#   TMUX_BIN  tmux (default: tmux on PATH)
#   SEED      seed of the key sequence (default: the time); printed, so a
#             run that failed can be repeated
#
# The game runs in a detached tmux pane (100x30) as
#   stty -a >before; dropfour ... 2>err; echo rc=$?; stty -a >after
# and gets, every few milliseconds, one of: a column digit (1-9, also
# past the board's width), Left, Right, Enter, + - T t u r n s p a S h m,
# space, ? and Escape (the help), w (saves into a scratch folder), a mouse
# click (press and release, X10 encoding) anywhere on the screen, and now
# and then a window resize, down to below the minimum size (73x16) and
# back.  The game is AI against human or AI against AI, depth-limited, at
# most 4 threads, with a 16 MB table.  Every 30 s it checks that the game
# is still running.  At the end: q, then the exit status must be 0,
# stderr (ASan, UBSan, LeakSanitizer reports) empty, and the stty output
# unchanged.  Prints the keys sent, by kind, and the verdict.  Exit status
# 0 when all is well, 1 when not, 2 for bad usage or no tmux, 99 when
# $DROPFOUR is not a program (tests/lib-check.sh).
set -u

secs=${1:-600}
case $secs in '' | *[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;; esac
top=$(cd "$(dirname "$0")/.." && pwd)
me=tui-soak
TMUX_BIN=${TMUX_BIN:-tmux}
command -v "$TMUX_BIN" >/dev/null 2>&1 || { echo "$me: tmux is needed" >&2; exit 2; }
if [ -z "${DROPFOUR:-}" ]; then
	DROPFOUR=$top/_build/asan/dropfour
	[ -x "$DROPFOUR" ] || "$top/run" build asan || exit 1
fi
. "$top/tests/lib-check.sh"
check_begin "$me"
. "$top/tests/lib-tmux.sh"
check_at_exit tmux_kill

seed=${SEED:-$(date +%s)}
echo "$me: ${secs}s of random keys, seed $seed, $DROPFOUR"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$tmp" || exit 1
tmux_start 100 30 "stty -a >'$tmp/before'; DROPFOUR_SAVE='$tmp/save.txt' DROPFOUR_LOG='$tmp/log' '$DROPFOUR' --tt-mb 16 --threads 2 --depth 6 2>'$tmp/err'; echo \"rc=\$?\"; stty -a >'$tmp/after'"
tmux_wait "Settings" 30 >/dev/null || { echo "$me: the game did not start"; tmux_capture; exit 1; }

# The key plan: awk makes the whole random sequence from the seed, one
# action per line (tmux send-keys arguments, or "click X Y", "resize W H"),
# SECONDS * 40 of them; the loop below sends them until the time is up.
awk -v seed="$seed" -v n=$((secs * 40)) 'BEGIN {
	srand(seed)
	split("+ - T t u r n s p a S h m Space ? Escape w Left Right Enter", k, " ")
	nk = 20
	for (i = 0; i < n; i++) {
		x = rand()
		if (x < 0.40)      print "digit " int(1 + rand() * 9)
		else if (x < 0.90) print "key " k[int(1 + rand() * nk)]
		else if (x < 0.98) print "click " int(rand() * 100) " " int(rand() * 30)
		else if (rand() < 0.5) print "resize " int(20 + rand() * 60) " " int(5 + rand() * 12)
		else               print "resize " int(73 + rand() * 60) " " int(16 + rand() * 30)
	}
}' >"$tmp/plan"

start=$(date +%s)
last_check=$start
sent=0 digits=0 keys=0 clicks=0 resizes=0 small=0
why=""
while read -r kind a b; do
	now=$(date +%s)
	[ $((now - start)) -ge "$secs" ] && break
	case $kind in
	digit) tmux_send "$a"; digits=$((digits + 1)) ;;
	key) tmux_send "$a"; keys=$((keys + 1)) ;;
	click)
		cx=$(printf "\\%03o" $((33 + a)))
		cy=$(printf "\\%03o" $((33 + b)))
		tmux_cmd send-keys -t main -l "$(printf "\033[M $cx$cy\033[M#$cx$cy")"
		clicks=$((clicks + 1))
		;;
	resize)
		tmux_resize "$a" "$b"
		resizes=$((resizes + 1))
		if [ "$a" -lt 73 ] || [ "$b" -lt 16 ]; then small=$((small + 1)); fi
		;;
	esac
	sent=$((sent + 1))
	tmux_nap
	if [ $((now - last_check)) -ge 30 ]; then
		last_check=$now
		if tmux_capture | grep -q "rc="; then
			why="the game ended by itself after $((now - start))s"
			break
		fi
		echo "$me: $((now - start))s, $sent keys so far"
	fi
done <"$tmp/plan"

if [ -z "$why" ]; then
	# Back to a size that shows everything, out of any overlay, then q.
	tmux_resize 100 30
	tmux_send Escape
	tmux_nap
	tmux_send q
	# The speedup screen takes the first q back to the game.
	i=0
	while [ ! -s "$tmp/after" ] && [ $i -lt 400 ]; do
		[ $((i % 20)) -eq 10 ] && tmux_send q
		tmux_nap
		i=$((i + 1))
	done
	[ -s "$tmp/after" ] || why="no exit after q"
fi
rc=$(tmux_capture | sed -n 's/.*rc=\([0-9]*\).*/\1/p' | tail -n 1)
echo "$me: sent $sent keys in $(($(date +%s) - start))s: $digits digits, $keys command keys, $clicks mouse clicks, $resizes resizes ($small below 73x16)"
[ -z "$why" ] && [ "$rc" != 0 ] && why="exit status ${rc:-unknown}"
[ -z "$why" ] && [ -s "$tmp/err" ] && why="messages on stderr"
[ -z "$why" ] && ! cmp -s "$tmp/before" "$tmp/after" && why="stty -a differs"
if [ -n "$why" ]; then
	echo "$me: FAILED: $why (seed $seed)"
	echo "---- stderr"; cat "$tmp/err"
	echo "---- stty diff"; diff "$tmp/before" "$tmp/after"
	echo "---- screen"; tmux_capture
	echo "---- log tail"; tail -n 20 "$tmp/log"
	exit 1
fi
echo "$me: ok: exit status 0, stderr empty, stty -a unchanged; $(grep -c 'start job' "$tmp/log") searches started, $(grep -c '^.*move [0-9]* col' "$tmp/log") moves"
exit 0
