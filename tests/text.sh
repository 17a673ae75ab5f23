#!/bin/sh
# text.sh -- the plain-text front-end and self-play, driven through pipes.
#
# Run by `make check` with $DROPFOUR naming the binary.  Every case feeds
# lines on standard input, checks the exit status and greps the output.
# Small boards, small depths and small tables keep it to a few seconds.

. "$(dirname "$0")/lib-check.sh"
check_begin text
out=$tmp/out
last_failed=0
n=0

fail() {
	echo "FAIL: $name: $*"
	[ "$last_failed" = "$n" ] || failed=$((failed + 1))
	last_failed=$n
	echo "---- output of: $cmd"
	sed 's/^/| /' "$out"
	echo "----"
}

# run NAME INPUT ARGS...: feed INPUT (printf format) to dropfour ARGS.
run() {
	name=$1
	input=$2
	shift 2
	n=$((n + 1))
	cmd="printf '$input' | dropfour $*"
	# shellcheck disable=SC2059
	printf "$input" | "$DROPFOUR" "$@" -m 8 >"$out" 2>&1
	status=$?
	echo "# $name: exit $status"
}

expect_status() {
	[ "$status" -eq "$1" ] || fail "exit status $status, expected $1"
}

# expect PATTERN: an extended regular expression some line must match.
expect() {
	grep -Eq -- "$1" "$out" || fail "no line matches /$1/"
}

expect_count() {
	c=$(grep -Ec -- "$1" "$out")
	[ "$c" -eq "$2" ] || fail "$c lines match /$1/, expected $2"
}

# 1. A full game, two humans on 4x4: X fills column 1 and wins.
run "human-human game" '1\n2\n1\n2\n1\n2\n1\n' \
	--text --mode=human-human -W 4 -H 4
expect_status 0
expect '^X wins\.$'
expect '^moves: 1212121$'

# 2. Bad input lines each get a reason, and the game goes on.
run "bad input" 'abc\n0\n5\n42\n\n1\n1\n1\n1\n1\nq!\n2\nq\n' \
	--text --mode=human-human -W 4 -H 4
expect_status 0
expect "'abc' is not a column"
expect 'no column 0'
expect 'no column 5: the columns are 1 to 4'
expect 'no column 42'
expect '^Type a column number from 1 to 4'
expect 'Column 1 is full'
expect "'q!' is not a column or a command"
expect '^moves: 11112$'
expect '^Bye\.$'

# 2b. A board wider than 9: columns 10 and up by number or by their
# names a-g (either case), b staying the board command; a 16x7 board (128
# bits) against the AI.
run "wide board" '12\nC\n11\nb\ng\nq\n' --text --mode=human-human -W 12 -H 4
expect_status 0
expect '^1 2 3 4 5 6 7 8 9 a b c$'
expect 'column 1-12 \(10-12 are a-c'
expect 'no column 16: the columns are 1 to 12'
expect '^moves: ccb$'
run "16x7 against the AI" '16\nq\n' --text -W 16 -H 7 --depth 3
expect_status 0
expect '^moves: g[1-9a-g]$'

# 3. The end of input ends the game cleanly.
run "end of input" '4\n' --text --mode=human-human
expect_status 0
expect '^End of input'
run "empty input" '' --text --mode=human-human
expect_status 0
expect '^End of input'

# 4. Against the AI: the human plays the winning line from a position.
run "human beats the AI" '4\n' --text --position=112233 -d 4 -j 1
expect_status 0
expect '^X wins\.$'
expect '^moves: 1122334$'

# 5. The AI takes its win, and shows scores, nodes per thread and time.
run "the AI wins" '' --text --mode=ai-human --position=112233 -d 4 -j 2
expect_status 0
expect '^X \(AI\) plays 4: .*[0-9.]+ s'
expect '^  scores:  1: .*  7: '
expect '^  nodes: .* on 2 threads: #0 [0-9.]+[kMG]? #1 [0-9.]+[kMG]?$'
expect '^X wins\.$'

# 5b. The column scores tell a full column from one not searched: with
# --perfect only the move's column (and those asked before it) are scored.
run "scores: full and not searched" 'q\n' --text -W 4 -H 4 --position=1111 \
    --mode=ai-human --perfect -j 1
expect_status 0
expect '^  scores:  1: full  2: draw  3: \.  4: \.$'
run "help: the scores' legend" 'h\nq\n' --text -W 4 -H 4
expect_status 0
expect "'\.' not searched, 'full' a full column"

# 6. Undo against the AI takes back the AI's reply and the human's move.
run "undo" '4\nu\nq\n' --text -d 2 -j 1
expect_status 0
expect '^O \(AI\) plays'
expect '^moves: \(none\)$'

# 7. The AI against itself to the end of a game.
run "ai-ai" '' --text --mode=ai-ai -W 4 -H 4 -d 4 -j 2
expect_status 0
expect '^(X wins\.|O wins\.|Draw: the board is full\.)$'

