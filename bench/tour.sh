#!/usr/bin/env bash
# bench/tour.sh -- the knight's tour figures of the README, measured:
#   1. 4x7 from the corner on one thread (best of REPEAT runs);
#   2. every directed tour of 6x6, all start squares, on 1 and 2 threads:
#      bench speedup --tour, best of REPEAT interleaved runs, with CSV;
#   3. the split depth: the same count on THREADS threads for depths 1..8;
#   4. the 7x7 estimate: bench tour-sample (SAMPLES prefixes of 9 squares).
# DROPFOUR names the binary; REPEAT (default 5), THREADS (default 2) and
# SAMPLES (default 600) scale it.  Writes tour-speedup.csv here.
set -euo pipefail
me=bench/tour.sh
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
bin=$(find_dropfour)
repeat=${REPEAT:-5}
threads=${THREADS:-2}

echo "== load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== 1. 4x7 from a1, one thread (best of $repeat)"
best=
for _ in $(seq "$repeat"); do
	t=$("$bin" tour -W 4 -H 7 -j1 | sed -n 's/.*time \([0-9.]*\) ms$/\1/p')
	if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then
		best=$t
	fi
done
echo "4x7 from a1: 1682 tours in $best ms"

echo "== 2. 6x6, all start squares: bench speedup --tour"
"$bin" bench speedup --tour -W 6 -H 6 -j "1,$threads" --repeat "$repeat" \
    --csv tour-speedup.csv

echo "== 3. split depth, $threads threads (best of $repeat per depth)"
for d in 1 2 3 4 5 6 7 8; do
	best=
	for _ in $(seq "$repeat"); do
		t=$("$bin" tour -W 6 -H 6 --from all -j "$threads" \
		    --split-depth "$d" | sed -n 's/.*time \([0-9.]*\) \(m*\)s$/\1 \2/p' |
		    awk '{ print $2 == "m" ? $1 / 1000 : $1 }')
		if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then
			best=$t
		fi
	done
	echo "split depth $d: $best s"
done

echo "== 4. the 7x7 estimate"
"$bin" bench tour-sample -W 7 -H 7 --split-depth 9 -j "$threads" \
    "${SAMPLES:-600}"
echo "== load average: $(cut -d' ' -f1-3 /proc/loadavg)"
