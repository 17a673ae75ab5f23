#!/usr/bin/env bash
# soak.sh -- many self-play games under AddressSanitizer + UBSan: no crash,
# no leak, no hang, and every game played twice with the same seed gives
# the same moves; or many random engine-protocol sessions (a long check,
# not part of make check).
#
# Usage: tests/soak.sh [--games N] [--batch B] [--from I] [--limit S]
#                      [--no-replay]
#        tests/soak.sh engine [SESSIONS [SEED]]
#   --games N    games to play (default 1000)
#   --batch B    games per process, with the same settings (default 5)
#   --from I     start at game I (0-based, a multiple of B): resume a
#                stopped run
#   --limit S    a process that runs longer than B * S seconds is a hang
#                (default 60)
#   --no-replay  play every game once only (half the time)
#   DROPFOUR     the binary (default: _build/asan/dropfour, built with
#                `./run build asan` when missing)
#
# Games i to i + B - 1 are one `dropfour selfplay --games B` process whose
# settings come from its batch number i / B, so a run repeats and `--from
# I` resumes it:
#   - board sizes from 4x4 to 9x5 and 8x7; perfect play (the exact solver)
#     on the boards it solves in moments (4x4, 5x4, 4x5, 6x4, 5x5, 4x6),
#     depth-limited play at depths 1 to 10 everywhere else, now and then
#     averaged outcomes (--eval average, depths 1 to 5);
#   - the thread count changed between moves (--threads LIST: move k
#     searches on LIST[k mod n] threads) and each split scheme;
#   - seed i + 1 for game i's random tie-break among equal moves (the
#     table is emptied between games).
# Every process runs under `timeout`, with LeakSanitizer on (exit status
# 23 on a leak) and UBSan fatal; the replay must print the same `moves:`
# and `result:` lines, B of each.  A failing batch's output is kept under
# the log folder named at the end.  Prints one line per 50 games and a
# summary:
#   soak: N games (M replayed) in Ts: 0 crashes, 0 leaks, 0 hangs,
#   0 replays differ (0 of them depth-limited on several threads)
# A batch whose replay differs is named with its settings; perfect play
# and one-thread games repeat by design, depth-limited games on several
# threads are reported apart (a heuristic value may depend on what the
# other threads put in the shared table first): those are listed, and
# are not failures.
# Exit status 0 when nothing failed, 1 otherwise, 2 for bad usage.
#
# `tests/soak.sh engine [SESSIONS [SEED]]` (default 10000 sessions, seed 1)
# writes SESSIONS random sessions of the engine protocol (what a GUI or a
# confused script might send: uci, isready, size, position and moves,
# right and wrong, go depth/movetime/nodes/perfect/infinite/ponder,
# ponderhit, stop, analyze, setoption of every option, ucinewgame, debug,
# garbage bytes, quit) and runs them, 250 to a process, through the fuzz
# target tests/fuzz/fuzz-engine of the ASan build (_build/asan, built when
# missing), which makes the fuzz target's checks on each: no crash, every
# go answered by exactly one bestmove naming a legal column (none only on
# a full board), analyze by one scores line, in order, nothing left
# unanswered; LeakSanitizer at each process's end.  Prints a line per
# 1000 sessions and
#   soak engine: N sessions in Ts: 0 failed batches
# A failing batch's sessions and output are kept under the log folder.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
me=soak

# ---- engine sessions ------------------------------------------------------
engine_soak() {
	local n=${1:-10000} seed=${2:-1} per=250
	case $n$seed in '' | *[!0-9]*) echo "$me: not a number: '$n' '$seed'" >&2; exit 2 ;; esac
	local fz=${FUZZ_ENGINE:-$top/_build/asan/tests/fuzz/fuzz-engine}
	if [ ! -x "$fz" ] || [ -z "${FUZZ_ENGINE:-}" ]; then
		[ -d "$top/_build/asan" ] || "$top/run" build asan || exit 1
		make -s -C "$top/_build/asan" tests/fuzz/fuzz-engine >&2 || exit 1
	fi
	command -v python3 >/dev/null || { echo "$me: needs python3" >&2; exit 2; }
	local logs
	logs=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-soak-engine.XXXXXX") || exit 1
	export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:exitcode=23:strict_string_checks=1}
	export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
	export OMP_WAIT_POLICY=passive
	local start bad=0 done_n=0 b
	start=$(date +%s)
	trap 'echo; echo "$me: stopped after $done_n sessions (logs in $logs)"; exit 1' INT TERM HUP
	for ((b = 0; b * per < n; b++)); do
		local dir=$logs/batch-$b k=$((n - b * per < per ? n - b * per : per))
		mkdir -p "$dir"
		python3 - "$dir" "$k" "$((seed * 1000003 + b))" <<'PY' || exit 1
import random, sys
out, k, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
R = random.Random(seed)
def moves(w):
    cols = "123456789abcdefg"[:w]
    m = "".join(R.choice(cols) for _ in range(R.randint(0, 30)))
    if R.random() < 0.05:
        m += R.choice("0hz!-")  # not a column
    return m
