#!/bin/sh
# engine-uci.sh -- `dropfour engine` as a bot stakes a game on it
# (docs/engine-protocol.md): the position rule (a finished game, a move
# after the win, a refused position leaving none), a bestmove for every
# go, the clock's margin and the clock words without a clock, the end of
# the input ending any search, go nodes, nps, seldepth, CR line ends, the
# Book option's default sent back, MultiPV's first line the bestmove,
# ASCII output, the options table against the docs and --help, and strict
# UCI once `uci` is sent: a harness that speaks only UCI with
# UCI_Variant cfour moves (P@d1) plays whole games and fails on any line
# that is not UCI.  Timing bounds here are generous (a loaded CI
# machine); the strict figures are measured by bench/engine-latency.py.
: "${srcdir:=.}"
. "$srcdir/tests/lib-check.sh"
check_begin engine-uci
D=$DROPFOUR
eng() { "$D" engine -j1 -m 8 --no-book "$@"; }

# ---- 1, 4. the position rule; every go answered by a bestmove ---------------
printf '%s\n' 'position startpos moves 1 2 1 2 1 2 1' 'go depth 2' \
	'position startpos moves 1212121 3' 'go depth 2' \
	'position startpos moves 2 6' 'position startpos moves 4 4 4 4 4 4 4' \
	'go' 'moves 3' 'analyze' 'position 1212121' 'go' \
	'position 757341132773575647262416323134652254654611' 'go' \
	'position 4453' 'go depth 2' | eng >"$tmp/out" 2>&1
grep -v '^info' "$tmp/out" >"$tmp/ans"
cat >"$tmp/want" <<'END'
error go: the game is over
bestmove none score ? kind none
error position: move '3': the game is over
error go: no position (the last position command was refused)
bestmove none score ? kind none
error position: move '4': the column is full
error go: no position (the last position command was refused)
bestmove none score ? kind none
error moves: no position (the last position command was refused)
error analyze: no position (the last position command was refused)
error go: the game is over
bestmove none score ? kind none
END
head -n 12 "$tmp/ans" | cmp -s - "$tmp/want" || fail_with "$tmp/out" "the position rule"
sed -n 13,14p "$tmp/ans" | grep -q '^bestmove none score 0 kind proven$' ||
	fail_with "$tmp/out" "go on a full board: no bestmove none"
tail -n 1 "$tmp/ans" | grep -q '^bestmove [1-7] ' || fail_with "$tmp/out" "a position after refused ones"

# ---- 2. the clock: the mover's, less a margin; no endless clock words ------
printf 'debug on\nposition 44\ngo wtime 100 btime 100 movestogo 1\ngo wtime 80 btime 80 movestogo 1\nposition 4\ngo wtime 100\ngo movestogo 1\n' |
	eng >"$tmp/out" 2>&1 &
pid=$!
i=0
while [ $i -lt 100 ] && kill -0 $pid 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
kill $pid 2>/dev/null && fail "go wtime for the side not to move / go movestogo alone: still searching after 10 s"
wait $pid
[ "$(grep -c '^bestmove [1-7] ' "$tmp/out")" -eq 4 ] || fail_with "$tmp/out" "the clock's searches: not four bestmoves"
grep '^info string search:' "$tmp/out" | sed -n '1p;2p' | sed 's/.*at most \([0-9.]*\) s.*/\1/' >"$tmp/t"
awk 'NR == 1 && $1 > 0.080 { bad = 1 } NR == 2 && $1 > 0.060 { bad = 1 }
     END { exit bad || NR != 2 }' "$tmp/t" ||
	fail_with "$tmp/out" "the clock less a margin: budgets $(tr '\n' ' ' <"$tmp/t")"

