#!/usr/bin/env bash
# bench/mpi-speedup.sh -- one search across P = 1 ... N Open MPI processes,
# measured as the assignment this feature comes from asks: the duration of
# the computer's first move at the start of the game, on P = 1 ... N.
# Three searches, each on P ranks of THREADS OpenMP threads:
#   first    the first move with dropfour's alpha-beta (`dropfour-mpi play
#            --text`, depth-limited, the heuristic evaluation);
#   average  the first move with the averaged outcomes (`--eval average`,
#            the assignment's own evaluation);
#   solve    the exact solve of one position (`dropfour-mpi solve`).
# For every P: the search's own time (best of REPEAT runs, mpirun's
# start-up left out), speedup and efficiency against P = 1, the nodes over
# the ranks and the node overhead (nodes at P over nodes at P = 1), the
# time spent preparing the shared table (the only wait on it), the
# messages, and whether the move, score and column scores (or the exact
# score) are those of P = 1.  Prints a table and a terminal chart of the
# speedup against the ideal line per search; writes the rows as CSV and,
# where gnuplot is installed, a graph (SVG) beside it.
#
#   bench/mpi-speedup.sh [-n MAXP] [-d DEPTH] [-a DEPTH] [-p POSITION]
#                        [-r REPEAT] [-o CSV] [-j THREADS] [-t TRANSPORT]
#                        [-T TABLE]
#
#   -n MAXP       the largest process count (default 8)
#   -d DEPTH      the alpha-beta first move's depth (default 20; "" skips)
#   -a DEPTH      the averaged outcomes' depth (default 10; "" skips)
#   -p POSITION   the solve's position (default 4444; "" skips the solve)
#   -r REPEAT     runs at each P, the fastest kept (default 3)
#   -o CSV        the rows as CSV (default mpi-speedup.csv; written whole
#                 at the end through a temporary file; the graph is the
#                 same name with .svg)
#   -j THREADS    OpenMP threads a rank (default 1)
#   -t TRANSPORT  sm (default: Open MPI picks, shared memory on one
#                 machine) or tcp (`--mca btl self,tcp`: the ranks talk
#                 as they would across a network)
#   -T TABLE      shared (default: the ranks of a machine share one
#                 table) or own (each rank its own, for comparison)
#
# Runs of P past the machine's cores are oversubscribed: the script says
# so on those rows (*), whose times are not speedups; their node overhead
# and results still count.  Binary: $DROPFOUR_MPI, else the ./run build
# (_build/default/dropfour-mpi); mpirun: $MPIRUN, else mpirun.  As root it
# sets Open MPI's OMPI_ALLOW_RUN_AS_ROOT pair.  The opening book is left
# out (--no-book), so that the first move is searched.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
me=mpi-speedup.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
maxp=8 depth=20 avg=10 pos=4444 repeat=3 csv=mpi-speedup.csv threads=1
transport=sm table=shared
while getopts n:d:a:p:r:o:j:t:T:h opt; do
	case $opt in
	n) maxp=$OPTARG ;;
	d) depth=$OPTARG ;;
	a) avg=$OPTARG ;;
	p) pos=$OPTARG ;;
	r) repeat=$OPTARG ;;
	o) csv=$OPTARG ;;
	j) threads=$OPTARG ;;
	t) transport=$OPTARG ;;
	T) table=$OPTARG ;;
	h) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "$me: try '$me -h'" >&2; exit 2 ;;
	esac
done
for v in "$maxp" "$repeat" "$threads"; do
	case $v in
	'' | *[!0-9]*) echo "$me: '$v': not a number" >&2; exit 2 ;;
	esac
done
for v in "$depth" "$avg"; do
	case $v in
	*[!0-9]*) echo "$me: '$v': not a depth" >&2; exit 2 ;;
	esac
done
case $table in
shared | own) ;;
*) echo "$me: -T $table: shared or own" >&2; exit 2 ;;
esac
mpi_setup "$transport"
cores=$(nproc 2>/dev/null || echo 1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'echo "$me: stopped" >&2; exit 130' INT TERM

mpi() {
	"$mpirun" -n "$1" --oversubscribe "${mca[@]}" -x DROPFOUR_CONFIG \
	    -x OMP_WAIT_POLICY "$bin" "${@:2}" --dist-table="$table"
}

# first P: the alpha-beta first move on P ranks
first() {
	echo q | mpi "$1" play --text --mode ai-human --depth "$depth" \
	    -j "$threads" --no-book >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; return 1; }
	mpi_play_figures "$tmp/out"
}

# average P: the averaged outcomes' first move on P ranks
average() {
	echo q | mpi "$1" play --text --mode ai-human --eval average \
	    --depth "$avg" -j "$threads" --no-book >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; return 1; }
	mpi_play_figures "$tmp/out"
}

# solve P: the exact solve on P ranks
solve() {
	echo "$pos" | mpi "$1" solve --no-book -j "$threads" \
	    >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err" >&2; return 1; }
	local pr m
	pr=$(sed -n 's/.*prepared in \([0-9.]*\) ms.*/\1/p' "$tmp/err")
	m=$(sed -n 's/.*messages \([0-9]*\) .*/\1/p' "$tmp/err")
	awk -v pr="${pr:-0}" -v m="${m:-0}" '{ print $4 / 1e6, $3, pr, m, $2 }' "$tmp/out"
}

