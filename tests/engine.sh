#!/bin/sh
# engine.sh -- `dropfour engine`, the engine protocol, driven through pipes
# (docs/engine-protocol.md): go perfect gives solve's score, analyze gives
# solve --analyze's columns, go infinite streams info lines until stop,
# bad commands get `error` and the engine goes on.
#
# Known answers: Pascal Pons' published scores (Test_L3_R1, first lines)
# and solve, which tests/cli.sh and the Check suites hold to them.

. "$(dirname "$0")/lib-check.sh"
check_begin engine
D=$DROPFOUR

cat >"$tmp/pons" <<'END'
2252576253462244111563365343671351441 -1
7422341735647741166133573473242566 1
23163416124767223154467471272416755633 0
END

# ---- go perfect: the score of solve, and a column that reaches it ----------
printf 'position 4453\ngo perfect\nquit\n' | "$D" engine -j1 -m 8 >"$tmp/out" 2>"$tmp/err"
s=$?
[ $s -eq 0 ] || fail "go perfect: exit $s: $(cat "$tmp/err")"
want=$(echo 4453 | "$D" solve -j1 -m 8 | cut -d' ' -f2)
last=$(tail -n 1 "$tmp/out")
case $last in
"bestmove "[1-7]" score $want kind proven") ;;
*) fail "go perfect on 4453: last line '$last', solve says $want" ;;
esac
col=$(echo "$last" | cut -d' ' -f2)
ascore=$(echo 4453 | "$D" solve --analyze -j1 -m 8 | cut -d' ' -f$((col + 1)))
[ "$ascore" = "$want" ] || fail "go perfect on 4453: column $col scores $ascore, not $want"

while read -r moves score; do
	printf 'position %s\ngo perfect\nquit\n' "$moves" |
		"$D" engine -j1 -m 8 --no-book | tail -n 1 >"$tmp/last"
	grep -q "^bestmove [1-7] score $score kind proven\$" "$tmp/last" ||
		fail "go perfect on $moves: $(cat "$tmp/last"), published $score"
done <"$tmp/pons"

# ---- analyze agrees with solve --analyze -------------------------------------
{
	echo "position 4453"
	echo analyze
	cut -d' ' -f1 "$tmp/pons" | sed 's/^/position /; s/$/\nanalyze/'
	echo "position 4444443"
	echo analyze
	echo quit
} | "$D" engine -j1 -m 8 >"$tmp/out" 2>&1
{
	echo 4453
	cut -d' ' -f1 "$tmp/pons"
	echo 4444443
} | "$D" solve --analyze -j1 -m 8 | cut -d' ' -f2- | sed 's/^/scores /' >"$tmp/want"
grep '^scores ' "$tmp/out" | cmp -s - "$tmp/want" ||
	fail "analyze differs from solve --analyze: $(grep '^scores' "$tmp/out")"

# ---- go infinite, info lines, stop -------------------------------------------
mkfifo "$tmp/in" || check_skip "no mkfifo"
"$D" engine -j2 -m 16 --no-book <"$tmp/in" >"$tmp/inf" 2>&1 &
pid=$!
exec 3>"$tmp/in"
echo "go infinite" >&3
sleep 1
echo isready >&3
sleep 0.2
echo stop >&3
# the answer to stop: a bestmove within a second even on a loaded machine
# (the protocol promises 10 ms; docs/engine-protocol.md)
i=0
while [ $i -lt 100 ] && ! grep -q '^bestmove' "$tmp/inf"; do
	sleep 0.01
	i=$((i + 1))
done
[ $i -lt 100 ] || fail "stop during go infinite: no bestmove within 1 s"
echo "# stop answered within $((i * 10)) ms (as the shell can tell)"
echo "bogus command" >&3
echo "go depth x" >&3
echo "position 4453" >&3
echo "go depth 6" >&3
sleep 0.5
echo isready >&3
echo quit >&3
exec 3>&-
wait $pid
s=$?
[ $s -eq 0 ] || fail "engine: exit $s"
n=$(grep -c '^info depth [0-9]* .*nodes [0-9]* nps [0-9]* time [0-9]* hashfull [0-9]* threads 2 tnodes [0-9]*,[0-9]*' "$tmp/inf")
[ "$n" -ge 3 ] || fail "go infinite: $n info lines in 1.2 s, expected at least 3"
grep -q '^readyok$' "$tmp/inf" || fail "isready: no readyok"
grep -q "^error unknown command 'bogus'$" "$tmp/inf" || fail "a bad command: no error line"
grep -q '^error go depth: ' "$tmp/inf" || fail "go depth x: no error line"
[ "$(grep -c '^bestmove [1-7] score -*[0-9]* kind [a-z]*$' "$tmp/inf")" -eq 2 ] ||
	fail "go infinite + go depth 6: not two bestmove lines"
