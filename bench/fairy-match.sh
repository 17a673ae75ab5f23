#!/usr/bin/env bash
# fairy-match.sh -- dropfour against an engine built outside this project:
# Fairy-Stockfish, whose variants.ini defines Connect Four as the variant
# `cfour`.  Never part of `make check` (it needs that engine, and minutes).
#
#   bench/fairy-match.sh --fsf PATH [--variants FILE] [--level NAME]
#                        [--movetime MS] [--openings "22 24 ..."]
#                        [--threads N] [--hash MB] [-o FILE]
#   bench/fairy-match.sh --uci [--fsf PATH ...]
#
# --uci: both players are driven through one UCI path, the one a program
# that drives Fairy-Stockfish's Connect Four uses: `uci`, `setoption name
# UCI_Variant value cfour`, `position startpos moves P@d1 ...`, `go
# movetime MS`, `bestmove P@..`; dropfour speaks strict UCI there.
# Without --fsf the opponent is a second `dropfour engine` (dropfour
# against itself through that path).
#
# Each opening (a few plies, in dropfour's notation; by default the twelve
# two-ply openings whose exact value is a draw) is played twice, dropfour
# first in one game and second in the other.  Both engines get the same
# time a move (--movetime, default 1000 ms: `go movetime MS`; dropfour with
# `setoption name Level value NAME` first, default expert), the same
# threads (default 2) and table (default 256 MB).  Fairy-Stockfish is
# told: VariantPath (--variants, default variants.ini beside the binary or
# in its src/), UCI_Variant cfour; its moves are drops `P@<file><rank>`,
# file a-g the columns 1-7, rank 1 the bottom row.  Every move of either
# engine is checked by dropfour's own rules (`dropfour solve` parses the
# game so far: a full column or a move after the end is refused, a four
# ends the game); an illegal or missing move loses the game.  For every
# game dropfour lost, the exact value of the position before each of its
# moves (`dropfour solve`) says where the game was lost.
#
# Writes one line a game and a summary to standard output and to the
# record file (-o, default fairy-match-LEVEL.txt), which is written whole
# or not at all (a temporary file renamed).  Binary: $DROPFOUR, else the
# ./run build, else ./dropfour, else PATH.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
me=fairy-match.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"

uci_mode=0 fsf='' variants='' level=expert ms=1000 threads=2 hash=256 out=''
openings="22 24 33 34 35 36 52 53 54 55 64 66"
while [ $# -gt 0 ]; do
	case $1 in
	--fsf) fsf=$2; shift ;;
	--uci) uci_mode=1 ;;
	--variants) variants=$2; shift ;;
	--level) level=$2; shift ;;
	--movetime) ms=$2; shift ;;
	--openings) openings=$2; shift ;;
	--threads) threads=$2; shift ;;
	--hash) hash=$2; shift ;;
	-o) out=$2; shift ;;
	*) echo "$me: unknown argument '$1'" >&2; exit 2 ;;
	esac
	shift
done
self=0
if [ "$uci_mode" -eq 1 ] && [ -z "$fsf" ]; then
	self=1 # the opponent: dropfour itself, through the same UCI path
else
	[ -n "$fsf" ] && [ -x "$fsf" ] || { echo "$me: give the Fairy-Stockfish binary with --fsf PATH (or --uci alone)" >&2; exit 2; }
fi
if [ "$self" -eq 1 ]; then
	variants=/dev/null
elif [ -z "$variants" ]; then
	for v in "$(dirname "$fsf")/variants.ini" "$(dirname "$fsf")/src/variants.ini"; do
		[ -f "$v" ] && variants=$v && break
	done
fi
[ "$self" -eq 1 ] || { [ -n "$variants" ] && [ -f "$variants" ]; } || { echo "$me: no variants.ini (give --variants FILE)" >&2; exit 2; }
for n in "$ms" "$threads" "$hash"; do
	case $n in '' | *[!0-9]*) echo "$me: --movetime, --threads and --hash are numbers" >&2; exit 2 ;; esac
