#!/bin/sh
# text.sh -- the plain-text front-end and self-play, driven through pipes.
#
# Run by `make check` with $DROPFOUR naming the binary.  Every case feeds
# lines on standard input, checks the exit status and greps the output.
# Small boards, small depths and small tables keep it to a few seconds.

. "$(dirname "$0")/lib-check.sh"
check_begin text
out=$tmp/out
n=0

# run NAME INPUT ARGS...: lib-check's check_run with small tables (-m 8).

# 1. A full game, two humans on 4x4: X fills column 1 and wins.
run "human-human game" '1\n2\n1\n2\n1\n2\n1\n' \
	--text --mode=human-human -W 4 -H 4
check_status 0
check_match '^X wins\.$'
check_match '^moves: 1212121$'

# 2. Bad input lines each get a reason, and the game goes on.
run "bad input" 'abc\n0\n5\n42\n\n1\n1\n1\n1\n1\nq!\n2\nq\n' \
	--text --mode=human-human -W 4 -H 4
check_status 0
check_match "'abc' is not a column"
check_match 'no column 0'
check_match 'no column 5: the columns are 1 to 4'
check_match 'no column 42'
check_match '^Type a column number from 1 to 4'
check_match 'Column 1 is full'
check_match "'q!' is not a column or a command"
check_match '^moves: 11112$'
check_match '^Bye\.$'

# 2b. A board wider than 9: columns 10 and up by number or by their
# names a-g (either case), b staying the board command; a 16x7 board (128
# bits) against the AI.
run "wide board" '12\nC\n11\nb\ng\nq\n' --text --mode=human-human -W 12 -H 4
check_status 0
check_match '^1 2 3 4 5 6 7 8 9 a b c$'
check_match 'column 1-12 \(10-12 are a-c'
check_match 'no column 16: the columns are 1 to 12'
check_match '^moves: ccb$'
run "16x7 against the AI" '16\nq\n' --text -W 16 -H 7 --depth 3
check_status 0
check_match '^moves: g[1-9a-g]$'

# 3. The end of input ends the game cleanly.
run "end of input" '4\n' --text --mode=human-human
check_status 0
check_match '^End of input'
run "empty input" '' --text --mode=human-human
check_status 0
check_match '^End of input'

# 4. Against the AI: the human plays the winning line from a position.
run "human beats the AI" '4\n' --text --position=112233 -d 4 -j 1
check_status 0
check_match '^X wins\.$'
check_match '^moves: 1122334$'

# 5. The AI takes its win, and shows scores, nodes per thread and time.
run "the AI wins" '' --text --mode=ai-human --position=112233 -d 4 -j 2
check_status 0
check_match '^X \(AI\) plays 4: .*[0-9.]+ s'
check_match '^  scores:  1: .*  7: '
check_match '^  nodes: .* on 2 threads: #0 [0-9.]+[kMG]? #1 [0-9.]+[kMG]?$'
check_match '^X wins\.$'

# 5b. The column scores tell a full column from one not searched: with
# --perfect only the move's column (and those asked before it) are scored.
run "scores: full and not searched" 'q\n' --text -W 4 -H 4 --position=1111 \
    --mode=ai-human --perfect -j 1
check_status 0
check_match '^  scores:  1: full  2: draw  3: \.  4: \.$'
run "help: the scores' legend" 'h\nq\n' --text -W 4 -H 4
check_status 0
check_match "'\.' not searched, 'full' a full column"

# 5c. The strong levels open from the shipped book (its exact values: the
# centre wins, Allis 1988); the weak ones do not take it.
run "strong opens from the book" 'q\n' --text --mode=ai-human --level strong \
    -j 1
check_status 0
check_match '^X \(AI\) plays 4: win in 21, '
check_match '^  scores:  1: loss in 20  2: loss in 21  3: draw  4: win in 21  5: draw  6: loss in 21  7: loss in 20$'
run "club plays without the book" 'q\n' --text --mode=ai-human --level club \
    -j 1 --time 0.05
check_status 0
check_match '^X \(AI\) plays [1-7]: [+-]?[0-9]+, depth '

# 6. Undo against the AI takes back the AI's reply and the human's move.
run "undo" '4\nu\nq\n' --text -d 2 -j 1
check_status 0
check_match '^O \(AI\) plays'
check_match '^moves: \(none\)$'

# 7. The AI against itself to the end of a game.
run "ai-ai" '' --text --mode=ai-ai -W 4 -H 4 -d 4 -j 2
check_status 0
check_match '^(X wins\.|O wins\.|Draw: the board is full\.)$'

