#!/usr/bin/env bash
# bench/mpi-overhead.sh -- the node overhead of one search spread over P
# Open MPI ranks: the nodes summed over the ranks over one process's nodes,
# the same options (--no-book, THREADS threads a rank), the median of
# REPEAT runs at each P.  A figure of the method, not of the machine: it
# counts on oversubscribed runs too (more ranks than cores), where a time
# would not.  Beside it, for each P, the hand-off (task asked to task
# running, the mean over a run's tasks, as the ranks' network line says
# it; the median of the runs) and the search's own time (the median of
# the runs; a time only where P is at most the machine's cores).
#
#   bench/mpi-overhead.sh [-n PLIST] [-r REPEAT] [-d DEPTH] [-s SET]
#                         [-k K] [-j THREADS] [-t TRANSPORT] [-o CSV]
#                         [-M MACHINES] [-E CELLS] [POSITION]...
#
#   -n PLIST      the process counts, comma-separated (default 2,4)
#   -r REPEAT     runs at each P, the median kept (default 3)
#   -d DEPTH      also the first move of the game at depth DEPTH
#                 (`dropfour-mpi play --text`, alpha-beta; default 20;
#                 "" skips it)
#   -s SET        also the K positions of test set SET (lines "MOVES
#                 SCORE", Pascal Pons' format) that one process solves
#                 with the most nodes
#   -k K          how many of SET (default 5)
#   -j THREADS    OpenMP threads a rank (default 1)
#   -t TRANSPORT  sm (default) or tcp (`--mca btl self,tcp`)
#   -o CSV        the rows as CSV too (written whole at the end)
#   -M MACHINES   the P ranks as MACHINES machines (--dist-machines: a
#                 table for each group of ranks, messages between them);
#                 "p" as many machines as ranks (a table a rank); default
#                 the machine as it is (one table for all)
#   -E CELLS      between machines, the table entries of positions with
#                 at least CELLS empty cells go to every machine's table
#                 (--dist-upper; 0 none; default dropfour-mpi's)
#   POSITION      exact solves of these positions (default 4444)
#
# P = 1 is one process: `dropfour-mpi solve` (or play) on one rank, which
# searches as dropfour does; the first move's nodes come from the text
# game's line, to three digits.  A run whose answer differs from one
# process's is reported (`NO` in the last column) and the exit status is 1.
# Binary: $DROPFOUR_MPI, else the ./run build (_build/default/dropfour-mpi);
# mpirun: $MPIRUN, else mpirun.  As root it sets Open MPI's
# OMPI_ALLOW_RUN_AS_ROOT pair.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
me=mpi-overhead.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
plist=2,4 repeat=3 depth=20 set= k=5 threads=1 transport=sm csv= machines=
upper=
while getopts n:r:d:s:k:j:t:o:M:E:h opt; do
	case $opt in
	n) plist=$OPTARG ;;
	r) repeat=$OPTARG ;;
	d) depth=$OPTARG ;;
	s) set=$OPTARG ;;
	k) k=$OPTARG ;;
	j) threads=$OPTARG ;;
	t) transport=$OPTARG ;;
	o) csv=$OPTARG ;;
	M) machines=$OPTARG ;;
	E) upper=$OPTARG ;;
	h) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "$me: try '$me -h'" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
positions=("$@")
[ ${#positions[@]} -gt 0 ] || positions=(4444)
for v in "$repeat" "$k" "$threads"; do
	case $v in
	'' | *[!0-9]*) echo "$me: '$v': not a number" >&2; exit 2 ;;
	esac
done
case $plist in
'' | *[!0-9,]* | ,* | *, | *,,*) echo "$me: -n '$plist': process counts such as 2,4" >&2; exit 2 ;;
esac
case $depth in
*[!0-9]*) echo "$me: '$depth': not a depth" >&2; exit 2 ;;
esac
case $upper in
*[!0-9]*) echo "$me: -E '$upper': a number of empty cells" >&2; exit 2 ;;
esac
case $machines in
'' | p | [1-9] | [1-9][0-9]) ;;
*) echo "$me: -M '$machines': a number of machines or p" >&2; exit 2 ;;
esac
[ -z "$set" ] || [ -r "$set" ] || { echo "$me: cannot read $set" >&2; exit 2; }
mpi_setup "$transport"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'echo "$me: stopped" >&2; exit 130' INT TERM

mpi() {
	local -a k=()
	if [ -n "$machines" ] && [ "$1" -gt 1 ]; then
		k=(--dist-machines "$([ "$machines" = p ] && echo "$1" || echo "$machines")")
	fi
	if [ -n "$upper" ] && [ "$1" -gt 1 ]; then
		k+=(--dist-upper "$upper")
	fi
	"$mpirun" -n "$1" --oversubscribe "${mca[@]}" -x DROPFOUR_CONFIG \
	    -x OMP_WAIT_POLICY "$bin" "$2" "${k[@]}" "${@:3}"
}

