#!/bin/sh
# responsiveness.sh -- how the curses game feels while every search thread
# is busy (a measurement, not a test).
#
# Usage: bench/responsiveness.sh [SECONDS]     (default 10)
#   DROPFOUR  the binary (default: the ./run build, else ./dropfour, else
#             PATH: find_dropfour in bench/lib.sh)
#   THREADS   search threads (default: the number of cores)
#   RENICE_SEARCH=N  an experiment: lower every thread but the UI's by N
#
# It starts `dropfour --mode ai-ai --perfect --no-book` in a detached tmux
# pane, so the AI solves the empty board exactly on all threads (the book
# would answer it at once), and measures:
#   1. the UI (main) thread's CPU use while the panel refreshes, from
#      /proc/PID/task/PID/stat, over SECONDS, beside the whole process's;
#   2. keypress to screen: `?` opens the help overlay (Escape closes it),
#      timed from send-keys until capture-pane shows the change (so tmux's
#      own delay is included: an upper bound; the same measurement with
#      cat in a second pane, under the same load, shows what tmux and the
#      scheduler add), and inside dropfour from reading the key to writing
#      the screen (DROPFOUR_LOG);
#   3. toggle to new search: T and t restart the search with another thread
#      count; the game logs engine_start_latency() to DROPFOUR_LOG.
set -u

secs=${1:-10}
top=$(cd "$(dirname "$0")/.." && pwd)
me=responsiveness
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
DROPFOUR=$(find_dropfour) || exit 1
TMUX_BIN=${TMUX_BIN:-tmux}
. "$top/tests/lib-tmux.sh"

if ! command -v "$TMUX_BIN" >/dev/null 2>&1; then
	echo "responsiveness: tmux is needed" >&2
	exit 1
fi
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
threads=${THREADS:-$cores}
hz=$(getconf CLK_TCK)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-resp.XXXXXX")
trap 'tmux_kill; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
log=$tmp/log

now_ms() {
	echo $(($(date +%s%N) / 1000000))
}

# utime + stime of a /proc stat file, in clock ticks (the command name in
# field 2 may hold spaces: cut after the last ')').
ticks() {
	sed 's/.*) //' "$1" | awk '{ print $12 + $13 }'
}

# min / median / max of numbers, one a line.
summary() {
	sort -n | awk '{ v[NR] = $1 } END {
	    if (NR == 0) { print "no samples"; exit }
	    printf "min %.1f  median %.1f  max %.1f ms  (%d samples)\n",
	        v[1], v[int((NR + 1) / 2)], v[NR], NR }'
}

echo "dropfour responsiveness: $threads search threads on $cores cores," \
    "${secs}s sample"

tmux_start 100 30 "DROPFOUR_LOG=$log exec $DROPFOUR --mode ai-ai --perfect \
    --no-book --threads $threads --tt-mb 64" || exit 1
tmux_wait "thinking" 20 || exit 1
sleep 1
pid=$(sed -n 's/.*start pid \([0-9]*\).*/\1/p' "$log" | tail -n 1)
if [ -n "${RENICE_SEARCH:-}" ]; then
	# experiment: every thread but the UI's at a lower priority
	for t in /proc/$pid/task/*; do
		t=${t##*/}
		[ "$t" = "$pid" ] || renice -n "$RENICE_SEARCH" -p "$t" >/dev/null
	done
	echo "search threads reniced by $RENICE_SEARCH"
fi

# 1. CPU
main0=$(ticks /proc/$pid/task/$pid/stat)
all0=$(ticks /proc/$pid/stat)
t0=$(now_ms)
sleep "$secs"
main1=$(ticks /proc/$pid/task/$pid/stat)
all1=$(ticks /proc/$pid/stat)
t1=$(now_ms)
awk -v m=$((main1 - main0)) -v a=$((all1 - all0)) -v hz="$hz" \
    -v ms=$((t1 - t0)) 'BEGIN {
	printf "UI thread CPU:      %.2f%% of one core (whole process %.0f%%)\n",
	    100 * m / hz / (ms / 1000), 100 * a / hz / (ms / 1000) }'
grep -q "thinking" <<EOF || echo "warning: the search ended during the sample"
$(tmux_capture)
EOF

# 2a. what tmux itself adds, under the same load: cat in a second pane
# echoing a key while the game's search runs
game_socket=$tmux_socket
tmux_socket="$game_socket-cat"
tmux_start 100 30 "exec cat" || exit 1
sleep 0.5
: >"$tmp/base"
i=0
while [ $i -lt 10 ]; do
	a=$(now_ms)
	tmux_type "k$i."
	until tmux_capture | grep -q "k$i\."; do :; done
	b=$(now_ms)
	echo $((b - a)) >>"$tmp/base"
	i=$((i + 1))
done
tmux_kill
tmux_socket=$game_socket

# 2b. keypress to screen
: >"$tmp/keys"
i=0
while [ $i -lt 10 ]; do
	a=$(now_ms)
	tmux_send '?'
	until tmux_capture | grep -q "dropfour keys"; do :; done
	b=$(now_ms)
	tmux_send Escape
	until ! tmux_capture | grep -q "dropfour keys"; do :; done
	c=$(now_ms)
	echo $((b - a)) >>"$tmp/keys"
	echo $((c - b)) >>"$tmp/esc"
	sleep 0.2
	i=$((i + 1))
done
printf "keypress to screen: "
summary <"$tmp/keys"
printf "  (Escape, which curses holds ESCDELAY = 25 ms: "
summary <"$tmp/esc" | tr -d '\n'
echo ")"
printf "  (tmux alone, cat echoing a key meanwhile: "
summary <"$tmp/base" | tr -d '\n'
echo ")"
printf "  (inside dropfour, key read to screen written: "
sed -n 's/.*key [0-9]* shown in \([0-9.]*\) ms.*/\1/p' "$log" | summary |
    tr -d '\n'
echo ")"

# 3. toggle to new search
i=0
while [ $i -lt 10 ]; do
	tmux_send T
	sleep 0.3
	tmux_send t
	sleep 0.3
	i=$((i + 1))
done
printf "toggle to search:   "
sed -n 's/.*start latency \([0-9.]*\) ms.*/\1/p' "$log" | summary
tmux_send q