[ "$(tail -n 1 "$tmp/inf")" = readyok ] || fail "isready after go depth: $(tail -n 3 "$tmp/inf")"
if [ $failed -ne 0 ]; then sed 's/^/| /' "$tmp/inf"; fi

# ---- size, setoption, movetime -----------------------------------------------
want=$(echo 3 | "$D" solve -W 5 -H 4 -j1 -m 8 | cut -d' ' -f2)
printf 'size 5 4\nsetoption threads 2\nsetoption hash 4\nsetoption book none\nposition 3\ngo perfect\nsize 3 3\nsetoption colour red\nsetoption book /nonexistent\nisready\nquit\n' |
	"$D" engine -m 8 >"$tmp/out" 2>&1
grep -q "^bestmove [1-5] score $want kind proven\$" "$tmp/out" || fail "5x4 go perfect: $(cat "$tmp/out"), solve says $want"
[ "$(grep -c '^error ' "$tmp/out")" -eq 3 ] || fail "size 3 3 / bad setoption: $(grep '^error' "$tmp/out")"
# isready is answered at once, ahead of the commands waiting for go
case $(tail -n 1 "$tmp/out") in
"error setoption book: "*) ;;
*) fail "the engine did not go on after errors: $(tail -n 1 "$tmp/out")" ;;
esac
grep -q '^readyok$' "$tmp/out" || fail "isready behind a queued command: no readyok"
printf 'go movetime 300\nquit\n' | "$D" engine -j1 -m 8 --no-book >"$tmp/out" 2>&1
grep -q '^bestmove [1-7] score ' "$tmp/out" || fail "go movetime: $(cat "$tmp/out")"

# ---- proof within the budget ------------------------------------------------
# go movetime on positions with few empty cells (Pons' Test_L2_R2 and
# Test_L3_R1, published scores): the exact score, kind proven, with a move
# that keeps it (solve --analyze); the time is only an upper bound.  An
# early position (more empty cells than the proof takes) stays heuristic.
cat >"$tmp/late" <<'END'
6614446666373154 -4
274552224131661 0
2252576253462244111563365343671351441 -1
END
while read -r moves score; do
	printf 'position %s
go movetime 20000
quit
' "$moves" |
		"$D" engine -j2 -m 8 --no-book | tail -n 1 >"$tmp/last"
	grep -q "^bestmove [1-7] score $score kind proven\$" "$tmp/last" ||
		fail "go movetime on $moves: $(cat "$tmp/last"), published $score"
	col=$(cut -d' ' -f2 "$tmp/last")
	cs=$(echo "$moves" | "$D" solve --analyze -j1 -m 8 | cut -d' ' -f$((col + 1)))
	[ "$cs" = "$score" ] || fail "go movetime on $moves: column $col scores $cs, not $score"
done <"$tmp/late"
printf 'position 4453
go movetime 200
quit
' | "$D" engine -j1 -m 8 --no-book | tail -n 1 >"$tmp/last"
grep -q '^bestmove [1-7] score -*[0-9]* kind heuristic$' "$tmp/last" ||
	fail "go movetime on 4453 (not provable in time): $(cat "$tmp/last")"
# the book's size is the board's: DROPFOUR_BOOK on another size is no error
printf 'size 4 4\nposition 1\ngo depth 4\nquit\n' | "$D" engine -j1 -m 8 >"$tmp/out" 2>&1
grep -q '^bestmove [1-4] ' "$tmp/out" || fail "size 4 4 with the 7x6 book: $(cat "$tmp/out")"
# a write error ends the engine with a message
if [ -w /dev/full ]; then
	printf 'isready\n' | "$D" engine >/dev/full 2>"$tmp/err"
	s=$?
	[ $s -ne 0 ] && grep -q 'write error' "$tmp/err" || fail "engine >/dev/full: exit $s"