def line(st):
    r = R.random()
    w = st["w"]
    if r < 0.18:
        return "position " + R.choice(["", "startpos", "-", moves(w)]) + \
            (" moves " + " ".join(moves(w)[:3] for _ in range(R.randint(0, 3))) if R.random() < 0.3 else "")
    if r < 0.23:
        return "moves " + " ".join(moves(w)[:2] for _ in range(R.randint(1, 3)))
    if r < 0.27:
        if R.random() < 0.1:
            return "size %d %d" % (R.randint(0, 20), R.randint(0, 20))
        st["w"] = R.randint(4, 9)
        return "size %d %d" % (st["w"], R.randint(4, 7))
    if r < 0.55:
        return R.choice([
            "go depth %d" % R.randint(1, 9), "go movetime %d" % R.randint(1, 25),
            "go nodes %d" % R.randint(1, 5000), "go perfect", "go infinite", "go",
            "go ponder", "go wtime %d btime %d winc %d binc %d" % (
                R.randint(-50, 300), R.randint(-50, 300), R.randint(0, 20), R.randint(0, 20)),
            "go depth %d movetime %d" % (R.randint(1, 20), R.randint(1, 20)),
            "go depth x", "go perfect depth 3"])
    if r < 0.63:
        return "analyze"
    if r < 0.73:
        return "stop"
    if r < 0.77:
        return "ponderhit"
    if r < 0.83:
        return "isready"
    if r < 0.90:
        return R.choice([
            "setoption name MultiPV value %d" % R.randint(0, 18),
            "setoption multipv %d" % R.randint(1, 7),
            "setoption name Hash value %d" % R.randint(1, 3),
            "setoption threads %d" % R.randint(1, 4),
            "setoption name Book value none", "setoption colour red"])
    if r < 0.95:
        return R.choice(["uci", "ucinewgame", "debug on", "debug off", ""])
    n = R.randint(1, 20)
    return "".join(chr(R.choice([R.randint(32, 126), R.randint(0, 255)])) for _ in range(n)).replace("\n", " ")
for i in range(k):
    st = {"w": 7}
    cmds = [line(st) for _ in range(R.randint(3, 25))]
    if R.random() < 0.2:
        cmds.append("quit")
    data = ("\n".join(cmds) + ("\n" if R.random() < 0.9 else "")).encode("latin-1")
    with open("%s/s%04d" % (out, i), "wb") as f:
        f.write(data[:4096])
PY
		if timeout -k 5 $((per * 10)) "$fz" "$dir" >"$dir.out" 2>&1; then
			rm -rf "$dir" "$dir.out"
		else
			bad=$((bad + 1))
			echo "$me: engine batch $b failed (exit $?): $(grep -m1 -E 'ERROR|require|runtime error|Sanitizer' "$dir.out")"
		fi
		done_n=$((done_n + k))
		if [ $((done_n % 1000)) -lt "$per" ] || [ "$done_n" -ge "$n" ]; then
			printf '%s engine: %d/%d sessions (%ds): %d failed batches\n' \
				"$me" "$done_n" "$n" $(($(date +%s) - start)) "$bad"
		fi
	done
	printf '%s engine: %d sessions in %ds: %d failed batches\n' "$me" "$done_n" \
		$(($(date +%s) - start)) "$bad"
	if [ "$bad" -gt 0 ]; then
		echo "$me: sessions and outputs kept in $logs"
		exit 1
	fi
	rm -rf "$logs"
	exit 0
}
if [ "${1:-}" = engine ]; then
	shift
	engine_soak "$@"
fi
games=1000
batch=5
from=0
limit=60
replay=1

usage() {
	sed -n '7,18p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--games) games=${2:-}; shift ;;
	--batch) batch=${2:-}; shift ;;
	--from) from=${2:-}; shift ;;
	--limit) limit=${2:-}; shift ;;
	--no-replay) replay=0 ;;
	-h | --help) usage ;;
	*) echo "$me: unknown argument '$1'" >&2; usage ;;
	esac
	shift
done
for v in "$games" "$batch" "$from" "$limit"; do
	case $v in '' | *[!0-9]*) echo "$me: not a number: '$v'" >&2; usage ;; esac
done

if [ -z "${DROPFOUR:-}" ]; then
	DROPFOUR=$top/_build/asan/dropfour
	if [ ! -x "$DROPFOUR" ]; then
		echo "$me: building the ASan binary (./run build asan)" >&2
		"$top/run" build asan || exit 1
	fi
fi
[ -x "$DROPFOUR" ] || { echo "$me: no binary at $DROPFOUR" >&2; exit 2; }

logs=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-soak.XXXXXX") || exit 1
out=$logs/out

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:exitcode=23:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# What the program would set for itself (and then exec itself again).
export OMP_WAIT_POLICY=passive

perfect_sizes=(4x4 5x4 4x5 6x4 5x5 4x6)
depth_sizes=(7x6 4x4 5x4 6x5 8x7 9x5 7x7 6x7 5x6 9x6 8x6 4x10)
thread_lists=(1 2 1,2 2,1,3 1,4,2 3 2,4 4,1)
splits=(deep root lazy)

