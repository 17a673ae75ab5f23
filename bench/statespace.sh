#!/usr/bin/env bash
# statespace.sh -- `dropfour statespace` over board sizes: positions per
# second of each pass and the peak memory.
#
#   bench/statespace.sh [-r N] [SIZE...] [-- DROPFOUR OPTIONS...]
#
# SIZE is WxH (default: 4x4 4x5 5x4 5x5).  -r N runs every size N times in
# turn and keeps the fastest run of each (default 1).  Options after `--` go
# to dropfour, e.g. -- --threads 1 or -- --memory-mb 64 --tmpdir /var/tmp
# (levels in files).  Prints one row per size: positions, the time and rate
# of the forward and backward passes, the whole run's wall time, the peak
# resident memory (getrusage) and what went to files.  Binary: $DROPFOUR,
# else the ./run build, else ./dropfour, else PATH.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
me=statespace.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
bin=$(find_dropfour)

repeat=1
sizes=()
while [ $# -gt 0 ]; do
	case $1 in
	-r) repeat=$2; shift 2 ;;
	--) shift; break ;;
	*x*) sizes+=("$1"); shift ;;
	*) echo "$me: unknown argument $1 (SIZE is WxH)" >&2; exit 2 ;;
	esac
done
[ ${#sizes[@]} -gt 0 ] || sizes=(4x4 4x5 5x4 5x5)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# field FILE REGEX: the first capture group of the first matching line.
field() { sed -En "s/$2/\\1/p" "$1" | head -n 1; }

printf '%-5s %12s %9s %12s %9s %12s %8s %10s %10s\n' size positions \
	fwd_s fwd_pos/s bwd_s bwd_pos/s wall_s peak_rss files
for size in "${sizes[@]}"; do
	w=${size%x*}
	h=${size#*x}
	best=
	for ((i = 0; i < repeat; i++)); do
		start=$(date +%s.%N)
		"$bin" statespace -W "$w" -H "$h" "$@" >"$tmp/out"
		end=$(date +%s.%N)
		wall=$(echo "$end - $start" | bc)
		if [ -z "$best" ] || [ "$(echo "$wall < $best" | bc)" = 1 ]; then
			best=$wall
			cp "$tmp/out" "$tmp/best"
		fi
	done
	o=$tmp/best
	printf '%-5s %12s %9s %12s %9s %12s %8.2f %10s %10s\n' "$size" \
		"$(field "$o" '^total ([0-9]+) positions.*')" \
		"$(field "$o" '^forward pass ([0-9.]+) s.*')" \
		"$(field "$o" '^forward pass [0-9.]+ s, ([^ ]+) positions.*')" \
		"$(field "$o" '.*backward pass ([0-9.]+) s.*')" \
		"$(field "$o" '.*backward pass [0-9.]+ s, ([^ ]+) positions.*')" \
		"$best" \
		"$(field "$o" '^peak memory ([^ ]+) .*')" \
		"$(field "$o" '.*in files ([^)]+)\).*')"
done
