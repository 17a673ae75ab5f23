#!/usr/bin/env bash
# bench/scaling.sh -- how the exact solver scales with the thread count: the
# empty 7x6 board and the built-in set of `bench speedup`, at 1..N threads,
# for each split scheme.  The same script runs on 2 cores and on 16.
#   bench/scaling.sh [MAX-THREADS]
# MAX-THREADS defaults to the number of cores.  Environment: DROPFOUR (the
# binary, as for the other scripts), TT_MB (table size, default 1024, the
# size of the issue's tables), REPEAT (runs per thread count, the fastest
# kept; default 1), SCHEMES (default "deep lazy"), SKIP_EMPTY=1 leaves the
# empty board out (minutes per thread count on one core).
# Prints, per scheme, the table of `dropfour bench speedup` (time, speedup,
# efficiency, nodes, node overhead, balance, busy) with its speedup curve,
# and writes scaling-empty-SCHEME.csv and scaling-set-SCHEME.csv in the
# current directory.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
me=scaling.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
bin=$(find_dropfour)
max=${1:-$(nproc)}
case $max in
'' | *[!0-9]* | 0) echo "$me: MAX-THREADS must be a number from 1" >&2; exit 2 ;;
esac
list=1
for ((t = 2; t <= max; t++)); do
	list="$list,$t"
done
empty=$(mktemp)
trap 'rm -f "$empty"' EXIT
echo "-" > "$empty"
for scheme in ${SCHEMES:-deep lazy}; do
	if [ "${SKIP_EMPTY:-0}" != 1 ]; then
		echo "== empty 7x6 board, split $scheme, threads $list"
		"$bin" bench speedup --threads "$list" --split "$scheme" \
		    --tt-mb "${TT_MB:-1024}" --repeat "${REPEAT:-1}" \
		    --csv "scaling-empty-$scheme.csv" "$empty"
	fi
	echo "== built-in set, split $scheme, threads $list"
	"$bin" bench speedup --threads "$list" --split "$scheme" \
	    --tt-mb "${TT_MB:-1024}" --repeat "${REPEAT:-1}" \
	    --csv "scaling-set-$scheme.csv"
done
