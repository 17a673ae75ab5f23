#!/usr/bin/env bash
# bench/book.sh -- book builds per second for ranks x threads: speedup and
# efficiency of `dropfour book build` (OpenMP threads) and of
# `dropfour-mpi book build` (Open MPI ranks, each with its threads).
#
#   bench/book.sh [-W W] [-H H] [--ply N] [CONFIG]...
#
# A CONFIG is RANKSxTHREADS: 1xT is one dropfour process with T threads;
# RxT with R > 1 is mpirun -n R dropfour-mpi with T threads per rank (rank 0
# only hands out work, so R - 1 ranks search).  Default: 1x1 1x2 2x1 3x1
# 2x2.  Every configuration builds the same book afresh (default 5x5 to ply
# 8) and must write the same bytes; the time is the best of REPEAT runs
# (default 3), the configurations taken in turn.  Speedup is against 1x1;
# efficiency divides it by the searching threads (workers x threads).
# DROPFOUR and DROPFOUR_MPI name the binaries (default: the ./run build).
set -euo pipefail
me=bench/book.sh
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
bin=$(find_dropfour)
mpi=${DROPFOUR_MPI:-$(dirname "$bin")/dropfour-mpi}
w=5 h=5 ply=8
configs=()
while [ $# -gt 0 ]; do
	case $1 in
	-W) w=$2; shift 2 ;;
	-H) h=$2; shift 2 ;;
	--ply) ply=$2; shift 2 ;;
	*x*) configs+=("$1"); shift ;;
	*) echo "$me: unknown argument $1" >&2; exit 2 ;;
	esac
done
[ ${#configs[@]} -gt 0 ] || configs=(1x1 1x2 2x1 3x1 2x2)
repeat=${REPEAT:-3}
export OMPI_ALLOW_RUN_AS_ROOT=${OMPI_ALLOW_RUN_AS_ROOT:-1}
export OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:-1}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-bench-book.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# run CONFIG: one build; prints "seconds searched-positions".
run() {
	local r=${1%x*} t=${1#*x} out=$tmp/$1.book t0 t1
	rm -f "$out" "$out.journal"
	t0=$(date +%s.%N)
	if [ "$r" = 1 ]; then
		"$bin" book build -W "$w" -H "$h" --ply "$ply" -j "$t" -m 64 -o "$out" >"$tmp/log"
	else
		[ -x "$mpi" ] || { echo "$me: no dropfour-mpi at $mpi" >&2; exit 2; }
		mpirun -n "$r" --oversubscribe "$mpi" book build -W "$w" -H "$h" \
			--ply "$ply" -j "$t" -m 64 -o "$out" >"$tmp/log"
	fi
	t1=$(date +%s.%N)
	cmp -s "$out" "$tmp/ref.book" || { echo "$me: $1 wrote other bytes" >&2; exit 1; }
	echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') $(sed -n 's/.*; \([0-9]*\) searched.*/\1/p' "$tmp/log")"
}

"$bin" book build -W "$w" -H "$h" --ply "$ply" -j1 -m 64 -o "$tmp/ref.book" >/dev/null
declare -A best
for ((i = 0; i < repeat; i++)); do
	for c in "${configs[@]}"; do
		read -r s n < <(run "$c")
		if [ -z "${best[$c]:-}" ] || awk -v a="$s" -v b="${best[$c]}" 'BEGIN { exit !(a < b) }'; then
			best[$c]=$s
		fi
		searched=$n
	done
done
echo "book ${w}x${h} ply $ply: $searched positions searched; best of $repeat, $(nproc) cores"
printf '%-8s %8s %8s %10s %8s %10s\n' config workers seconds 'pos/s' speedup efficiency
base=${best[${configs[0]}]}
for c in "${configs[@]}"; do
	r=${c%x*} t=${c#*x}
	workers=$((r > 1 ? r - 1 : 1))
	s=${best[$c]}
	awk -v c="$c" -v wk="$workers x $t" -v s="$s" -v n="$searched" -v b="$base" -v k=$((workers * t)) \
		'BEGIN { printf "%-8s %8s %8.2f %10.0f %8.2f %9.0f%%\n", c, wk, s, n / s, b / s, 100 * b / s / k }'
done
