#!/usr/bin/env python3
"""fen-fairy.py -- dropfour's FEN of Connect Four against Fairy-Stockfish's.

  FAIRY_STOCKFISH=/path/to/stockfish VARIANTS=/path/to/variants.ini \\
      bench/fen-fairy.py [DROPFOUR] [N]

Fairy-Stockfish is not part of dropfour: build it in a scratch folder
outside this tree (its src/: make build ARCH=x86-64) and name its binary
and its variants.ini (where the cfour variant is defined).  For N (default
50) random games of 0 to 41 stones (seeded, no four before the end): the
FEN that Fairy-Stockfish's `d` prints for the game's P@ moves must be the
one dropfour's `d` prints for them; dropfour's `position fen` of it must
print it back; and Fairy-Stockfish's `position fen` of dropfour's FEN must
print it back too.  Prints each mismatch and a count; exit status 1 on
any.  tests/engine-uci.sh holds a table of such FENs for machines without
Fairy-Stockfish.
"""
import os, random, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from c4games import random_game  # noqa: E402


def fen_of(program_args, commands):
    out = subprocess.run(program_args, input="\n".join(commands + ["quit"]) + "\n",
                         capture_output=True, text=True, timeout=60).stdout
    return [l.split("Fen: ", 1)[1].strip() for l in out.splitlines()
            if "Fen: " in l and not l.startswith("Sfen")]


def main():
    dropfour = sys.argv[1] if len(sys.argv) > 1 else "dropfour"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    fsf = os.environ.get("FAIRY_STOCKFISH")
    variants = os.environ.get("VARIANTS")
    if not fsf or not variants:
        sys.exit("set FAIRY_STOCKFISH and VARIANTS (see the top of this file)")
    fsf_head = ["setoption name VariantPath value %s" % variants,
                "setoption name UCI_Variant value cfour"]
    rng = random.Random(7)
    bad = 0
    for k in range(n):
        game = random_game(rng, rng.randint(0, 41), end_on_four=True)
        drops = " ".join("P@%s%d" % ("abcdefg"[c], r) for c, r in game)
        cols = "".join(str(c + 1) for c, _ in game) or "-"
        theirs = fen_of([fsf], fsf_head + ["position startpos moves %s" % drops
                                           if drops else "position startpos", "d"])
        ours = fen_of([dropfour, "engine", "-j", "1", "-m", "8"],
                      ["position %s" % cols, "d"])
        if not theirs or not ours or theirs[0] != ours[0]:
            print("game %s: Fairy-Stockfish %s, dropfour %s" % (cols, theirs, ours))
            bad += 1
            continue
        fen = ours[0]
        back = fen_of([dropfour, "engine", "-j", "1", "-m", "8"],
                      ["position fen %s" % fen, "d"])
        there = fen_of([fsf], fsf_head + ["position fen %s" % fen, "d"])
        if back != [fen] or there[-1:] != [fen]:
            print("fen %s: dropfour reads back %s, Fairy-Stockfish %s" % (fen, back, there))
            bad += 1
    print("%d positions, %d mismatches" % (n, bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