done
out=${out:-fairy-match-$level.txt}
bin=$(find_dropfour)
export DROPFOUR_DATADIR=${DROPFOUR_DATADIR:-$top/data}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-fairy.XXXXXX")
dpid='' fpid=''
cleanup() {
	exec 3>&- 4<&- 5>&- 6<&- 2>/dev/null || true
	[ -n "$dpid" ] && kill "$dpid" 2>/dev/null || true
	[ -n "$fpid" ] && kill "$fpid" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# The two engines, each on a pair of fifos: dropfour on fds 3 (in) and 4
# (out), Fairy-Stockfish on 5 and 6.
mkfifo "$tmp/d.in" "$tmp/d.out" "$tmp/f.in" "$tmp/f.out"
"$bin" engine -j "$threads" -m "$hash" <"$tmp/d.in" >"$tmp/d.out" 2>"$tmp/d.err" &
dpid=$!
exec 3>"$tmp/d.in" 4<"$tmp/d.out"
if [ "$self" -eq 1 ]; then
	"$bin" engine -j "$threads" -m "$hash" <"$tmp/f.in" >"$tmp/f.out" 2>"$tmp/f.err" &
else
	"$fsf" <"$tmp/f.in" >"$tmp/f.out" 2>"$tmp/f.err" &
fi
fpid=$!
exec 5>"$tmp/f.in" 6<"$tmp/f.out"

# wait_for FD PATTERN: read lines from FD until one matches (ERE), into
# $line; false after 60 s of silence.
wait_for() {
	while IFS= read -r -t 60 line <&"$1"; do
		[[ $line =~ $2 ]] && return 0
	done
	return 1
}

echo "uci" >&3
wait_for 4 '^uciok$' || { echo "$me: dropfour engine: no uciok" >&2; exit 1; }
# dropfour's own bestmove lines (score, kind) unless --uci: strict UCI
# and cfour moves then, as Fairy-Stockfish is driven
if [ "$uci_mode" -eq 1 ]; then
	echo "setoption name UCI_Variant value cfour" >&3
else
	echo "setoption name DropfourExtensions value true" >&3
fi
echo "setoption name Level value $level" >&3
echo "isready" >&3
wait_for 4 '^readyok$' || { echo "$me: dropfour engine: no readyok" >&2; exit 1; }
printf '%s\n' uci >&5
fsf_id=
while IFS= read -r -t 60 line <&6 && [ "$line" != uciok ]; do
	case $line in "id name "*) fsf_id=${line#id name } ;; esac
done
[ "$line" = uciok ] || { echo "$me: Fairy-Stockfish: no uciok" >&2; exit 1; }
[ "$self" -eq 1 ] || printf '%s\n' "setoption name VariantPath value $variants" >&5
printf '%s\n' \
	"setoption name UCI_Variant value cfour" \
	"setoption name Threads value $threads" \
	"setoption name Hash value $hash" isready >&5
wait_for 6 '^readyok$' || { echo "$me: Fairy-Stockfish: no readyok" >&2; exit 1; }

# referee MOVES: dropfour's rules on the game so far: "on" (go on),
# "won" (the last move made a four), "draw" (a full board) or "illegal".
referee() {
	local msg
	msg=$(echo "$1" | "$bin" solve --nodes 1 -m 1 --no-book -j1 2>&1 >/dev/null) || true
	case $msg in
	'') [ ${#1} -eq 42 ] && echo draw || echo on ;;
	*"already won"*) echo won ;;
	*) echo illegal ;;
	esac
}

# The column of a Fairy-Stockfish drop P@<file><rank> on the game so far,
# or nothing when its rank is not the column's next free row.
fsf_col() {
	local m=$1 moves=$2 f r c h
	[[ $m =~ ^[Pp]@([a-g])([1-6])$ ]] || return 0
	f=${BASH_REMATCH[1]} r=${BASH_REMATCH[2]}
	c=$(($(printf '%d' "'$f") - 96))
	h=$(tr -cd "$c" <<<"$moves" | wc -c)
	[ "$r" -eq $((h + 1)) ] && echo "$c"
}

# The drop of column C on the game so far, in Fairy-Stockfish's notation.
fsf_move() {
	local c=$1 moves=$2 h
	h=$(tr -cd "$c" <<<"$moves" | wc -c)
	local files=abcdefg
	printf 'P@%s%d' "${files:c-1:1}" $((h + 1))
}

# The exact value of MOVES for the side to move (solve, the book).
exact() {
	echo "$1" | "$bin" solve -j "$threads" -m "$hash" | cut -d' ' -f2
}