# run KIND: every P, REPEAT rounds interleaved; rows "kind p secs nodes
# prepare_ms messages result"
run() {
	local kind=$1 r p line
	declare -A best=() rest=()
	for ((r = 1; r <= repeat; r++)); do
		for ((p = 1; p <= maxp; p++)); do
			printf '\r%s: %s, P = %d, round %d/%d ' "$me" "$kind" "$p" "$r" "$repeat" >&2
			line=$("$kind" "$p") || exit 1
			read -r s n pr m res <<<"$line"
			if [ -z "${best[$p]:-}" ] || awk -v a="$s" -v b="${best[$p]}" 'BEGIN { exit !(a < b) }'; then
				best[$p]=$s
				rest[$p]="$n $pr $m $res"
			fi
		done
	done
	printf '\r%*s\r' 60 '' >&2
	for ((p = 1; p <= maxp; p++)); do
		echo "$kind $p ${best[$p]} ${rest[$p]}"
	done
}

: >"$tmp/rows"
[ -n "$depth" ] && run first >>"$tmp/rows"
[ -n "$avg" ] && run average >>"$tmp/rows"
[ -n "$pos" ] && run solve >>"$tmp/rows"

echo "dropfour-mpi, $cores cores here, transport $transport, table $table, $threads thread(s) a rank, best of $repeat"
awk -v cores="$cores" -v depth="$depth" -v avg="$avg" -v pos="$pos" -v csv="$tmp/csv" '
function bar(v, n,   s, i) { s = ""; for (i = 0; i < n; i++) s = s "#"; return s }
{
	k = $1; p = $2; t[k, p] = $3; nd[k, p] = $4; pr[k, p] = $5; ms[k, p] = $6; res[k, p] = $7
	if (p == 1) { t1[k] = $3; n1[k] = $4; r1[k] = $7 }
	if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
	if (p > maxp) maxp = p
}
END {
	print "kind,p,seconds,speedup,efficiency,nodes,node_overhead,prepare_ms,messages,same_result,oversubscribed" > csv
	for (j = 1; j <= nk; j++) {
		k = order[j]
		if (k == "first")
			printf "\nthe first move, alpha-beta, depth %d\n", depth
		else if (k == "average")
			printf "\nthe first move, averaged outcomes, depth %d\n", avg
		else
			printf "\nthe exact solve of %s\n", pos
		printf "%3s %9s %8s %6s %11s %9s %8s %6s %5s\n", "P", "time", "speedup", "eff", "nodes", "overhead", "table", "msgs", "same"
		for (p = 1; p <= maxp; p++) {
			sp = t[k, p] > 0 ? t1[k] / t[k, p] : 0
			ov = n1[k] > 0 ? nd[k, p] / n1[k] : 0
			same = res[k, p] == r1[k] ? "yes" : "NO"
			over = p > cores
			printf "%3d %8.3fs %7.2f%s %5.0f%% %11d %8.2fx %6.1fms %6d %5s\n", p, t[k, p], sp, over ? "*" : " ", 100 * sp / p, nd[k, p], ov, pr[k, p], ms[k, p], same
			printf "%s,%d,%.6f,%.4f,%.4f,%d,%.4f,%.3f,%d,%s,%s\n", k, p, t[k, p], sp, sp / p, nd[k, p], ov, pr[k, p], ms[k, p], same == "yes" ? "true" : "false", over ? "true" : "false" > csv
			speed[k, p] = sp
		}
		print "(* oversubscribed: more processes than cores, not a speedup)"
		printf "\nspeedup (# measured, | ideal; scale %d columns = %d)\n", 4 * maxp, maxp
		for (p = 1; p <= maxp; p++) {
			n = int(speed[k, p] * 4 + 0.5); line = bar(0, n)
			while (length(line) < 4 * maxp + 1) line = line " "
			line = substr(line, 1, 4 * p - 1) "|" substr(line, 4 * p + 1)
			printf("%3d %s %.2f%s\n", p, line, speed[k, p], p > cores ? "*" : "")
		}
	}
}' "$tmp/rows"
mv "$tmp/csv" "$csv.tmp.$$" && mv "$csv.tmp.$$" "$csv"
echo "$me: rows in $csv"
if command -v gnuplot >/dev/null 2>&1; then
	svg=${csv%.csv}.svg
	{
		echo "set terminal svg size 720,480 dynamic"
		echo "set output '$svg.tmp.$$'"
		echo "set datafile separator ','"
		echo "set key left top"
		echo "set xlabel 'processes P'; set ylabel 'speedup'"
		echo "set title 'dropfour-mpi: speedup against one process ($cores cores; past them oversubscribed)'"
		echo "set xrange [1:$maxp]; set yrange [0:$maxp]"
		printf "plot x title 'ideal' with lines dt 2"
		for k in first average solve; do
			grep -q "^$k," "$csv" || continue
			printf ", '< grep ^%s, %s' using 2:4 title '%s' with linespoints" "$k" "$csv" "$k"
		done
		echo
	} >"$tmp/plot.gp"
	if gnuplot "$tmp/plot.gp" 2>"$tmp/gp.err"; then
		mv "$svg.tmp.$$" "$svg"
		echo "$me: graph in $svg"
	else
		rm -f "$svg.tmp.$$"
		echo "$me: gnuplot failed: $(head -n 1 "$tmp/gp.err")" >&2
	fi
else
	echo "$me: no gnuplot: no graph (the CSV has the rows)"
fi
