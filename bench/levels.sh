#!/usr/bin/env bash
# levels.sh -- the ladder of the named levels, measured by self-play: each
# level against the next one up, the two changing colours every game
# (selfplay --level A,B).
#
#   bench/levels.sh [GAMES] [SECONDS]
#   bench/levels.sh [--openings "22 24 ..." | --drawn] [--own] [-j N]
#                   [--pairs strong,expert ...] [GAMES] [SECONDS]
#
# From the empty board (the default): GAMES games a pair (default 100),
# think times scaled down (SECONDS is the default level's budget, the
# others in proportion; default 0.03 s) so that a pair takes minutes, one
# search thread.
#
# --openings LIST: each opening (a move string) played twice a pair, each
# level first once, instead of GAMES games from the empty board; --drawn
# is the twelve two-ply openings whose exact value is a draw, the set
# bench/fairy-match.sh plays.  Between levels that play the empty board
# perfectly (strong and up: the book, then proofs) every game from the
# empty board is the same one, won by whoever moves first; openings make
# the games differ, as in engine testing.
# --own: the levels' own think times, not scaled (as a player meets them).
# -j N: search threads (default 1).
# --pairs: only these pairs (LOWER,UPPER, the lower level's name first).
#
# Prints one row per pair: the two levels, the wins of each, the draws and
# the stronger level's score (wins + draws/2 over games).  A measurement,
# not a test: run it on a quiet machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
me=levels.sh
# shellcheck source=bench/lib.sh
. "$here/lib.sh"
dropfour=$(find_dropfour)
# The shipped book, for the perfect level (not installed: the source tree).
export DROPFOUR_DATADIR=${DROPFOUR_DATADIR:-$top/data}

openings='' own=0 threads=1 pairs='' pos=()
while [ $# -gt 0 ]; do
	case $1 in
	--openings) openings=$2; shift ;;
	--drawn) openings="22 24 33 34 35 36 52 53 54 55 64 66" ;;
	--own) own=1 ;;
	-j) threads=$2; shift ;;
	--pairs) pairs="$pairs $2"; shift ;;
	-*) echo "$me: unknown option '$1'" >&2; exit 2 ;;
	*) pos+=("$1") ;;
	esac
	shift
done
games=${pos[0]:-100}
secs=${pos[1]:-0.03}
case $games in '' | *[!0-9]*) echo "$me: GAMES must be a number" >&2; exit 2 ;; esac
case $threads in '' | *[!0-9]* | 0) echo "$me: -j needs a number of threads" >&2; exit 2 ;; esac
for o in $openings; do
	case $o in *[!1-7]*) echo "$me: opening '$o' is not a move string of columns 1-7" >&2; exit 2 ;; esac
done
names=(beginner casual club strong expert perfect)
timing=(--time "$secs")
[ "$own" = 1 ] && timing=()

# One selfplay run: prints "A-wins B-wins draws".
duel() { # A B [selfplay arguments...]
	local a=$1 b=$2
	shift 2
	"$dropfour" selfplay --level "$a,$b" "${timing[@]}" -j "$threads" "$@" |
		sed -n "s/^summary: $a \([0-9]*\) wins*, $b \([0-9]*\) wins*, \([0-9]*\) draws*$/\1 \2 \3/p"
}

if [ -n "$openings" ]; then
	read -ra ops <<<"$openings"
	from="the openings ${ops[*]} (each twice)"
	games=$((2 * ${#ops[@]}))
else
	from="the empty board"
fi
printf '# dropfour levels ladder: %s games a pair from %s, alternating colours, %s, %s thread(s)\n' \
	"$games" "$from" "$([ "$own" = 1 ] && echo "the levels' own think times" || echo "--time $secs")" "$threads"
printf '%-10s %-10s %6s %6s %6s %7s\n' lower upper lower upper draws upper%
for ((i = 0; i + 1 < ${#names[@]}; i++)); do
	a=${names[i]} b=${names[i + 1]}
	if [ -n "$pairs" ]; then
		case " $pairs " in *" $a,$b "*) ;; *) continue ;; esac
	fi
	wa=0 wb=0 d=0
	if [ -n "$openings" ]; then
		for o in $openings; do
			read -r x y z <<<"$(duel "$a" "$b" --position "$o" --games 2)"
			[ -n "$z" ] || { echo "$me: no summary from selfplay ($a,$b from $o)" >&2; exit 1; }
			wa=$((wa + x)) wb=$((wb + y)) d=$((d + z))
		done
	else
		read -r wa wb d <<<"$(duel "$a" "$b" --games "$games")"
		[ -n "$d" ] || { echo "$me: no summary from selfplay ($a,$b)" >&2; exit 1; }
	fi
	printf '%-10s %-10s %6d %6d %6d %6.1f%%\n' "$a" "$b" "$wa" "$wb" "$d" \
		"$(echo "($wb + $d / 2) * 100 / $games" | bc -l)"
done