# 8. A bad --position is bad usage in every mode: exit status 2, one
# message.  (The curses game's own path is in tui.sh; here, with no
# terminal, `dropfour` plays in plain text.)
for mode in "--text" "play" "selfplay" "solve" "bench solve"; do
	# shellcheck disable=SC2086
	run "bad position ($mode)" '' $mode --position=12a
	check_status 2
	case $mode in
	solve | "bench solve")
		check_count '^dropfour: --position does not apply to ' 1 ;;
	*)
		check_count "^dropfour: bad --position '12a' at character 3" 1 ;;
	esac
done

# 8a. A --load that fails: exit status 2, the path named once.
printf 'dropfour-game 1\nsize 7x6\nmoves 4458\n' >"$tmp/bad-save.txt"
for mode in "--text" "play" "selfplay"; do
	# shellcheck disable=SC2086
	run "bad load ($mode)" '' $mode --load="$tmp/bad-save.txt"
	check_status 2
	check_count 'bad-save\.txt' 1
	check_match 'bad-save\.txt:3: bad move at character 4 ..8..: no such column'
done
run "missing load" '' --text --load="$tmp/missing.txt"
check_status 2
check_count 'missing\.txt' 1

# 8b. A negative --seed is refused, not wrapped around to 2^64 - 1.
run "negative seed" '' selfplay --seed=-1
check_status 2
check_match "invalid argument '-1' for --seed: must be a whole number from 0"

# 9. Perfect self-play on 4x4: the game-theoretic value is a draw.
run "selfplay perfect 4x4" '' selfplay --perfect --width 4 --height 4 -j 2
check_status 0
check_count '^result: ' 1
check_match '^result: draw$'
check_match '^summary: 1 game: 0 won by the first player, 0 by the second, 1 drawn$'

# 10. Three depth-limited games and a summary.
run "selfplay 3 games" '' selfplay --games 3 --depth 4 -j 2
check_status 0
check_count '^game [123] of 3: ' 3
check_count '^result: (first player wins|second player wins|draw)$' 3
check_match '^summary: 3 games: '
check_match '^summary: [0-9]+ moves, on average [0-9.]+ s and [0-9.]+[kMG]? nodes a move$'

# 11. Self-play from a position with the averaged-outcome evaluation.
run "selfplay average" '' selfplay --eval=average --depth 3 -W 5 -H 4 \
	--position=33 -j 2
check_status 0
check_match '^  from 33$'
check_count '^result: ' 1

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
check_status 0
check_match '^  \(the AI pondered on your time: [0-9.]+[kMG]? nodes, [0-9.]+ s, every move scored\)$'
check_match '^O \(AI\) plays 4: win in 12, '
with=$(nodes_of)
run_slow "no ponder" --text --perfect --position=44345216 -j 2 --no-ponder
check_status 0
check_count 'pondered' 0
check_match '^O \(AI\) plays 4: win in 12, '
without=$(nodes_of)
echo "# ponder: the AI's reply searched ${with:-?} nodes, ${without:-?} without"
[ -n "$with" ] && [ -n "$without" ] && [ $((with * 10)) -lt "$without" ] ||
	fail_with "$out" "$name: the reply after pondering searched $with nodes, $without without"

# The AI's move line gives the played column's own score, as on the
# scores line under it; a level that plays another column than the search's
# best says so and gives the best's score (beginner, seeded, slips).
run "played column's score" '4\n4\n3\n1\n' \
	--text --level beginner --seed 1 --time 0.2
check_status 0
check_match 'the level.s own choice; the search.s best is [1-7]: '
awk '
/ \(AI\) plays [0-9]+: / {
	col = $4; sub(/:$/, "", col)
	score = $0; sub(/^.* plays [0-9]+: /, "", score); sub(/, .*/, "", score)
	want = col ": " score; next_scores = 1; best = ""; next
}
/the search.s best is/ {
	best = $0; sub(/^.*best is /, "", best)
	next
}
/^  scores:/ && next_scores {
	if (index($0, " " want) == 0) { print "played " want " not in: " $0; bad = 1 }
	next_scores = 0
}
END { exit bad }' "$out" || fail_with "$out" "$name: a played column's score differs from its score"
awk '
/the search.s best is/ { best = $0; sub(/^.*best is /, "", best); held = 1; next }
/^  scores:/ && held { if (index($0, " " best) == 0) { print "best " best " not in: " $0; bad = 1 }; held = 0 }
END { exit bad }' "$out" || fail_with "$out" "$name: the search's best is given with another score"

echo "# text.sh: $n cases"
check_end