# ---- 3. the end of the input ends any search at once --------------------------
for go in 'go perfect' 'go depth 30' 'analyze' 'go movetime 20000'; do
	(printf 'position 4\n%s\n' "$go"; sleep 0.3) | timeout 10 "$D" engine -j2 -m 8 --no-book >"$tmp/out" 2>&1 &
	pid=$!
	i=0
	while [ $i -lt 40 ] && kill -0 $pid 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
	kill -0 $pid 2>/dev/null && fail "$go: still running 4 s after its input closed"
	wait $pid
	case $go in
	analyze) grep -q '^scores ' "$tmp/out" || fail_with "$tmp/out" "$go: no scores at the end of the input" ;;
	*) grep -q '^bestmove [1-7] ' "$tmp/out" || fail_with "$tmp/out" "$go: no bestmove at the end of the input" ;;
	esac
done
# a quit queued behind the search: the search runs to its end first
printf 'position 4453\ngo perfect\nquit\n' | eng >"$tmp/out" 2>&1
grep -q '^bestmove [1-7] score -2 kind proven$' "$tmp/out" || fail_with "$tmp/out" "go perfect then quit"
# but behind a search that only a stop ends (a ponder hit with no clock)
# and a command waiting for it, the quit comes at once (a fuzz finding:
# the session waited for ever)
printf 'uci\ngo ponder\nponderhit\ngo perfect\nquit\n' >"$tmp/in"
timeout 10 "$D" engine -j1 -m 8 --no-book <"$tmp/in" >"$tmp/out" 2>&1 ||
	fail_with "$tmp/out" "go ponder, ponderhit, go perfect, quit: no end within 10 s"

# ---- 6. nodes, nps, seldepth, CR, Book's default, MultiPV, ASCII -------------
printf 'position 44\ngo nodes 100000\nquit\n' | "$D" engine -j2 -m 8 --no-book >"$tmp/out" 2>&1
n=$(grep '^info' "$tmp/out" | tail -n 1 | sed 's/.* nodes \([0-9]*\).*/\1/')
[ "${n:-0}" -ge 50000 ] && [ "$n" -le 150000 ] || fail_with "$tmp/out" "go nodes 100000: $n nodes"
printf 'position 6614446666373154\ngo infinite\n' >"$tmp/in"
(cat "$tmp/in"; sleep 0.7; echo stop) | "$D" engine -j2 -m 8 --no-book >"$tmp/out" 2>&1
awk '/^info depth/ {
	for (i = 1; i < NF; i++) { v[$i] = $(i + 1) }
	if (v["seldepth"] + 0 < v["depth"] + 0) bad = bad " seldepth"
	if ("nps" in v && v["time"] > 50) {
		want = v["nodes"] * 1000 / v["time"]
		if (v["nps"] > 2 * want + 1000 || 2 * v["nps"] + 1000 < want) bad = bad " nps"
	}
	delete v
}
END { if (bad != "") { print bad; exit 1 } }' "$tmp/out" || fail_with "$tmp/out" "seldepth >= depth, nps = nodes / time"
printf 'position 4453\rgo depth 2\rsetoption name Book value <attached>\rquit\r' | "$D" engine -j1 -m 8 >"$tmp/out" 2>&1
grep -q '^bestmove [1-7] ' "$tmp/out" && ! grep -q '^error' "$tmp/out" ||
	fail_with "$tmp/out" "CR line ends / Book's default sent back"
printf 'setoption name MultiPV value 4\nposition 4453\ngo depth 8\nposition 6614446666373154\ngo movetime 300\nquit\n' |
	eng >"$tmp/out" 2>&1
awk '/ multipv 1 / { for (i = 1; i < NF; i++) if ($i == "pv") first = $(i + 1) }
     /^bestmove/ { if ($2 != first) bad = 1; n++ }
     END { exit bad || n != 2 }' "$tmp/out" || fail_with "$tmp/out" "MultiPV: multipv 1 is not the bestmove"
printf 'go \303\251\377\nposition 4\200\n\342\202\254\n' | eng >"$tmp/out" 2>&1
[ "$(tr -d '\n -~' <"$tmp/out" | wc -c)" -eq 0 ] || fail_with "$tmp/out" "bytes >= 0x80 written as they came"
grep -q "\\\\xc3\\\\xa9\\\\xff" "$tmp/out" || fail_with "$tmp/out" "bytes >= 0x80 not escaped"

