#!/bin/sh
# determinism.sh -- a one-thread solve counts the same nodes on every run.
#
# Run by `make check` with $DROPFOUR naming the binary.  Thirteen positions
# (the first three of Test_L3_R1, Test_L2_R1, Test_L2_R2 and Test_L1_R1 in
# tests/data/pons-sample.txt, and 4455, won with the next stone) are each
# solved alone in RUNS separate processes with `solve -j1 --no-book`; every
# run must give the same score and node count (the third column; the
# fourth, microseconds, may differ).  Between searches the tables are kept,
# so the positions solved in one process in turn count nodes of their own:
# that list, too, must give the same counts every time.  Searches from 2
# nodes to a few hundred thousand: the leaf table grows in the larger ones.

. "$(dirname "$0")/lib-check.sh"
check_begin determinism
: "${srcdir:=$(dirname "$0")/..}"
RUNS=${RUNS:-4}
sample=$srcdir/tests/data/pons-sample.txt
[ -r "$sample" ] || check_skip "no $sample"

pos=$tmp/positions
for set in Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1; do
	grep "^$set " "$sample" | head -n 3 | cut -d' ' -f2
done >"$pos"
echo 4455 >>"$pos"
[ "$(wc -l <"$pos")" -eq 13 ] || fail "expected 13 positions"

# solve_alone N: every position in a process of its own, into $tmp/alone.N
solve_alone() {
	while read -r p; do
		echo "$p" | "$DROPFOUR" solve -j1 --no-book -m 16 |
			awk '{ print $1, $2, $3 }'
	done <"$pos" >"$tmp/alone.$1"
}

# solve_list N: the whole list in one process, into $tmp/list.N
solve_list() {
	"$DROPFOUR" solve -j1 --no-book -m 16 <"$pos" |
		awk '{ print $1, $2, $3 }' >"$tmp/list.$1"
}

i=1
while [ "$i" -le "$RUNS" ]; do
	solve_alone "$i"
	solve_list "$i"
	[ "$(wc -l <"$tmp/alone.$i")" -eq 13 ] ||
		fail "run $i: $(wc -l <"$tmp/alone.$i") lines for 13 positions"
	if [ "$i" -gt 1 ]; then
		cmp -s "$tmp/alone.1" "$tmp/alone.$i" || {
			fail "run $i alone differs from run 1:"
			diff "$tmp/alone.1" "$tmp/alone.$i"
		}
		cmp -s "$tmp/list.1" "$tmp/list.$i" || {
			fail "run $i of the list differs from run 1:"
			diff "$tmp/list.1" "$tmp/list.$i"
		}
	fi
	i=$((i + 1))
done

# The first position of the list sees empty tables, as it does alone.
[ "$(head -n 1 "$tmp/alone.1")" = "$(head -n 1 "$tmp/list.1")" ] ||
	fail "the list's first position: $(head -n 1 "$tmp/list.1")," \
		"alone: $(head -n 1 "$tmp/alone.1")"
# 4455: the side to move wins with its next stone (a root and one child).
grep -qx '4455 18 2' "$tmp/alone.1" ||
	fail "4455: $(grep '^4455 ' "$tmp/alone.1"), expected '4455 18 2'"

check_end
