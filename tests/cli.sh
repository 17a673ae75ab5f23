#!/bin/sh
# cli.sh -- the command line's honesty: write and read errors reported once
# with a failure status, bad input lines named by file, line and character
# (never solved as something else), messages that say what is wrong,
# options before the mode word, solve --json, --time and --nodes.
#
# Run by `make check` with $DROPFOUR naming the binary and DROPFOUR_DATADIR
# the shipped book.  Known scores are Pascal Pons' published ones (the
# lines of tests/data/pons-sample.txt and shared/data/pons-testsets,
# "MOVES SCORE"): 4453 scores -2 on 7x6 (Test_L3 sample below) and the empty
# 7x6 board 1 (the first player wins with the 41st stone: John Tromp, 1988).

. "$(dirname "$0")/lib-check.sh"
check_begin cli
D=$DROPFOUR
case $D in /*) ;; *) D=$(pwd)/$D ;; esac

# A few published positions and scores (Test_L3_R1, lines 1-3).
cat >"$tmp/pons" <<'END'
2252576253462244111563365343671351441 -1
7422341735647741166133573473242566 1
23163416124767223154467471272416755633 0
END
cut -d' ' -f1 "$tmp/pons" >"$tmp/moves"

# one_error CMD_DESC FILE PATTERN: FILE (stderr) holds exactly one line and
# it matches PATTERN.
one_error() {
	[ "$(wc -l <"$2")" -eq 1 ] && grep -Eq -- "$3" "$2" ||
		fail "$1: expected one line /$3/, got: $(cat "$2")"
}

# ---- 1. write errors ------------------------------------------------------
if [ -w /dev/full ]; then
	echo 4453 | "$D" solve >/dev/full 2>"$tmp/err"
	s=$?
	[ $s -ne 0 ] || fail "solve >/dev/full: exit 0"
	one_error "solve >/dev/full" "$tmp/err" \
		'^dropfour: write error: No space left on device$'
	for args in "--help" "--version" "solve --help" "tour -W 5 -H 5 -j1" \
		"book info $DROPFOUR_DATADIR/dropfour-7x6.book"; do
		# shellcheck disable=SC2086
		"$D" $args >/dev/full 2>"$tmp/err"
		s=$?
		[ $s -ne 0 ] || fail "$args >/dev/full: exit 0"
		one_error "$args >/dev/full" "$tmp/err" \
			'^dropfour: write error: No space left on device$'
	done
else
	check_part_skip "-o /dev/full" "no writable /dev/full"
fi
echo 4453 | "$D" solve >&- 2>"$tmp/err"
s=$?
[ $s -ne 0 ] || fail "solve >&-: exit 0"
one_error "solve >&-" "$tmp/err" '^dropfour: write error: Bad file descriptor$'

# SIGPIPE ignored (as Python's subprocess leaves it): the closed pipe is a
# write error, and the run stops instead of solving every line.
# 3 x 2^12 lines: more output than a pipe holds.
cp "$tmp/moves" "$tmp/many"
i=0
while [ $i -lt 12 ]; do
	cat "$tmp/many" "$tmp/many" >"$tmp/many2" && mv "$tmp/many2" "$tmp/many"
	i=$((i + 1))
done
(
	trap '' PIPE
	{
		"$D" solve -j1 -m 8 "$tmp/many" 2>"$tmp/pipe.err"
		echo $? >"$tmp/pipe.rc"
	} | head -n 1 >"$tmp/pipe.out"
)
[ "$(cat "$tmp/pipe.rc")" != 0 ] || fail "solve | head -1 (SIGPIPE ignored): exit 0"
one_error "solve | head -1" "$tmp/pipe.err" '^dropfour: write error: Broken pipe$'

# ---- 2. read errors -------------------------------------------------------
"$D" solve . >"$tmp/out" 2>"$tmp/err"
s=$?
[ $s -eq 1 ] || fail "solve .: exit $s, expected 1"
one_error "solve ." "$tmp/err" '^dropfour: \.: read error: Is a directory$'
"$D" solve <. >"$tmp/out" 2>"$tmp/err"
s=$?
[ $s -eq 1 ] || fail "solve < .: exit $s, expected 1"
one_error "solve < ." "$tmp/err" '^dropfour: stdin: read error: Is a directory$'

# ---- 3. bad input: each line is its position or an error --------------------
printf ' 44\n' | "$D" solve >"$tmp/out" 2>"$tmp/err"
s=$?
[ $s -eq 1 ] || fail "' 44': exit $s, expected 1"
[ ! -s "$tmp/out" ] || fail "' 44': printed a score: $(cat "$tmp/out")"
one_error "' 44'" "$tmp/err" '^dropfour: stdin:1:1: '
printf '44\000 53\n' | "$D" solve >"$tmp/out" 2>"$tmp/err"
s=$?
[ $s -eq 1 ] || fail "'44<NUL> 53': exit $s, expected 1"
[ ! -s "$tmp/out" ] || fail "'44<NUL> 53': solved: $(cat "$tmp/out")"
one_error "'44<NUL> 53'" "$tmp/err" '^dropfour: stdin:1:3: a NUL byte'
# A UTF-8 byte-order mark is skipped: the line is its position.
printf '\357\273\277%s\n' "$(head -n 1 "$tmp/moves")" >"$tmp/bom"
"$D" solve -m 8 "$tmp/bom" >"$tmp/out" 2>"$tmp/err"
s=$?
[ $s -eq 0 ] || fail "a byte-order mark: exit $s: $(cat "$tmp/err")"
[ "$(cut -d' ' -f1,2 "$tmp/out")" = "$(head -n 1 "$tmp/pons")" ] ||
	fail "a byte-order mark: not the published score: $(cat "$tmp/out")"
# A file with good and bad lines: the good ones solved, each bad one named.
{
	sed -n 1p "$tmp/moves"
	echo 4481
	sed -n 2p "$tmp/moves"
	echo 44x4
	echo 4444444
	sed -n 3p "$tmp/moves"
} >"$tmp/mixed"
"$D" solve -m 8 "$tmp/mixed" >"$tmp/out" 2>"$tmp/err"
s=$?
[ $s -eq 1 ] || fail "mixed file: exit $s, expected 1"
cut -d' ' -f1,2 "$tmp/out" | cmp -s - "$tmp/pons" ||
	fail "mixed file: the good lines are not the published scores: $(cat "$tmp/out")"
grep -q "^dropfour: $tmp/mixed:2:3: no such column ('8')$" "$tmp/err" ||
	fail "mixed file: line 2 not named: $(cat "$tmp/err")"
grep -q "^dropfour: $tmp/mixed:4:3: not a column number ('x')$" "$tmp/err" ||
	fail "mixed file: line 4 not named: $(cat "$tmp/err")"
grep -q "^dropfour: $tmp/mixed:5:7: that column is full ('4')$" "$tmp/err" ||
	fail "mixed file: line 5 not named: $(cat "$tmp/err")"

# ---- 7. messages ------------------------------------------------------------
"$D" solve --tt-mb=99999999 </dev/null 2>"$tmp/err"
grep -q "too large" "$tmp/err" || fail "--tt-mb=99999999: $(cat "$tmp/err")"
"$D" tour -W 0 2>"$tmp/err"
grep -q "out of range" "$tmp/err" && ! grep -q "not a number" "$tmp/err" ||
	fail "tour -W 0: $(cat "$tmp/err")"
"$D" --tt-mb=lots solve </dev/null 2>"$tmp/err"
grep -q "must be a number" "$tmp/err" || fail "--tt-mb=lots: $(cat "$tmp/err")"
"$D" book foo 2>"$tmp/err"
s=$?
[ $s -eq 2 ] && grep -q "'foo'" "$tmp/err" || fail "book foo: exit $s, $(cat "$tmp/err")"
"$D" foo 2>"$tmp/err"
s=$?
[ $s -eq 2 ] && grep -q "unknown mode 'foo'" "$tmp/err" ||
	fail "dropfour foo: exit $s, $(cat "$tmp/err")"
# Options before the mode word, as in git.
"$D" -j1 -m 8 solve "$tmp/moves" >"$tmp/out" 2>"$tmp/err"
s=$?
[ $s -eq 0 ] && cut -d' ' -f1,2 "$tmp/out" | cmp -s - "$tmp/pons" ||
	fail "dropfour -j1 -m 8 solve: exit $s, $(cat "$tmp/err" "$tmp/out")"
"$D" --tt-mb 8 -j 1 solve --analyze "$tmp/moves" >"$tmp/out" 2>"$tmp/err" ||
	fail "dropfour --tt-mb 8 -j 1 solve: $(cat "$tmp/err")"

# ---- solve --json -------------------------------------------------------------
"$D" solve --json -j1 -m 8 "$tmp/moves" >"$tmp/json" 2>"$tmp/err" ||
	fail "solve --json: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/json")" -eq 3 ] || fail "solve --json: not 3 lines"
sed 's/.*"position":"\([0-9]*\)".*"score":\(-*[0-9]*\),.*/\1 \2/' "$tmp/json" |
	cmp -s - "$tmp/pons" || fail "solve --json: not the published scores: $(cat "$tmp/json")"