fi

# ---- driven as a program does (fifo in, file out) ----------------------------
# wait_for PATTERN FILE: until a line of FILE matches (grep -E), at most
# 2 s (a bound for "answers at all", generous for a loaded machine)
wait_for() {
	w=0
	while [ $w -lt 200 ] && ! grep -Eq "$1" "$2"; do
		sleep 0.01
		w=$((w + 1))
	done
	[ $w -lt 200 ]
}
# engine_start ARGS...: the engine reading $tmp/p on fd 4, writing $tmp/o
engine_start() {
	rm -f "$tmp/p" "$tmp/o"
	mkfifo "$tmp/p"
	: >"$tmp/o"
	"$D" engine "$@" <"$tmp/p" >"$tmp/o" 2>&1 &
	epid=$!
	exec 4>"$tmp/p"
}
engine_end() {
	exec 4>&-
	wait $epid || fail "$1: exit $?"
}

# stop behind a queued command: answered while the input stays open, and
# at once, not when the search has unwound (here made to take 5 s, as a
# busy machine can make it take hundreds of milliseconds)
DROPFOUR_TEST_UNWIND_MS=5000 engine_start -j1 -m 8 --no-book
printf 'position 44\ngo infinite\nposition 4\n' >&4
sleep 0.3
echo stop >&4
wait_for '^bestmove' "$tmp/o" || fail "stop behind a queued position: no bestmove within 2 s"
# isready behind a waiting command: answered before the search ends
printf 'go infinite\nposition 4453\nisready\n' >&4
wait_for '^readyok$' "$tmp/o" || fail "isready behind a queued command: no readyok"
[ "$(grep -c '^bestmove' "$tmp/o")" -eq 1 ] || fail "isready stopped the search"
# stop during go perfect: still a legal move, its score's kind said
printf 'stop\nposition -\ngo perfect\n' >&4
sleep 0.2
echo stop >&4
sleep 0.2
printf 'go perfect\nstop\n' >&4
sleep 0.3
engine_end "stop during go perfect"
[ "$(grep -c '^bestmove [1-7] score [-0-9?]* kind [a-z]*$' "$tmp/o")" -eq 4 ] ||
	fail "four searches stopped, not four bestmoves naming a column: $(grep bestmove "$tmp/o")"
grep -q '^bestmove none' "$tmp/o" && fail "a stopped go perfect names no move"

# stop before any go, and input closed mid-search: one bestmove each
printf 'stop\nisready\n' | "$D" engine -j1 -m 8 >"$tmp/out" 2>&1
[ "$(cat "$tmp/out")" = readyok ] || fail "stop before go: $(cat "$tmp/out")"
printf 'position 4\ngo infinite\n' | "$D" engine -j1 -m 8 --no-book >"$tmp/out" 2>&1
[ "$(grep -c '^bestmove [1-7] ' "$tmp/out")" -eq 1 ] || fail "input closed during go infinite: $(tail -n 2 "$tmp/out")"

# the last info line agrees with bestmove (Pons: 4453 is -2 for the side
# to move; the empty 7x6 board 1, from the shipped book)
printf 'position 4453\ngo perfect\ngo depth 6\nposition -\ngo perfect\nquit\n' |
	"$D" engine -j1 -m 8 >"$tmp/out" 2>&1
grep -B1 '^bestmove' "$tmp/out" | grep -v '^--' | while read -r a b c d e f g h rest; do
	case $a in
	info) pv=${rest##* pv } info="$g ${rest%% *} ${pv%% *}" ;;
	bestmove) [ "$d $f $b" = "$info" ] || echo "info '$info' then '$a $b $c $d $e $f'" ;;
	esac
done >"$tmp/mis"
[ -s "$tmp/mis" ] && fail "last info disagrees with bestmove: $(cat "$tmp/mis")"
[ "$(grep '^bestmove' "$tmp/out" | sed -n '1p;3p' | cut -d' ' -f4,6 | tr '\n' ' ')" = "-2 proven 1 proven " ] ||
	fail "4453 and the empty board: $(grep '^bestmove' "$tmp/out")"