# ---- 6. one options table: uci, the docs, engine --help -------------------------
printf 'uci\n' | "$D" engine -j 1 -m 8 2>&1 | grep '^option ' >"$tmp/uci"
doc=$srcdir/docs/engine-protocol.md
awk '/^> uci$/ { on = 1; next } on && /^option / { print } on && /^uciok/ { exit }' "$doc" >"$tmp/doc"
cmp -s "$tmp/uci" "$tmp/doc" || { diff "$tmp/doc" "$tmp/uci" | sed 's/^/| /'; fail "the docs' uci example differs from uci's option lines"; }
"$D" engine --help >"$tmp/help" 2>&1 || fail "engine --help"
man=$srcdir/man/dropfour.6.in
sed -n 's/^option name \(.*\) type .*/\1/p' "$tmp/uci" >"$tmp/names"
[ -s "$tmp/names" ] || fail "uci: no option lines"
while IFS= read -r name; do
	grep -q "setoption name $name\( \|\`\)" "$doc" || fail "the docs' commands lack setoption name $name"
	grep -q "$name" "$tmp/help" || fail "engine --help lacks the option $name"
	grep -q "$name" "$man" ||
		fail "the man page lacks the option $name"
done <"$tmp/names"
# the commands: the engine's own table (help), the docs' table, --help
# and the man page each name every one, and the docs no other
printf 'help\n' | "$D" engine -j 1 -m 8 2>&1 | sed -n 's/^\([a-z]*\)[ :].*/\1/p' | sort -u >"$tmp/cmds"
[ "$(wc -l <"$tmp/cmds")" -ge 15 ] || fail_with "$tmp/cmds" "help: not every command"
while IFS= read -r c; do
	grep -q "^| \`$c[ \`]" "$doc" || fail "the docs' commands lack $c"
	grep -qw "$c" "$tmp/help" || fail "engine --help lacks the command $c"
	grep -q "^\.B $c\b\|^\.BR $c\b\|^\.BI \"\?$c\b\|\\fB$c\\fR\|^$c\b" "$man" ||
		fail "the man page lacks the command $c"
done <"$tmp/cmds"
for c in $(sed -n 's/^| `\([a-z]*\).*/\1/p' "$doc" | sort -u); do
	grep -qx "$c" "$tmp/cmds" || fail "the docs name a command the engine lacks: $c"
done

# ---- 7. strict UCI with UCI_Variant cfour: whole games through one harness ----
# uci_ok FILE: every line of FILE is a line of UCI's grammar (cfour moves)
M='P@[a-g][1-6]'
uci_ok() {
	grep -Ev "^(id (name|author) .+|option name [A-Za-z_ ]+ type (spin|check|combo|string|button)( .*)?|uciok|readyok|info string .*|bestmove ($M|\\(none\\))( ponder $M)?|info( (depth|seldepth|multipv|nodes|nps|time|hashfull|currmove( $M)?) [0-9]+| score (cp -?[0-9]+|mate -?[1-9][0-9]*)( lowerbound| upperbound)?| currmove $M)*( pv( $M)+)?)$" "$1" >"$tmp/bad"
	[ ! -s "$tmp/bad" ]
}
mkfifo "$tmp/uin" || check_skip "no mkfifo"
"$D" engine -j1 -m 8 <"$tmp/uin" >"$tmp/uout" 2>"$tmp/uerr" &
upid=$!
exec 5>"$tmp/uin"
# no setoption at all: what a GUI that keeps every default sends
printf 'uci\nisready\n' >&5
# wait_lines PATTERN N: until N lines of $tmp/uout match (10 s at most)
wait_lines() {
	w=0
	while [ "$(grep -c "$1" "$tmp/uout")" -lt "$2" ] && [ $w -lt 1000 ]; do
		sleep 0.01
		w=$((w + 1))
	done
	[ $w -lt 1000 ]
}
wait_lines '^readyok$' 1 || fail "uci: no readyok"
games=0
nbest=0
for game in 1 2 3; do
	printf 'ucinewgame\n' >&5
	moves=
	ply=0
	while [ $ply -lt 43 ]; do
		case $((ply % 3)) in
		0) go='go movetime 30' ;;
		1) go='go depth 3' ;;
		2) go="go wtime $((3000 + game * 100)) btime 3000 winc 10 binc 10" ;;
		esac
		printf 'position startpos moves%s\n%s\n' "$moves" "$go" >&5
		nbest=$((nbest + 1))
		wait_lines '^bestmove' $nbest || { fail "game $game: no bestmove after$moves"; break 2; }
		m=$(grep '^bestmove' "$tmp/uout" | tail -n 1 | cut -d' ' -f2)
		[ "$m" = "(none)" ] && break
		moves="$moves $m"
		ply=$((ply + 1))
	done
	[ "$m" = "(none)" ] || fail "game $game: no end after 43 plies:$moves"
	games=$((games + 1))