for f in type width height kind best pv nodes seconds book partial; do
	[ "$(grep -c "\"$f\":" "$tmp/json")" -eq 3 ] || fail "solve --json: no field $f"
done
"$D" solve --json --analyze -j1 -m 8 >"$tmp/ajson" 2>"$tmp/err" <<'END'
4444443
4453
END
grep -q '^{"type":"analysis","position":"4444443",.*"scores":\[[-0-9]*,[-0-9]*,[-0-9]*,null,' "$tmp/ajson" ||
	fail "solve --json --analyze: no null for the full column: $(cat "$tmp/ajson")"
if command -v python3 >/dev/null 2>&1; then
	cat "$tmp/json" "$tmp/ajson" | python3 -c '
import json, sys
for line in sys.stdin:
    o = json.loads(line)
    assert o["width"] == 7 and o["height"] == 6, o
    assert isinstance(o["nodes"], int) and isinstance(o["book"], bool), o
    if "scores" in o:
        legal = [s for s in o["scores"] if s is not None]
        assert o["score"] == max(legal), o
        assert all(o["scores"][c - 1] == o["score"] for c in o["best"]), o
' || fail "solve --json: python3 could not parse it as JSON Lines"
else
	check_part_skip "JSON checked by python3" "no python3 (checked with grep only)"
