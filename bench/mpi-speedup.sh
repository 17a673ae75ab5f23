#!/usr/bin/env bash
# bench/mpi-speedup.sh -- one search across P = 1 ... N Open MPI processes:
# the computer's first move of the game (depth-limited, `dropfour-mpi play
# --text`) and one exact solve (`dropfour-mpi solve` of one position), each
# on P ranks of one OpenMP thread.  For every P: the search's own time
# (best of REPEAT runs, mpirun's start-up left out), speedup and efficiency
# against P = 1, the nodes over the ranks and the node overhead (nodes at P
# over nodes at P = 1), and whether the move, score and column scores (or
# the exact score) are those of P = 1.  Prints a table and a terminal chart
# of the speedup against the ideal line; writes the rows as CSV.
#
#   bench/mpi-speedup.sh [-n MAXP] [-d DEPTH] [-p POSITION] [-r REPEAT]
#                        [-o CSV] [-j THREADS]
#
#   -n MAXP      the largest process count (default 8)
#   -d DEPTH     the first move's depth (default 20: several seconds)
#   -p POSITION  the solve's position (default 4444; "" skips the solve)
#   -r REPEAT    runs at each P, the fastest kept (default 3)
#   -o CSV       the rows as CSV (default mpi-speedup.csv; written whole
#                at the end through a temporary file)
#   -j THREADS   OpenMP threads a rank (default 1)
#
# Runs of P past the machine's cores are oversubscribed: the script says
# so on those rows ("over"), whose times are not speedups; their node
# overhead and results still count.  Binary: $DROPFOUR_MPI, else the ./run
# build (_build/default/dropfour-mpi); mpirun: $MPIRUN, else mpirun.  As
# root it sets Open MPI's OMPI_ALLOW_RUN_AS_ROOT pair.  The opening book is
# left out (--no-book), so that the first move is searched.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
me=mpi-speedup.sh
maxp=8 depth=20 pos=4444 repeat=3 csv=mpi-speedup.csv threads=1
while getopts n:d:p:r:o:j:h opt; do
	case $opt in
	n) maxp=$OPTARG ;;
	d) depth=$OPTARG ;;
	p) pos=$OPTARG ;;
	r) repeat=$OPTARG ;;
	o) csv=$OPTARG ;;
	j) threads=$OPTARG ;;
	h) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "$me: try '$me -h'" >&2; exit 2 ;;
	esac
done
for v in "$maxp" "$depth" "$repeat" "$threads"; do
	case $v in
	'' | *[!0-9]*) echo "$me: '$v': not a number" >&2; exit 2 ;;
	esac
done
bin=${DROPFOUR_MPI:-$top/_build/default/dropfour-mpi}
[ -x "$bin" ] || { echo "$me: no dropfour-mpi at $bin (configure with Open MPI, or set DROPFOUR_MPI)" >&2; exit 2; }
mpirun=${MPIRUN:-mpirun}
command -v "$mpirun" >/dev/null || { echo "$me: no $mpirun" >&2; exit 2; }
if [ "$(id -u)" = 0 ]; then
	export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
export DROPFOUR_CONFIG=/dev/null OMP_WAIT_POLICY=passive
cores=$(nproc 2>/dev/null || echo 1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'echo "$me: stopped" >&2; exit 130' INT TERM

# first P: the first move on P ranks -> "seconds nodes result" (P = 1:
# one process, dropfour's own search; its nodes to 3 digits)
first() {
	echo q | "$mpirun" -n "$1" --oversubscribe "$bin" play --text \
	    --mode ai-human --depth "$depth" -j "$threads" --no-book \
	    >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; return 1; }
	awk '/plays/ { res = $4 $5 }
	     /plays/ && match($0, /, [0-9.]+ s$/) { s = substr($0, RSTART + 2, RLENGTH - 4) }
	     /scores:/ { sc = $0; gsub(/[ \t]+/, "", sc) }
	     /nodes\/tasks per rank:/ { n = 0; for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\/[0-9]+$/) { split($i, a, "/"); n += a[1] } }
	     /^  nodes: / { v = $2; m = 1; if (v ~ /k$/) m = 1e3; if (v ~ /M$/) m = 1e6; if (v ~ /G$/) m = 1e9; n = int(v * m) }
	     END { print s, n, res sc }' "$tmp/out"
}