[ "$batch" -ge 1 ] || { echo "$me: --batch must be at least 1" >&2; usage; }

# settings I: the selfplay arguments of batch I.
settings() {
	local i=$1 size
	local -a a=()
	if [ $((i % 4)) -eq 0 ]; then
		size=${perfect_sizes[$((i / 4 % ${#perfect_sizes[@]}))]}
		a+=(--perfect)
	else
		size=${depth_sizes[$((i % ${#depth_sizes[@]}))]}
		if [ $((i % 7)) -eq 3 ]; then
			a+=(--eval average -d $((i % 5 + 1)))
		else
			a+=(-d $((i * 7 % 10 + 1)))
		fi
	fi
	a+=(-W "${size%x*}" -H "${size#*x}")
	a+=(-j "${thread_lists[$((i % ${#thread_lists[@]}))]}")
	a+=(--split "${splits[$((i / 3 % 3))]}")
	a+=(--games "$batch" --seed $((i * batch + 1)) -m 8)
	printf '%s\n' "${a[@]}"
}

played=0
replayed=0
crashes=0
leaks=0
hangs=0
differ=0
differ_parallel=0
failed_games=()
noted_games=()

# play I TAG: run batch I, output in $out.TAG; prints the exit status.
play() {
	local -a args
	mapfile -t args < <(settings "$1")
	timeout -k 5 $((limit * batch)) "$DROPFOUR" selfplay "${args[@]}" \
		>"$out.$2" 2>&1
	echo $?
}

# keep I TAG WHY: keep a failing game's output.
keep() {
	cp "$out.$2" "$logs/batch-$1.$2.log"
	failed_games+=("batch $1 ($3)")
}

# judge I TAG STATUS: count what went wrong; true if the game is good.
judge() {
	local i=$1 tag=$2 st=$3
	if [ "$st" -eq 124 ] || [ "$st" -eq 137 ]; then
		hangs=$((hangs + 1))
		keep "$i" "$tag" "hang"
		return 1
	fi
	if grep -q 'LeakSanitizer' "$out.$tag"; then
		leaks=$((leaks + 1))
		keep "$i" "$tag" "leak"
		return 1
	fi
	if [ "$st" -ne 0 ] ||
		[ "$(grep -c '^result: ' "$out.$tag")" -ne "$batch" ]; then
		crashes=$((crashes + 1))
		keep "$i" "$tag" "exit $st"
		return 1
	fi
	return 0
}

trap 'echo; echo "$me: stopped; resume with --from $g (logs in $logs)"; exit 1' INT TERM HUP

start=$(date +%s)
end=$((from + games))
for ((g = from; g < end; g += batch)); do
	i=$((g / batch))
	st=$(play "$i" a)
	played=$((played + batch))
	if judge "$i" a "$st" && [ "$replay" = 1 ]; then
		st=$(play "$i" b)
		replayed=$((replayed + batch))
		if judge "$i" b "$st" &&
			! cmp -s <(grep -E '^(moves|result):' "$out.a") \
				<(grep -E '^(moves|result):' "$out.b"); then
			differ=$((differ + 1))
			# Exact play, or one thread, must repeat by design; a
			# depth-limited search on several threads may not (the
			# shared table's contents depend on thread timing).
			if settings "$i" | grep -qx -- --perfect ||
				settings "$i" | tr '\n' ' ' | grep -q -- '-j 1 '; then
				keep "$i" a "replay differs"
			else
				# Reported, not a failure: the documented
				# nondeterminism of parallel heuristic search.
				differ_parallel=$((differ_parallel + 1))
				cp "$out.a" "$logs/batch-$i.a.log"
				noted_games+=("batch $i")
			fi
			cp "$out.b" "$logs/batch-$i.b.log"
		fi
	fi
	if [ $(((g + batch - from) % 50)) -lt "$batch" ] || [ $((g + batch)) -ge "$end" ]; then
		printf '%s: game %d/%d (%ds): %d crashes, %d leaks, %d hangs, %d replays differ; last: %s: %s\n' \
			"$me" $((g + batch)) "$end" $(($(date +%s) - start)) \
			"$crashes" "$leaks" "$hangs" "$differ" \
			"$(settings "$i" | tr '\n' ' ')" \
			"$(sed -n 's/^result: //p' "$out.a" | sort | uniq -c | tr -s ' \n' ' ')"
	fi
done

printf '%s: %d games (%d replayed) in %ds: %d crashes, %d leaks, %d hangs, %d replays differ (%d of them depth-limited on several threads)\n' \
	"$me" "$played" "$replayed" $(($(date +%s) - start)) \
	"$crashes" "$leaks" "$hangs" "$differ" "$differ_parallel"
if [ ${#noted_games[@]} -gt 0 ]; then
	printf '%s: depth-limited on several threads, replay differs (expected, not a failure): %s\n' \
		"$me" "${noted_games[*]}"
fi
if [ ${#failed_games[@]} -gt 0 ]; then
	printf '%s: failed: %s\n' "$me" "${failed_games[*]}"
	echo "$me: outputs kept in $logs"
	exit 1
fi
rm -rf "$logs"
exit 0