fi
# --analyze --json agrees with --analyze.
printf '4444443\n4453\n' | "$D" solve --analyze -j1 -m 8 >"$tmp/atext"
sed 's/.*"position":"\([0-9]*\)".*"scores":\[\([^]]*\)\].*/\1 \2/; s/,/ /g; s/null/-/g' \
	"$tmp/ajson" | cmp -s - "$tmp/atext" ||
	fail "solve --analyze --json and --analyze differ: $(cat "$tmp/atext")"

# ---- solve --time / --nodes: a stopped line is a bound, marked partial --------
# The empty 7x6 board scores 1; a stopped search gives a bound on it.
echo - | "$D" solve --no-book --nodes 20000 -j1 -m 8 >"$tmp/out" 2>"$tmp/err"
s=$?
[ $s -eq 0 ] || fail "solve --nodes: exit $s, $(cat "$tmp/err")"
line=$(cat "$tmp/out")
case $line in
"- >="*" partial") b=${line#- >=} b=${b%% *}; [ "$b" -le 1 ] || fail "--nodes: bound $line above 1" ;;
"- <="*" partial") b=${line#- <=} b=${b%% *}; [ "$b" -ge 1 ] || fail "--nodes: bound $line below 1" ;;
"- ? "*" partial") ;;
*) fail "solve --nodes: not a partial line: $line" ;;
esac
echo 4453 | "$D" solve --time 5 -j1 -m 8 >"$tmp/out" 2>&1
grep -q '^4453 -2 [0-9]* [0-9]*$' "$tmp/out" || fail "solve --time 5 on an easy position: $(cat "$tmp/out")"
echo - | "$D" solve --no-book --time 0.2 -j1 -m 8 >"$tmp/out" 2>&1
grep -q ' partial$' "$tmp/out" || fail "solve --time 0.2 on the empty board: $(cat "$tmp/out")"

# ---- 4. one book build per book: the second names the first's process ----------
(cd "$tmp" && exec "$D" book build -W 6 -H 5 --ply 6 -j1 -m 8 -o lock.book) \
	>/dev/null 2>"$tmp/first.err" &
first=$!
i=0
while [ $i -lt 100 ] && [ ! -e "$tmp/lock.book.journal" ]; do
	sleep 0.05
	i=$((i + 1))
done
(cd "$tmp" && "$D" book build -W 6 -H 5 --ply 6 -j1 -m 8 -o lock.book) \
	>/dev/null 2>"$tmp/err"
s=$?
kill -INT $first 2>/dev/null
wait $first
[ $s -eq 1 ] || fail "a second book build: exit $s, expected 1"
grep -q "another book build (process $first)" "$tmp/err" ||
	fail "a second book build: $(cat "$tmp/err")"

