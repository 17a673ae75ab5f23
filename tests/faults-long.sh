#!/bin/sh
# faults-long.sh -- the fault tests of make check (tests/faults.sh), many
# times over: KILLS SIGKILLs at random moments of a game saving in a loop,
# and SIGNALS rounds of SIGINT, SIGTERM and SIGHUP at random moments of the
# curses game's searches (a long check, run by hand, not part of make
# check).
#
# Usage: tests/faults-long.sh [KILLS [SIGNALS]]     (default 1000 and 100)
#   DROPFOUR  the binary (default: the ./run build, else ./dropfour, else
#             PATH: find_dropfour in bench/lib.sh)
#   TMUX_BIN  tmux (default: tmux on PATH)
# Prints tests/faults.sh's report and its closing count:
#   # faults: 1000 kills mid-save, 300 signals mid-search, 0 failed
# Exit status: tests/faults.sh's (0 passed, 1 failed, 99 no binary); 2
# when no binary is found.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
me=faults-long
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
DROPFOUR=$(find_dropfour) || exit 2
FAULT_KILLS=${1:-1000} FAULT_SIGNALS=${2:-100} \
	TMUX_BIN=${TMUX_BIN:-$(command -v tmux)} DROPFOUR=$DROPFOUR \
	exec "$top/tests/faults.sh"