# long lines, NUL bytes, control bytes
{
	printf '%4095s' '' | tr ' ' x
	printf 'go perfect\nposition 4453%10000s\ngo perfect\n' ''
	printf 'position 44\000 53\n\033[31m\nquit\n'
} | "$D" engine -j1 -m 8 >"$tmp/out" 2>&1
[ "$(grep -c '^bestmove' "$tmp/out")" -eq 1 ] || fail "a long line ran as two: $(grep -v '^info' "$tmp/out")"
grep -q '^bestmove [1-7] score -2 kind proven$' "$tmp/out" || fail "position 4453 + spaces: $(grep bestmove "$tmp/out")"
grep -q '^error NUL byte in line' "$tmp/out" || fail "a NUL byte: no error"
grep -q '^error unknown command .\\x1b' "$tmp/out" || fail "a control byte: not escaped"
[ "$(tr -d '\n -~' <"$tmp/out" | wc -c)" -eq 0 ] || fail "raw control bytes in the answers"

# UCI: the handshake, setoption name/value, position startpos moves, moves
# (dropfour's own answers kept after uci: DropfourExtensions)
printf 'uci\nsetoption name DropfourExtensions value true\nsetoption name Hash value 8\nsetoption name Threads value 1\nucinewgame\nposition startpos moves 4 4 5 3\ngo perfect\nposition 44\nmoves 5 3\ngo perfect\ndebug on\nisready\nquit\n' |
	"$D" engine -m 4 --no-book >"$tmp/out" 2>&1
for l in 'id name dropfour ' 'id author ' 'option name Threads type spin ' \
	'option name Hash type spin ' 'option name Book ' \
	'option name MultiPV type spin default 1 min 1 max 16$' 'uciok'; do
	grep -q "^$l" "$tmp/out" || fail "uci: no '$l' line"
done
[ "$(grep -c '^bestmove [1-7] score -2 kind proven$' "$tmp/out")" -eq 2 ] ||
	fail "position startpos moves / moves: $(grep -v '^info' "$tmp/out")"
grep -q '^error' "$tmp/out" && fail "uci commands: $(grep '^error' "$tmp/out")"

# setoption Level: listed by uci (the current level its default), names in
# any case or 1-6; Level perfect's plain go is go perfect (Pons: 4453 is
# -2); Level strong opens from the shipped book (the empty board is 1,
# Allis 1988), club does not take the book; an unknown level is refused
# and changes nothing; depth and nodes do not go with level perfect.
# Without a level, go depth takes the book's exact values.
printf 'setoption name DropfourExtensions value true\nsetoption name Level value PERFECT\nposition 4453\ngo\ngo perfect\nsetoption name Level value wizard\nuci\ngo depth 3\nsetoption level 5\nuci\nsetoption name Level value Strong\nposition -\ngo\nsetoption level club\ngo movetime 50\nsetoption level none\nuci\nposition 44\ngo depth 4\nquit\n' |
	"$D" engine -j1 -m 8 >"$tmp/out" 2>&1
grep '^bestmove' "$tmp/out" >"$tmp/best"
[ "$(sed -n 1p "$tmp/best")" = "$(sed -n 2p "$tmp/best")" ] &&
	grep -q '^bestmove [1-7] score -2 kind proven$' "$tmp/best" ||
	fail "Level perfect: $(cat "$tmp/best")"
[ "$(grep -c '^error' "$tmp/out")" -eq 2 ] &&
	grep -q "^error setoption level: unknown level 'wizard' (beginner, casual, club, strong, expert, perfect, 1-6 or none)\$" "$tmp/out" &&
	grep -q '^error go: level perfect takes no depth or nodes$' "$tmp/out" ||
	fail "Level: errors: $(grep '^error' "$tmp/out")"
[ "$(grep '^option name Level' "$tmp/out" | cut -d' ' -f7 | tr '\n' ' ')" = "perfect expert none " ] ||
	fail "Level: uci's default: $(grep '^option name Level' "$tmp/out")"
grep -q '^option name Level type combo default perfect var none var beginner var casual var club var strong var expert var perfect$' "$tmp/out" ||
	fail "Level: uci: $(grep '^option name Level' "$tmp/out")"
# the refused go depth under Level perfect is answered by bestmove none
[ "$(sed -n 3p "$tmp/best")" = "bestmove none score ? kind none" ] ||
	fail "a refused go: $(sed -n 3p "$tmp/best")"