# solve P: the exact solve on P ranks -> "seconds nodes score"
solve() {
	echo "$pos" | "$mpirun" -n "$1" --oversubscribe "$bin" solve --no-book \
	    -j "$threads" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err" >&2; return 1; }
	awk '{ print $4 / 1e6, $3, $2 }' "$tmp/out"
}

# run KIND: every P, REPEAT rounds interleaved; rows "kind p secs nodes result"
run() {
	local kind=$1 r p line
	declare -A best=() rest=()
	for ((r = 1; r <= repeat; r++)); do
		for ((p = 1; p <= maxp; p++)); do
			printf '\r%s: %s, P = %d, round %d/%d ' "$me" "$kind" "$p" "$r" "$repeat" >&2
			line=$("$kind" "$p") || exit 1
			read -r s n res <<<"$line"
			if [ -z "${best[$p]:-}" ] || awk -v a="$s" -v b="${best[$p]}" 'BEGIN { exit !(a < b) }'; then
				best[$p]=$s
				rest[$p]="$n $res"
			fi
		done
	done
	printf '\r%*s\r' 60 '' >&2
	for ((p = 1; p <= maxp; p++)); do
		echo "$kind $p ${best[$p]} ${rest[$p]}"
	done
}

: >"$tmp/rows"
run first >>"$tmp/rows"
[ -n "$pos" ] && run solve >>"$tmp/rows"

awk -v cores="$cores" -v depth="$depth" -v pos="$pos" -v csv="$tmp/csv" '
function bar(v, n,   s, i) { s = ""; for (i = 0; i < n; i++) s = s "#"; return s }
{
	k = $1; p = $2; t[k, p] = $3; nd[k, p] = $4; res[k, p] = $5
	if (p == 1) { t1[k] = $3; n1[k] = $4; r1[k] = $5 }
	if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
	if (p > maxp) maxp = p
}
END {
	print "kind,p,seconds,speedup,efficiency,nodes,node_overhead,same_result,oversubscribed" > csv
	for (j = 1; j <= nk; j++) {
		k = order[j]
		if (k == "first")
			printf "\nthe first move, depth %d (%d cores here)\n", depth, cores
		else
			printf "\nthe exact solve of %s (%d cores here)\n", pos, cores
		printf "%3s %9s %8s %6s %10s %9s %5s\n", "P", "time", "speedup", "eff", "nodes", "overhead", "same"
		for (p = 1; p <= maxp; p++) {
			sp = t[k, p] > 0 ? t1[k] / t[k, p] : 0
			ov = n1[k] > 0 ? nd[k, p] / n1[k] : 0
			same = res[k, p] == r1[k] ? "yes" : "NO"
			over = p > cores
			printf "%3d %8.3fs %7.2f%s %5.0f%% %10d %8.2fx %5s\n", p, t[k, p], sp, over ? "*" : " ", 100 * sp / p, nd[k, p], ov, same
			printf "%s,%d,%.6f,%.4f,%.4f,%d,%.4f,%s,%s\n", k, p, t[k, p], sp, sp / p, nd[k, p], ov, same == "yes" ? "true" : "false", over ? "true" : "false" > csv
			speed[k, p] = sp
		}
		print "(* oversubscribed: more processes than cores, not a speedup)"
		# The chart: one row a P, the speedup as a bar, | the ideal P.
		printf "\nspeedup (# measured, | ideal; scale %d columns = %d)\n", 4 * maxp, maxp
		for (p = 1; p <= maxp; p++) {
			n = int(speed[k, p] * 4 + 0.5); line = bar(0, n)
			while (length(line) < 4 * maxp + 1) line = line " "
			line = substr(line, 1, 4 * p - 1) "|" substr(line, 4 * p + 1)
			printf "%3d %s %.2f%s\n", p, line, speed[k, p], (p > cores ? "*" : "")
		}
	}
}' "$tmp/rows"
mv "$tmp/csv" "$csv.tmp.$$" && mv "$csv.tmp.$$" "$csv"
echo "$me: rows in $csv"
