#!/usr/bin/env bash
# levels.sh -- the ladder of the named levels, measured by self-play: each
# level against the next one up, GAMES games a pair (default 100), the two
# changing colours every game (selfplay --level A,B).  The think times are
# scaled down (--time S is the default level's budget, the others in
# proportion; default 0.03 s) so that a pair takes minutes, not hours.
#
#   bench/levels.sh [GAMES] [SECONDS]
#
# Prints one row per pair: the two levels, the wins of each, the draws and
# the stronger level's score (wins + draws/2 over games).  A measurement,
# not a test: run it on a quiet machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
. "$here/lib.sh"
me=levels.sh
dropfour=$(find_dropfour)
# The shipped book, for the perfect level (not installed: the source tree).
export DROPFOUR_DATADIR=${DROPFOUR_DATADIR:-$top/data}
games=${1:-100}
secs=${2:-0.03}
case $games in '' | *[!0-9]*) echo "levels.sh: GAMES must be a number" >&2; exit 2 ;; esac
names=(beginner casual club strong expert perfect)
printf '# dropfour levels ladder: %s games a pair, alternating colours, --time %s, 1 thread\n' "$games" "$secs"
printf '%-10s %-10s %6s %6s %6s %7s\n' lower upper lower upper draws upper%
for ((i = 0; i + 1 < ${#names[@]}; i++)); do
	a=${names[i]} b=${names[i + 1]}
	out=$("$dropfour" selfplay --level "$a,$b" --games "$games" --time "$secs" -j1 |
		sed -n "s/^summary: $a \([0-9]*\) wins*, $b \([0-9]*\) wins*, \([0-9]*\) draws*$/\1 \2 \3/p")
	read -r wa wb d <<<"$out"
	printf '%-10s %-10s %6d %6d %6d %6.1f%%\n' "$a" "$b" "$wa" "$wb" "$d" \
		"$(echo "($wb + $d / 2) * 100 / $games" | bc -l)"
done
