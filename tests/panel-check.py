#!/usr/bin/env python3
"""panel-check.py -- hold every frame of the game's frame log (dropfour
--frame-log FILE: one JSON line per frame drawn, docs/json.md type "frame")
to the panel's invariants (docs/panel.md, "The checker").

    panel-check.py [--quiet] [--max N] FILE...
    panel-check.py --self-test   each defect the panel once showed, as a
                                 frame: the checker finds every one

Prints each broken invariant (the frame, its name and the values) up to
--max of them (default 20), then a summary line:
    frames N searches S violations V
and exits 1 when V > 0 (2 when a line is not a frame).

Within a frame: the threads' nodes add up to the total, the shares to
100%, every busy figure lies in 0..1 and a thread's busy time within the
search's own time, a root column's threads are the search's threads
working under it (never the proof's, and only under a column being
searched), the timeline and the rows are the search's the frame names,
an answer from the book shows no thread activity, each heuristic root
value carries its depth and is marked stale exactly when older than the
newest iteration of the rows, the title says "done" of a finished search,
the speed's factors multiply to their product, count the search's own
threads, compare with one thread of the same kind of search and stay
within the machine's cores, the speedup screen's factors multiply to the
time ratio, the history holds only finished searches, and under MPI the
network's mean hand-off is its sum over its tasks, no time of it below
0, and no table across machines counted without one.  Across the frames
of one search: its counts and time only grow (the network's too), and
the proof's state only goes forward, its counts frozen once it stopped.
"""
import json
import sys

PROOF_RANK = {"none": 0, "proving": 1, "proven": 2, "gave up": 2}
# Threads x node speed against the cores: rates measured a second apart
# on a loaded machine wander; a search cannot run faster than its cores
# by more than that.
CORE_SLACK = 1.3
# The network's counts (the frame's "network" object under MPI), each of
# which only grows within a search.
NET_COUNTS = ("messages", "bytes", "handoffs", "upper_entries",
              "upper_messages", "upper_bytes")


