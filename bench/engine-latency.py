#!/usr/bin/env python3
"""engine-latency.py -- how fast `dropfour engine` answers, quiet and with
another search on every core (as in an engine match on one computer).

  bench/engine-latency.py [--load K] [--threads T] [--stops N]
                          [--movetimes N] [--quits N] [DROPFOUR]

Starts K other searches first (default 0; `--load cores` one per core):
each `DROPFOUR solve -j1 --no-book` of the empty 7x6 board, restarted when
it ends, so every core stays busy for the whole run.  Then, in ONE engine
session (`engine -j T -m 64 --no-book`, T default: the engine's own
default, the number of cores):
  stop      N times: a position of 0 to 30 random stones, `go infinite`,
            `stop` 50-250 ms later: the time from writing `stop` to
            reading `bestmove`;
  isready   the same N times, `isready` while the search runs: the time
            to `readyok`;
  movetime  N times `go movetime 100` from such positions: the time from
            `go` to `bestmove` (over 110 ms is an overrun);
and in fresh sessions (`uci`, then a quit ends each):
  quit      N times `quit` 50-250 ms into `go infinite`: the time to its
            `bestmove`;
  exit      the same quits: the time to the process's exit (once the
            search's threads have returned).
Prints p50 / p99 / max of each (milliseconds), the overruns, the load and
`uptime`.  Stop with Ctrl-C: the load's processes are ended too.
"""
import argparse, os, random, select, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from c4games import random_game  # noqa: E402


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100.0 * (len(xs) - 1))))]


class Engine:
    def __init__(self, dropfour, threads):
        args = [dropfour, "engine", "-m", "64", "--no-book"]
        if threads:
            args[2:2] = ["-j", str(threads)]
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, bufsize=0)
        self.buf = b""

    def send(self, line):
        self.p.stdin.write((line + "\n").encode())

    def wait_for(self, prefix, timeout=30.0):
        """The time when a line starting with prefix was read, or None."""
        end = time.monotonic() + timeout
        while True:
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                if line.startswith(prefix):
                    return time.monotonic()
            left = end - time.monotonic()
            if left <= 0:
                return None
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if not r:
                return None
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.buf += chunk

    def close(self):
        try:
            self.send("quit")
            self.p.stdin.close()
        except BrokenPipeError:
            pass
        self.p.wait()


def random_position(rng, stones):
    """Column digits of a game of `stones` random legal moves, no four in
    it (c4games.random_game())."""
    return "".join(str(c + 1) for c, _ in random_game(rng, stones))


def start_load(dropfour, k):
    procs = []
    for _ in range(k):
        procs.append(subprocess.Popen(
            ["sh", "-c", "while :; do echo | '%s' solve -j1 --no-book "
             "-m 64 >/dev/null 2>&1; done" % dropfour],
            preexec_fn=os.setsid))
    return procs


def stop_load(procs):
    for p in procs:
        try:
            os.killpg(p.pid, 15)
        except ProcessLookupError:
            pass
        p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dropfour", nargs="?", default="dropfour")
    ap.add_argument("--load", default="0")
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--stops", type=int, default=1000)
    ap.add_argument("--movetimes", type=int, default=1000)
    ap.add_argument("--quits", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    cores = os.cpu_count() or 1
    k = cores if a.load == "cores" else int(a.load)
    rng = random.Random(a.seed)
    load = start_load(a.dropfour, k)
    res = {"stop": [], "isready": [], "movetime": [], "quit": [], "exit": []}
    try:
        time.sleep(0.5 if k else 0)
        e = Engine(a.dropfour, a.threads)
        e.send("uci")
        e.wait_for(b"uciok")
        e.send("setoption name DropfourExtensions value true")
        for i in range(a.stops):
            e.send("position %s" % random_position(rng, rng.randint(0, 30)))
            e.send("go infinite")
            time.sleep(rng.uniform(0.05, 0.25))
            if i % 2:
                t = time.monotonic()
                e.send("isready")
                te = e.wait_for(b"readyok")
                res["isready"].append((te - t) * 1e3)
            t = time.monotonic()
            e.send("stop")
            te = e.wait_for(b"bestmove")
            if te is None:
                sys.exit("no bestmove after stop")
            res["stop"].append((te - t) * 1e3)
            if i % 100 == 99:
                print("  %d stops" % (i + 1), file=sys.stderr)
        for i in range(a.movetimes):
            e.send("position %s" % random_position(rng, rng.randint(0, 30)))
            t = time.monotonic()
            e.send("go movetime 100")
            te = e.wait_for(b"bestmove")
            res["movetime"].append((te - t) * 1e3)
        e.close()
        for i in range(a.quits):
            e = Engine(a.dropfour, a.threads)
            e.send("uci")
            e.wait_for(b"uciok")
            e.send("position %s" % random_position(rng, rng.randint(0, 30)))
            e.send("go infinite")
            time.sleep(rng.uniform(0.05, 0.25))
            t = time.monotonic()
            e.send("quit")
            te = e.wait_for(b"bestmove")
            if te is not None:
                res["quit"].append((te - t) * 1e3)
            e.p.stdin.close()
            e.p.wait()
            res["exit"].append((time.monotonic() - t) * 1e3)
    finally:
        stop_load(load)
    print("dropfour engine, %d cores, load: %d other searches, threads %s"
          % (cores, k, a.threads or "default"))
    for name, xs in res.items():
        if not xs:
            continue
        extra = ""
        if name == "movetime":
            extra = ", over 110 ms: %d" % sum(1 for x in xs if x > 110)
        print("%-8s n=%4d p50 %6.1f ms  p99 %6.1f ms  max %6.1f ms%s"
              % (name, len(xs), percentile(xs, 50), percentile(xs, 99),
                 max(xs), extra))
    print(os.popen("uptime").read().strip())


if __name__ == "__main__":
    main()
