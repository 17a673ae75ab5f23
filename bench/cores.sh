#!/usr/bin/env bash
# bench/cores.sh -- what sharing memory costs between the cores of this
# machine, to read the parallel search's figures by (bench/cores.c, built
# here with $CC into a temporary folder; it is not part of dropfour).
#
#   bench/cores.sh [KB]        (KB: the shared table's size, default 2048,
#                               the solver's leaf table)
#   bench/cores.sh --nearest   only print "FIRST,NEAREST": the first CPU and
#                              the one nearest it (for taskset -c)
#
# 1. The round trip of one cache line between the first CPU this process
#    may use and each of the others, best of three runs of 400,000 (ns).
#    Two cores of one die answer in about 100 ns; two dies or sockets
#    apart, several times that: there every table entry that one thread
#    writes and the other reads costs that much.
# 2. Random reads, one in four followed by a store, into a table of KB
#    kilobytes: on the first CPU alone, on it and the nearest CPU (the
#    shortest round trip) with a table each, and the two sharing one
#    table; then the same with the farthest CPU.  ns per access.
# Nothing else may run on the machine meanwhile.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
me=cores.sh
nearest_only=0
if [ "${1:-}" = --nearest ]; then
	nearest_only=1
	shift
fi
kb=${1:-2048}
case $kb in '' | *[!0-9]*) echo "$me: KB must be a number, not '$kb'" >&2; exit 2 ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -O2 -pthread -o "$tmp/cores" "$top/bench/cores.c"

# The CPUs this process may run on, one per line.
cpus=()
list=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)
IFS=, read -ra parts <<< "$list"
for p in "${parts[@]}"; do
	if [[ $p == *-* ]]; then
		for ((c = ${p%-*}; c <= ${p#*-}; c++)); do cpus+=("$c"); done
	else
		cpus+=("$p")
	fi
done
if [ "${#cpus[@]}" -lt 2 ]; then
	echo "$me: one CPU only (${list:-?}): nothing to share" >&2
	exit 2
fi

first=${cpus[0]}
# shellcheck disable=SC2059 # the callers pass the format
say() { [ "$nearest_only" = 1 ] || printf "$@"; }
say '# round trip of a cache line from CPU %s (ns, best of 3)\n' "$first"
say '%-6s %8s\n' cpu ns
near="" far="" nearns="" farns=""
for c in "${cpus[@]:1}"; do
	read -r _ _ ns < <("$tmp/cores" pingpong "$first" "$c") || true
	case $ns in '' | *[!0-9]*) echo "$me: no round trip for CPU $c" >&2; exit 1 ;; esac
	say '%-6s %8s\n' "$c" "$ns"
	if [ -z "$near" ] || [ "$ns" -lt "$nearns" ]; then near=$c nearns=$ns; fi
	if [ -z "$far" ] || [ "$ns" -gt "$farns" ]; then far=$c farns=$ns; fi
done
if [ "$nearest_only" = 1 ]; then
	echo "$first,$near"
	exit 0
fi

echo
echo "# a table of $kb KB: ns per access (one in four also stores)"
printf '%-10s %8s %10s %8s %8s\n' cpus alone "own each" shared "shared/own"
pairs=("$near")
[ "$far" != "$near" ] && pairs+=("$far")
for c in "${pairs[@]}"; do
	read -r _ _ _ alone own shared < <("$tmp/cores" table "$first" "$c" "$kb")
	printf '%-10s %8s %10s %8s %8s\n' "$first+$c" "$alone" "$own" "$shared" \
	    "$(awk -v s="$shared" -v o="$own" 'BEGIN { printf "%.2f", s / o }')"
done