done
printf 'quit\n' >&5
exec 5>&-
wait $upid || fail "engine in UCI: exit $?"
uci_ok "$tmp/uout" || fail_with "$tmp/bad" "lines that are not UCI"
grep -q '^info .* score \(cp\|mate\) ' "$tmp/uout" || fail "UCI: no score cp/mate"
grep -v '^info string' "$tmp/uout" | grep -q 'kind\|tnodes\|protocol' && fail "UCI: dropfour's fields outside info string"
echo "# $games games of strict UCI with cfour moves, $nbest searches"

# ---- 8. a drop-in for Fairy-Stockfish's Connect Four ------------------------
# (a) A clock run out (negative, zero) or go movetime <= 0: a move at once,
# never an unbounded search.
printf 'uci\nsetoption name Book value none\nposition startpos\ngo wtime -100 btime -100\ngo wtime 0 btime 0\nposition startpos moves P@d1\ngo movetime -5\ngo btime -3 wtime 500 winc 0 binc 0\nquit\n' |
	timeout 20 "$D" engine -j 2 -m 8 >"$tmp/out" 2>&1
[ "$(grep -c '^bestmove P@' "$tmp/out")" -eq 4 ] ||
	fail_with "$tmp/out" "a run-out clock or movetime <= 0: not four bestmoves at once"
# (b) the advertised default is the real one: cfour moves with no setoption
printf 'uci\nisready\nposition startpos moves P@d1 P@d2\ngo movetime 200\nquit\n' |
	"$D" engine -j 1 -m 8 >"$tmp/out" 2>&1
grep -q '^bestmove P@[a-g][1-6]\( ponder P@[a-g][1-6]\)\?$' "$tmp/out" ||
	fail_with "$tmp/out" "uci's default UCI_Variant cfour: the bestmove is not a drop"
grep '^info depth' "$tmp/out" | grep -q ' pv [1-7]' &&
	fail_with "$tmp/out" "uci's default: a pv in column notation"
# (c) a proven bound keeps its word: wherever the info string says a
# bound, the info line before it says lowerbound / upperbound, never an
# exact mate (the issue's position, timing-dependent, five tries)
for i in 1 2 3 4 5; do
	printf 'uci\nposition startpos moves P@g1 P@e1 P@e2 P@g2 P@e3 P@e4 P@d1 P@b1\ngo movetime 60\nquit\n' |
		"$D" engine -j 2 -m 8 >"$tmp/out" 2>&1
	awk '/^info depth/ { last = $0 }
	     /^info string score .* kind lower$/ && last !~ / lowerbound/ { bad = 1 }
	     /^info string score .* kind upper$/ && last !~ / upperbound/ { bad = 1 }
	     /^info string score .* kind proven$/ && last ~ /bound/ { bad = 1 }
	     END { exit bad }' "$tmp/out" || fail_with "$tmp/out" "a bound printed as an exact score"
