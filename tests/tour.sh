#!/bin/sh
# tour.sh -- `dropfour tour` from the command line and `tour --watch`
# through tmux (as tests/tui.sh does it): the output's shape, the errors,
# the live screen, its keys and the terminal given back.
#
# Run by `make check` with DROPFOUR naming the binary and TMUX_BIN naming
# tmux (the screen part is skipped without it).  Small boards: a second.
set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib-check.sh"
check_begin tour
out=$tmp/out

# A case that passed says so; one that failed is lib-check's fail_with,
# with the output.

# expect DESC STATUS PATTERN ARGS...: dropfour tour ARGS exits with STATUS
# and some line of its output matches the extended regular expression.
expect() {
	desc=$1
	want=$2
	re=$3
	shift 3
	"$DROPFOUR" tour "$@" >"$out" 2>&1
	st=$?
	if [ "$st" -eq "$want" ] && grep -Eq -- "$re" "$out"; then
		ok "$desc"
	else
		fail_with "$out" "$desc (exit $st, want $want, /$re/)"
	fi
}

# The last line reads exactly "tours N".
last_line() {
	desc=$1
	want=$2
	shift 2
	"$DROPFOUR" tour "$@" >"$out" 2>&1
	if [ "$(tail -n 1 "$out")" = "tours $want" ]; then
		ok "$desc"
	else
		fail_with "$out" "$desc (last line not 'tours $want')"
	fi
}

last_line "4x7 from the corner (the seed)" 1682 -W 4 -H 7 -j 2
last_line "the default board is the seed's 4x7" 1682 -j 1
last_line "3x4 from a1" 2 -W 3 -H 4
last_line "5x5 from all squares (OEIS A165134)" 1728 -W 5 -H 5 --from all
last_line "6x6 closed from c3 (OEIS A001230: 2 x 9862)" 19724 -W 6 -H 6 \
    --closed --from c3 -j 2
expect "per first move" 0 '^a1 +c2 +1060$' -W 4 -H 7
expect "per thread" 0 '^ +1 +[0-9]+ +[0-9]+$' -W 4 -H 7 -j 2
expect "nodes per second and time" 0 'nodes/s  time [0-9.]+ ms' -W 4 -H 7
expect "symmetry weights" 0 '^a1 +b3 +4 +' -W 5 -H 5 --from all
expect "a bad width" 2 'impossible tour board 9x4: at most 8' -W 9 -H 4
expect "a bad height" 2 'impossible tour board 4x12: at most 8' -W 4 -H 12
expect "a square off the board" 2 "invalid start square 'e1'.*a1 to d7" \
    -W 4 -H 7 --from e1
expect "not a square" 2 "invalid start square 'z9'" --from z9
expect "a bad --list" 2 "invalid argument '0' for --list" --list=0
if "$DROPFOUR" solve --from a1 </dev/null >"$out" 2>&1; then
	fail_with "$out" "--from outside tour"
elif grep -q -- '--from does not apply to solve' "$out"; then
	ok "--from outside tour"
else
	fail_with "$out" "--from outside tour"
fi
# --list=3: three tours of 28 squares each, then the count.
"$DROPFOUR" tour -W 4 -H 7 --list=3 >"$out" 2>&1
if [ "$(grep -Ec '^a1( [a-d][1-7]){27}$' "$out")" -eq 3 ] &&
    [ "$(tail -n 1 "$out")" = "tours 1682" ]; then
	ok "--list=3"
else
	fail_with "$out" "--list=3"
fi
"$DROPFOUR" tour -W 3 -H 4 --list >"$out" 2>&1
if [ "$(grep -Ec '^a1( [a-c][1-4]){11}$' "$out")" -eq 2 ]; then
	ok "--list: every tour"
else
	fail_with "$out" "--list: every tour"
fi
# bench speedup --tour on a small board: the table, the CSV, the curve.
"$DROPFOUR" bench speedup --tour -W 5 -H 5 -j 1,2 --csv "$tmp/t.csv" \
    >"$out" 2>&1
if grep -Eq '^ +2 +[0-9.]+s ' "$out" && grep -q 'speedup (' "$out" &&
    [ "$(tail -n 1 "$out")" = "tours 1728" ] &&
    [ "$(wc -l <"$tmp/t.csv")" -eq 3 ]; then
	ok "bench speedup --tour"
else
	fail_with "$out" "bench speedup --tour"
fi

# bench tour-sample: the estimate of the 6x6 count (OEIS A165134:
# 6637920 directed open tours) and its 95% interval.  An honest interval
# holds the true count for about 19 seeds of 20 (a uniform sample of the
# prefixes, heavy-tailed, misses it for most).  100 draws a seed: well
# under a second each.
covers=0
for seed in $(seq 1 20); do
	"$DROPFOUR" bench tour-sample -W 6 -H 6 -j 2 --seed "$seed" 100 \
	    >"$out" 2>&1 || break
	lo=$(sed -n 's/.*95% interval \([0-9.e+]*\) to .*/\1/p' "$out")
	hi=$(sed -n 's/.*95% interval [0-9.e+]* to \([0-9.e+]*\)$/\1/p' "$out")
	if [ -n "$lo" ] && [ -n "$hi" ] &&
	    awk -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(lo <= 6637920 && 6637920 <= hi) }'; then
		covers=$((covers + 1))
	fi
