#!/usr/bin/env bash
# bench/scaling-16.sh -- the many-core scaling table (see
# docs/parallel-search.md) on a many-core machine: the
# empty 7x6 board at 1, 2, 4, 8 and 16 threads for dropfour and, when given,
# for a reference solver built once per thread count; then bench/scaling.sh
# for dropfour's built-in set (speedup, efficiency, node overhead, busy).
# dropfour solves without its opening book (--no-book): the shipped book
# holds the empty board, which would otherwise be answered at once.
#
#   bench/scaling-16.sh [THREAD-LIST]          (default "1 2 4 8 16")
#
# Environment:
#   DROPFOUR  the dropfour binary (a static one travels well:
#             mkdir -p _build/static && cd _build/static &&
#             ../../configure LDFLAGS=-static --without-mpi && make dropfour)
#   REF       optional: a printf pattern for the reference binaries, one per
#             thread count, e.g. /opt/ref/c4-t%d (each solves the empty board
#             when run; built outside this tree, see the ChangeLog entry)
#   TT_MB     dropfour's table size (default 1024, the reference's 1 GB)
#   REPEAT    runs of each (program, threads), the fastest kept (default 1)
#   REPEAT2   rounds of the last step, the two-thread speedup on the
#             nearest pair of cores (default 5)
# Runs the two programs one after the other for each thread count, writes
# scaling-16.csv (program,threads,seconds,nodes) and prints the table with
# each program's speedup and dropfour's time as a fraction of the
# reference's.  Nothing else may run on the machine meanwhile.  First,
# bench/cores.sh records what sharing a cache line costs between the
# machine's cores (it needs a C compiler; skipped without one); last, the
# built-in set at 1 and 2 threads pinned to the nearest pair of cores
# (scaling-pair.csv).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
me=scaling-16.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
bin=$(find_dropfour)
list=${1:-1 2 4 8 16}
repeat=${REPEAT:-1}
csv=scaling-16.csv
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

now() { date +%s.%N; }

# best_of CMD...: the fastest wall time of $repeat runs (seconds).
best_of() {
	local best="" t0 t1 dt
	for ((r = 0; r < repeat; r++)); do
		t0=$(now)
		"$@" > "$tmp" 2>&1 < /dev/null
		t1=$(now)
		dt=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
		if [ -z "$best" ] ||
		    awk -v d="$dt" -v b="$best" 'BEGIN { exit !(d < b) }'; then
			best=$dt
		fi
	done
	printf '%.2f\n' "$best"
}

if command -v "${CC:-cc}" > /dev/null; then
	"$top/bench/cores.sh" || echo "$me: bench/cores.sh failed, going on" >&2
	echo
fi
echo "program,threads,seconds,nodes" > "$csv.part"
printf '%-8s %10s %10s %10s %10s\n' threads dropfour reference ratio nodes
for t in $list; do
	d=$(best_of sh -c "echo - | '$bin' solve --no-book -j$t --tt-mb ${TT_MB:-1024}")
	nodes=$(awk '{print $3}' "$tmp")
	score=$(awk '{print $2}' "$tmp")
	[ "$score" = 1 ] || { echo "$me: dropfour scored $score, not 1" >&2; exit 1; }
	echo "dropfour,$t,$d,$nodes" >> "$csv.part"
	r=-
	ratio=-
	if [ -n "${REF:-}" ]; then
		# shellcheck disable=SC2059
		ref=$(printf "$REF" "$t")
		r=$(best_of "$ref")
		echo "reference,$t,$r," >> "$csv.part"
		ratio=$(awk -v d="$d" -v r="$r" 'BEGIN { printf "%.2f", d / r }')
	fi
	printf '%-8s %10s %10s %10s %10s\n' "$t" "$d" "$r" "$ratio" "$nodes"
done
mv "$csv.part" "$csv"
echo "wrote $csv"
SKIP_EMPTY=1 "$top/bench/scaling.sh" "$(echo "$list" | tr ' ' '\n' | sort -n | tail -1)"

# Two threads on two cores that share a cache (the nearest pair): the
# two-thread speedup without the machine's topology in it.
if command -v "${CC:-cc}" > /dev/null && command -v taskset > /dev/null &&
    pair=$("$top/bench/cores.sh" --nearest 2> /dev/null); then
	echo
	echo "== built-in set on CPUs $pair (the nearest pair), 1 and 2 threads"
	taskset -c "$pair" "$bin" bench speedup --threads 1,2 \
	    --repeat "${REPEAT2:-5}" --csv scaling-pair.csv
fi