# 8. A bad --position is bad usage in every mode: exit status 2, one
# message.  (The curses game's own path is in tui.sh; here, with no
# terminal, `dropfour` plays in plain text.)
for mode in "--text" "play" "selfplay" "solve" "bench solve"; do
	# shellcheck disable=SC2086
	run "bad position ($mode)" '' $mode --position=12a
	expect_status 2
	case $mode in
	solve | "bench solve")
		expect_count '^dropfour: --position does not apply to ' 1 ;;
	*)
		expect_count "^dropfour: bad --position '12a' at character 3" 1 ;;
	esac
done

# 8a. A --load that fails: exit status 2, the path named once.
printf 'dropfour-game 1\nsize 7x6\nmoves 4458\n' >"$tmp/bad-save.txt"
for mode in "--text" "play" "selfplay"; do
	# shellcheck disable=SC2086
	run "bad load ($mode)" '' $mode --load="$tmp/bad-save.txt"
	expect_status 2
	expect_count 'bad-save\.txt' 1
	expect 'bad-save\.txt:3: bad move at character 4 ..8..: no such column'
done
run "missing load" '' --text --load="$tmp/missing.txt"
expect_status 2
expect_count 'missing\.txt' 1

# 8b. A negative --seed is refused, not wrapped around to 2^64 - 1.
run "negative seed" '' selfplay --seed=-1
expect_status 2
expect "invalid argument '-1' for --seed: must be a whole number from 0"

# 9. Perfect self-play on 4x4: the game-theoretic value is a draw.
run "selfplay perfect 4x4" '' selfplay --perfect --width 4 --height 4 -j 2
expect_status 0
expect_count '^result: ' 1
expect '^result: draw$'
expect '^summary: 1 game: 0 won by the first player, 0 by the second, 1 drawn$'

# 10. Three depth-limited games and a summary.
run "selfplay 3 games" '' selfplay --games 3 --depth 4 -j 2
expect_status 0
expect_count '^game [123] of 3: ' 3
expect_count '^result: (first player wins|second player wins|draw)$' 3
expect '^summary: 3 games: '
expect '^summary: [0-9]+ moves, on average [0-9.]+ s and [0-9.]+[kMG]? nodes a move$'

# 11. Self-play from a position with the averaged-outcome evaluation.
run "selfplay average" '' selfplay --eval=average --depth 3 -W 5 -H 4 \
	--position=33 -j 2
expect_status 0
expect '^  from 33$'
expect_count '^result: ' 1

# 12. Pondering in perfect play: on the human's turn the AI scores every
# move the human can make, so its reply after the human's move finds its
# root's score in the table and searches far fewer nodes, for the same
# move and score as without pondering.  The input waits (DROPFOUR_PONDER_WAIT
# seconds, default 4) for the ponder to finish: 0.2 s on the 2-core machine
# from this position (8 stones, past the shipped book's 7).
# run_slow NAME ARGS...: the human plays 5 after a wait, then quits.
run_slow() {
	name=$1
	shift
	n=$((n + 1))
	cmd="(sleep ${DROPFOUR_PONDER_WAIT:-4}; echo 5; echo q) | dropfour $*"
	(sleep "${DROPFOUR_PONDER_WAIT:-4}"; echo 5; echo q) |
		"$DROPFOUR" "$@" -m 32 >"$out" 2>&1
	status=$?
	echo "# $name: exit $status"
}
# nodes_of: the AI's reply's node count, suffixes k, M, G expanded.
nodes_of() {
	awk '/^  nodes: / { v = $2; m = 1
		if (v ~ /k$/) m = 1e3; else if (v ~ /M$/) m = 1e6
		else if (v ~ /G$/) m = 1e9
		sub(/[kMG]$/, "", v); printf "%d\n", v * m; exit }' "$out"
}
run_slow "ponder" --text --perfect --position=44345216 -j 2
expect_status 0
expect '^  \(the AI pondered on your time: [0-9.]+[kMG]? nodes, [0-9.]+ s, every move scored\)$'
expect '^O \(AI\) plays 4: win in 12, '
with=$(nodes_of)
run_slow "no ponder" --text --perfect --position=44345216 -j 2 --no-ponder
expect_status 0
expect_count 'pondered' 0
expect '^O \(AI\) plays 4: win in 12, '
without=$(nodes_of)
echo "# ponder: the AI's reply searched ${with:-?} nodes, ${without:-?} without"
[ -n "$with" ] && [ -n "$without" ] && [ $((with * 10)) -lt "$without" ] ||
	fail "the reply after pondering searched $with nodes, $without without"

# bench speedup runs every position at every thread count in turn and adds
# up each position's fastest run.  One thread searches the same tree every
# time, so its row's nodes are the sum of the positions' nodes, each solved
# alone in a fresh process; the scores must agree at both thread counts
# (a difference is an error and exit status 1).
sp=$tmp/speedup-pos
grep '^Test_L2_R2 ' "$srcdir/tests/data/pons-sample.txt" | head -n 3 |
	awk '{ print $2 }' >"$sp"
run "bench speedup" '' bench speedup --threads 1,2 --repeat 2 --no-book \
	--csv "$tmp/speedup.csv" "$sp"
