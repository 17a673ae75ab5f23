#!/usr/bin/env bash
# bench/panel-frames.sh -- the panel's invariants over a long run: the
# scripted games of tests/panel-frames.sh (every level, 1 to 4 threads, S,
# hints, analysis, book moves, undo, review, the legend, Ctrl-Z and fg,
# resizes from 59x16 to 250x70) until FRAMES frames (default 20000), every
# frame held to tests/panel-check.py's invariants.
#
#   bench/panel-frames.sh
#       FRAMES  frames to reach (default 20000)
#       SEED    the key sequence (default 1)
#       KEEP    a folder to keep the frame logs in
#
# Prints the frames, searches and broken invariants (0 to pass); exit 1
# when one broke.  Binary: $DROPFOUR, else the ./run build; tmux and
# python3 are needed.  About 12 minutes for 20000 frames on 2 cores.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
me=panel-frames.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"

bin=$(find_dropfour)
DROPFOUR=$bin TMUX_BIN=${TMUX_BIN:-tmux} PANEL_FRAMES=${FRAMES:-20000} \
	PANEL_SEED=${SEED:-1} PANEL_KEEP=${KEEP:-} \
	sh "$top/tests/panel-frames.sh"