class Checker:
    def __init__(self, quiet=False, limit=20):
        self.quiet = quiet
        self.limit = limit
        self.violations = 0
        self.frames = 0
        self.searches = {}  # id -> state across frames
        self.finished = set()  # search ids seen finished
        self.nets = {}  # search id -> its last network object
        self.where = ""

    def bad(self, name, detail):
        self.violations += 1
        if not self.quiet and self.violations <= self.limit:
            print("VIOLATION %s: %s: %s" % (self.where, name, detail))

    def frame(self, f):
        self.frames += 1
        self.where = "%s frame %d" % (f.get("log", "?"), f["frame"])
        s = f["search"]
        if s["kind"] == "none":
            if f["threads"]:
                self.bad("no search, yet thread rows", len(f["threads"]))
            return
        self.sums(f)
        self.busy(f)
        self.columns(f)
        self.origin(f)
        self.depths(f)
        self.factors(f)
        self.across(f)
        self.history(f)
        self.answer(f)
        self.network(f)

    def sums(self, f):
        th, tot = f["threads"], f["totals"]
        n = sum(t["nodes"] for t in th)
        if n != tot["nodes"]:
            self.bad("nodes do not add up", "%d rows, total %d" % (n, tot["nodes"]))
        if tot["nodes"] > 0:
            share = sum(t["share"] for t in th)
            if abs(share - 1) > 1e-3:
                self.bad("shares do not add up to 100%", "%.5f" % share)

    def busy(self, f):
        secs = f["search"]["seconds"]
        for t in f["threads"]:
            for k in ("busy", "recent"):
                if not -1e-9 <= t[k] <= 1 + 1e-9:
                    self.bad("busy outside 0-100%", "%s %s %.4f" % (t["row"], k, t[k]))
            if t["busy_seconds"] > secs * 1.001 + 0.002:
                self.bad("busy beyond the search's own time",
                         "%s %.4fs of %.4fs" % (t["row"], t["busy_seconds"], secs))

    def columns(self, f):
        th = f["threads"]
        for t in th:
            if t["proof"] and t["column"] is not None:
                self.bad("a proof thread under a root column", t["row"])
        for c in f["columns"]:
            under = sum(1 for t in th if not t["proof"] and t["active"]
                        and t["column"] == c["column"])
            if c["threads"] and c["state"] != "searching":
                self.bad("threads under a column not searched",
                         "column %d %s [%d]" % (c["column"], c["state"], c["threads"]))
            if c["threads"] not in (0, under) or (c["state"] == "searching"
                                                   and c["threads"] != under):
                self.bad("a column's threads are not the threads under it",
                         "column %d shows %d, %d there" % (c["column"], c["threads"], under))
            if not f["search"]["running"] and c["state"] in ("searching", "waiting"):
                self.bad("a column searching after its search",
                         "column %d %s" % (c["column"], c["state"]))

    def origin(self, f):
        s = f["search"]
        tl = f["timeline"]
        if tl is not None and tl["id"] != s["id"]:
            self.bad("the timeline of another search", "%d, frame's %d" % (tl["id"], s["id"]))
        if s["source"] is not None and (f["threads"] or f["totals"]["nodes"]):
            self.bad("thread activity for an answer without a search",
                     "%s: %d rows" % (s["source"], len(f["threads"])))
        if s["running"]:
            if "done" in s["label"]:
                self.bad("a running search named done", s["label"])
        elif s.get("stopped"):
            if "stopped" not in s["label"]:
                self.bad("a stopped search not named as stopped", s["label"])
        elif s["source"] is None and "done" not in s["label"]:
            self.bad("a finished search not named as done", s["label"])

    def depths(self, f):
        if f["search"]["exact"]:
            return
        cols = [c for c in f["columns"] if c["kind"] == "heuristic"]
        newest = max([c["depth"] for c in cols] + [0])
        for c in cols:
            if c["depth"] <= 0:
                self.bad("a heuristic value without its depth", "column %d" % c["column"])
            elif c["stale"] != (c["depth"] < newest):
                self.bad("an older depth not labelled" if not c["stale"]
                         else "a current value marked stale",
                         "column %d depth %d, newest %d" % (c["column"], c["depth"], newest))

    def factors(self, f):
        x = f["factors"]
        s = f["search"]
        if x is not None:
            own = sum(1 for t in f["threads"] if not t["proof"])
            if x["threads"] != own:
                self.bad("factors over threads not the search's",
                         "%d, the search has %d" % (x["threads"], own))
            prod = x["threads"] * x["busy"] * x["node_speed"]
            if abs(prod - x["product"]) > 1e-4 * max(1, prod):
                self.bad("factors do not multiply", "%.5f vs %.5f" % (prod, x["product"]))
            if x["exact"] != s["exact"] or x["base"] != "position":
                self.bad("a rate against one thread of another search",
                         "base %s exact %s, search exact %s" % (x["base"], x["exact"], s["exact"]))
            cores = max(1, s["cpus"])
            if x["product"] > cores * CORE_SLACK:
                self.bad("threads x busy x node speed beyond the cores",
                         "%d x %.2f x %.2f on %d cores" % (x["threads"], x["busy"], x["node_speed"], cores))
        for r in f["speedup"]:
            prod = r["threads"] * r["busy"] * r["node_speed"] / r["node_overhead"]
            ratio = r["base_seconds"] / r["seconds"]
            if abs(prod - r["speedup"]) > 5e-3 * r["speedup"] or \
               abs(ratio - r["speedup"]) > 5e-3 * r["speedup"]:
                self.bad("the speedup's product is not the time ratio",
                         "%d threads: %.4f, %.4f, %.4f" % (r["threads"], prod, ratio, r["speedup"]))

    def across(self, f):
        s = f["search"]
        if s["id"] == 0:
            return
        key = (f.get("log"), s["id"])
        p = f["proof"]
        prev = self.searches.get(key)
        if prev is not None:
            if f["totals"]["nodes"] < prev["nodes"] and s["source"] is None:
                self.bad("a search's count went down", "%d after %d" % (f["totals"]["nodes"], prev["nodes"]))
            if s["seconds"] + 1e-6 < prev["seconds"] and s["source"] is None:
                self.bad("a search's time went back", "%.4f after %.4f" % (s["seconds"], prev["seconds"]))
            if PROOF_RANK[p["state"]] < PROOF_RANK[prev["proof"]] or \
               (PROOF_RANK[prev["proof"]] == 2 and p["state"] != prev["proof"]):
                self.bad("the proof's state went back", "%s after %s" % (p["state"], prev["proof"]))
            if PROOF_RANK[prev["proof"]] == 2 and p["nodes"] != prev["proof_nodes"]:
                self.bad("the proof counted after it stopped",
                         "%d after %d" % (p["nodes"], prev["proof_nodes"]))
            if prev["done"] and s["running"]:
                self.bad("a finished search running again", s["id"])
        self.searches[key] = {"nodes": f["totals"]["nodes"], "seconds": s["seconds"],
                              "proof": p["state"], "proof_nodes": p["nodes"],
                              "done": not s["running"]}
        if not s["running"]:
            self.finished.add(key)

    def answer(self, f):
        """A finished depth-limited search shows the iteration its answer
        comes from: every heuristic row of that depth; and a hint read
        from the search on show is one of its rows, none better."""
        s = f["search"]
        if s["running"] or s["source"] is not None or s.get("stopped"):
            return
        cols = [c for c in f["columns"] if c["kind"] != "unknown"]
        if not s["exact"] and s["depth"] > 0:
            for c in cols:
                if c["kind"] == "heuristic" and c["depth"] != s["depth"]:
                    self.bad("a row of another iteration than the answer's",
                             "column %d depth %d, answer's %d"
                             % (c["column"], c["depth"], s["depth"]))
        h = f.get("hint")
        if h is None or h["search"] != s["id"] or s["id"] == 0 or not cols:
            return
        row = [c for c in cols if c["column"] == h["column"]]
        if not row or row[0]["score"] != h["score"] or row[0]["kind"] != h["kind"]:
            self.bad("a hint not its column's row",
                     "column %d %s %s, row %s" % (h["column"], h["kind"], h["score"],
                                                  row[0] if row else None))
        elif len({c["kind"] for c in cols}) == 1 and \
                max(c["score"] for c in cols) > h["score"]:
            self.bad("a hint beaten by another row",
                     "column %d %s, best %d" % (h["column"], h["score"],
                                                max(c["score"] for c in cols)))

    def network(self, f):
        """Under MPI the network object (null for threads): its means
        never below 0 and what their sums say, no table across machines
        counted without one, and across the frames of one search every
        count only grows."""
        if "network" not in f:  # a log of before the network object
            return
        s, n = f["search"], f["network"]
        if (n is None) != (not s["ranks"]):
            self.bad("a network object without ranks, or ranks without one",
                     "ranks %s, network %s" % (s["ranks"], n))
            return
        if n is None:
            return
        for k in ("mean_handoff_seconds", "handoff_seconds", "waits_seconds",
                  "upper_seconds", "mean_upper_seconds"):
            if n[k] < 0:
                self.bad("a network time below 0", "%s %s" % (k, n[k]))
        want = n["handoff_seconds"] / n["handoffs"] if n["handoffs"] else 0
        if abs(n["mean_handoff_seconds"] - want) > 2e-6 + 1e-3 * want:
            self.bad("the mean hand-off is not its sum / its tasks",
                     "%.6f s, %.6f s / %d" % (n["mean_handoff_seconds"],
                                              n["handoff_seconds"], n["handoffs"]))
        if n["upper"] == 0 and (n["upper_entries"] or n["upper_messages"] or
                                n["upper_bytes"]):
            self.bad("a table across machines counted without one",
                     "%d entries in %d msgs" % (n["upper_entries"], n["upper_messages"]))
        key = (f.get("log"), s["id"])
        prev = self.nets.get(key)
        if prev is not None and s["source"] is None:
            for k in NET_COUNTS:
                if n[k] < prev[k]:
                    self.bad("a network count went down",
                             "%s %d after %d" % (k, n[k], prev[k]))
        self.nets[key] = n

    def history(self, f):
        s = f["search"]
        last = 0
        for h in f["history"]:
            if s["running"] and s["id"] and h["id"] >= s["id"]:
                self.bad("a history row of a search not finished",
                         "%d, running %d" % (h["id"], s["id"]))
            if h["id"] <= last:
                self.bad("history rows out of order", "%d after %d" % (h["id"], last))
            last = h["id"]


