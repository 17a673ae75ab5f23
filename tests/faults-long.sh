#!/bin/sh
# faults.sh -- the fault tests of make check (tests/faults.sh), many times
# over: KILLS SIGKILLs at random moments of a game saving in a loop, and
# SIGNALS rounds of SIGINT, SIGTERM and SIGHUP at random moments of the
# curses game's searches (issue 14; a long check, not part of make check).
#
# Usage: bench/faults.sh [KILLS [SIGNALS]]     (default 1000 and 100)
#   DROPFOUR  the binary (default: the ./run build)
#   TMUX_BIN  tmux (default: tmux on PATH)
# Prints tests/faults.sh's report and its closing count:
#   # faults: 1000 kills mid-save, 300 signals mid-search, 0 failed
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
me=faults
DROPFOUR=${DROPFOUR:-$top/_build/default/dropfour}
if [ ! -x "$DROPFOUR" ]; then
	echo "$me: no binary at $DROPFOUR (build with ./run build)" >&2
	exit 2
fi
FAULT_KILLS=${1:-1000} FAULT_SIGNALS=${2:-100} \
	TMUX_BIN=${TMUX_BIN:-$(command -v tmux)} DROPFOUR=$DROPFOUR \
	exec "$top/tests/faults.sh"
