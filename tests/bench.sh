#!/bin/sh
# bench.sh -- the benchmarks that make check can afford: `dropfour bench
# speedup` (its sums held against each position solved alone, its CSV,
# JSON and per-position tables, the options it refuses), bench/cores.sh
# and bench/busy.sh on tiny inputs.  Timings are never asserted, only
# what must hold whatever the machine.
#
# Run by `make check` with $DROPFOUR naming the binary and $srcdir the
# source tree.
. "$(dirname "$0")/lib-check.sh"
check_begin bench
: "${srcdir:=$(dirname "$0")/..}"
out=$tmp/out
n=0

# run NAME INPUT ARGS...: lib-check's check_run with small tables (-m 8).

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
check_status 0
check_match '^# dropfour bench speedup: 3 positions, .* best of 2 per position$'
check_match '^ +1 +[0-9.]+s +1\.00 '
check_match '^ +2 +[0-9.]+s '
sum=0
while read -r line; do
	nd=$(echo "$line" | "$DROPFOUR" solve -j 1 --no-book -m 8 |
		awk '{ print $3 }')
	sum=$((sum + ${nd:-0}))
done <"$sp"
row=$(awk -F, '$1 == 1 { print $5 }' "$tmp/speedup.csv")
echo "# bench speedup: one-thread row $row nodes, alone $sum"
[ "$sum" -gt 0 ] && [ "$row" = "$sum" ] ||
	fail_with "$out" "$name: one-thread row has ${row:-no} nodes, the positions alone $sum"
[ "$(wc -l <"$tmp/speedup.csv")" -eq 3 ] || fail_with "$out" "$name: the CSV is not 3 lines"
# Where the speedup goes: each row's recorded factors multiply to its
# recorded speedup, threads x busy x node speed / node overhead, within
# the rounding of the four decimals they are written with.
check_match '^where the speedup goes \(against the 1-thread row\): speedup = threads x busy x node speed / node overhead$'
check_match '^ +2 +[0-9.]+ = +2 x +[0-9.]+ x +[0-9.]+ / +[0-9.]+ +[0-9.]+ \([0-9.]+%\)$'
bad=$(awk -F, 'NR > 1 {
	p = $1 * $9 * $13 / $6
	if ($3 <= 0 || p < $3 * 0.998 || p > $3 * 1.002 || $9 <= 0 || $9 > 1)
		print "row " $1 ": speedup " $3 ", product " p
	n++
} END { if (n != 2) print n " rows" }' "$tmp/speedup.csv")
[ -z "$bad" ] || fail_with "$tmp/speedup.csv" "$name: factors: $bad"

# --per-position: a line for every position at every thread count, and a
# position's one-thread line has the nodes of the position solved alone.
run "bench speedup --per-position" '' bench speedup --threads 1,2 \
	--no-book --per-position --json "$sp"
check_status 0
check_count '^\{"type":"speedup_position","position":"[0-9]+","threads":[12],"seconds":' 6
while read -r line; do
	nd=$(echo "$line" | "$DROPFOUR" solve -j 1 --no-book -m 8 |
		awk '{ print $3 }')
	got=$(grep -E "^\{\"type\":\"speedup_position\",\"position\":\"$line\",\"threads\":1," "$out" |
		sed 's/.*"nodes":\([0-9]*\).*/\1/')
	[ -n "$nd" ] && [ "$got" = "$nd" ] ||
		fail_with "$out" "$name: position $line: ${got:-no} nodes at one thread, $nd alone"
done <"$sp"
run "bench speedup --per-position, text" '' bench speedup --threads 1,2 \
	--no-book --per-position "$sp"
check_status 0
check_match '^per position \(the fastest run of each\)$'
check_match '^[0-9]+ +1 +[0-9.]+s +1\.00 +[0-9]+ +1\.000 +[0-9]+%$'
check_count '^ +2 +[0-9.]+s +[0-9.]+ +[0-9]+ +[0-9.]+ +[0-9]+%$' 3
# Options of one benchmark are refused by the others, with a message.
run "bench solve --per-position" '' bench solve --per-position "$sp"
check_status 2
check_match '^dropfour: --per-position applies to bench speedup on positions'
run "bench speedup --tour --per-position" '' bench speedup --tour \
	--per-position
check_status 2
check_match '^dropfour: --per-position applies to bench speedup on positions'
run "bench ordering --tour" '' bench ordering --tour
check_status 2
check_match '^dropfour: --tour applies to bench speedup$'