record=$tmp/record
{
	echo "# dropfour $level vs ${fsf_id:-Fairy-Stockfish} (cfour), go movetime $ms each, $threads threads and $hash MB each"
	echo "# game opening dropfour-side result plies moves [notes]"
} >"$record"
cat "$record"
w=0 d=0 l=0 g=0 proven_lost=0
for o in $openings; do
	for dside in 0 1; do # dropfour plays the first (0) or the second (1) player
		g=$((g + 1))
		moves=$o uci="" note="" result="" proven=""
		for ((i = 0; i < ${#o}; i++)); do
			uci="$uci $(fsf_move "${o:i:1}" "${o:0:i}")"
		done
		echo ucinewgame >&3
		echo ucinewgame >&5
		while [ -z "$result" ]; do
			ply=${#moves}
			if [ $((ply % 2)) -eq "$dside" ]; then
				if [ "$uci_mode" -eq 1 ]; then
					printf 'position startpos moves%s\ngo movetime %s\n' "$uci" "$ms" >&3
				else
					printf 'position %s\ngo movetime %s\n' "${moves:-startpos}" "$ms" >&3
				fi
				if wait_for 4 '^bestmove '; then
					# shellcheck disable=SC2086 # the line's words
					set -- $line
					c=$2
					if [ "$uci_mode" -eq 1 ]; then
						c=$(fsf_col "$2" "$moves")
						[ -n "$c" ] || note="dropfour played '$2'"
					fi
					# a proven score >= 0 for dropfour: it must not lose
					[ "${6:-}" = proven ] && [ "${4#-}" = "$4" ] && proven=${proven:-$ply}
				else
					c=""
				fi
				mover=dropfour
			else
				printf 'position startpos moves%s\ngo movetime %s\n' "$uci" "$ms" >&5
				if wait_for 6 '^bestmove '; then
					# shellcheck disable=SC2086 # the line's words
					set -- $line
					c=$(fsf_col "$2" "$moves")
					[ -n "$c" ] || note="fsf played '$2'"
				else
					c=""
				fi
				mover=fsf
			fi
			if [ -z "$c" ]; then
				state=illegal
			else
				state=$(referee "$moves$c")
			fi
			case $state in
			on | won | draw)
				uci="$uci $(fsf_move "$c" "$moves")"
				moves=$moves$c
				;;
			esac
			case $state in
			won) result=$mover ;;
			draw) result=draw ;;
			illegal)
				note="${note:+$note; }$mover made no legal move after $moves"
				[ $mover = dropfour ] && result=fsf || result=dropfour
				;;
			esac
		done
		case $result in
		dropfour) w=$((w + 1)) res=win ;;
		draw) d=$((d + 1)) res=draw ;;
		fsf) l=$((l + 1)) res=loss ;;
		esac
		if [ "$res" = loss ]; then
			# where it was lost: the first of dropfour's moves that
			# took the value below a draw, or from a win to no win;
			# none: the opening was already lost for dropfour's side
			where="no move of dropfour's changed the value: lost from the opening ($(exact "$o") for the side to move after it)"
			for ((p = ${#o}; p < ${#moves}; p++)); do
				[ $((p % 2)) -eq "$dside" ] || continue
				before=$(exact "${moves:0:p}")
				after=$(exact "${moves:0:p+1}")
				if [ -n "$before" ] && [ -n "$after" ] &&
					{ { [ "$before" -ge 0 ] && [ "$after" -gt 0 ]; } ||
						{ [ "$before" -gt 0 ] && [ "$after" -ge 0 ]; }; }; then
					where="lost at ply $((p + 1)) (column ${moves:p:1}: $before before, $((-after)) after)"
					break
				fi
			done
			note="${note:+$note; }$where"
			[ -n "$proven" ] && proven_lost=$((proven_lost + 1)) &&
				note="${note:+$note; }LOST AFTER A PROVEN NON-LOSS at ply $((proven + 1))"
		fi
		line="$g $o $([ "$dside" -eq 0 ] && echo first || echo second) $res ${#moves} $moves${note:+ [$note]}"
		echo "$line" | tee -a "$record"
	done
done
score=$(awk -v w=$w -v d=$d -v g=$g 'BEGIN { printf "%.1f", 100 * (w + d / 2) / g }')
echo "# summary: $g games, dropfour $w wins, $d draws, $l losses: $score%; lost after a proven non-loss: $proven_lost" |
	tee -a "$record"
cp "$record" "$out.tmp.$$"
mv -f "$out.tmp.$$" "$out"
echo quit >&3
echo quit >&5
