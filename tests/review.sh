#!/bin/sh
# review.sh -- `dropfour review`: the value of every move of a game.
#
# Run by `make check` with $DROPFOUR naming the binary and $srcdir the
# source tree.  The answers the review is held against:
#   1. Pascal Pons' test sets (shared/data/pons-testsets: $TESTDATA_DIR, else
#      $srcdir/../shared/data; the in-tree sample tests/data/pons-sample.txt
#      when neither is there): each position, played as a game, must end
#      with AFTER == minus the set's score (the set's score is the value of
#      the position after the last move, for the side then to move);
#   2. on every ply of those games and of a finished game, `dropfour solve`
#      (itself held against the Pons sets by the Check suites and
#      tests/long-data.sh) of each prefix: BEFORE == solve(prefix), AFTER ==
#      `solve --analyze`'s score of the move played (which is minus the
#      solve of the prefix and the move, or the result of a move that ends
#      the game), BEST == the columns whose --analyze score is BEFORE;
#      with and without the book the same lines;
#   3. input: a saved game, a text file whose first line holds the moves,
#      standard input, another board size; bad input named by file, line
#      and character, exit 2 and nothing on standard output;
#   4. --json parses (python3 when there is one) and says what --plain
#      says; the chart marks the moves that changed the outcome.
# The small boards' brute-force check of every ply is in
# tests/check_review.c.
: "${srcdir:=.}"
. "$srcdir/tests/lib-check.sh"
check_begin review
dropfour() { "$DROPFOUR" "$@"; }

# A game whose fifth move throws the first player's win away and whose
# last move wins (selfplay at depth 8).
game=4444562333352266643342221166177111777755

