#!/usr/bin/env bash
# bench/mpi-machines.sh -- one search across machines gives one process's
# answers: COUNT positions of Pascal Pons' test sets, each solved as one
# search over P Open MPI ranks standing for K machines (--dist-machines
# K: a shared table a group, the table across machines above
# --dist-upper's cells, messages between the groups), for every K of
# KLIST; each score compared with the published one and with
# `dropfour solve` on one process.  Prints a line per K: the positions
# that agree, the nodes summed over the ranks against one process's (the
# node overhead of the set), the mean hand-off and the entries passed
# between the tables.
#
#   bench/mpi-machines.sh [-n P] [-K KLIST] [-c COUNT] [-t TRANSPORT]
#                         [-E CELLS] [SET]...
#
#   -n P          ranks (default 4)
#   -K KLIST      machines, comma-separated (default 1,2,4)
#   -c COUNT      positions, the first of the sets in turn (default 128)
#   -t TRANSPORT  tcp (default: `--mca btl self,tcp`, as across a
#                 network) or sm
#   -E CELLS      --dist-upper (default dropfour-mpi's)
#   SET           Pons' test sets (lines "MOVES SCORE"; default
#                 Test_L1_R2 and Test_L1_R3 of the data directory, the
#                 hardest of the beginning: of the first 128, 63 take
#                 more than 200,000 nodes on one process and are shared
#                 out, the rest run whole on one worker)
#
# Exit status 1 if any answer differs.  Binaries: $DROPFOUR_MPI and
# $DROPFOUR, else the ./run build; mpirun: $MPIRUN, else mpirun.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
me=mpi-machines.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
np=4 klist=1,2,4 count=128 transport=tcp upper=
while getopts n:K:c:t:E:h opt; do
	case $opt in
	n) np=$OPTARG ;;
	K) klist=$OPTARG ;;
	c) count=$OPTARG ;;
	t) transport=$OPTARG ;;
	E) upper=$OPTARG ;;
	h) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "$me: try '$me -h'" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
for v in "$np" "$count" "${upper:-0}"; do
	case $v in
	'' | *[!0-9]*) echo "$me: '$v': not a number" >&2; exit 2 ;;
	esac
done
case $klist in
'' | *[!0-9,]* | ,* | *, | *,,*) echo "$me: -K '$klist': machine counts such as 1,2,4" >&2; exit 2 ;;
esac
sets=("$@")
if [ ${#sets[@]} -eq 0 ]; then
	data=$(find_testsets)/pons-testsets
	sets=("$data/Test_L1_R2" "$data/Test_L1_R3")
fi
for s in "${sets[@]}"; do
	[ -r "$s" ] || { echo "$me: cannot read $s" >&2; exit 2; }
done
mpi_setup "$transport"
one=${DROPFOUR:-$top/_build/default/dropfour}
[ -x "$one" ] || { echo "$me: no dropfour at $one" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'echo "$me: stopped" >&2; exit 130' INT TERM

awk -v n="$count" 'NR <= n' "${sets[@]}" >"$tmp/set"
cut -d' ' -f1 "$tmp/set" >"$tmp/in"
"$one" solve -j1 --no-book "$tmp/in" >"$tmp/one"
awk '{ print $1, $2 }' "$tmp/one" >"$tmp/one.scores"
cmp -s "$tmp/one.scores" "$tmp/set" ||
	{ echo "$me: dropfour solve differs from the published scores" >&2; exit 1; }
nodes_one=$(awk '{ s += $3 } END { print s }' "$tmp/one")
echo "dropfour-mpi: $(wc -l <"$tmp/in") positions, $np ranks as K machines, transport $transport, upper table ${upper:-default}"
echo "(one process: $nodes_one nodes in all)"
bad=0
IFS=, read -r -a ks <<<"$klist"
for k in "${ks[@]}"; do
	extra=(--dist-machines "$k")
	[ -z "$upper" ] || extra+=(--dist-upper "$upper")
	: >"$tmp/got"
	: >"$tmp/notes"
	i=0
	while read -r pos; do
		i=$((i + 1))
		printf '\r%s: K = %d, %d/%d ' "$me" "$k" "$i" "$count" >&2
		echo "$pos" | "$mpirun" -n "$np" --oversubscribe "${mca[@]}" \
		    -x DROPFOUR_CONFIG -x OMP_WAIT_POLICY "$bin" solve -j1 \
		    --no-book "${extra[@]}" >>"$tmp/got" 2>>"$tmp/notes" ||
			{ echo "$me: $pos, K = $k: exit $?" >&2; tail -3 "$tmp/notes" >&2; exit 1; }
	done <"$tmp/in"
	printf '\r%*s\r' 60 '' >&2
	same=$(awk 'NR == FNR { want[$1] = $2; next } want[$1] == $2 { n++ } END { print n + 0 }' \
		"$tmp/one.scores" "$tmp/got")
	[ "$same" -eq "$(wc -l <"$tmp/in")" ] || bad=1
	awk -v k="$k" -v same="$same" -v all="$(wc -l <"$tmp/in")" -v n1="$nodes_one" \
	    'NR == FNR { n += $3; next }
	     match($0, /hand-off [0-9.]+ ms/) { h += substr($0, RSTART + 9, RLENGTH - 12); hn++ }
	     match($0, /to every table: [0-9]+/) { e += substr($0, RSTART + 16, RLENGTH - 16) }
	     END { printf("K = %d: %d/%d as one process; node overhead %.2f; hand-off %.3f ms a task; %d entries between the tables\n",
	                  k, same, all, n / n1, hn ? h / hn : 0, e) }' "$tmp/got" "$tmp/notes"
done
exit "$bad"