done
if [ "$covers" -ge 18 ] && grep -q 'published (OEIS A165134): 6637920' "$out"; then
	ok "bench tour-sample: the 6x6 interval covers the count ($covers of 20 seeds)"
else
	fail_with "$out" "bench tour-sample: the 6x6 interval covers the count ($covers of 20 seeds, want 18)"
fi

# ---- the live screen ------------------------------------------------------
if [ -z "${TMUX_BIN:-}" ] || ! command -v "$TMUX_BIN" >/dev/null 2>&1; then
	check_part_skip "tour --watch" "tmux not found"
else
	. "$here/lib-tmux.sh"
	check_at_exit tmux_kill
	# 6x6 from every square on two threads: a few seconds of count, to
	# see it climb, cycle the threads and quit in the middle.
	watch_live() {
		tmux_start 100 30 "$DROPFOUR tour --watch --ascii -W 6 -H 6 --from all -j 2 2>'$tmp/err'" &&
		tmux_wait "Threads" &&
		tmux_wait_re 'thread 0: [0-9]+/36' &&
		tmux_wait_re 'imbalance [0-9]+\.[0-9]+' &&
		tmux_wait_re 'tours [1-9][0-9]* ' &&
		a=$(tmux_capture | sed -n 's/.*tours \([0-9]*\) .*/\1/p') &&
		sleep 0.5 &&
		b=$(tmux_capture | sed -n 's/.*tours \([0-9]*\) .*/\1/p') &&
		[ -n "$a" ] && [ -n "$b" ] && [ "$b" -gt "$a" ] &&
		[ "$(tmux_capture | grep -Ec '\[[# ]+\] +[0-9]+%')" -eq 2 ] &&
		tmux_send t && tmux_wait_re 'thread 1: [0-9]+/36' &&
		tmux_send t && tmux_wait_re 'thread 0: [0-9]+/36' &&
		tmux_send q && tmux_wait "[exited 1]" &&
		grep -q '^dropfour: interrupted after .*(incomplete)' "$tmp/err" &&
		[ "$(tmux_cmd display -p -t main '#{cursor_flag}')" = 1 ] &&
		[ "$(tmux_cmd display -p -t main '#{alternate_on}')" = 0 ]
	}
	# A small count runs to its end (before the first frame): the last
	# frame shows the total, the report's time and rate, and a whole
	# tour of 28 squares; q then prints the report.
	watch_done() {
		tmux_start 100 30 "$DROPFOUR tour --watch --ascii -W 4 -H 7 -j 2" &&
		tmux_wait "total: tours 1682" &&
		tmux_wait "first tour 28/28" &&
		scr=$(tmux_capture) &&
		rate=$(printf '%s\n' "$scr" | sed -n 's/.*tours 1682  \([0-9.]*[kMG]*\) tours\/s.*/\1/p') &&
		nps=$(printf '%s\n' "$scr" | sed -n 's/.*nodes [0-9.]*[kMG]*  \([0-9.]*[kMG]*\) n\/s.*/\1/p') &&
		[ -n "$rate" ] && [ -n "$nps" ] &&
		for sq in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27; do
			printf '%s\n' "$scr" | grep -Eq " $sq( |\$)" || return 1
		done &&
		tmux_send q && tmux_wait "[exited 0]" &&
		tmux_wait "tours 1682" &&
		tmux_capture | grep -q "  $nps nodes/s  time "
	}
	# Ctrl-C in the middle of a count: "interrupted", exit 130.
	watch_int() {
		tmux_start 100 30 "$DROPFOUR tour --watch --ascii -W 6 -H 6 --from all -j 2 2>'$tmp/err2'" &&
		tmux_wait_re 'tours [1-9][0-9]* ' &&
		tmux_cmd send-keys -t main C-c &&
		tmux_wait "[exited 130]" &&
		grep -q '^dropfour: interrupted after' "$tmp/err2"
	}
	# Leaving restores the terminal: the cursor is visible again and the
	# alternate screen is gone (checked in watch_live).
	tmux_socket="dropfour-tour-$$-1"
	if watch_live; then ok "--watch: live count, thread key, q"; else
		fail "--watch: live count, thread key, q"; fi
	tmux_kill
	tmux_socket="dropfour-tour-$$-2"
	if watch_done; then ok "--watch: a finished count, its rate and a whole tour, then q"; else
		tmux_capture >"$out"
		fail_with "$out" "--watch: a finished count, its rate and a whole tour, then q"; fi
	tmux_kill
	tmux_socket="dropfour-tour-$$-3"
	if watch_int; then ok "--watch: Ctrl-C in the middle exits 130"; else
		tmux_capture >"$out"
		fail_with "$out" "--watch: Ctrl-C in the middle exits 130"; fi
	tmux_kill
fi
check_end
