#!/bin/sh
# bench/speedup.sh -- parallel speedup and efficiency of the exact solver,
# for each split scheme, with CSV files for plotting.
#   bench/speedup.sh [THREAD-LIST] [FILE]
# Binary: $DROPFOUR, else the ./run build (_build/default/dropfour), else
# ./dropfour, else PATH (find_dropfour, bench/lib.sh).  REPEAT runs every
# position at every thread count, in turn, that many times and keeps each
# one's fastest run (default 1).  Writes speedup-SCHEME.csv in the current
# directory.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
me=speedup.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
bin=$(find_dropfour)
list=${1:-1,2,3,4}
file=${2:-}
for scheme in deep root lazy; do
	echo "== split $scheme"
	# shellcheck disable=SC2086
	"$bin" bench speedup --threads "$list" --split "$scheme" \
	    --repeat "${REPEAT:-1}" --csv "speedup-$scheme.csv" $file
done
