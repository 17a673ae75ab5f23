#!/usr/bin/env bash
# bench/busy.sh -- the parallel search on a machine that has other work:
# `dropfour solve -jT --no-book --tt-mb ${TT_MB:-256}` over FILE ("moves
# score" lines, as Pons' sets; default the built-in speedup positions) while
# a shell loop keeps LOAD cores busy (default 1), for each thread count.
#
#   bench/busy.sh [FILE]
#       THREADS   thread counts (default "1 2")
#       LOAD      busy loops beside the solver (default 1; 0: a quiet run)
#       REPEAT    rounds (default 3); every round runs each binary at every
#                 thread count in turn, and the fastest of each is kept
#       WAIT      OMP_WAIT_POLICY for the solver (default passive, what
#                 the game and the text game set; "default": unset)
#       BASELINE  a second dropfour binary, interleaved with the first
#
# Prints each round's wall seconds (the whole process) and then the
# fastest, with the ratio to the same binary's time at the first thread
# count.  The positions' scores are checked: a wrong one stops the run
# (exit 1).
# Binary: $DROPFOUR, else the ./run build.  Nothing else may run meanwhile.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
me=busy.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"

bin=$(find_dropfour)
file=${1:-$top/bench/speedup-set.txt}
[ -f "$file" ] || { echo "$me: no such file: $file" >&2; exit 2; }
threads=${THREADS:-1 2}
load=${LOAD:-1}
repeat=${REPEAT:-3}
wait=${WAIT:-passive}
case $load$repeat in *[!0-9]*) echo "$me: LOAD and REPEAT are numbers" >&2; exit 2 ;; esac
bins=("$bin") names=(dropfour)
if [ -n "${BASELINE:-}" ]; then
	[ -x "$BASELINE" ] || { echo "$me: BASELINE is not an executable: $BASELINE" >&2; exit 2; }
	bins+=("$BASELINE") names+=(baseline)
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-busy.XXXXXX")
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The expected scores, to check every run against.
awk '{ print $2 }' "$file" >"$tmp/want"

for ((i = 0; i < load; i++)); do
	sh -c 'while :; do :; done' &
	pids+=($!)
done

# run BIN T: wall seconds of one solve of the file.
run() {
	local env=()
	[ "$wait" = default ] || env=(OMP_WAIT_POLICY="$wait")
	local t0 t1
	t0=$(date +%s.%N)
	env "${env[@]}" "$1" solve -j "$2" --no-book --tt-mb "${TT_MB:-256}" \
		"$file" >"$tmp/out" || { echo "$me: $1 -j $2 failed" >&2; exit 1; }
	t1=$(date +%s.%N)
	awk '{ print $2 }' "$tmp/out" | cmp -s - "$tmp/want" ||
		{ echo "$me: $1 -j $2 gave a wrong score" >&2; exit 1; }
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }'
}

printf '# %s positions of %s; %s busy loop(s); OMP_WAIT_POLICY %s; table %s MB\n' \
	"$(wc -l <"$file")" "$file" "$load" "$wait" "${TT_MB:-256}"
declare -A best
for ((k = 1; k <= repeat; k++)); do
	for b in "${!bins[@]}"; do
		for t in $threads; do
			s=$(run "${bins[$b]}" "$t")
			printf 'round %d  %-9s -j%-3s %8.2f s\n' "$k" "${names[$b]}" "$t" "$s"
			best[$b,$t]=$(min "${best[$b,$t]:-}" "$s")
		done
	done
done
first=${threads%% *}
for b in "${!bins[@]}"; do
	for t in $threads; do
		awk -v n="${names[$b]}" -v t="$t" \
			-v s="${best[$b,$t]}" -v o="${best[$b,$first]}" -v f="$first" 'BEGIN {
			printf "best      %-9s -j%-3s %8.2f s  %5.2f of its -j%s time\n", n, t, s, s / o, f }'
	done
done