# ---- 5. DROPFOUR_BOOK serves its own size -------------------------------------
export DROPFOUR_BOOK="$DROPFOUR_DATADIR/dropfour-7x6.book"
printf '1\n2\nq\n' | "$D" --text -W 4 -H 4 -d 4 -m 8 >"$tmp/out" 2>&1 ||
	fail "DROPFOUR_BOOK (7x6) and a 4x4 text game: $(head -n 3 "$tmp/out")"
want=$(echo 3 | "$D" solve -W 5 -H 4 --no-book -j1 -m 8 | cut -d' ' -f2)
echo 3 | "$D" solve -W 5 -H 4 -j1 -m 8 >"$tmp/out" 2>"$tmp/err"
s=$?
[ $s -eq 0 ] && [ "$(cut -d' ' -f2 "$tmp/out")" = "$want" ] ||
	fail "DROPFOUR_BOOK (7x6), solve on 5x4: exit $s, $(cat "$tmp/out" "$tmp/err")"
grep -q "note: DROPFOUR_BOOK .* 7x6 .* not used on the 5x4 board" "$tmp/err" ||
	fail "DROPFOUR_BOOK (7x6), solve on 5x4: no note"
echo 3 | "$D" solve -W 5 -H 4 --book "$DROPFOUR_BOOK" >/dev/null 2>&1
[ $? -eq 1 ] || fail "--book of the wrong size: not an error"
unset DROPFOUR_BOOK

# ---- 7. more messages: selfplay's thread list, plurals -------------------------
"$D" selfplay -W 4 -H 4 -d 2 -j 2,1,3 -m 8 >"$tmp/out" 2>&1
grep -q '^game 1 of 1: 4x4, .*threads 2,1,3 in turn' "$tmp/out" ||
	fail "selfplay -j 2,1,3: $(head -n 1 "$tmp/out")"
grep -q '^summary: 1 game: [0-9] won by the first player, [0-9] by the second, [0-9] drawn$' "$tmp/out" ||
	fail "selfplay summary: $(grep summary "$tmp/out")"
grep -q ' 1 nodes' "$tmp/out" && fail "selfplay: '1 nodes'"

# ---- 6. dropfour-mpi's own messages -------------------------------------------
M=${DROPFOUR_MPI:-$(dirname "$D")/dropfour-mpi}
if [ -x "$M" ] && command -v mpirun >/dev/null 2>&1; then
	export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
	# Under AddressSanitizer, Open MPI's memory still held at exit is not
	# ours to free (as in tests/mpi.sh): no leak check for these runs.
	if [ -n "${ASAN_OPTIONS:-}" ]; then
		ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"
		export ASAN_OPTIONS
	fi
	"$M" --version >"$tmp/out" 2>&1
	s=$?
	[ $s -eq 0 ] && grep -q "^dropfour-mpi (dropfour " "$tmp/out" ||
		fail "dropfour-mpi --version: exit $s, $(cat "$tmp/out")"
	"$M" foo >/dev/null 2>"$tmp/err"
	grep -q "^dropfour-mpi: unknown mode 'foo'" "$tmp/err" || fail "dropfour-mpi foo: $(head -n 1 "$tmp/err")"
	"$M" solve -Q </dev/null >/dev/null 2>"$tmp/err"
	grep -q "^dropfour-mpi: invalid option -- 'Q'" "$tmp/err" &&
		grep -q "^Try 'dropfour-mpi --help'" "$tmp/err" ||
		fail "dropfour-mpi solve -Q: $(cat "$tmp/err")"
	"$M" book info x >/dev/null 2>"$tmp/err"
	grep -q "^dropfour-mpi: book info: .* (use dropfour book info FILE)" "$tmp/err" ||
		fail "dropfour-mpi book info: $(cat "$tmp/err")"
	if [ -w /dev/full ]; then
		echo 4453 | "$M" solve -m 8 >/dev/full 2>"$tmp/err"
		s=$?
		[ $s -ne 0 ] || fail "dropfour-mpi solve >/dev/full: exit 0"
		one_error "dropfour-mpi solve >/dev/full" "$tmp/err" \
			'^dropfour-mpi: write error: No space left on device$'
	fi
else
	check_part_skip "dropfour-mpi's messages" "no dropfour-mpi or mpirun"
fi

check_end