# bench speedup --game: the built-in game's 21 searches of the second
# player at club, strong and expert on a tiny budget (--time scales the
# levels as selfplay does), 1 and 2 threads in turn, two rounds.  The
# table's shape, a row per level and thread count, every search counted
# once a round, the factors multiplying to the speedup, and a proven
# score the same at both thread counts and in both rounds (a difference
# is an error and exit status 1).  No timing is asserted, only what holds
# by definition when every search of a move (the proof before or beside
# the depth-limited search, the checks, the traps) counts its busy
# thread-seconds and nodes once: every factor finite and positive, and a
# one-thread row against itself busy 0.5-1.05 of its time (its thread
# works all along bar the table's setup) with a node speed of 0.9-1.1
# (its own rate, over the busy share).
run "bench speedup --game" '' bench speedup --game --time 0.01 --repeat 2 \
	--no-book --csv "$tmp/game.csv"
check_status 0
check_match '^# dropfour bench speedup --game: 21 searches a level \(the second player.s of a 42-move game\), threads 1,2, 2 rounds, table 8 MB, no book, '
for lv in club strong expert; do
	check_match "^$lv +1 +42 +0 +[0-9]+ +[0-9.]+ +0 +0 +[0-9.]+s +[0-9.]+[kMG]? +1\.00\$"
	check_match "^$lv +2 +42 +0 +[0-9]+ +[0-9.]+ +[0-9]+ +[0-9]+ +[0-9.]+s "
	check_match "^$lv +1 +[0-9]+/42 +0 +[0-9.]+s +1\.000 \(1\.00-1\.00\) = +1 x +[0-9.]+ x +[0-9.]+ / +1\.000\$"
	check_match "^$lv +2 +[0-9]+/42 +0 +[0-9.]+s +[0-9.]+ \([0-9.]+-[0-9.]+\) = +2 x "