expect_status 0
expect '^# dropfour bench speedup: 3 positions, .* best of 2 per position$'
expect '^ +1 +[0-9.]+s +1\.00 '
expect '^ +2 +[0-9.]+s '
sum=0
while read -r line; do
	nd=$(echo "$line" | "$DROPFOUR" solve -j 1 --no-book -m 8 |
		awk '{ print $3 }')
	sum=$((sum + ${nd:-0}))
done <"$sp"
row=$(awk -F, '$1 == 1 { print $5 }' "$tmp/speedup.csv")
echo "# bench speedup: one-thread row $row nodes, alone $sum"
[ "$sum" -gt 0 ] && [ "$row" = "$sum" ] ||
	fail "one-thread row has ${row:-no} nodes, the positions alone $sum"
[ "$(wc -l <"$tmp/speedup.csv")" -eq 3 ] || fail "the CSV is not 3 lines"

# --per-position: a line for every position at every thread count, and a
# position's one-thread line has the nodes of the position solved alone.
run "bench speedup --per-position" '' bench speedup --threads 1,2 \
	--no-book --per-position --json "$sp"
expect_status 0
expect_count '^\{"position":"[0-9]+","threads":[12],"time":' 6
while read -r line; do
	nd=$(echo "$line" | "$DROPFOUR" solve -j 1 --no-book -m 8 |
		awk '{ print $3 }')
	got=$(grep -E "^\{\"position\":\"$line\",\"threads\":1," "$out" |
		sed 's/.*"nodes":\([0-9]*\).*/\1/')
	[ -n "$nd" ] && [ "$got" = "$nd" ] ||
		fail "position $line: ${got:-no} nodes at one thread, $nd alone"
done <"$sp"
run "bench speedup --per-position, text" '' bench speedup --threads 1,2 \
	--no-book --per-position "$sp"
expect_status 0
expect '^per position \(the fastest run of each\)$'
expect '^[0-9]+ +1 +[0-9.]+s +1\.00 +[0-9]+ +1\.000 +[0-9]+%$'
expect_count '^ +2 +[0-9.]+s +[0-9.]+ +[0-9]+ +[0-9.]+ +[0-9]+%$' 3
# Options of one benchmark are refused by the others, with a message.
run "bench solve --per-position" '' bench solve --per-position "$sp"
expect_status 2
expect '^dropfour: --per-position applies to bench speedup on positions'
run "bench speedup --tour --per-position" '' bench speedup --tour \
	--per-position
expect_status 2
expect '^dropfour: --per-position applies to bench speedup on positions'
run "bench ordering --tour" '' bench ordering --tour
expect_status 2
expect '^dropfour: --tour applies to bench speedup$'

# bench/cores.sh (what sharing a cache line costs between the cores):
# with two CPUs or more and a C compiler, a round trip for every other CPU
# and a row of the table test, and with --nearest one line "FIRST,NEAR";
# a size that is not a number is refused.
n=$((n + 1))
name="bench/cores.sh"
cmd="bench/cores.sh 64"
if command -v "${CC:-cc}" >/dev/null 2>&1 && [ "$(nproc)" -ge 2 ]; then
	"$srcdir/bench/cores.sh" 64 >"$out" 2>&1
	status=$?
	echo "# $name: exit $status"
	expect_status 0
	expect '^[0-9]+ +[0-9]+$'
	expect '^[0-9]+\+[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$'
	n=$((n + 1))
	cmd="bench/cores.sh --nearest"
	"$srcdir/bench/cores.sh" --nearest >"$out" 2>&1
	status=$?
	expect_status 0
	expect_count '.' 1
	expect '^[0-9]+,[0-9]+$'
else
	echo "# $name: skipped (no C compiler or one CPU)"
fi
n=$((n + 1))
cmd="bench/cores.sh 12k"
"$srcdir/bench/cores.sh" 12k >"$out" 2>&1
status=$?
expect_status 2
expect 'KB must be a number'

# bench/busy.sh (threads beside a busy loop): a quiet run of two Test_L3_R1
# positions prints its rounds and a "best" line per thread count; a wrong
# score in the file stops it (exit 1); LOAD must be a number.
printf '%s\n' '2252576253462244111563365343671351441 -1' \
	'7422341735647741166133573473242566 1' >"$tmp/busy-set"
busy() {
	n=$((n + 1))
	cmd="bench/busy.sh $*"
	DROPFOUR=$DROPFOUR TT_MB=8 REPEAT=1 "$srcdir/bench/busy.sh" "$@" \
		>"$out" 2>&1
	status=$?
	echo "# $cmd: exit $status"
}
LOAD=0 busy "$tmp/busy-set"
expect_status 0
expect '^round 1  dropfour  -j1 '
expect_count '^best ' 2
expect '^best      dropfour  -j2 +[0-9.]+ s +[0-9.]+ of its -j1 time$'
sed 's/ 1$/ 2/' "$tmp/busy-set" >"$tmp/busy-wrong"
LOAD=0 busy "$tmp/busy-wrong"
expect_status 1
expect 'gave a wrong score'
LOAD=x busy "$tmp/busy-set"
expect_status 2
expect 'LOAD and REPEAT are numbers'

echo "# text.sh: $n cases"
check_end
