#!/usr/bin/env bash
# heuristic.sh -- the depth-limited search's choice of move scored against
# the exact solver: on a fixed set of positions from Pascal Pons' test sets
# (PER positions of each game phase: 0-8, 9-16, 17-24 and 25 or more
# stones), each searched through the engine protocol at fixed budgets (by
# default `go depth 8`, `go depth 12` and `go movetime 100`), how often the
# chosen column keeps the position's exact value, and how often it keeps
# its outcome (a win still a win, a draw at least a draw), by phase.
#
#   bench/heuristic.sh [--per N] [--budgets "depth 8,movetime 100"]
#                      [--cache FILE] [DROPFOUR OPTIONS...]
#
# The exact values (every column of every position, `solve --analyze`
# with the shipped book) are computed once and kept in a cache file (by
# default _build/default/bench-heuristic-exact.txt, else under $TMPDIR),
# written whole or not at all (a temporary file renamed), and remade when
# the set of positions changes.  The searches run without the book (the
# heuristic is what is measured; `--book FILE` among the options puts one
# back), one thread (-j1, node counts repeatable) unless -j is given, the
# table emptied before each position (ucinewgame).  A `go movetime` search
# also proves what it can (docs/engine-protocol.md), so its late phases
# show the proof, not the heuristic.  A measurement, not a test: run it on
# a quiet machine.  Data: as bench/solve-sets.sh; binary: $DROPFOUR, else
# the ./run build, else ./dropfour, else PATH.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
me=heuristic.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"

per=40
budgets="depth 8,depth 12,movetime 100"
cache=
args=()
while [ $# -gt 0 ]; do
	case $1 in
	--per) per=$2; shift ;;
	--budgets) budgets=$2; shift ;;
	--cache) cache=$2; shift ;;
	*) args+=("$1") ;;
	esac
	shift
done
case $per in '' | *[!0-9]* | 0) echo "$me: --per must be a positive number" >&2; exit 2 ;; esac
bin=$(find_dropfour)
data=$(find_testsets)/pons-testsets
export DROPFOUR_DATADIR=${DROPFOUR_DATADIR:-$top/data}
if [ -z "$cache" ]; then
	if [ -d "$top/_build/default" ]; then
		cache=$top/_build/default/bench-heuristic-exact.txt
	else
		cache=${TMPDIR:-/tmp}/dropfour-bench-heuristic-exact.txt
	fi
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-heuristic.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# The positions: for each phase, every 5th position of that many stones in
# the sets' order (the easy openings first, the endgames last), PER of them.
for f in Test_L1_R3 Test_L1_R2 Test_L1_R1 Test_L2_R2 Test_L2_R1 Test_L3_R1; do
	cat "$data/$f"
done | awk -v per="$per" '
function phase(n) { return n <= 8 ? 0 : n <= 16 ? 1 : n <= 24 ? 2 : 3 }
{
	p = phase(length($1))
	if (seen[p]++ % 5 == 0 && took[p] < per) {
		took[p]++
		print p, $1
	}
}' | sort -s -k1,1n >"$tmp/positions"

# The exact values: "MOVES S1 ... S7" per position, from the cache when it
# holds these positions.
cut -d' ' -f2 "$tmp/positions" >"$tmp/moves"
if [ -f "$cache" ] && cmp -s <(cut -d' ' -f1 "$cache") "$tmp/moves"; then
	echo "# exact values from $cache" >&2
else
	echo "# exact values: solve --analyze of $(wc -l <"$tmp/moves") positions (once; cached in $cache)" >&2
	"$bin" solve --analyze "$tmp/moves" >"$tmp/exact"
	[ "$(wc -l <"$tmp/exact")" -eq "$(wc -l <"$tmp/moves")" ] ||
		{ echo "$me: solve --analyze gave $(wc -l <"$tmp/exact") lines for $(wc -l <"$tmp/moves") positions" >&2; exit 1; }
	cp "$tmp/exact" "$cache.tmp.$$"
	mv -f "$cache.tmp.$$" "$cache"
fi
paste -d' ' <(cut -d' ' -f1 "$tmp/positions") "$cache" >"$tmp/exact-phase"

has_j=0
for a in "${args[@]+"${args[@]}"}"; do
	case $a in -j* | --threads*) has_j=1 ;; esac
done
[ $has_j -eq 1 ] || args+=(-j1)

printf '# dropfour heuristic bench: %s positions a phase (Pons test sets), no book, %s\n' "$per" "${args[*]}"
printf '%-12s %-7s %9s %6s %9s %9s\n' budget stones positions kept% outcome% ms/pos
IFS=, read -r -a blist <<<"$budgets"
for budget in "${blist[@]}"; do
	{
		echo "setoption name Book value none"
		while read -r moves; do
			printf 'ucinewgame\nposition %s\ngo %s\n' "$moves" "$budget"
		done <"$tmp/moves"
		echo quit
	} | "$bin" engine "${args[@]+"${args[@]}"}" >"$tmp/out"
	grep '^bestmove ' "$tmp/out" | cut -d' ' -f2 >"$tmp/chosen"
	# the last info line of each search carries its time
	awk '/^info / { t = $0 } /^bestmove / { n = split(t, w, " "); for (i = 1; i < n; i++) if (w[i] == "time") print w[i + 1] }' \
		"$tmp/out" >"$tmp/times"
	[ "$(wc -l <"$tmp/chosen")" -eq "$(wc -l <"$tmp/moves")" ] ||
		{ echo "$me: go $budget: $(wc -l <"$tmp/chosen") moves for $(wc -l <"$tmp/moves") positions" >&2; exit 1; }
	paste -d' ' "$tmp/chosen" "$tmp/times" "$tmp/exact-phase" | awk -v budget="$budget" '
	function col(c) { return c ~ /[1-9]/ ? c + 0 : index("abcdefg", c) + 9 }
	{
		# chosen ms phase moves s1 .. sW
		p = $3; c = col($1); best = -1000
		for (i = 5; i <= NF; i++) if ($i != "-" && $i + 0 > best) best = $i + 0
		v = $(4 + c)
		n[p]++; ms[p] += $2
		if (v != "-" && v + 0 == best) kept[p]++
		o = best > 0 ? 1 : best < 0 ? -1 : 0
		ov = v == "-" ? -2 : v > 0 ? 1 : v < 0 ? -1 : 0
		if (ov >= o) okept[p]++
	}
	END {
		split("0-8 9-16 17-24 25+", name, " ")
		for (p = 0; p < 4; p++) {
			if (!n[p]) continue
			printf "%-12s %-7s %9d %5.1f%% %8.1f%% %9.0f\n", budget, name[p + 1], n[p],
				100 * kept[p] / n[p], 100 * okept[p] / n[p], ms[p] / n[p]
			all += n[p]; ak += kept[p]; ao += okept[p]
		}
		printf "%-12s %-7s %9d %5.1f%% %8.1f%%\n", budget, "all", all, 100 * ak / all, 100 * ao / all
	}'
done