done
check_match '^where the speedup goes, to the deepest depth both runs completed'
check_count '(^|[^a-z])-?(nan|inf)([^a-z]|$)' 0
# (CSV: 2 threads, 3 searches, 4 book, 5 proven, 7 deeper, 8 shallower,
# 9 compared, 14 speedup, 17 busy, 18 node speed, 19 node overhead, 20
# rate)
bad=$(awk -F, 'function num(v) { return v ~ /^[0-9]+(\.[0-9]+)?$/ && v + 0 > 0 }
NR > 1 {
	n++
	if ($3 != 42 || $4 != 0 || $9 > $3 - $4 || $5 > $3)
		print $1 " " $2 ": counts " $3 " " $4 " " $5 " " $9
	if ($9 > 0) {
		if (!num($14) || !num($17) || !num($18) || !num($19) || !num($20))
			print $1 " " $2 ": factors " $14 " " $17 " " $18 " " $19 " " $20
		p = $2 * $17 * $18 / $19
		if ($13 <= 0 || p < $14 * 0.995 || p > $14 * 1.005)
			print $1 " " $2 ": speedup " $14 ", product " p
	} else {
		print $1 " " $2 ": no search compared"
	}
	if ($2 == 1 && ($14 != 1 || $19 != 1 || $20 != 1 || $7 != 0 || $8 != 0))
		print $1 ": the one-thread row against itself"
	if ($2 == 1 && ($17 < 0.5 || $17 > 1.05 || $18 < 0.9 || $18 > 1.1))
		print $1 ": one thread busy " $17 ", node speed " $18 " against itself"
} END { if (n != 6) print n " rows" }' "$tmp/game.csv")
[ -z "$bad" ] || fail_with "$tmp/game.csv" "$name: $bad"
# Book moves (no search) are counted and left out of the speedup: with
# the book the first 4 searches of strong and expert in these 8 are
# book moves; of a 4-move game, both are, and they have no speedup.
DROPFOUR_BOOK=$srcdir/data/dropfour-7x6.book
export DROPFOUR_BOOK
run "bench speedup --game, book moves" '' bench speedup --game \
	--time 0.01 3444462755232243 --csv "$tmp/book.csv"
check_status 0
check_match '^club +2 +[0-9]+/8 +0 +[0-9.]+s +[0-9.]+ \('
check_match '^strong +2 +[0-9]+/4 +4 +[0-9.]+s +[0-9.]+ \('
check_match '^expert +1 +8 +4 '
bad=$(awk -F, 'NR > 1 && ($3 != 8 || $4 != ($1 == "club" ? 0 : 4) ||
	$9 > $3 - $4) { print $1 " " $2 ": counts " $3 " " $4 " " $9 }' \
	"$tmp/book.csv")
[ -z "$bad" ] || fail_with "$tmp/book.csv" "$name: $bad"
run "bench speedup --game, all book moves" '' bench speedup --game \
	--time 0.01 3444 --json
check_status 0
check_count '^\{"type":"speedup_level","level":"(strong|expert)","threads":[12],"searches":2,"book":2,.*"compared":0,.*"speedup":null,.*"busy":null,' 4
check_count '^\{"type":"speedup_level","level":"club","threads":[12],"searches":2,"book":0,' 2
run "bench speedup --game, all book moves, text" '' bench speedup --game \
	--time 0.01 3444
check_status 0
check_count '^(strong|expert) +[12] +2 +2 +all book moves \(no search\)$' 4
check_count '^(strong|expert) +[12] +0/0 +2 +all book moves \(no search\): no speedup$' 4
unset DROPFOUR_BOOK
# The same as JSON Lines, and a game of the caller's: five searches.
run "bench speedup --game --json" '' bench speedup --game --time 0.01 \
	--no-book --json 3444462755
check_status 0
check_count '^\{"type":"speedup_level","level":"(club|strong|expert)","threads":[12],"searches":5,' 6
run "bench speedup --game, a bad game" '' bench speedup --game --no-book 3448
check_status 2
check_match '^dropfour: bench speedup --game: 3448: '
run "bench speedup --game --tour" '' bench speedup --game --tour
check_status 2
check_match '^dropfour: --tour and --game: one or the other$'
run "bench solve --game" '' bench solve --game "$sp"
check_status 2
check_match '^dropfour: --game applies to bench speedup$'
run "bench speedup --game --per-position" '' bench speedup --game \
	--per-position
check_status 2
check_match '^dropfour: --per-position applies to bench speedup on positions \(not --tour or --game\)$'

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
	check_status 0
	check_match '^[0-9]+ +[0-9]+$'
	check_match '^[0-9]+\+[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$'
	n=$((n + 1))
	cmd="bench/cores.sh --nearest"
	"$srcdir/bench/cores.sh" --nearest >"$out" 2>&1
	status=$?
	check_status 0
	check_count '.' 1
	check_match '^[0-9]+,[0-9]+$'
else
	check_part_skip "$name" "no C compiler or one CPU"
fi
n=$((n + 1))
cmd="bench/cores.sh 12k"
"$srcdir/bench/cores.sh" 12k >"$out" 2>&1
status=$?
check_status 2
check_match 'KB must be a number'

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
check_status 0
check_match '^round 1  dropfour  -j1 '
check_count '^best ' 2
check_match '^best      dropfour  -j2 +[0-9.]+ s +[0-9.]+ of its -j1 time$'
sed 's/ 1$/ 2/' "$tmp/busy-set" >"$tmp/busy-wrong"
LOAD=0 busy "$tmp/busy-wrong"
check_status 1
check_match 'gave a wrong score'
LOAD=x busy "$tmp/busy-set"
check_status 2
check_match 'LOAD and REPEAT are numbers'

# bench/heuristic.sh (the search's move against the exact values): one
# position a phase at depth 1; the cache holds solve --analyze's line of
# each position, and a second run reads it instead of solving again.
data=$(sed -n 's/^TESTDATA_DIR = //p' Makefile 2>/dev/null)
if [ -n "$data" ] && [ -d "$data/pons-testsets" ]; then
	heur() {
		n=$((n + 1))
		cmd="bench/heuristic.sh $*"
		DROPFOUR=$DROPFOUR DROPFOUR_DATA=$data "$srcdir/bench/heuristic.sh" "$@" >"$out" 2>&1
		status=$?
		echo "# $cmd: exit $status"
	}
	heur --per 1 --budgets "depth 1" --cache "$tmp/hcache" -m 8
	check_status 0
	check_match '^# exact values: solve --analyze of 4 positions'
	check_count '^depth 1 +(0-8|9-16|17-24|25\+) +1 ' 4
	check_match '^depth 1 +all +4 '
	cut -d' ' -f1 "$tmp/hcache" | "$DROPFOUR" solve --analyze -m 8 >"$tmp/hwant"
	cmp -s "$tmp/hcache" "$tmp/hwant" ||
		fail "bench/heuristic.sh: the cache is not solve --analyze's"
	heur --per 1 --budgets "depth 1" --cache "$tmp/hcache" -m 8
	check_status 0
	check_match '^# exact values from '
	heur --per x
	check_status 2
else
	check_part_skip "bench/heuristic.sh" "no Pons test sets"
fi

echo "# bench.sh: $n cases"
check_end
