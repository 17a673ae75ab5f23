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
"bestmove "[1-7]" score $want") ;;
*) fail "go perfect on 4453: last line '$last', solve says $want" ;;
esac
col=$(echo "$last" | cut -d' ' -f2)
ascore=$(echo 4453 | "$D" solve --analyze -j1 -m 8 | cut -d' ' -f$((col + 1)))
[ "$ascore" = "$want" ] || fail "go perfect on 4453: column $col scores $ascore, not $want"

while read -r moves score; do
	printf 'position %s\ngo perfect\nquit\n' "$moves" |
		"$D" engine -j1 -m 8 --no-book | tail -n 1 >"$tmp/last"
	grep -q "^bestmove [1-7] score $score\$" "$tmp/last" ||
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
n=$(grep -c '^info depth [0-9]* .*nodes [0-9]* nps [0-9]* time [0-9]* threads 2 tnodes [0-9]*,[0-9]*' "$tmp/inf")
[ "$n" -ge 3 ] || fail "go infinite: $n info lines in 1.2 s, expected at least 3"
grep -q '^readyok$' "$tmp/inf" || fail "isready: no readyok"
grep -q "^error unknown command 'bogus'$" "$tmp/inf" || fail "a bad command: no error line"
grep -q '^error go depth: ' "$tmp/inf" || fail "go depth x: no error line"
[ "$(grep -c '^bestmove [1-7] score -*[0-9]*$' "$tmp/inf")" -eq 2 ] ||
	fail "go infinite + go depth 6: not two bestmove lines"
[ "$(tail -n 1 "$tmp/inf")" = readyok ] || fail "isready after go depth: $(tail -n 3 "$tmp/inf")"
if [ $failed -ne 0 ]; then sed 's/^/| /' "$tmp/inf"; fi

# ---- size, setoption, movetime -----------------------------------------------
want=$(echo 3 | "$D" solve -W 5 -H 4 -j1 -m 8 | cut -d' ' -f2)
printf 'size 5 4\nsetoption threads 2\nsetoption hash 4\nsetoption book none\nposition 3\ngo perfect\nsize 3 3\nsetoption colour red\nsetoption book /nonexistent\nisready\n' |
	"$D" engine -m 8 >"$tmp/out" 2>&1
grep -q "^bestmove [1-5] score $want\$" "$tmp/out" || fail "5x4 go perfect: $(cat "$tmp/out"), solve says $want"
[ "$(grep -c '^error ' "$tmp/out")" -eq 3 ] || fail "size 3 3 / bad setoption: $(grep '^error' "$tmp/out")"
[ "$(tail -n 1 "$tmp/out")" = readyok ] || fail "the engine did not go on after errors"
printf 'go movetime 300\n' | "$D" engine -j1 -m 8 --no-book >"$tmp/out" 2>&1
grep -q '^bestmove [1-7] score ' "$tmp/out" || fail "go movetime: $(cat "$tmp/out")"
# the book's size is the board's: DROPFOUR_BOOK on another size is no error
printf 'size 4 4\nposition 1\ngo depth 4\n' | "$D" engine -j1 -m 8 >"$tmp/out" 2>&1
grep -q '^bestmove [1-4] ' "$tmp/out" || fail "size 4 4 with the 7x6 book: $(cat "$tmp/out")"
# a write error ends the engine with a message
if [ -w /dev/full ]; then
	printf 'isready\n' | "$D" engine >/dev/full 2>"$tmp/err"
	s=$?
	[ $s -ne 0 ] && grep -q 'write error' "$tmp/err" || fail "engine >/dev/full: exit $s"
fi

check_end
