#!/usr/bin/env bash
# bench/peers.sh -- dropfour against the public solvers, side by side, in
# one run: Pascal Pons' solver on his test sets, Christophe Steininger's c4
# on the empty board.  The peers are not part of dropfour: build them in a
# scratch folder outside this tree and name their binaries.
#
#   PONS=/path/to/c4solver bench/peers.sh sets [N]
#       Every Pons test set (L3_R1 ... L1_R3; L1_R3 cut to its first 100
#       lines, N lines of each set if N is given), solved by both programs
#       from standard input on one thread, each as one process with its own
#       table (dropfour --tt-mb ${TT_MB:-64}; Pons' table is about 64 MB).
#       Runs interleave (dropfour, Pons, dropfour, Pons...) REPEAT times
#       (default 3) and the fastest CPU time of each is kept (SETS="..."
#       names the sets to run; Pons' solver takes hours on the L1 sets
#       without its book): whole-process
#       user+system seconds, table set-up included for both.  Prints per
#       set: positions, CPU seconds of each, mean milliseconds a position,
#       and the ratio dropfour/Pons.  Pons' c4solver looks for 7x6.book in
#       the current directory; it runs in an empty scratch folder, so both
#       programs search without a book (dropfour: --no-book).
#   PONS_WARM=/path/to/driver bench/peers.sh warm [SET...]
#       Per-position times with warm tables: `dropfour bench solve -j1
#       --no-book --tt-mb ${TT_MB:-64}` (its own timer) beside a driver of
#       Pons' solver that keeps one Solver for the whole set (its table is
#       not reset between positions), reads the set's "moves score" lines
#       on standard input, times each solve() and prints the mean
#       microseconds a position as the last field of its last line.  Both
#       pinned to one CPU (taskset -c ${CPU:-1}) and interleaved REPEAT
#       times (default 9); the fastest mean of each and the ratio.  SETs
#       are names under the data directory (default: Test_L3_R1
#       Test_L2_R1 Test_L1_R1) or paths.
#   C4=/path/to/c4 bench/peers.sh empty [THREADS...]
#       Strong solve of the empty 7x6 board by c4 (its thread count is set
#       when it is built: NUM_THREADS in src/solver/settings.h; give one
#       binary per thread count as C4_1, C4_2, ... or one C4 for all) and by
#       `dropfour solve -j T --tt-mb ${TT_MB:-1024}`, interleaved, REPEAT
#       times (default 1): wall and CPU seconds of each and the ratio.
#   C4_1=/path/to/driver C4_2=/path/to/driver bench/peers.sh speedup FILE
#       Two-thread speedup beside c4's on the positions of FILE ("moves
#       score" lines, as Pons' sets): `dropfour bench speedup --threads 1,2
#       --tt-mb ${TT_MB:-256} FILE` (its own timer, the table cleared
#       before each position) beside a driver of c4's Solver, built once
#       per thread count (NUM_THREADS), that reads the lines on standard
#       input, clears the table before each, times each solve_strong() and
#       prints the total seconds as the last field of its last line.
#       Interleaved REPEAT times (default 3): each round's times and
#       speedups, then the fastest of each.
#
# Binary: $DROPFOUR, else the ./run build.  Data: as bench/solve-sets.sh.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
me=peers.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"

usage() {
	sed -n '2,49p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

bin=$(find_dropfour)
repeat=${REPEAT:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-peers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# cpu_of LABEL CMD... : runs CMD with stdin from $input, prints
# "user+sys wall" seconds.
cpu_of() {
	local label=$1
	shift
	/usr/bin/time -f '%U %S %e' -o "$tmp/time" "$@" <"$input" >"$tmp/out" 2>/dev/null ||
		{ echo "$me: $label failed" >&2; exit 1; }
	awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$tmp/time"
}

case ${1:-} in
sets)
	[ -n "${PONS:-}" ] && [ -x "$PONS" ] || { echo "$me: set PONS to Pons' c4solver binary" >&2; exit 2; }
	command -v /usr/bin/time >/dev/null 2>&1 || [ -x /usr/bin/time ] ||
		{ echo "$me: needs /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }
	lines=${2:-}
	repeat=${repeat:-3}
	data=$(find_testsets)/pons-testsets
	mkdir "$tmp/pons"
	printf '# dropfour: %s --tt-mb %s, one thread, no book\n' "$bin" "${TT_MB:-64}"
	printf '# Pons: %s (no book)\n# fastest of %s interleaved runs, CPU seconds of the whole process\n' "$PONS" "$repeat"
	printf '%-12s %9s %12s %12s %12s %12s %8s\n' set positions \
		"dropfour s" "Pons s" "dropfour ms" "Pons ms" ratio
	for set in ${SETS:-Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3}; do
		[ -f "$data/$set" ] || { echo "$me: no set $set in $data" >&2; exit 2; }
		n=${lines:-1000}
		[ "$set" = Test_L1_R3 ] && [ -z "$lines" ] && n=100
		input=$tmp/$set
		head -n "$n" "$data/$set" | cut -d' ' -f1 >"$input"
		count=$(wc -l <"$input")
		best_d='' best_p=''
		for ((k = 0; k < repeat; k++)); do
			d=$(cpu_of dropfour "$bin" solve -j1 --no-book --tt-mb "${TT_MB:-64}")
			best_d=$(min "$best_d" "${d% *}")
			p=$(cd "$tmp/pons" && cpu_of pons "$PONS")
			best_p=$(min "$best_p" "${p% *}")
		done
		awk -v s="$set" -v n="$count" -v d="$best_d" -v p="$best_p" 'BEGIN {
			printf "%-12s %9d %12.3f %12.3f %12.4f %12.4f %8.2f\n",
			    s, n, d, p, d / n * 1000, p / n * 1000, (p > 0 ? d / p : 0) }'
	done
	;;
warm)
	shift
	[ -n "${PONS_WARM:-}" ] && [ -x "$PONS_WARM" ] || { echo "$me: set PONS_WARM to a driver of Pons' solver (see the top of this file)" >&2; exit 2; }
	[ $# -gt 0 ] || set -- Test_L3_R1 Test_L2_R1 Test_L1_R1
	repeat=${repeat:-9}
	data=$(find_testsets)/pons-testsets
	pin=()
	command -v taskset >/dev/null 2>&1 && pin=(taskset -c "${CPU:-1}")
	printf '# dropfour: %s bench solve -j1 --no-book --tt-mb %s; Pons: %s\n' "$bin" "${TT_MB:-64}" "$PONS_WARM"
	printf '# fastest mean of %s interleaved runs, each program'"'"'s own per-position timer\n' "$repeat"
	printf '%-12s %9s %14s %14s %8s\n' set positions "dropfour us" "Pons us" ratio
	for set in "$@"; do
		file=$set
		[ -f "$file" ] || file=$data/$set
		[ -f "$file" ] || { echo "$me: no test set $set" >&2; exit 2; }
		best_d='' best_p=''
		for ((k = 0; k < repeat; k++)); do
			d=$("${pin[@]}" "$bin" bench solve -j1 --no-book --tt-mb "${TT_MB:-64}" "$file" |
				awk 'END { v = $3; if ($4 == "ms") v *= 1000; else if ($4 == "s") v *= 1e6; print v }')
			p=$("${pin[@]}" "$PONS_WARM" <"$file" | awk 'END { print $NF }')
			best_d=$(min "$best_d" "$d")
			best_p=$(min "$best_p" "$p")
		done
		awk -v s="${set##*/}" -v n="$(wc -l <"$file")" -v d="$best_d" -v p="$best_p" 'BEGIN {
			printf("%-12s %9d %14.2f %14.2f %8.3f\n", s, n, d, p, p > 0 ? d / p : 0) }'
	done
	;;
