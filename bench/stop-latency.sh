#!/bin/sh
# stop-latency.sh -- how long `dropfour engine` takes to answer `stop`
# (docs/engine-protocol.md promises 10 ms in every state; a measurement,
# not a test: make check does not run it).
#
# Usage: bench/stop-latency.sh [TRIALS] [SIZES_MB]   (default 40, "256 1024 4096")
#   DROPFOUR  the binary (find_dropfour in bench/lib.sh)
#
# For each table size (skipped where the memory available is short of
# it), one engine alternates exact and heuristic searches (go perfect, go
# infinite, analyze on 5-stone positions), so that each search starts by
# emptying the table; `stop` is written at a random moment of 0 to 30 ms
# after go (during the clear, or the search) and the time to the bestmove
# (or scores) line is taken by a Python driver (time.monotonic around the
# pipe).  Prints p50, p90, p99 and the largest, in milliseconds, and on
# standard error each stop slower than 50 ms with the search it stopped.
set -u
trials=${1:-40}
sizes=${2:-"256 1024 4096"}
top=$(cd "$(dirname "$0")/.." && pwd)
me=stop-latency
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
find_dropfour
command -v python3 >/dev/null || { echo "$me: needs python3" >&2; exit 1; }
avail=$(awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo)
for mb in $sizes; do
	if [ "$mb" -gt $((avail * 3 / 4)) ]; then
		echo "$mb MB: skipped (MemAvailable ${avail} MB)"
		continue
	fi
	python3 - "$DROPFOUR" "$mb" "$trials" <<'PY'
import random, subprocess, sys, time
prog, mb, trials = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
p = subprocess.Popen([prog, "engine", "-j2", "-m", str(mb), "--no-book"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s):
    p.stdin.write(s + "\n"); p.stdin.flush()
def wait_for(prefixes):
    while True:
        line = p.stdout.readline()
        if not line:
            sys.exit("engine ended")
        if line.startswith(prefixes):
            return line
# the engine is up (its table made) before the first stop is timed
send("isready")
wait_for(("readyok",))
random.seed(1)
gos = ["go perfect", "go infinite", "analyze", "go infinite"]
lat = []
for i in range(trials):
    send("position %s" % "".join(random.choice("1234567") for _ in range(5)))
    send(gos[i % len(gos)])
    time.sleep(random.uniform(0, 0.03))
    t = time.monotonic()
    send("stop")
    wait_for(("bestmove", "scores"))
    lat.append((time.monotonic() - t) * 1e3)
    if lat[-1] > 50: print("  slow stop: %s: %.0f ms" % (gos[i % len(gos)], lat[-1]), file=sys.stderr)
send("quit"); p.wait()
lat.sort()
q = lambda f: lat[min(len(lat) - 1, int(f * len(lat)))]
print("%5d MB: %d stops: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms"
      % (mb, len(lat), q(0.5), q(0.9), q(0.99), lat[-1]))
PY
done
