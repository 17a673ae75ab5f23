#!/bin/sh
# mpi-kill.sh -- a rank killed in the middle of one search across the ranks
# (dropfour-mpi solve of one position, 3 ranks, oversubscribed) ends the
# whole job: no hang (it must end within 30 s of the kill), a non-zero
# exit status, a message naming the dead rank, and no rank left running.
# Then the same for rank 0, the master.
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

kill_rank 1
kill_rank 0
check_end
