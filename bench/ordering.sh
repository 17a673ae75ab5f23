#!/bin/sh
# ordering.sh -- `dropfour bench ordering`: move ordering on and off, nodes
# and time at increasing depths on positions from the start, the middle and
# the end of a game (about ten seconds on two cores).
#
#   bench/ordering.sh [DROPFOUR OPTIONS...] [POSITION...]
#
# Runs on one thread unless --threads is given (node counts are then
# repeatable); --time S lets a row take S seconds before the depth ladder
# stops (default 1.5); --csv FILE also writes the table as CSV; positions
# given replace the built-in ones.  Binary: $DROPFOUR, else the ./run build
# (_build/default/dropfour), else ./dropfour, else PATH.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
me=ordering.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
dropfour=$(find_dropfour)
exec nice "$dropfour" bench ordering "$@"
