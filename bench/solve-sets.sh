#!/usr/bin/env bash
# solve-sets.sh -- `dropfour bench solve` over Pascal Pons' test sets.
#
#   bench/solve-sets.sh [--all] [--pin] [--quick] [DROPFOUR OPTIONS...]
#
# Prints, per set: positions, mean time, mean nodes, nodes per second and
# how many scores matched the published ones.  By default Test_L1_R3 is
# cut to its first 100 positions (--all takes all 1000: hours); --quick
# leaves out L1_R2 and L1_R3.
# --pin runs on one core (taskset -c 0), as the reference was measured.
# Other options go to dropfour, e.g. --threads 1 --tt-mb 64.  Exit status 1
# if any score differs.
#
# Data: $DROPFOUR_DATA/pons-testsets, else the directory of configure's
# --with-testdata (read from the build's Makefile), else ../shared/data
# beside the clone.  Binary: $DROPFOUR, else the
# ./run build (_build/default/dropfour), else ./dropfour, else PATH.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)

me=solve-sets.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"

all=0 pin=0 quick=0
args=()
for a in "$@"; do
	case $a in
	--all) all=1 ;;
	--pin) pin=1 ;;
	--quick) quick=1 ;;
	*) args+=("$a") ;;
	esac
done

bin=$(find_dropfour)
data=$(find_testsets)/pons-testsets
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-sets.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

files=("$data/Test_L3_R1" "$data/Test_L2_R1" "$data/Test_L2_R2" "$data/Test_L1_R1")
if [ $quick -eq 0 ]; then
	files+=("$data/Test_L1_R2")
	if [ $all -eq 1 ]; then
		files+=("$data/Test_L1_R3")
	else
		head -n 100 "$data/Test_L1_R3" >"$tmp/Test_L1_R3-first100"
		files+=("$tmp/Test_L1_R3-first100")
	fi
fi

run=("$bin")
if [ $pin -eq 1 ]; then
	command -v taskset >/dev/null 2>&1 && run=(taskset -c 0 "$bin") ||
		echo "solve-sets.sh: no taskset, not pinned" >&2
fi
echo "# data: $data"
echo "# binary: $bin"
status=0
"${run[@]}" bench solve ${args[@]+"${args[@]}"} "${files[@]}" || status=$?
exit $status
