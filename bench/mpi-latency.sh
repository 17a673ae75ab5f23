#!/usr/bin/env bash
# bench/mpi-latency.sh -- what one message costs between two ranks of
# this machine, over Open MPI's shared memory and over TCP only
# (`--mca btl self,tcp`, as across a network): bench/mpi-latency.c built
# with mpicc into a temporary folder and run on 2 ranks, one line a
# message size (one-way microseconds, bandwidth); then the cost of one
# probe of a table on the other rank by MPI-3 passive-target one-sided
# access (MPI_Get + MPI_Win_flush, MPI_Compare_and_swap), with each
# one-sided component Open MPI has for the path: through shared memory
# (osc sm, Open MPI's choice on one machine) and over TCP (osc pt2pt
# over the tcp btl; osc ucx with UCX_TLS=tcp; osc rdma needs a network
# that can write remote memory and refuses the tcp btl), the target
# waiting in MPI and the target computing.  The figures behind the
# model in docs/distributed-search.md.
#
#   bench/mpi-latency.sh [ROUNDS]      (default 2000 round trips a size)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-2000}
case $rounds in '' | *[!0-9]*) echo "mpi-latency.sh: '$rounds': not a number" >&2; exit 2 ;; esac
command -v mpicc >/dev/null || { echo "mpi-latency.sh: no mpicc (Debian: libopenmpi-dev)" >&2; exit 2; }
mpirun=${MPIRUN:-mpirun}
if [ "$(id -u)" = 0 ]; then
	export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mpicc -O2 -o "$tmp/lat" "$top/bench/mpi-latency.c"
echo "shared memory (Open MPI's choice on one machine):"
"$mpirun" -n 2 --oversubscribe "$tmp/lat" "$rounds"
echo "TCP only (--mca btl self,tcp):"
"$mpirun" -n 2 --oversubscribe --mca btl self,tcp "$tmp/lat" "$rounds"
echo "one-sided, shared memory (osc sm):"
"$mpirun" -n 2 --oversubscribe --mca osc sm "$tmp/lat" "$rounds" rma
echo "one-sided over TCP (osc pt2pt, --mca btl self,tcp):"
"$mpirun" -n 2 --oversubscribe --mca btl self,tcp --mca osc pt2pt \
	"$tmp/lat" "$rounds" rma
echo "one-sided over TCP (osc ucx, UCX_TLS=tcp,self):"
"$mpirun" -n 2 --oversubscribe --mca btl self,tcp --mca osc ucx \
	-x UCX_TLS=tcp,self "$tmp/lat" "$rounds" rma
