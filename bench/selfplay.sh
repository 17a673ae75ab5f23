#!/usr/bin/env bash
# bench/selfplay.sh -- how long perfect play makes you wait: self-play games
# from the empty board (or a position), the longest move of each game, the
# whole game's time, and the longest move over all of them (the measure of
# the opening book: no move over 1 s, a whole game under 10 s).
#
#   bench/selfplay.sh [GAMES] [DROPFOUR OPTIONS...]
#
# GAMES defaults to 10; game i uses tie-break seed i, so the games differ
# where several moves are equally good.  Other options go to
# `dropfour selfplay --perfect`, e.g. -j2 (default: every core),
# --book FILE or --no-book, --position MOVES.  Binary: $DROPFOUR, else the
# ./run build.  Prints one line per game and a summary line; the full move
# list is kept in selfplay.log in the current directory.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
me=selfplay.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
bin=$(find_dropfour)
games=10
case ${1:-} in
'' | -*) ;;
*[!0-9]* | 0) echo "$me: GAMES must be a number from 1" >&2; exit 2 ;;
*) games=$1; shift ;;
esac
"$bin" selfplay --perfect --games "$games" "$@" | tee selfplay.log | awk '
/^game [0-9]+ of/ { g = $2; t[g] = 0; m[g] = 0; mv[g] = "" }
/^ +[0-9]+\. [XO] [0-9]+ +[0-9.]+ s/ {
	s = $4 + 0; t[g] += s
	if (s >= m[g]) { m[g] = s; mv[g] = $1 " " $3 }
}
/^result:/ { r[g] = substr($0, 9) }
END {
	worst = 0
	for (i = 1; i <= g; i++) {
		printf "game %d: %.2f s in all, longest move %.3f s (move %s), %s\n",
		    i, t[i], m[i], mv[i], r[i]
		if (m[i] > worst) worst = m[i]
		if (t[i] > longest) longest = t[i]
	}
	printf "summary: %d games, longest move %.3f s, longest game %.2f s\n",
	    g, worst, longest
}'
