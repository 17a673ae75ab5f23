#!/usr/bin/env python3
# engine-latency.py DROPFOUR MODE N -- measures fresh `dropfour engine`
# sessions (-j2 -m 64 --no-book), N of them: MODE stop (isready, go
# infinite on late and early positions, stop after 0-50 ms: the time to
# bestmove), movetime (go movetime 20), or a clock in ms (position 44, go
# wtime MS btime MS movestogo 1: the time to bestmove).  Prints max, p99
# and median; run it with `uptime` beside, the figures depend on the load.
import subprocess, sys, time, random, select, os
D = sys.argv[1]; mode = sys.argv[2]; n = int(sys.argv[3])
def start():
    return subprocess.Popen([D, "engine", "-j2", "-m", "64", "--no-book"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
def readuntil(p, pref, timeout=10):
    buf=b""; t0=time.monotonic()
    while True:
        r,_,_=select.select([p.stdout],[],[],timeout)
        if not r: return None
        c=os.read(p.stdout.fileno(), 65536)
        if not c: return None
        buf+=c
        for l in buf.split(b"\n"):
            if l.startswith(pref): return time.monotonic()
positions = ["6614446666373154","274552224131661","2252576253462244111563365343671351441","44","4453","7422341735647741166133573473242566"]
res=[]
random.seed(1)
for i in range(n):
    p=start()
    if mode=="stop":
        pos = positions[i % len(positions)]
        p.stdin.write(b"isready\n"); readuntil(p, b"readyok")
        p.stdin.write(("position %s\ngo infinite\n" % pos).encode())
        time.sleep(random.uniform(0,0.05))
        t=time.monotonic(); p.stdin.write(b"stop\n")
        te=readuntil(p,b"bestmove"); res.append((te-t)*1e3)
    elif mode=="movetime":
        pos = positions[i % len(positions)]
        p.stdin.write(b"isready\n"); readuntil(p, b"readyok")
        t=time.monotonic(); p.stdin.write(("position %s\ngo movetime 20\n" % pos).encode())
        te=readuntil(p,b"bestmove"); res.append((te-t)*1e3)
    else:
        clock = int(mode)
        p.stdin.write(b"isready\n"); readuntil(p, b"readyok")
        t=time.monotonic(); p.stdin.write(("position 44\ngo wtime %d btime %d movestogo 1\n" % (clock,clock)).encode())
        te=readuntil(p,b"bestmove"); res.append((te-t)*1e3)
    p.stdin.write(b"quit\n"); p.stdin.close(); p.wait()
res.sort()
print("%s n=%d max %.1f ms p99 %.1f ms median %.1f ms" % (mode, n, res[-1], res[int(0.99*(n-1))], res[n//2]))
