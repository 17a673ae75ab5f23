#!/bin/sh
# mpi-kill.sh -- a rank killed in the middle of one search across the ranks
# (dropfour-mpi solve of one position, 3 ranks, oversubscribed) ends the
# whole job: no hang (it must end within 30 s of the kill), a non-zero
# exit status, a message naming the dead rank, and no rank left running.
# Then the same for rank 0, the master.  Last, SIGINT and SIGTERM to rank
# 0 stop the search through its token: the line printed "partial" with
# the bound known so far, status 128 + the signal, every rank gone
# within seconds.
#
# Run by `make check` with $DROPFOUR_MPI and $MPIRUN; skipped (exit 77)
# when dropfour-mpi was not built.
. "$(dirname "$0")/lib-check.sh"
check_begin mpi-kill
check_mpi_ready
command -v timeout >/dev/null 2>&1 || check_skip "no timeout(1)"

# The pid of this job's rank R, or nothing (lib-check.sh); rank_wait
# waits for it to start.
rank_pid() { mpi_rank_pid "dropfour-mpi solve" DROPFOUR_KILL_TEST "$1"; }
rank_wait() { mpi_rank_wait "dropfour-mpi solve" DROPFOUR_KILL_TEST "$1"; }

# kill_rank R: solve 4444 (seconds on 3 ranks), kill rank R once every
# rank searches, check how the job ended.
kill_rank() {
	echo 4444 | DROPFOUR_KILL_TEST=$$ timeout -k 5 60 "$MPIRUN" -n 3 \
	    --oversubscribe "$DROPFOUR_MPI" solve -j1 --no-book -m 64 \
	    >"$tmp/out" 2>"$tmp/err" &
	job=$!
	pid=$(rank_wait "$1")
	[ -n "$pid" ] || { fail "rank $1 never started"; wait $job; return; }
	sleep 1 # every rank at work
	kill -9 "$pid"
	t0=$(date +%s)
	wait $job
	status=$?
	took=$(($(date +%s) - t0))
	[ $status -ne 0 ] || fail "rank $1 killed: the job exited 0"
	# 124: timeout(1) ended it (mpirun's own status for a rank killed
	# by signal 9 is 137, as the shell's).
	[ $status -ne 124 ] ||
		fail_with "$tmp/err" "rank $1 killed: the job hung (timeout)"
	[ $took -le 30 ] || fail "rank $1 killed: the job took ${took}s to end"
	grep -q "rank $1.*signal 9" "$tmp/err" ||
		fail_with "$tmp/err" "rank $1 killed: no message naming it"
	[ -z "$(rank_pid 0)$(rank_pid 1)$(rank_pid 2)" ] ||
		fail "rank $1 killed: ranks left running"
}

# stop_rank0 SIG NUMBER: solve 44 (a minute or more on 2 ranks), SIG to rank 0
# once every rank searches.
stop_rank0() {
	echo 44 | DROPFOUR_KILL_TEST=$$ timeout -k 5 60 "$MPIRUN" -n 2 \
	    --oversubscribe "$DROPFOUR_MPI" solve -j1 --no-book -m 64 \
	    >"$tmp/out" 2>"$tmp/err" &
	job=$!
	pid=$(rank_wait 0)
	[ -n "$pid" ] || { fail "rank 0 never started"; wait $job; return; }
	sleep 2 # every rank at work
	kill -"$1" "$pid"
	t0=$(date +%s)
	wait $job
	status=$?
	took=$(($(date +%s) - t0))
	want=$((128 + $2))
	[ $status -eq $want ] ||
		fail_with "$tmp/err" "SIG$1 to rank 0: exit $status, expected $want"
	grep -Eq '^44 (>=-?[0-9]+|<=-?[0-9]+|\?) [0-9]+ [0-9]+ partial$' "$tmp/out" ||
		fail_with "$tmp/out" "SIG$1 to rank 0: no partial line with a bound"
	grep -q 'stopped by a signal' "$tmp/err" ||
		fail_with "$tmp/err" "SIG$1 to rank 0: no note of the stop"
	[ $took -le 10 ] || fail "SIG$1 to rank 0: the job took ${took}s to end"
	[ -z "$(rank_pid 0)$(rank_pid 1)" ] ||
		fail "SIG$1 to rank 0: ranks left running"
}

kill_rank 1
kill_rank 0
stop_rank0 INT 2
stop_rank0 TERM 15
check_end