done
# (d) FEN both ways, against a table written out from Fairy-Stockfish's
# cfour (its d command): MOVES, then the FEN of that position.
cat >"$tmp/fens" <<'END'
- 7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1
4 7/7/7/7/7/3P3[PPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] b - - 0 1
443 7/7/7/7/3p3/2PP3[PPPPPPPPPPPPPPPPPPPpppppppppppppppppppp] b - - 0 2
4453 7/7/7/7/3p3/2pPP2[PPPPPPPPPPPPPPPPPPPppppppppppppppppppp] w - - 0 3
1234567 7/7/7/7/7/PpPpPpP[PPPPPPPPPPPPPPPPPpppppppppppppppppp] b - - 0 4
777777 6p/6P/6p/6P/6p/6P[PPPPPPPPPPPPPPPPPPpppppppppppppppppp] w - - 0 4
4444 7/7/3p3/3P3/3p3/3P3[PPPPPPPPPPPPPPPPPPPppppppppppppppppppp] w - - 0 3
12121 7/7/7/P6/Pp5/Pp5[PPPPPPPPPPPPPPPPPPppppppppppppppppppp] b - - 0 3
END
while read -r moves fen side x y half full; do
	full_fen="$fen $side $x $y $half $full"
	printf 'position %s\nd\nposition fen %s\nd\nquit\n' "$moves" "$full_fen" |
		"$D" engine -j 1 -m 8 >"$tmp/out" 2>&1
	got=$(sed -n 's/^Fen: //p' "$tmp/out")
	[ "$(printf '%s\n' "$got" | sed -n 1p)" = "$full_fen" ] ||
		fail_with "$tmp/out" "d after position $moves: not $full_fen"
	[ "$(printf '%s\n' "$got" | sed -n 2p)" = "$full_fen" ] ||
		fail_with "$tmp/out" "position fen $full_fen: read back differently"
done <"$tmp/fens"
# refused FENs: a reason, no position left
for bad in '7/7/7/7/3P3/7[] b - - 0 1' '7/7/7/7/7/3PP2[] w - - 0 2' \
	'7/7/7/7/7/3P3[] w - - 0 1' '7/7/7/7/7/3X3[] b - - 0 1' '7/7/7/7/7/8[] w - - 0 1'; do
	printf 'position fen %s\ngo depth 2\nquit\n' "$bad" | eng >"$tmp/out" 2>&1
	grep -q '^error position fen ' "$tmp/out" && grep -q '^bestmove none' "$tmp/out" ||
		fail_with "$tmp/out" "position fen $bad: not refused"
done
# (e) go searchmoves, go mate; Ponder, Move Overhead, Clear Hash,
# VariantPath; a rounded Hash says so
# (after uci a queued quit stops the search at once, as UCI asks: the
# searches here run without uci, so that quit waits for them)
printf 'uci\nsetoption name VariantPath value /nonexistent/variants.ini\nsetoption name Ponder value true\nsetoption name Move Overhead value 30\nsetoption name Clear Hash\nsetoption name Hash value 100\nquit\n' |
	"$D" engine -j 1 -m 8 >"$tmp/out" 2>&1
grep -q '^info string VariantPath ignored' "$tmp/out" || fail_with "$tmp/out" "VariantPath: not accepted and ignored"
grep -q 'error' "$tmp/out" && fail_with "$tmp/out" "Ponder / Move Overhead / Clear Hash / Hash: an error"
grep -q '^info string Hash 100 MB rounded to a table of 64 MB' "$tmp/out" || fail_with "$tmp/out" "Hash 100: not said to be rounded"
printf 'position 4\ngo searchmoves 1 7 depth 6\ngo searchmoves 2 depth 4 searchmoves 6\nposition 4453445332266115\ngo mate 15\ngo searchmoves 9\nquit\n' |
	eng >"$tmp/out" 2>&1
grep '^bestmove' "$tmp/out" | sed -n 1p | grep -q '^bestmove [17] ' || fail_with "$tmp/out" "go searchmoves 1 7: another move"
grep '^bestmove' "$tmp/out" | sed -n 2p | grep -q '^bestmove [26] ' || fail_with "$tmp/out" "go searchmoves 2 ... searchmoves 6: another move"
# 4453445332266115: a win for the mover with its 13th stone (Pons' scale 1)
grep '^bestmove' "$tmp/out" | sed -n 3p | grep -q '^bestmove [1-7] score 1 kind proven$' || fail_with "$tmp/out" "go mate 15: not the proven win"
grep -q "^error go searchmoves: '9' is not a legal move" "$tmp/out" || fail_with "$tmp/out" "go searchmoves 9: no error"

check_end