def self_test():
    """Each defect the panel once showed, as a frame: the checker must
    find it (the proof that it can fail).  Returns the number missed."""
    base = {
        "type": "frame", "frame": 1, "cols": 100, "lines": 30, "view": "panel",
        "job": "move", "log": "self",
        "search": {"kind": "move", "id": 5, "running": True, "source": None,
                   "ply": 12, "seconds": 0.4, "label": "thinking 0.4s",
                   "exact": False, "depth": 14, "cpus": 2, "ranks": False},
        "threads": [
            {"row": "0", "proof": False, "nodes": 600, "share": 0.6, "busy": 0.9,
             "busy_seconds": 0.36, "recent": 0.9, "where": "c2", "column": 2,
             "active": True},
            {"row": "p0", "proof": True, "nodes": 400, "share": 0.4, "busy": 0.8,
             "busy_seconds": 0.32, "recent": 0.8, "where": "proof", "column": None,
             "active": True}],
        "totals": {"nodes": 1000, "nps": 2500, "seconds": 0.4},
        "proof": {"state": "proving", "threads": 1, "nodes": 400, "seconds": 0.4},
        "factors": None,
        "columns": [
            {"column": 1, "state": "waiting", "score": -3, "kind": "heuristic",
             "depth": 14, "stale": True, "nodes": 10, "threads": 0},
            {"column": 2, "state": "searching", "score": None, "kind": "unknown",
             "depth": 0, "stale": False, "nodes": 10, "threads": 1},
            {"column": 7, "state": "done", "score": -11, "kind": "heuristic",
             "depth": 15, "stale": False, "nodes": 10, "threads": 0}],
        "board_live": True, "timeline": {"id": 5, "cells": 4},
        "history": [{"ply": 10, "id": 3, "seconds": 1.0, "nodes": 9}],
        "speedup": []}
    import copy

    def bad(f):
        f["threads"][1]["column"] = 1
        f["columns"][0]["threads"] = 2  # item 1: the proof under a column
    def stale(f):
        f["columns"][0]["stale"] = False  # item 2: an older depth unlabelled
    def busy(f):
        f["threads"][0]["recent"] = 1.2
    def other(f):
        f["timeline"]["id"] = 4  # item 4: the timeline of the search before
    def book(f):
        f["search"]["source"] = "book"  # item 4: activity for a book move
    def unnamed(f):
        f["search"]["running"] = False  # item 5: a finished search unlabelled
        f["columns"][1]["state"] = "unfinished"
        f["columns"][1]["threads"] = 0
        f["columns"][0]["state"] = "unfinished"
    def cores(f):
        f["factors"] = {"threads": 1, "busy": 0.93, "node_speed": 3.3,
                        "product": 3.069, "base_nps": 1e6, "base": "session",
                        "exact": False}  # item 11
    def sums(f):
        f["totals"]["nodes"] = 1200
    def hist(f):
        f["history"].append({"ply": 12, "id": 5, "seconds": 0.4, "nodes": 9})
    def iteration(f):
        # a hint's last frame: the answer of depth 14, rows of depth 15
        f["search"].update(kind="hint", running=False, label="hint, done in 0.4s")
        f["threads"] = f["threads"][:1]
        f["threads"][0].update(nodes=1000, share=1.0, column=None, active=False)
        f["proof"]["state"] = "none"
        for c in f["columns"]:
            c.update(state="done", kind="heuristic", score=-3, depth=15,
                     stale=False, threads=0)
    def hint(f):
        # the hint names column 7 at +11 while its row says -3
        iteration(f)
        for c in f["columns"]:
            c["depth"] = 14
        f["hint"] = {"column": 7, "score": 11, "kind": "heuristic", "search": 5}
    def ranks(f):
        f["search"]["ranks"] = True
        f["proof"].update(state="none", threads=0, nodes=0)
        f["threads"][1].update(row="1", proof=False, where="c2", column=2)
        f["columns"][1]["threads"] = 2
        f["network"] = {"messages": 40, "bytes": 3000, "handoffs": 10,
                        "handoff_seconds": 0.012,
                        "mean_handoff_seconds": 0.0012,
                        "waits_seconds": 0.1, "upper": 24,
                        "upper_entries": 900, "upper_messages": 8,
                        "upper_bytes": 14500, "upper_seconds": 0.0001,
                        "mean_upper_seconds": 0.0000125}
    def no_net(f):
        f["network"] = None  # a search across ranks without its network
        f["search"]["ranks"] = True
    def net_mean(f):
        f["network"]["mean_handoff_seconds"] = -0.0012  # a mean below 0
    def net_upper(f):
        f["network"]["upper"] = 0  # entries passed without the table
    def net_down(f):
        f["frame"] = 2
        f["network"]["upper_entries"] = 800  # a count going down
    base["network"] = None
    missed = 0
    for name, m in [("proof under a column", bad), ("stale unlabelled", stale),
                    ("busy over 100%", busy), ("another search's timeline", other),
                    ("book activity", book), ("finished unnamed", unnamed),
                    ("beyond the cores", cores), ("sums", sums),
                    ("running in history", hist),
                    ("a row of another iteration", iteration),
                    ("a hint not its row", hint),
                    ("ranks without a network", no_net),
                    ("a mean hand-off below 0", net_mean),
                    ("a table across machines without one", net_upper),
                    ("a network count going down", net_down)]:
        ck = Checker(quiet=True)
        good = copy.deepcopy(base)
        if m in (net_mean, net_upper, net_down):
            ranks(good)  # a search on ranks, with its network
        f = copy.deepcopy(good)
        ck.frame(copy.deepcopy(good))
        if ck.violations:
            print("self-test: the good frame broke %d invariants" % ck.violations)
            return 1
        m(f)
        ck.frame(f)
        if not ck.violations:
            print("self-test: %s not found" % name)
            missed += 1
    # across frames: the proof gave up, then proving again, and counting
    ck = Checker(quiet=True)
    f1 = copy.deepcopy(base)
    f1["proof"]["state"] = "gave up"
    f2 = copy.deepcopy(base)
    f2["frame"] = 2
    f2["proof"]["nodes"] = 500  # item 3
    ck.frame(f1)
    ck.frame(f2)
    if not ck.violations:
        print("self-test: the proof going back not found")
        missed += 1
    print("self-test: %d of 16 defects missed" % missed)
    return missed


def main(argv):
    if argv[:1] == ["--self-test"]:
        return 1 if self_test() else 0
    quiet, limit, files = False, 20, []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--quiet":
            quiet = True
        elif a == "--max":
            i += 1
            limit = int(argv[i])
        else:
            files.append(a)
        i += 1
    ck = Checker(quiet, limit)
    for path in files:
        with open(path) as fh:
            for n, line in enumerate(fh, 1):
                try:
                    f = json.loads(line)
                except ValueError as e:
                    # a log cut by a signal ends in a partial line
                    if n > 1 and not line.endswith("\n"):
                        break
                    print("%s:%d: not JSON: %s" % (path, n, e))
                    return 2
                if f.get("type") != "frame":
                    print("%s:%d: not a frame" % (path, n))
                    return 2
                f["log"] = path
                ck.frame(f)
    print("frames %d searches %d violations %d" % (ck.frames, len(ck.searches), ck.violations))
    return 1 if ck.violations else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