[ "$(sed -n 4p "$tmp/best")" = "bestmove 4 score 1 kind proven" ] ||
	fail "Level strong on the empty board: $(sed -n 4p "$tmp/best")"
sed -n 5p "$tmp/best" | grep -q '^bestmove [1-7] score -\{0,1\}[0-9]* kind heuristic$' ||
	fail "Level club on the empty board: $(sed -n 5p "$tmp/best")"
[ "$(sed -n 6p "$tmp/best")" = "bestmove 4 score 1 kind proven" ] ||
	fail "go depth 4 on 44 with the book: $(sed -n 6p "$tmp/best")"

# go wtime ...: an answer well inside the clock
engine_start -j1 -m 8 --no-book
printf 'go wtime 400 btime 400 winc 0 binc 0 movestogo 2\n' >&4
wait_for '^bestmove [1-7] ' "$tmp/o" || fail "go wtime 400: no bestmove within 2 s"
printf 'go nodes 2000\n' >&4
# The second bestmove (the first one is there already: wait for two).
w=0
while [ "$(grep -c '^bestmove' "$tmp/o")" -lt 2 ] && [ $w -lt 200 ]; do
	sleep 0.01
	w=$((w + 1))
done
[ "$(grep -c '^bestmove [1-7] ' "$tmp/o")" -eq 2 ] ||
	fail "go nodes 2000: $(grep bestmove "$tmp/o")"
printf 'go ponder wtime 300 btime 300\n' >&4
sleep 0.3
[ "$(grep -c '^bestmove' "$tmp/o")" -eq 2 ] || fail "go ponder answered before ponderhit"
echo ponderhit >&4
sleep 0.5
engine_end "go wtime"
[ "$(grep -c '^bestmove [1-7] ' "$tmp/o")" -eq 3 ] || fail "ponderhit: $(grep bestmove "$tmp/o")"

# seldepth: the deepest ply reached, at least the depth of a finished
# iteration.  MultiPV 3: three lines per report, multipv 1 2 3 in turn,
# best first (the scores never rise), each pv starting with its own column,
# the first the bestmove's; MultiPV 1 gives none.
printf 'position 4453\ngo depth 6\nquit\n' | "$D" engine -j1 -m 8 --no-book >"$tmp/out" 2>&1
grep -q '^info depth 6 seldepth \([6-9]\|[1-9][0-9]\) score ' "$tmp/out" ||
	fail "seldepth: $(grep '^info' "$tmp/out" | tail -n 1)"
grep -q multipv "$tmp/out" && fail "MultiPV 1: multipv lines"
printf 'setoption name MultiPV value 3\nposition 4453\ngo depth 6\nsetoption name MultiPV value 0\nquit\n' |
	"$D" engine -j1 -m 8 --no-book >"$tmp/out" 2>&1
awk '/^info .* multipv / {
	for (i = 1; i < NF; i++) {
		if ($i == "multipv") k = $(i + 1)
		if ($i == "score") s = $(i + 1)
		if ($i == "pv") c = $(i + 1)
	}
	if (k != want + 1 || (k > 1 && s > last) || seen[c]++) bad = bad " " NR
	want = k % 3; last = s; if (k == 1) { delete seen; seen[c] = 1; first = c }
	lines++
}
/^bestmove/ { if ($2 != first) bad = bad " bestmove" }
END { if (bad != "" || lines < 3 || lines % 3) { print "bad:" bad " (" lines " lines)"; exit 1 } }' "$tmp/out" ||
	fail_with "$tmp/out" "MultiPV 3: not three lines best first per report"
grep -q '^error setoption multipv' "$tmp/out" || fail "MultiPV 0: no error"

# a wide board: one notation (a..g for columns 10..16) in every pv
printf 'size 16 6\nposition abc\ngo depth 4\nquit\n' | "$D" engine -j1 -m 8 >"$tmp/out" 2>&1
grep -q '^bestmove [1-9a-g] ' "$tmp/out" || fail "16x6: $(cat "$tmp/out")"
grep -q 'pv.* 1[0-6]' "$tmp/out" && fail "16x6: pv in numbers: $(grep pv "$tmp/out")"

check_end