# ---- 1 and 2: against solve, on every ply --------------------------------
# against_solve MOVES [SET-SCORE]: review --plain MOVES, then solve and
# solve --analyze of every prefix, compared line by line.
against_solve() {
	g=$1
	n=${#g}
	dropfour review -j2 -m 64 --plain "$g" >"$tmp/plain" 2>"$tmp/err" ||
	    { fail "review --plain $g: exit $? ($(cat "$tmp/err"))"; return; }
	[ "$(wc -l <"$tmp/plain")" -eq "$n" ] ||
	    fail "review --plain $g: $(wc -l <"$tmp/plain") lines, expected $n"
	i=0
	: >"$tmp/prefixes"
	while [ $i -lt "$n" ]; do
		if [ $i -eq 0 ]; then
			echo - >>"$tmp/prefixes"
		else
			printf '%s\n' "$g" | cut -c 1-$i >>"$tmp/prefixes"
		fi
		i=$((i + 1))
	done
	dropfour solve -j2 -m 64 "$tmp/prefixes" >"$tmp/solve" ||
	    fail "solve of the prefixes of $g"
	dropfour solve -j2 -m 64 --analyze "$tmp/prefixes" >"$tmp/analyze" ||
	    fail "solve --analyze of the prefixes of $g"
	paste -d ' ' "$tmp/plain" "$tmp/solve" "$tmp/analyze" | awk -v g="$g" '
	{
		ply = $1; col = $2; before = $3; after = $4; best = $5
		# $6 prefix, $7 score, $8 nodes, $9 time, $10 prefix, $11.. cols
		if (before != $7)
			printf "FAIL: %s ply %d: BEFORE %d, solve %d\n", g, ply, before, $7
		max = -1000; want = ""
		for (c = 11; c <= NF; c++)
			if ($c != "-" && $c + 0 > max)
				max = $c + 0
		for (c = 11; c <= NF; c++)
			if ($c != "-" && $c + 0 == max)
				want = want (want == "" ? "" : ",") (c - 10)
		if (max != $7)
			printf "FAIL: %s ply %d: solve %d but --analyze best %d\n", g, ply, $7, max
		if (after != $(10 + col))
			printf "FAIL: %s ply %d: AFTER %d, --analyze of column %d %s\n", g, ply, after, col, $(10 + col)
		if (best != want)
			printf "FAIL: %s ply %d: BEST %s, --analyze %s\n", g, ply, best, want
	}' >"$tmp/bad"
	if [ -s "$tmp/bad" ]; then
		head -n 5 "$tmp/bad"
		fail "review --plain $g disagrees with solve ($(wc -l <"$tmp/bad") lines)"
	fi
	# Consecutive plies: AFTER is minus the next BEFORE.
	awk 'NR > 1 && $3 != -after { print "FAIL: ply " $1 ": BEFORE " $3 ", the ply before kept " after } { after = $4 }' \
	    "$tmp/plain" >"$tmp/bad"
	[ -s "$tmp/bad" ] && fail "$g: $(head -n 1 "$tmp/bad")"
	if [ $# -ge 2 ]; then
		last=$(tail -n 1 "$tmp/plain" | cut -d ' ' -f 4)
		[ "$last" = "$((-$2))" ] ||
		    fail "$g: the last move keeps $last, the Pons set scores the position $2"
	fi
}

# The test sets: the full files, else the in-tree sample.
data=${TESTDATA_DIR:-$srcdir/../shared/data}/pons-testsets
picks=$tmp/picks
if [ -f "$data/Test_L3_R1" ]; then
	echo "# Pons test sets from $data"
	for f in Test_L3_R1:3 Test_L2_R1:2 Test_L2_R2:1; do
		head -n "${f#*:}" "$data/${f%:*}"
	done >"$picks"
else
	echo "# no Pons test sets at $data: the in-tree sample (tests/data)"
	for f in Test_L3_R1:3 Test_L2_R1:2 Test_L2_R2:1; do
		grep "^${f%:*} " "$srcdir/tests/data/pons-sample.txt" |
		    head -n "${f#*:}" | cut -d ' ' -f 2-
	done >"$picks"
fi
[ "$(wc -l <"$picks")" -eq 6 ] || fail "only $(wc -l <"$picks") test-set positions"
while read -r moves score; do
	against_solve "$moves" "$score"
done <"$picks"

# A finished game: the last move makes four, (42 + 1 - 39) / 2 = 2.
against_solve "$game"
tail -n 1 "$tmp/plain" | grep -qx '40 5 2 2 5' ||
    fail "the winning move: $(tail -n 1 "$tmp/plain"), expected '40 5 2 2 5'"
sed -n 5p "$tmp/plain" | grep -qx '5 5 1 -2 4' ||
    fail "ply 5: $(sed -n 5p "$tmp/plain"), expected '5 5 1 -2 4'"
cp "$tmp/plain" "$tmp/game.plain"

# The book changes nothing but the time: a 5x4 book of every position of
# at most 8 stones (without a book, a 7x6 review would solve the empty
# board).
small=4425241341115255233
dropfour book build -W 5 -H 4 --ply 8 -m 16 -j2 -o "$tmp/5x4.book" >"$tmp/out" 2>&1 ||
    fail "book build 5x4: $(cat "$tmp/out")"
dropfour review -W 5 -H 4 -m 16 --plain --book "$tmp/5x4.book" $small >"$tmp/a"
dropfour review -W 5 -H 4 -m 16 --plain --no-book $small >"$tmp/b"
[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b" ||
    fail "review with a 5x4 book differs from --no-book"
dropfour review -W 5 -H 4 -m 16 --json --book "$tmp/5x4.book" $small |
    grep -c '"book":true' | grep -qx 9 ||
    fail "review --json: not 9 plies from the 5x4 book"
dropfour review -j1 -m 64 --plain "$game" | cmp -s - "$tmp/game.plain" ||
    fail "review -j1 differs from -j2"

# ---- 3. input ---------------------------------------------------------------
printf 'dropfour-game 1\nsize 7x6\nmoves %s\n' "$game" >"$tmp/saved"
dropfour review -m 64 --plain "$tmp/saved" | cmp -s - "$tmp/game.plain" ||
    fail "a saved game reviews differently from its moves"
printf '%s 17\nsecond line ignored\n' "$game" >"$tmp/text"
dropfour review -m 64 --plain "$tmp/text" | cmp -s - "$tmp/game.plain" ||
    fail "a text file's first line reviews differently from its moves"
echo "$game" | dropfour review -m 64 --plain | cmp -s - "$tmp/game.plain" ||
    fail "standard input reviews differently from the moves"
echo "$game" | dropfour review -m 64 --plain - | cmp -s - "$tmp/game.plain" ||
    fail "'-' reviews differently from the moves"
# Another size, from the file: 5x4, against solve -W 5 -H 4.
printf 'dropfour-game 1\nsize 5x4\nmoves 3322114\n' >"$tmp/small"
dropfour review -m 16 --plain "$tmp/small" >"$tmp/small.out" 2>&1 ||
    fail "a 5x4 saved game: $(cat "$tmp/small.out")"
dropfour review -W 5 -H 4 -m 16 --plain 3322114 | cmp -s - "$tmp/small.out" ||
    fail "a 5x4 saved game reviews differently from -W 5 -H 4 MOVES"
echo 332211 | dropfour solve -W 5 -H 4 -m 16 --analyze >"$tmp/small.solve"
want=$(awk '{print $5}' "$tmp/small.solve")
got=$(sed -n 7p "$tmp/small.out" | cut -d ' ' -f 4)
[ "$got" = "$want" ] || fail "5x4 ply 7 keeps $got, solve --analyze says $want"

# bad INPUT-NAME PATTERN ARGS...: exit 2, PATTERN on stderr, no stdout.
bad() {
	what=$1
	pattern=$2
	shift 2
	dropfour review -m 16 "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	st=$?
	[ $st -eq 2 ] || fail "$what: exit $st, expected 2"
	[ -s "$tmp/out" ] && fail "$what: printed on stdout: $(head -n 1 "$tmp/out")"
	grep -Eq "$pattern" "$tmp/err" ||
	    fail "$what: message '$(cat "$tmp/err")' lacks /$pattern/"
	[ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$what: more than one line on stderr"
}
bad "a column 8" "^dropfour: '4483': character 3 \('8'\): no such column" 4483
bad "a full column" "character 7 \('1'\): that column is full" 1111111
# Columns past 9 are letters in MOVES (a is column 10 of a 10x4 board).
bad "a letter past the board" "^dropfour: '9ab': character 3 \('b'\): no such column" -W 10 -H 4 9ab
bad "a move after the win" "character 8 \('2'\): the game is already over" 12121212
printf 'dropfour-game 1\nsize 7x6\nmoves 44x3\n' >"$tmp/badchar"
bad "a bad character in a file" "badchar:3: character 9 \('x'\): not a column" "$tmp/badchar"
printf '# a comment\n\n4459\n' >"$tmp/badcol"
bad "a bad column in a text file" "badcol:3: character 4 \('9'\)" "$tmp/badcol"
printf 'size 3x3\nmoves 1\n' >"$tmp/badsize"
bad "an impossible size" "badsize:1: impossible board size 3x3" "$tmp/badsize"
: >"$tmp/empty"
bad "an empty file" "empty: no moves" "$tmp/empty"
bad "a missing file" "nosuchfile: No such file" "$tmp/nosuchfile"
bad "a directory" "Is a directory" "$tmp"
bad "two arguments" "one FILE or MOVES" 44 53
bad "--plain and --json" "cannot be combined" --plain --json 44
bad "a size that disagrees" "a 5x4 game, but -W/-H ask for 7x6" -W 7 -H 6 "$tmp/small"
dropfour review --weak 44 >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "does not apply to review" "$tmp/err" ||
    fail "review --weak is not refused: $(cat "$tmp/err")"
# No moves: nothing to review, not an error.
dropfour review --plain - </dev/null >/dev/null 2>&1
[ $? -eq 2 ] || fail "an empty standard input is not an error"
echo - | dropfour review --plain >"$tmp/out" 2>&1 || fail "the empty game: exit $?"
[ -s "$tmp/out" ] && fail "the empty game printed $(cat "$tmp/out")"

# ---- 4. --json and the chart -----------------------------------------------
dropfour review -m 64 --json "$game" >"$tmp/json" || fail "review --json: exit $?"
[ "$(wc -l <"$tmp/json")" -eq ${#game} ] || fail "review --json: not one line per move"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$tmp/json" "$tmp/game.plain" <<'EOF' || fail "--json does not parse or disagrees with --plain"
import json, sys
plain = [l.split() for l in open(sys.argv[2])]
for n, line in enumerate(open(sys.argv[1])):
    o = json.loads(line)
    p = plain[n]
    best = ",".join(str(c) for c in o["best"])
    got = [str(o["ply"]), str(o["column"]), str(o["before"]), str(o["after"]), best]
    assert got == p, (got, p)
    assert o["changed"] == (o["after"] != o["before"]), o
    assert isinstance(o["book"], bool) and o["book"] == (o["ply"] <= 9), o
    assert o["position"] == "".join(q[1] for q in plain[:n]), o
EOF
else
	grep -vqE '^\{"type":"move","ply":[0-9]+,"column":[0-9],.*"best":\[[0-9,]*\],"changed":(true|false),.*"book":(true|false)' "$tmp/json" &&
	    fail "--json lines of the wrong shape"
fi
grep -q '"ply":5,.*"changed":true,"change":"win-to-loss"' "$tmp/json" ||
    fail "--json: ply 5 is not marked win-to-loss"

dropfour review -m 64 "$game" >"$tmp/chart" 2>&1 || fail "the chart: exit $?"
grep -Eq '^ +5 +X 5 .*win.*loss, best 4' "$tmp/chart" ||
    fail "the chart does not mark ply 5: $(grep -E '^ +5 ' "$tmp/chart")"
grep -q '^result: second player (O) wins' "$tmp/chart" ||
    fail "the chart does not give the result"
[ "$(grep -c '^ *[0-9][0-9]* *[XO] [1-7] ' "$tmp/chart")" -eq ${#game} ] ||
    fail "the chart does not have one row per move"
grep -q "$(printf '\033')" "$tmp/chart" && fail "colour codes in the chart on a pipe"
LC_ALL=C dropfour review -m 64 "$game" | grep -q '^ *5 *X 5 .*win->loss' ||
    fail "the ASCII chart does not mark ply 5"

check_end
