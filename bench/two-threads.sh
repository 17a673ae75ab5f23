#!/usr/bin/env bash
# bench/two-threads.sh -- what a second thread is worth, measured so that
# one noisy run cannot decide: 1 and 2 threads (and c4's two builds where
# given), interleaved round after round on the same positions, each
# program's own solve time, the spread over the rounds, the system time
# and page faults of each run (getrusage through /usr/bin/time), and
# dropfour's factors (speedup = threads x busy x node speed / node
# overhead, docs/parallel-search.md).
#
#   bench/two-threads.sh [-r ROUNDS] [-m MB] [FILE]
#
#   FILE       "moves score" lines (default: the 40 positions of Pons'
#              Test_L1_R2, lines 901-940, from the data directory of
#              bench/lib.sh); "-" the empty board once a round (long;
#              c4's driver must read a "-" line as the empty board)
#   -r ROUNDS  rounds (default 7); each round runs dropfour 1, dropfour 2,
#              c4 1, c4 2 in turn, so that a slow stretch of the machine
#              hits every one
#   -m MB      dropfour's table (default 256; c4's driver has its own)
#
# dropfour runs `bench speedup --threads 1,2 --json` (its own timer, the
# table cleared before each position, the one-thread run first), once per
# round, and keeps each thread count's seconds; c4 where C4_1 and C4_2 name
# drivers of its Solver built with NUM_THREADS 1 and 2 (bench/peers.sh
# says what a driver prints).  Prints each round, then min / median / max
# a column and the speedups of the fastest (the figure) and of the
# medians, system seconds and minor faults per run, and the load average
# before and after (take figures only under 0.3).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
me=two-threads.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
rounds=7 mb=256
while getopts r:m:h opt; do
	case $opt in
	r) rounds=$OPTARG ;;
	m) mb=$OPTARG ;;
	h) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "$me: try '$me -h'" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
case $rounds$mb in *[!0-9]*) echo "$me: -r and -m take numbers" >&2; exit 2 ;; esac
bin=$(find_dropfour)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-two.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
file=${1:-}
if [ -z "$file" ]; then
	data=$(find_testsets)/pons-testsets
	sed -n 901,940p "$data/Test_L1_R2" >"$tmp/set"
	file=$tmp/set
elif [ "$file" = - ]; then
	echo "- 1" >"$tmp/set"
	file=$tmp/set
fi
[ -s "$file" ] || { echo "$me: $file is empty or missing" >&2; exit 2; }
c4=0
[ -n "${C4_1:-}" ] && [ -x "$C4_1" ] && [ -n "${C4_2:-}" ] && [ -x "$C4_2" ] && c4=1

# timed OUT CMD...: runs CMD with $file on stdin, its stdout in OUT;
# prints "system_seconds minor_faults".
timed() {
	local out=$1
	shift
	/usr/bin/time -f '%S %R' -o "$tmp/rusage" "$@" <"$file" >"$out" 2>/dev/null ||
		{ echo "$me: $* failed" >&2; exit 1; }
	cat "$tmp/rusage"
}

echo "# $(wc -l <"$file") positions of $file, $rounds rounds; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-5s %9s %9s %7s %7s %6s %8s  %9s %9s %7s\n' round "df 1" "df 2" speedup busy nspeed overhead "c4 1" "c4 2" speedup
: >"$tmp/rows"
for ((r = 1; r <= rounds; r++)); do
	ru=$(timed "$tmp/df" "$bin" bench speedup --threads 1,2 --tt-mb "$mb" --json /dev/stdin)
	d1=$(sed -n 's/.*"threads":1,.*"seconds":\([0-9.]*\).*/\1/p' "$tmp/df")
	d2=$(sed -n 's/.*"threads":2,.*"seconds":\([0-9.]*\).*/\1/p' "$tmp/df")
	busy=$(sed -n 's/.*"threads":2,.*"busy":\([0-9.]*\).*/\1/p' "$tmp/df")
	ns=$(sed -n 's/.*"threads":2,.*"node_speed":\([0-9.]*\).*/\1/p' "$tmp/df")
	ov=$(sed -n 's/.*"threads":2,.*"node_overhead":\([0-9.]*\).*/\1/p' "$tmp/df")
	k1=- k2=- ru1="- -" ru2="- -"
	if [ $c4 = 1 ]; then
		ru1=$(timed "$tmp/c1" "$C4_1")
		k1=$(awk 'END { print $NF }' "$tmp/c1")
		ru2=$(timed "$tmp/c2" "$C4_2")
		k2=$(awk 'END { print $NF }' "$tmp/c2")
	fi
	echo "$r $d1 $d2 $busy $ns $ov $k1 $k2 $ru $ru1 $ru2" >>"$tmp/rows"
	awk -v r="$r" -v a="$d1" -v b="$d2" -v u="$busy" -v n="$ns" -v o="$ov" -v c="$k1" -v d="$k2" 'BEGIN {
		printf "%-5s %9.3f %9.3f %7.2f %6.1f%% %6.2f %8.3f  %9s %9s %7s\n", r, a, b, a / b, 100 * u, n, o,
		    c, d, (c == "-" ? "-" : sprintf("%.2f", c / d)) }'
done
awk -v c4="$c4" '
{ n++; for (k = 2; k <= 14; k++) col[k, n] = $k }
function stat(k,   i, j, t, a) {
	for (i = 1; i <= n; i++) a[i] = col[k, i] + 0
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	mn[k] = a[1]; mx[k] = a[n]; md[k] = (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
END {
	for (k = 2; k <= 14; k++) stat(k)
	printf "\n%-22s %9s %9s %9s\n", "", "min", "median", "max"
	printf "%-22s %9.3f %9.3f %9.3f\n", "dropfour 1 thread (s)", mn[2], md[2], mx[2]
	printf "%-22s %9.3f %9.3f %9.3f\n", "dropfour 2 threads (s)", mn[3], md[3], mx[3]
	printf "%-22s %9.3f %9.3f %9.3f\n", "  busy", mn[4], md[4], mx[4]
	printf "%-22s %9.3f %9.3f %9.3f\n", "  node speed", mn[5], md[5], mx[5]
	printf "%-22s %9.3f %9.3f %9.3f\n", "  node overhead", mn[6], md[6], mx[6]
	printf "%-22s %9.3f %9.3f %9.3f\n", "dropfour sys s / run", mn[9], md[9], mx[9]
	printf "%-22s %9d %9d %9d\n", "dropfour minor faults", mn[10], md[10], mx[10]
	printf "dropfour speedup: %.2f (fastest), %.2f (medians)\n", mn[2] / mn[3], md[2] / md[3]
	if (c4) {
		printf "%-22s %9.3f %9.3f %9.3f\n", "c4 1 thread (s)", mn[7], md[7], mx[7]
		printf "%-22s %9.3f %9.3f %9.3f\n", "c4 2 threads (s)", mn[8], md[8], mx[8]
		printf "%-22s %9.3f %9.3f %9.3f\n", "c4 1 sys s / run", mn[11], md[11], mx[11]
		printf "%-22s %9.3f %9.3f %9.3f\n", "c4 2 sys s / run", mn[13], md[13], mx[13]
		printf "c4 speedup:       %.2f (fastest), %.2f (medians)\n", mn[7] / mn[8], md[7] / md[8]
	}
}' "$tmp/rows"
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