empty)
	shift
	[ $# -gt 0 ] || set -- 1
	repeat=${repeat:-1}
	input=$tmp/empty
	echo >"$input"
	printf '# empty 7x6 board, dropfour --tt-mb %s; fastest of %s interleaved runs\n' "${TT_MB:-1024}" "$repeat"
	printf '%-8s %14s %14s %12s %12s %10s\n' threads "dropfour wall" "dropfour cpu" "c4 wall" "c4 cpu" "wall ratio"
	for t in "$@"; do
		var=C4_$t
		c4=${!var:-${C4:-}}
		[ -n "$c4" ] && [ -x "$c4" ] || { echo "$me: set C4 (or $var) to c4's binary" >&2; exit 2; }
		bd='' bdc='' bc='' bcc=''
		for ((k = 0; k < repeat; k++)); do
			read -r dc dw < <(cpu_of dropfour "$bin" solve -j "$t" --no-book --tt-mb "${TT_MB:-1024}")
			read -r cc cw < <(cpu_of c4 "$c4")
			bd=$(min "$bd" "$dw") bdc=$(min "$bdc" "$dc")
			bc=$(min "$bc" "$cw") bcc=$(min "$bcc" "$cc")
		done
		awk -v t="$t" -v a="$bd" -v b="$bdc" -v c="$bc" -v d="$bcc" 'BEGIN {
			printf("%-8s %14.2f %14.2f %12.2f %12.2f %10.2f\n", t, a, b, c, d, c > 0 ? a / c : 0) }'
	done
	;;
speedup)
	file=${2:-}
	[ -f "$file" ] || { echo "$me: speedup needs a FILE of positions (moves score)" >&2; exit 2; }
	for t in 1 2; do
		var=C4_$t
		[ -n "${!var:-}" ] && [ -x "${!var}" ] || { echo "$me: set $var to a driver of c4 built with NUM_THREADS $t (see the top of this file)" >&2; exit 2; }
	done
	repeat=${repeat:-3}
	printf '# %s positions of %s; dropfour --tt-mb %s; %s interleaved rounds\n' "$(wc -l <"$file")" "$file" "${TT_MB:-256}" "$repeat"
	printf '%-6s %12s %12s %9s %12s %12s %9s\n' round "dropfour 1" "dropfour 2" speedup "c4 1" "c4 2" speedup
	b1='' b2='' c1='' c2=''
	for ((k = 1; k <= repeat; k++)); do
		read -r d1 d2 < <("$bin" bench speedup --threads 1,2 --tt-mb "${TT_MB:-256}" --json "$file" |
			sed -n 's/.*"seconds":\([0-9.]*\).*/\1/p' | paste -sd' ')
		k1=$("$C4_1" <"$file" 2>/dev/null | awk 'END { print $NF }')
		k2=$("$C4_2" <"$file" 2>/dev/null | awk 'END { print $NF }')
		awk -v k="$k" -v a="$d1" -v b="$d2" -v c="$k1" -v d="$k2" 'BEGIN {
			printf "%-6s %12.3f %12.3f %9.2f %12.3f %12.3f %9.2f\n", k, a, b, a / b, c, d, c / d }'
		b1=$(min "$b1" "$d1") b2=$(min "$b2" "$d2") c1=$(min "$c1" "$k1") c2=$(min "$c2" "$k2")
	done
	awk -v a="$b1" -v b="$b2" -v c="$c1" -v d="$c2" 'BEGIN {
		printf "%-6s %12.3f %12.3f %9.2f %12.3f %12.3f %9.2f\n", "best", a, b, a / b, c, d, c / d }'
	;;
*) usage ;;
esac