# handoff FILE: the mean hand-off of the run's network line in FILE, in
# ms ("-" where there is none: one process)
handoff() {
	awk 'match($0, /hand-off [0-9.]+ ms/) { h = substr($0, RSTART + 9, RLENGTH - 12) }
	     END { print (h == "" ? "-" : h) }' "$1"
}

# solve P POSITION: "nodes result handoff_ms seconds" of the exact solve
# on P ranks
solve() {
	echo "$2" | mpi "$1" solve --no-book -j "$threads" >"$tmp/out" 2>"$tmp/err" ||
		{ cat "$tmp/err" >&2; return 1; }
	awk -v h="$(handoff "$tmp/err")" '{ printf("%s %s %s %.3f\n", $3, $2, h, $4 / 1e6) }' "$tmp/out"
}

# first P: "nodes result handoff_ms seconds" of the game's first move at
# DEPTH on P ranks
first() {
	echo q | mpi "$1" play --text --mode ai-human --depth "$depth" \
	    -j "$threads" --no-book >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; return 1; }
	mpi_play_figures "$tmp/out" | awk -v h="$(handoff "$tmp/out")" '{ print $2, $5, h, $1 }'
}

# median: the middle of the numbers on standard input ("-" none)
median() {
	sort -n | awk '$1 != "-" { v[++n] = $1 } END { print (n ? v[int((n + 1) / 2)] : "-") }'
}

# The K positions of SET with the most nodes on one process.
if [ -n "$set" ]; then
	printf '%s: solving %s on one process to pick %d\n' "$me" "$set" "$k" >&2
	mapfile -t picked < <(awk '{ print $1 }' "$set" | mpi 1 solve --no-book -j "$threads" |
		sort -k3,3nr | head -n "$k" | awk '{ print $1 }')
	positions+=("${picked[@]}")
fi

jobs=()
[ -n "$depth" ] && jobs+=("first $depth")
for p in "${positions[@]}"; do
	jobs+=("solve $p")
done

IFS=, read -r -a ps <<<"$plist"
cores=$(nproc 2>/dev/null || echo 1)
echo "dropfour-mpi node overhead: transport $transport, $threads thread(s) a rank, machines ${machines:-as they are}, upper table ${upper:-default}, median of $repeat"
echo "(each P: node overhead, hand-off in ms a task, the search's time; * oversubscribed, no time)"
printf '%-28s %12s %8s' "search" "P = 1 nodes" "time"
for p in "${ps[@]}"; do printf ' %24s' "P = $p"; done
printf ' %5s\n' same
: >"$tmp/csv"
echo "search,p,nodes_one,nodes_median,node_overhead,runs,same_result,handoff_ms,seconds" >>"$tmp/csv"
bad=0
for j in "${jobs[@]}"; do
	read -r kind arg <<<"$j"
	if [ "$kind" = first ]; then
		label="first move, depth $arg"
		read -r n1 r1 _ s1 <<<"$(first 1)"
	else
		label="solve $arg"
		read -r n1 r1 _ s1 <<<"$(solve 1 "$arg")"
	fi
	printf '%-28s %12s %7ss' "$label" "$n1" "$s1"
	same=yes
	for p in "${ps[@]}"; do
		: >"$tmp/n"
		: >"$tmp/h"
		: >"$tmp/s"
		for ((r = 1; r <= repeat; r++)); do
			printf '\r%s: %s, P = %d, run %d/%d ' "$me" "$label" "$p" "$r" "$repeat" >&2
			if [ "$kind" = first ]; then
				read -r n res h s <<<"$(first "$p")"
			else
				read -r n res h s <<<"$(solve "$p" "$arg")"
			fi
			[ "$res" = "$r1" ] || same=NO
			echo "$n" >>"$tmp/n"
			echo "$h" >>"$tmp/h"
			echo "$s" >>"$tmp/s"
		done
		printf '\r%*s\r' 70 '' >&2
		med=$(median <"$tmp/n")
		hmed=$(median <"$tmp/h")
		smed=$(median <"$tmp/s")
		ov=$(awk -v a="$med" -v b="$n1" 'BEGIN { printf("%.2f", b > 0 ? a / b : 0) }')
		if [ "$p" -gt "$cores" ]; then
			printf ' %7sx %6sms %7s*' "$ov" "$hmed" ''
		else
			printf ' %7sx %6sms %7ss' "$ov" "$hmed" "$smed"
		fi
		echo "\"$label\",$p,$n1,$med,$ov,$(paste -sd' ' "$tmp/n"),$([ "$same" = yes ] && echo true || echo false),$hmed,$smed" >>"$tmp/csv"
	done
	printf ' %5s\n' "$same"
	[ "$same" = yes ] || bad=1
done
if [ -n "$csv" ]; then
	cp "$tmp/csv" "$csv.tmp.$$" && mv "$csv.tmp.$$" "$csv"
	echo "$me: rows in $csv" >&2
fi
exit "$bad"
